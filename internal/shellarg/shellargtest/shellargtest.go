// Package shellargtest runs the commands plumb prints, as a user who
// pastes them into a POSIX shell would: their words split by
// shellarg.Split, the first word "plumb" standing for a plumb binary built
// from this module. Only tests import it.
package shellargtest

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/internal/shellarg"
)

// Words splits a printed command as a POSIX shell does (shellarg.Split),
// failing tb on what a shell would read otherwise.
func Words(tb testing.TB, s string) []string {
	tb.Helper()
	words, err := shellarg.Split(s)
	if err != nil {
		tb.Fatal(err)
	}
	return words
}

// Build builds cmd/plumb into a temporary folder of tb and returns the
// binary's path; it skips tb when there is no go command.
func Build(tb testing.TB) string {
	tb.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		tb.Skipf("no go command to build plumb with: %v", err)
	}
	bin := filepath.Join(tb.TempDir(), "plumb")
	cmd := exec.Command(goTool, "build", "-o", bin, "github.com/plumb-eval/plumb/cmd/plumb")
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// Run runs a printed command (its first word "plumb") with the binary bin
// in the folder dir, extra appended to its words, and returns its
// standard output; it fails tb when the command fails.
func Run(tb testing.TB, bin, dir, command string, extra ...string) []byte {
	tb.Helper()
	words := Words(tb, command)
	if len(words) < 2 || words[0] != "plumb" {
		tb.Fatalf("not a plumb command: %q", command)
	}
	cmd := exec.Command(bin, append(words[1:], extra...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		tb.Fatalf("%s %v: %v\n%s", command, extra, err, stderr.String())
	}
	return out
}

// BashArgs runs script with bash (no profile, no rc), the word plumb in it
// standing for a function that hands back its arguments, and returns the
// arguments plumb got: what a user who pastes script into bash runs. It
// skips tb when there is no bash and fails it when bash fails.
func BashArgs(tb testing.TB, script string) []string {
	tb.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		tb.Skipf("no bash: %v", err)
	}
	out, err := exec.Command(bash, "--norc", "--noprofile", "-c",
		"plumb() { for a in \"$@\"; do printf '%s\\0' \"$a\"; done; }\n"+script).Output()
	if err != nil {
		tb.Fatalf("bash -c %q: %v", script, err)
	}
	if len(out) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
}
