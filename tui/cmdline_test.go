package tui

import (
	"strings"
	"testing"
)

// typeLine opens the command line and types s into it, rune by rune.
func typeLine(t *testing.T, m *Model, s string) {
	t.Helper()
	press(t, m, ":")
	if !m.cmdline.active {
		t.Fatal(": did not open the command line")
	}
	for _, r := range s {
		press(t, m, string(r))
	}
}

// TestCmdlineLambda: `:lambda 0.3` moves the λ knob as stepping it does:
// the knob, the status line and the reproduce command read 0.3, and the
// numbers are recomputed for it; the leading -- is optional.
func TestCmdlineLambda(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 120, 40)
	press(t, m, "2")
	typeLine(t, m, "lambda 0.3")
	if f := frameText(m); !strings.Contains(f, ":lambda 0.3") || !strings.Contains(f, "enter applies") {
		t.Fatalf("the prompt is not on screen:\n%s", f)
	}
	press(t, m, "enter")
	if m.cmdline.active || m.c.flashErr || m.c.knobs.opt.Selection.Lambda != 0.3 {
		t.Fatalf("λ %v after :lambda 0.3; status %q", m.c.knobs.opt.Selection.Lambda, m.c.flash)
	}
	if !strings.Contains(m.c.reproduceCommand(), "--lambda 0.3 ") || m.c.cur.opt.Selection.Lambda != 0.3 {
		t.Errorf("command %q, numbers of λ %v", m.c.reproduceCommand(), m.c.cur.opt.Selection.Lambda)
	}
	press(t, m, "x") // the message goes with the next key
	if f := frameText(m); !strings.Contains(f, "λ 0.3") {
		t.Errorf("the status line does not show λ 0.3:\n%s", f)
	}
	typeLine(t, m, "--seed=7")
	press(t, m, "enter")
	if m.c.knobs.opt.Selection.Seed != 7 || m.c.flashErr {
		t.Errorf("--seed=7: seed %d, status %q", m.c.knobs.opt.Selection.Seed, m.c.flash)
	}
	// History: ↑ brings back the lines entered, newest first; ↓ the draft.
	typeLine(t, m, "draft")
	press(t, m, "up")
	if v := m.cmdline.in.Value(); v != "--seed=7" {
		t.Errorf("↑ shows %q, want the last line", v)
	}
	press(t, m, "up")
	if v := m.cmdline.in.Value(); v != "lambda 0.3" {
		t.Errorf("↑↑ shows %q, want the first line", v)
	}
	press(t, m, "down", "down")
	if v := m.cmdline.in.Value(); v != "draft" {
		t.Errorf("↓↓ shows %q, want the draft", v)
	}
	press(t, m, "esc")
}

// TestCmdlineErrors: a mistyped flag gets the CLI's did-you-mean, a bad
// value the codec's error, a flag of the inputs says it cannot change in
// a running session, and esc closes the prompt with nothing applied.
func TestCmdlineErrors(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 80, 24)
	before := m.c.reproduceCommand()
	for _, c := range []struct{ line, want string }{
		{"lamda 0.3", "unknown flag --lamda; did you mean --lambda?"},
		{"lambda 99", "--lambda 99: want a number in [0, 10]"},
		{"style maybe", "--style"},
		{"from csv", "--from cannot change in a running session: it reads the inputs"},
		{"judge judge-frist", `no judge "judge-frist" in the input; did you mean "judge-first"?`},
		{"group nope", `--group "nope"`},
	} {
		typeLine(t, m, c.line)
		press(t, m, "enter")
		if !m.c.flashErr || !strings.Contains(m.c.flash, c.want) {
			t.Errorf(":%s: status %q (error %v), want %q", c.line, m.c.flash, m.c.flashErr, c.want)
		}
		if f := frameText(m); !strings.Contains(f, c.want[:min(len(c.want), 20)]) {
			t.Errorf(":%s: the status line does not show the error:\n%s", c.line, f)
		}
	}
	typeLine(t, m, "lambda 0.9")
	press(t, m, "esc")
	if m.cmdline.active || m.c.knobs.opt.Selection.Lambda == 0.9 || m.c.reproduceCommand() != before {
		t.Errorf("esc applied the line: λ %v", m.c.knobs.opt.Selection.Lambda)
	}
	if m.c.reproduceCommand() != before {
		t.Errorf("the errors changed the options: %q, was %q", m.c.reproduceCommand(), before)
	}
}

