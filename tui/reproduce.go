package tui

import (
	"fmt"
	"io"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/plumb-eval/plumb/internal/atomicfile"
	"github.com/plumb-eval/plumb/plot/figure"
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

// reproLines is the popup's text: the whole command, wrapped to w with
// shell line continuations (wrapCommand: a copied block runs as the one
// line), and how to copy it.
func reproLines(c *common, w int) []string {
	out := []string{}
	for _, l := range wrapCommand(c.reproduceUnits(), max(10, w-2)) {
		out = append(out, "  "+c.st.Bold.Render(clean(l)))
	}
	out = append(out, "")
	for _, s := range []string{
		"y copies it as one line (OSC 52, where the terminal allows it; in tmux: set -g set-clipboard on) and writes it to " +
			copyFile(c) + ", as the status line says.",
		"e writes it into the exported report too: a \"Reproduce:\" line in the Markdown, \"reproduce\" in the JSON.",
	} {
		for _, l := range wrap(s, w, "  ") {
			out = append(out, c.st.Faint.Render(l))
		}
	}
	return out
}

// copyFile is where y writes the command: PREFIX.JUDGE.command.sh beside
// the judge's export (exportFiles).
func copyFile(c *common) string {
	return c.opts.ExportPrefix + "." + figure.Stems(c.judges)[c.judgeName()] + ".command.sh"
}

// copyCmd (y) copies the reproduce command as one line with OSC 52 and
// writes it, atomically and never over an input, to copyFile. No terminal
// acknowledges an OSC 52 write and few answer a query for it (XTGETTCAP
// Ms; tmux passes it on only with set-clipboard on), so plumb cannot tell
// whether the copy arrived: the file is written every time, and the status
// line names both.
func (m *Model) copyCmd() tea.Cmd {
	c := m.c
	if len(c.judges) == 0 {
		c.setFlash("no judge, nothing to copy")
		return nil
	}
	if err := c.uncarried(c.judgeName(), c.knobs.opt.Group); err != nil {
		c.setFlashErr(err)
		return nil
	}
	line, name, inputs, guard := c.reproduceCommand(), copyFile(c), c.opts.Files, c.opts.Guard
	write := func() tea.Msg {
		if _, read := guard.Input(name); read || atomicfile.IsInput(name, inputs) {
			return exportMsg{err: fmt.Errorf("copied the command as one line (OSC 52, where the terminal allows it); "+
				"%s is an input file, not overwritten", name)}
		}
		if err := guard.Write(name, func(w io.Writer) error { _, err := io.WriteString(w, line+"\n"); return err }); err != nil {
			return exportMsg{err: fmt.Errorf("copied the command as one line (OSC 52, where the terminal allows it); writing it: %w", err)}
		}
		return exportMsg{text: "copied the command as one line (OSC 52) and wrote it to " + name +
			" (bash runs it) — a terminal may ignore OSC 52; in tmux: set -g set-clipboard on"}
	}
	return tea.Batch(tea.SetClipboard(line), write)
}

// wrapWords wraps s at spaces only (a flag such as --budget stays whole),
// breaking a word only when it alone is wider than w.
func wrapWords(s string, w int) []string {
	var out []string
	line := ""
	for _, word := range strings.Fields(s) {
		for cellWidth(word) > w {
			if line != "" {
				out, line = append(out, line), ""
			}
			out = append(out, ansi.Truncate(word, w, ""))
			word = ansi.Cut(word, w, cellWidth(word))
		}
		switch {
		case line == "":
			line = word
		case cellWidth(line)+1+cellWidth(word) <= w:
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
