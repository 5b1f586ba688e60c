package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// View draws the frame from what Update prepared: it joins cached strings
// and crops them, and renders no chart.
func (m *Model) View() tea.View {
	f := m.frame()
	if m.onFrame != nil {
		m.onFrame(f)
	}
	v := tea.NewView(f)
	v.AltScreen = true
	if m.c.opts.Mouse {
		v.MouseMode = tea.MouseModeCellMotion
	}
	v.WindowTitle = "plumb"
	return v
}

// frame is the screen as a string: at most height lines, none wider than
// width.
func (m *Model) frame() string {
	if m.c.height == 0 {
		return ""
	}
	if m.c.tooSmall() {
		msg := fmt.Sprintf("plumb needs a terminal of at least %d×%d; this one is %d×%d. Enlarge the window, or press q to quit.",
			MinWidth, MinHeight, m.c.width, m.c.height)
		lines := strings.Split(ansi.Wordwrap(msg, max(1, m.c.width), ""), "\n")
		return fitLines(lines, m.c.width, m.c.height)
	}
	w := m.c.contentWidth()
	if m.showHelp {
		return m.popupFrame(m.keysPopup, w)
	}
	if m.showRepro {
		return m.popupFrame(m.reproPopup, w)
	}
	if m.showGloss {
		return m.popupFrame(m.glossPopup, w)
	}
	p := m.panes[m.pane]
	out := []string{m.tabs.View(m.pane, w)}
	if b := p.Knobs(); b != nil {
		out = append(out, b.View(w))
	}
	bh := m.bodyHeight(p)
	status := []string{m.statusLine(w)}
	if m.cmdline.active {
		status = []string{m.cmdline.hint(w)}
	} else if fl := flashLines(m.c, w); len(fl) > 1 {
		// A message longer than the status line takes rows of the pane.
		status, bh = fl, max(1, bh-(len(fl)-1))
	}
	body := strings.Split(p.View(bh), "\n")
	for len(body) < bh {
		body = append(body, "")
	}
	out = append(out, body...)
	out = append(out, status...)
	out = append(out, m.helpBar(w))
	return fitLines(out, w, m.c.contentHeight())
}

// popupFrame is the frame of a popup: the tabs, the popup, the status
// line and the help bar.
func (m *Model) popupFrame(o *popup, w int) string {
	body, status := o.View(), []string{m.statusLine(w)}
	if fl := flashLines(m.c, w); len(fl) > 1 {
		// A message longer than the status line takes the popup's last rows.
		status, body = fl, body[:max(2, len(body)-(len(fl)-1))]
	}
	out := append([]string{m.tabs.View(m.pane, w)}, body...)
	out = append(out, status...)
	out = append(out, m.helpBar(w))
	return fitLines(out, w, m.c.contentHeight())
}

// maxFlashLines is the most rows a message of the status line takes: a
// third of the terminal, at least 4 (8 at 80×24, where an export's message
// naming the command that writes the calibrated log takes 5).
func maxFlashLines(h int) int { return max(4, h/3) }

// flashLines is the message of the status line wrapped to w (at spaces,
// so that a command's flags stay whole), nil without a message; the last
// of maxFlashLines rows ends in "…" when even they are too few.
func flashLines(c *common, w int) []string {
	if c.flash == "" {
		return nil
	}
	st := c.st.Status
	if c.flashErr {
		st = c.st.Error
	}
	lines := wrapWords(c.flash, max(10, w-1))
	if n := maxFlashLines(c.contentHeight()); len(lines) > n {
		lines = lines[:n]
		lines[n-1] = ansi.Truncate(lines[n-1]+" …", w-1, "…")
	}
	for i, l := range lines {
		lines[i] = st.Render(" " + l)
	}
	return lines
}

// bodyHeight is the number of lines pane p gets.
func (m *Model) bodyHeight(p pane) int {
	h := m.c.contentHeight() - 3 // tabs, status, help
	if p.Knobs() != nil {
		h--
	}
	return max(1, h)
}

// statusLine shows the judge, group, items, every analysis knob and the
// last recompute time, with a mark while a recompute runs; parts that do
// not fit are left out whole, least important first (fitStatus).
func (m *Model) statusLine(w int) string {
	if m.c.flash != "" {
		st := m.c.st.Status
		if m.c.flashErr {
			st = m.c.st.Error
		}
		return ansi.Truncate(st.Render(" "+m.c.flash), w, "…")
	}
	var right string
	switch {
	case m.c.cur != nil && m.c.cur.preview && m.c.cur.gen == m.pipe.gen:
		// A preview is on screen; its exact analysis runs.
		right = m.c.st.Status.Render("≈ "+ms(m.c.cur.dur)+" ") + m.c.st.Computing.Render("⟳ exact fit")
	case m.pipe.computing():
		right = m.c.st.Computing.Render("⟳ computing")
		if m.c.cur != nil {
			right += m.c.st.Status.Render(fmt.Sprintf(" (last %s)", ms(m.c.cur.dur)))
		}
	case m.c.cur != nil:
		right = m.c.st.Status.Render("✓ " + ms(m.c.cur.dur))
	}
	if m.watchErr != nil {
		right = watchStatus(&m.c.st, m.watchErr) + " " + right
	} else if m.c.opts.Poll != nil {
		right = m.c.st.Status.Render("watching ") + right
	}
	rw := cellWidth(right)
	left := fitStatus(statusParts(m.c), max(0, w-rw-1))
	gap := max(1, w-cellWidth(left)-rw)
	return m.c.st.Status.Render(left) + strings.Repeat(" ", gap) + right
}

// ms formats a duration in milliseconds, in a fixed width so that the
// status line does not jitter as times change.
func ms(d interface{ Seconds() float64 }) string {
	v := d.Seconds() * 1000
	if v < 10 {
		return fmt.Sprintf("%5.1f ms", v)
	}
	return fmt.Sprintf("%5.0f ms", v)
}

// helpBar is the short help of the active pane.
func (m *Model) helpBar(w int) string {
	if m.cmdline.active {
		return m.cmdline.View(w)
	}
	m.help.SetWidth(w)
	return m.help.ShortHelpView(m.shortHelp())
}

// fitLines crops lines to h lines and each line to w cells. Every frame
// passes through it (frame ends in it on every path), so it is where the
// frame is made safe: screenLine keeps lipgloss's SGR styles and shows
// every other escape sequence and control as a visible escape (safe.go).
func fitLines(lines []string, w, h int) string {
	if len(lines) > h {
		lines = lines[:h]
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		l = screenLine(l)
		if !fits(l, w) {
			l = ansi.Truncate(l, w, "")
		}
		out[i] = l
	}
	return strings.Join(out, "\n")
}

// fits reports whether the line l is at most w cells wide. A line of no
// more bytes than w is (no character takes more cells than bytes: a wide
// one takes at least three), so only a longer one is measured.
func fits(l string, w int) bool {
	return len(l) <= w || cellWidth(l) <= w
}
