package tui

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// cmdLine is the command line (:): a prompt on the help bar's row that
// takes any option of `plumb report` (--name value, the dashes optional)
// and applies it to the session as a knob does (applyCommand), with Tab
// completing flag names and values (cmdlineComplete), ↑/↓ going through
// the lines entered this session, enter applying and esc cancelling.
type cmdLine struct {
	c      *common
	in     textinput.Model
	active bool
	// history holds the lines entered, oldest first; hist is the entry
	// shown while going through it (len(history): the line being typed,
	// kept in draft).
	history []string
	hist    int
	draft   string
	// cands are the completions of the last Tab that had more than one.
	cands []string
}

func newCmdLine(c *common) *cmdLine {
	in := textinput.New()
	in.Prompt = ":"
	in.Placeholder = "an option of plumb report: lambda 0.3, self JUDGE=MODEL, style on … (tab completes)"
	st := in.Styles()
	st.Cursor.Blink = false // a steady cursor: no ticks while the prompt waits
	in.SetStyles(st)
	return &cmdLine{c: c, in: in}
}

// open shows the prompt, empty and focused.
func (l *cmdLine) open() tea.Cmd {
	l.active, l.cands, l.hist, l.draft = true, nil, len(l.history), ""
	l.in.SetValue("")
	return l.in.Focus()
}

// close puts the prompt away.
func (l *cmdLine) close() {
	l.active, l.cands = false, nil
	l.in.Blur()
}

// key handles a key while the prompt is open: the line to run when enter
// was pressed (ok), nothing otherwise.
func (l *cmdLine) key(msg tea.KeyPressMsg) (line string, ok bool, cmd tea.Cmd) {
	switch msg.String() {
	case "esc", "ctrl+c":
		l.close()
		l.c.setFlash("command line closed, nothing applied")
		return "", false, nil
	case "enter":
		line = strings.TrimSpace(l.in.Value())
		l.close()
		if line != "" && (len(l.history) == 0 || l.history[len(l.history)-1] != line) {
			l.history = append(l.history, line)
		}
		return line, line != "", nil
	case "up", "down":
		l.browse(msg.String() == "up")
		return "", false, nil
	case "tab":
		v, cands := cmdlineComplete(l.c, l.in.Value())
		l.in.SetValue(v)
		l.in.CursorEnd()
		l.cands = cands
		return "", false, nil
	}
	l.cands = nil
	l.in, cmd = l.in.Update(msg)
	return "", false, cmd
}

// browse shows the previous (back) or next line of the history.
func (l *cmdLine) browse(back bool) {
	if len(l.history) == 0 {
		return
	}
	if l.hist == len(l.history) {
		l.draft = l.in.Value()
	}
	switch {
	case back && l.hist > 0:
		l.hist--
	case !back && l.hist < len(l.history):
		l.hist++
	}
	if l.hist == len(l.history) {
		l.in.SetValue(l.draft)
	} else {
		l.in.SetValue(l.history[l.hist])
	}
	l.in.CursorEnd()
}

// View is the prompt, w cells wide.
func (l *cmdLine) View(w int) string {
	l.in.SetWidth(max(1, w-2))
	return l.in.View()
}

// hint is the status line's row while the prompt is open: the
// completions of the last Tab, or the keys.
func (l *cmdLine) hint(w int) string {
	st := l.c.st
	if len(l.cands) > 0 {
		return st.Faint.Render(ansi.Truncate(" "+clean(strings.Join(l.cands, "  ")), w, "…"))
	}
	return st.Faint.Render(ansi.Truncate(" enter applies · tab completes · ↑/↓ history · esc cancels", w, "…"))
}
