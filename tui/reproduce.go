package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// reproCmd opens the reproduce popup (c) and copies the command to the
// clipboard with OSC 52 (tea.SetClipboard); terminals that do not allow it
// ignore the request, so the popup shows the whole command to copy by
// hand. The clipboard gets the command exactly as the popup shows it:
// every word quoted by shellarg.Quote, so no control character of a name
// reaches it raw. A name no command can carry (a NUL byte) opens no popup
// and copies nothing; the status line says why.
func (m *Model) reproCmd() tea.Cmd {
	if len(m.c.judges) == 0 {
		m.c.setFlash("no judge, nothing to reproduce")
		return nil
	}
	if err := m.c.uncarried(m.c.judgeName(), m.c.knobs.opt.Group); err != nil {
		m.c.setFlashErr(err)
		return nil
	}
	m.showRepro = true
	m.reproPopup.Reset()
	return tea.SetClipboard(m.c.reproduceCommand())
}

// reproLines is the popup's text: the whole command, wrapped to w (long
// words broken), and where else it is.
func reproLines(c *common, w int) []string {
	out := []string{}
	for _, l := range wrapWords(clean(c.reproduceCommand()), max(10, w-4)) {
		out = append(out, "  "+c.st.Bold.Render(l))
	}
	out = append(out, "")
	for _, s := range []string{
		"Copied to the clipboard where the terminal allows it (OSC 52; in tmux: set -g set-clipboard on).",
		"e writes it into the exported report too: a \"Reproduce:\" line in the Markdown, \"reproduce\" in the JSON.",
	} {
		for _, l := range wrap(s, w, "  ") {
			out = append(out, c.st.Faint.Render(l))
		}
	}
	return out
}

// wrapWords wraps s at spaces only (a flag such as --budget stays whole),
// breaking a word only when it alone is wider than w.
func wrapWords(s string, w int) []string {
	var out []string
	line := ""
	for _, word := range strings.Fields(s) {
		for lipgloss.Width(word) > w {
			if line != "" {
				out, line = append(out, line), ""
			}
			out = append(out, ansi.Truncate(word, w, ""))
			word = ansi.Cut(word, w, lipgloss.Width(word))
		}
		switch {
		case line == "":
			line = word
		case lipgloss.Width(line)+1+lipgloss.Width(word) <= w:
			line += " " + word
		default:
			out, line = append(out, line), word
		}
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}
