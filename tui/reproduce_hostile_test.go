package tui

import (
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	hostilenames "github.com/plumb-eval/plumb/internal/hostile"
	"github.com/plumb-eval/plumb/internal/shellarg"
	"github.com/plumb-eval/plumb/internal/textsafe"
)

// clipboardOf runs the command c returned and returns the text it asks the
// terminal to copy (tea.SetClipboard's message is a string type).
func clipboardOf(t *testing.T, m *Model) string {
	t.Helper()
	cmd := m.key(keyMsg("c"))
	if cmd == nil {
		t.Fatalf("c copied nothing; status %q", m.c.flash)
	}
	msg := cmd()
	v := reflect.ValueOf(msg)
	if !strings.Contains(v.Type().String(), "Clipboard") || v.Kind() != reflect.String {
		t.Fatalf("c's command is %T, want a clipboard copy", msg)
	}
	press(t, m, "esc")
	return v.String()
}

// TestReproduceHostileClipboard (issue 32, item 1): with the judges, the
// group and the input file named from the hostile corpus (the paste
// attack among them), the command c copies to the clipboard is the one the
// popup shows, holds no raw control, DEL, C1, bidi or non-UTF-8 byte,
// and, pasted into bash, hands plumb the judge, the group and the file
// exactly. Before the fix the clipboard held the attack's ESC [201~ ^U …
// CR raw.
func TestReproduceHostileClipboard(t *testing.T) {
	frameTest(t)
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skipf("no bash: %v", err)
	}
	canary := filepath.Join(t.TempDir(), "PWNED")
	names := []string{hostilenames.PasteAttack(canary), "new\nline", "bidi \u202egnp.exe", "c1 csi \u009b31m", "bad \xff utf8", "tab\there"}
	group := "grp \x1b]52;c;aGk=\x07"
	lg := demoLog(t)
	rename := map[string]string{}
	renamed := func(j string) string {
		if _, ok := rename[j]; !ok {
			rename[j] = names[len(rename)%len(names)] + " " + j
		}
		return rename[j]
	}
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		p.Judge, p.Group = renamed(p.Judge), group
		if i%2 == 1 {
			p.Group = "other"
		}
	}
	for i := range lg.Scores {
		lg.Scores[i].Judge = renamed(lg.Scores[i].Judge)
	}
	for i := range lg.Verdicts {
		lg.Verdicts[i].Judge = renamed(lg.Verdicts[i].Judge)
	}
	m := newTestModelNoCompare(t, lg, 120, 40)
	m.c.opts.Files = []string{"runs/" + hostilenames.PasteAttack(canary) + ".jsonl"}
	seen := 0
	for range m.c.judges {
		judge := m.c.judgeName()
		if len(m.c.groups) > 1 {
			seen++
			for range 3 {
				if m.c.knobs.opt.Group == group {
					break
				}
				press(t, m, "g")
			}
			if m.c.knobs.opt.Group != group {
				t.Errorf("judge %q: g did not select the group %q (group %q)", judge, group, m.c.knobs.opt.Group)
			}
			copied := clipboardOf(t, m)
			if copied != m.c.reproduceCommand() {
				t.Errorf("judge %q: the clipboard %q is not the command %q", judge, copied, m.c.reproduceCommand())
			}
			if textsafe.Needs(copied) {
				t.Errorf("judge %q: the clipboard holds a raw control, bidi or non-UTF-8 byte: %q", judge, copied)
			}
			out, err := exec.Command(bash, "--norc", "--noprofile", "-c",
				`plumb() { for a in "$@"; do printf '%s\0' "$a"; done; }; `+copied).Output()
			if err != nil {
				t.Fatalf("bash -c %q: %v", copied, err)
			}
			argv := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
			want, _ := shellarg.Split(copied)
			if !slices.Equal(argv, want[1:]) || !slices.Contains(argv, judge) || !slices.Contains(argv, m.c.opts.Files[0]) {
				t.Errorf("judge %q: bash read the clipboard as %q, want %q", judge, argv, want[1:])
			}
			if !slices.Contains(argv, group) {
				t.Errorf("judge %q: the group is not an argument: %q", judge, argv)
			}
		}
		press(t, m, "]")
	}
	if seen < 3 {
		t.Fatalf("only %d judges with groups in the demo", seen)
	}
}

// TestReproduceNUL (issue 32, item 1): a judge whose name holds a NUL
// byte cannot be named on any command line, so c copies nothing and opens
// no popup, and the status line says why, naming the first record.
func TestReproduceNUL(t *testing.T) {
	frameTest(t)
	t.Parallel()
	lg := demoLog(t)
	for i := range lg.Pairs {
		lg.Pairs[i].Judge = "nul\x00" + lg.Pairs[i].Judge
	}
	m := newTestModelNoCompare(t, lg, 120, 40)
	for range m.c.judges {
		if strings.HasPrefix(m.c.judgeName(), "nul\x00") {
			break
		}
		press(t, m, "]")
	}
	if cmd := m.key(keyMsg("c")); cmd != nil || m.showRepro {
		t.Fatalf("c copied or opened the popup for judge %q", m.c.judgeName())
	}
	if !m.c.flashErr || !strings.Contains(m.c.flash, "NUL byte") || !strings.Contains(m.c.flash, "first record demo:") {
		t.Errorf("status: %q (error %v)", m.c.flash, m.c.flashErr)
	}
}
