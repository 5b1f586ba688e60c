package shellarg

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plumb-eval/plumb/internal/hostile"
	"github.com/plumb-eval/plumb/internal/textsafe"
)

// argvOf runs script with the shell sh (plus its flags), in which plumb
// is a function that prints its arguments NUL-terminated, and returns
// them: what a pasted command would hand plumb.
func argvOf(t *testing.T, sh []string, script string) []string {
	t.Helper()
	cmd := exec.Command(sh[0], append(sh[1:], `plumb() { for a in "$@"; do printf '%s\0' "$a"; done; }; `+script)...)
	cmd.Dir = t.TempDir()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s -c %q: %v: %s", sh[0], script, err, stderr.Bytes())
	}
	if len(out) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
}

func needShell(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("no %s on this machine: %v", name, err)
	}
	return p
}

// TestQuoteHostileNeverRaw (issue 32, item 1): for every hostile name,
// with or without a NUL, the quoted word holds nothing textsafe would
// escape (no control, DEL, C1, bidi or non-UTF-8 byte reaches a clipboard
// or a paste raw), and Split reads it back as the name.
func TestQuoteHostileNeverRaw(t *testing.T) {
	for _, w := range append(hostile.Names(), hostile.NULs()...) {
		q := Quote(w)
		if textsafe.Needs(q) {
			t.Errorf("Quote(%q) = %q holds a raw control, bidi or non-UTF-8 byte", w, q)
		}
		got, err := Split(q)
		if err != nil || len(got) != 1 || got[0] != w {
			t.Errorf("Split(Quote(%q)) = %q, %v", w, got, err)
		}
	}
}

// TestQuoteHostileBash (issue 32, item 1): a command line of every hostile
// name, as flag values and as arguments, pasted into `bash -c`, hands
// plumb exactly those arguments. Before the fix a name with a newline or
// CR ran the rest of it as a second command.
func TestQuoteHostileBash(t *testing.T) {
	bash := needShell(t, "bash")
	canary := filepath.Join(t.TempDir(), "PWNED")
	names := append(hostile.Names(), hostile.PasteAttack(canary))
	var flags []Flag
	want := []string{"report"}
	for _, n := range names {
		flags = append(flags, Flag{"judge", n})
		want = append(want, "--judge="+n)
	}
	want = append(want, names...)
	line := Line("plumb report", flags, names)
	if got := argvOf(t, []string{bash, "--norc", "--noprofile", "-c"}, line); !slices.Equal(got, want) {
		t.Errorf("bash read\n%q\nas\n%q\nwant\n%q", line, got, want)
	}
	for _, n := range names {
		if got := argvOf(t, []string{bash, "--norc", "--noprofile", "-c"}, "plumb "+Quote(n)); !slices.Equal(got, []string{n}) {
			t.Errorf("bash read %s as %q, want %q", Quote(n), got, n)
		}
	}
	if _, err := os.Stat(canary); err == nil {
		t.Errorf("a quoted name ran touch %s", canary)
	}
}

// TestQuoteHostileSh (issue 32, item 1): /bin/sh reads every quoted name
// as one word and runs nothing; a name without anything for $'…' is read
// exactly. (dash 0.5.12 has no $'…': it reads such a word as the text
// itself, which is safe but not the name; bash is the shell that reads it
// back, TestQuoteHostileBash.)
func TestQuoteHostileSh(t *testing.T) {
	sh := needShell(t, "sh")
	canary := filepath.Join(t.TempDir(), "PWNED")
	for _, n := range append(hostile.Names(), hostile.PasteAttack(canary)) {
		q := Quote(n)
		got := argvOf(t, []string{sh, "-c"}, "plumb "+q)
		if len(got) != 1 {
			t.Errorf("sh read %s as %d words %q", q, len(got), got)
			continue
		}
		if !strings.HasPrefix(q, "$'") && got[0] != n {
			t.Errorf("sh read %s as %q, want %q", q, got[0], n)
		}
	}
	if _, err := os.Stat(canary); err == nil {
		t.Errorf("a quoted name ran touch %s under sh", canary)
	}
}