// TestCmdlineComplete: Tab completes a flag name and a judge name from
// the log (one candidate filled in, several listed), and enter applies
// the completed line: the judge shown changes.
func TestCmdlineComplete(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 80, 24)
	typeLine(t, m, "jud")
	press(t, m, "tab")
	if v := m.cmdline.in.Value(); v != "judge " {
		t.Fatalf("tab after jud: %q", v)
	}
	press(t, m, "j", "u", "d", "g", "e", "-", "f", "tab")
	if v := m.cmdline.in.Value(); v != "judge judge-f" || !strings.Contains(frameText(m), "judge-fair  judge-first") {
		t.Fatalf("tab after judge-f: %q, candidates %q\n%s", v, m.cmdline.cands, frameText(m))
	}
	press(t, m, "i", "tab")
	if v := m.cmdline.in.Value(); v != "judge judge-first" {
		t.Fatalf("tab after judge-fi: %q", v)
	}
	press(t, m, "enter")
	if m.c.judgeName() != "judge-first" || m.c.flashErr {
		t.Errorf("judge %q after :judge judge-first; status %q", m.c.judgeName(), m.c.flash)
	}
	typeLine(t, m, "--style ")
	press(t, m, "tab")
	if got := strings.Join(m.cmdline.cands, " "); got != "auto on off" {
		t.Errorf("--style tab: %q", got)
	}
	press(t, m, "o", "n", "enter")
	if m.c.knobs.opt.Style.Mode.String() != "on" || !strings.Contains(m.c.reproduceCommand(), "--style on") {
		t.Errorf(":--style on: %q", m.c.reproduceCommand())
	}
}

// TestCmdlineSelf: `:self plain=mid` declares judge plain generator mid in
// the running session (it needed a restart with --self), so the Style
// pane measures its self-preference; a generator the judge never saw
// gets did-you-mean.
func TestCmdlineSelf(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := styleModel(t, styleSimLog(t, 200, nil), 120, 40, 0, nil)
	press(t, m, "]")
	if b := styleBody(m); strings.Contains(b, "Self-preference — plain as the generator mid") {
		t.Fatalf("plain is a generator before --self:\n%s", b)
	}
	typeLine(t, m, "self plain=mdi")
	press(t, m, "enter")
	if !m.c.flashErr || !strings.Contains(m.c.flash, `did you mean "mid"?`) {
		t.Errorf(":self plain=mdi: %q", m.c.flash)
	}
	typeLine(t, m, "self plain=mid")
	press(t, m, "enter")
	if m.c.flashErr {
		t.Fatalf(":self plain=mid: %q", m.c.flash)
	}
	if b := styleBody(m); !strings.Contains(b, "Self-preference — plain as the generator mid") {
		t.Errorf(":self plain=mid:\n%s", b)
	}
	if !strings.Contains(m.c.reproduceCommand(), "--self plain=mid") {
		t.Errorf("command %q", m.c.reproduceCommand())
	}
}

// TestCmdlineHelp: the full help (?) lists : and y.
func TestCmdlineHelp(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 120, 40)
	press(t, m, "?")
	f := frameText(m)
	for _, want := range []string{": command line", "y copy the command"} {
		if !strings.Contains(strings.Join(strings.Fields(f), " "), want) {
			t.Errorf("the help lacks %q:\n%s", want, f)
		}
	}
}

// TestSharedPrefix: completion fills in what the candidates share, cut
// between runes (two judges that differ in the last byte of a character
// share the characters before it).
func TestSharedPrefix(t *testing.T) {
	t.Parallel()
	if got := sharedPrefix([]string{"judge-fair", "judge-first"}, "judge-f"); got != "judge-f" {
		t.Errorf("got %q", got)
	}
	if got := sharedPrefix([]string{"judge-é", "judge-è"}, ""); got != "judge-" { // é and è share their first byte
		t.Errorf("got %q, want judge-", got)
	}
	if got := sharedPrefix(nil, "x"); got != "x" {
		t.Errorf("got %q", got)
	}
}
