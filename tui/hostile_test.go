package tui

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/plumb-eval/plumb/analysis"
	hostilenames "github.com/plumb-eval/plumb/internal/hostile"
	"github.com/plumb-eval/plumb/model"
)

// hostile holds what a log's strings may try on the terminal that shows
// them (issue 17, item 7): an OSC 52 clipboard write, a terminal reset, an
// OSC 8 link, a C1 CSI, a bidi override, a Markdown heading after a
// newline, and an SGR that would hide the text after it.
const hostile = "\x1b]52;c;aGk=\x07\x1bc\x1b]8;;http://evil.example/\x1b\\link\x1b]8;;\x1b\\\u009b31m\u202egnp|b\n## X\x1b[8m"

// hostileShown is the start of hostile as the screen shows it.
const hostileShown = `\x1b]52;c;aGk=\x07`

// neverOnScreen are what no frame may hold raw, whatever the log says.
// The SGR 8 (conceal) is no style of the app's: in a frame it would come
// from the log, past the place the string is cleaned.
var neverOnScreen = []string{"\x1b]52", "\x1b]8;", "\x1bc", "\u009b", "\u202e", "\x07", "\x1b[8m"}

// hostileLog is the demo log with hostile in every string the TUI shows:
// judges, groups, criteria, item ids, texts, file names, skip reasons and
// notes (hostilenames.MarkAll).
func hostileLog(t *testing.T) *model.Log {
	lg := demoLog(t)
	hostilenames.MarkAll(lg, hostile)
	return lg
}

// TestHostileFrames (issue 17, item 7): with hostile in every string of
// the log, no frame of any pane, popup, item view, status message or watch
// error holds an escape sequence, C1 control or bidi override from the log
// (lipgloss's own SGR styles stay), each shows the visible escapes instead,
// and no line is wider than the terminal. Before the fix OSC 8, bidi and
// C1 CSI reached the terminal from judge, group, prompt and response text.
func TestHostileFrames(t *testing.T) {
	frameTest(t)
	t.Parallel()
	var eng *analysis.Engine // the first app's, shared by the second (the same keys, the same numbers)
	for _, color := range []bool{false, true} {
		m := New(Options{Log: hostileLog(t), Start: startOptions(), Dark: true, NoColor: !color})
		if eng != nil {
			withEngine(t, m, eng)
		}
		eng = m.c.eng
		run(t, m, m.Init())
		w, h := 160, 45
		resize(t, m, w, h)
		look := func(what string, visible bool) {
			t.Helper()
			f := m.frame()
			for _, bad := range neverOnScreen {
				if i := strings.Index(f, bad); i >= 0 {
					t.Errorf("colour %v, %s: raw %q on screen: …%q…", color, what, bad, f[max(0, i-60):min(len(f), i+60)])
				}
			}
			if visible && !strings.Contains(ansi.Strip(f), hostileShown) {
				t.Errorf("colour %v, %s: %q not shown:\n%s", color, what, hostileShown, ansi.Strip(f))
			}
			checkFrame(t, m, w, h)
		}
		for p := range numPanes {
			press(t, m, string(rune('1'+p)))
			look(paneSlug[p], true)
		}
		press(t, m, "3", "right") // the next criterion
		look("likelihood, second criterion", true)
		press(t, m, "5", "enter")
		look("pair item", true)
		// The prompt's CRLF is one line break, its tab spaces: neither is
		// an escape.
		if f := ansi.Strip(m.frame()); !strings.Contains(f, "   prompt ") || !strings.Contains(f, "       code ") ||
			strings.Contains(f, `\x0d`) || strings.Contains(f, `\x09`) {
			t.Errorf("colour %v: the prompt's CRLF and tab are not a line break and spaces:\n%s", color, f)
		}
		press(t, m, "pgdown")
		look("pair item, scrolled", false)
		press(t, m, "esc", "v", "enter")
		look("score item", true)
		press(t, m, "esc", "v", "g")
		look("next group", true)
		press(t, m, "]")
		look("next judge", true)
		press(t, m, "c")
		look("reproduce popup", true)
		press(t, m, "esc", "1")
		for _, msg := range []tea.Msg{
			exportMsg{err: errors.New("export: " + hostile)},
			exportMsg{text: "wrote " + hostile},
			pollMsg{err: errors.New("watch " + hostile)},
		} {
			_, cmd := m.Update(msg)
			_ = cmd // the poll's next tick: not run
			look("status message", true)
			press(t, m, "1")
		}
	}
}

// TestScreenLine: the frame's last line of defence keeps SGR styles and
// escapes every other sequence and control.
func TestScreenLine(t *testing.T) {
	frameTest(t)
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"plain", "plain"},
		{"\x1b[1mbold\x1b[0m \x1b[38;2;90;63;192mc\x1b[m \x1b[4:3mu\x1b[0m", "\x1b[1mbold\x1b[0m \x1b[38;2;90;63;192mc\x1b[m \x1b[4:3mu\x1b[0m"},
		{"a\x1b]52;c;aGk=\x07b", `a\x1b]52;c;aGk=\x07b`},
		{"\x1b[1m\x1bc\x1b[0m", "\x1b[1m\\x1bc\x1b[0m"},
		{"\x1b[2J\x1b[31", `\x1b[2J\x1b[31`},
		{"x\u009b31m\u202ey\tz", `x\u009b31m\u202ey\x09z`},
		{"\x1b", `\x1b`},
	} {
		if got := screenLine(c.in); got != c.want {
			t.Errorf("screenLine(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