// TestPasteIntoBash (issue 32, item 1) pastes a reproduce command with the
// attack's judge name into an interactive bash 5 in tmux, as a user's
// terminal does (bracketed paste). The raw command runs touch — the
// attack, reproduced as the control that the harness sees it — and the
// command written by Line does not. Skipped without tmux or bash, or when
// the raw paste does not run (a terminal that cannot show the attack
// cannot show its fix).
func TestPasteIntoBash(t *testing.T) {
	tmux := needShell(t, "tmux")
	bash := needShell(t, "bash")
	dir := t.TempDir()
	paste := func(name, text string) bool {
		t.Helper()
		// The socket is this process's alone: t.TempDir's last element
		// ("001") is the same in every test binary run at once.
		sock := fmt.Sprintf("plumb-paste-%s-%d", name, os.Getpid())
		run := func(args ...string) error {
			return exec.Command(tmux, append([]string{"-L", sock}, args...)...).Run()
		}
		defer run("kill-server")
		shell := "env -i HOME=" + dir + " TERM=tmux-256color PS1='READY$ ' " + bash + " --norc --noprofile -i"
		if err := run("new-session", "-d", "-x", "200", "-y", "20", shell); err != nil {
			t.Skipf("tmux new-session: %v", err)
		}
		if !waitFor(20*time.Second, func() bool {
			out, _ := exec.Command(tmux, "-L", sock, "capture-pane", "-p").Output()
			return bytes.Contains(out, []byte("READY$"))
		}) {
			t.Skip("bash in tmux showed no prompt within 20 s")
		}
		buf := filepath.Join(dir, name+".paste")
		if err := os.WriteFile(buf, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := run("load-buffer", "-b", "p", buf); err != nil {
			t.Fatal(err)
		}
		if err := run("paste-buffer", "-p", "-b", "p", "-t", "0"); err != nil {
			t.Fatal(err)
		}
		// A fence: once bash shows the end of the paste, clear the line
		// with ^U (read in order with the paste, unlike ^C, whose SIGINT
		// can flush the paste's unread end and leave readline inside
		// it) and run a command of our own; once it has run, bash has
		// acted on everything pasted before it.
		if !waitFor(20*time.Second, func() bool {
			out, _ := exec.Command(tmux, "-L", sock, "capture-pane", "-p").Output()
			return bytes.Contains(out, []byte("log.jsonl"))
		}) {
			t.Fatalf("bash did not show the %s paste within 20 s", name)
		}
		fence := filepath.Join(dir, name+".fence")
		if err := run("send-keys", "-t", "0", "C-u"); err != nil {
			t.Fatal(err)
		}
		if err := run("send-keys", "-t", "0", "-l", "touch "+fence); err != nil {
			t.Fatal(err)
		}
		if err := run("send-keys", "-t", "0", "Enter"); err != nil {
			t.Fatal(err)
		}
		if !waitFor(20*time.Second, func() bool { _, err := os.Stat(fence); return err == nil }) {
			t.Fatalf("the fence command after the %s paste did not run within 20 s", name)
		}
		_, err := os.Stat(filepath.Join(dir, name))
		return err == nil
	}
	attack := func(name string) string { return hostile.PasteAttack(filepath.Join(dir, name)) }
	raw := "plumb report --judge " + attack("raw") + " log.jsonl"
	if !paste("raw", raw) {
		t.Skip("the raw command did not run touch in this bash/tmux: the attack cannot be shown here")
	}
	quoted := Line("plumb report", []Flag{{"judge", attack("quoted")}}, []string{"log.jsonl"})
	if paste("quoted", quoted) {
		t.Errorf("pasting %q ran touch", quoted)
	}
}

// waitFor polls ok every 50 ms for up to d (generous: CI runs this beside
// the race detector's tests on 2 cores).
func waitFor(d time.Duration, ok func() bool) bool {
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if ok() {
			return true
		}
	}
	return ok()
}
