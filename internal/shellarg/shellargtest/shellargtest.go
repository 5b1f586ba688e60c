// Package shellargtest runs the commands plumb prints, as a user who
// pastes them into a POSIX shell would: their words split by
// shellarg.Split, the first word "plumb" standing for a plumb binary built
// from this module. Only tests import it.
package shellargtest

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
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

// plumbPkg is the package of the plumb command.
const plumbPkg = "github.com/plumb-eval/plumb/cmd/plumb"

// build puts a plumb binary built from this module at bin, returning the
// go command's output when it fails. It copies the go command's cached
// binary when there is one: from Go 1.24 the build cache keeps the
// executables go run links, and go run -exec echo names the one it would
// run (the first go run after a change links into a temporary folder it
// removes afterwards: the second finds the cached one), so a warm cache
// needs no link (about 0.3 s of CPU instead of 1.4 s). Otherwise it runs
// go build.
func build(goTool, bin string) ([]byte, error) {
	for range 2 {
		out, err := exec.Command(goTool, "run", "-exec", "echo", plumbPkg).Output()
		if err != nil {
			break
		}
		if copyFile(strings.TrimSpace(string(out)), bin) == nil {
			return nil, nil
		}
	}
	return exec.Command(goTool, "build", "-o", bin, plumbPkg).CombinedOutput()
}

// copyFile copies the executable src to dst.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("copy %s: %w", src, err)
	}
	return out.Close()
}

// shared is the binary Shared builds once per test binary.
var shared struct {
	once     sync.Once
	dir, bin string
	skip     string // why there is none to build with
	err      error
}

// Shared returns a plumb binary built once per test binary: the first
// call builds cmd/plumb into a temporary folder (skipping tb when there is
// no go command), later ones (from any test, in parallel too) wait for
// it and get the same path; a build may link plumb afresh (about 1.4 s of
// CPU; build), which tests that each run plumb's commands need not
// repeat. The
// package's TestMain calls RemoveShared after its tests.
func Shared(tb testing.TB) string {
	tb.Helper()
	shared.once.Do(func() {
		goTool, err := exec.LookPath("go")
		if err != nil {
			shared.skip = fmt.Sprintf("no go command to build plumb with: %v", err)
			return
		}
		if shared.dir, shared.err = os.MkdirTemp("", "plumb-shellargtest-"); shared.err != nil {
			return
		}
		shared.bin = filepath.Join(shared.dir, "plumb")
		if out, err := build(goTool, shared.bin); err != nil {
			shared.err = fmt.Errorf("go build: %w\n%s", err, out)
		}
	})
	switch {
	case shared.skip != "":
		tb.Skip(shared.skip)
	case shared.err != nil:
		tb.Fatal(shared.err)
	}
	return shared.bin
}

// RemoveShared removes the binary Shared built, if any; a TestMain calls
// it after m.Run.
func RemoveShared() {
	if shared.dir != "" {
		os.RemoveAll(shared.dir)
	}
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
