package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// helpLines is the full help (?): its sections in as many columns as fit
// in w, each key with its description.
func (m *Model) helpLines(w int) []string {
	var blocks [][]string
	cw := 0
	for _, s := range m.helpSections() {
		kw := 0
		for _, b := range s.keys {
			kw = max(kw, lipgloss.Width(b.Help().Key))
		}
		blk := []string{" " + m.c.st.Heading.Render(s.title)}
		for _, b := range s.keys {
			h := b.Help()
			blk = append(blk, "   "+m.c.st.Help.FullKey.Render(h.Key)+strings.Repeat(" ", kw-lipgloss.Width(h.Key)+2)+
				m.c.st.Help.FullDesc.Render(h.Desc))
		}
		for _, l := range blk {
			cw = max(cw, lipgloss.Width(l))
		}
		blocks = append(blocks, append(blk, ""))
	}
	cols := max(1, min(len(blocks), (w+2)/(cw+2)))
	// Fill the columns in order, each about as tall as total/cols.
	total := 0
	for _, b := range blocks {
		total += len(b)
	}
	per := (total + cols - 1) / cols
	var colLines [][]string
	var cur []string
	for _, b := range blocks {
		if len(cur) > 0 && len(cur)+len(b) > per && len(colLines) < cols-1 {
			colLines = append(colLines, cur)
			cur = nil
		}
		cur = append(cur, b...)
	}
	colLines = append(colLines, cur)
	out := colLines[0]
	for _, c := range colLines[1:] {
		out = sideBySide(pad(out, cw), c, w, 2)
	}
	for len(out) > 0 && strings.TrimSpace(out[len(out)-1]) == "" {
		out = out[:len(out)-1]
	}
	return out
}

// pad makes every line w cells wide, so that sideBySide puts the next
// column at the same place.
func pad(lines []string, w int) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l + strings.Repeat(" ", max(0, w-lipgloss.Width(l)))
	}
	return out
}

// overlay draws a full-screen popup (the full help, the reproduce
// command) under the tabs: a title, its lines scrolled by viewport, the
// status line and the help bar.
func (m *Model) overlay(title, hint string, lines []string, s *scroller, w int) string {
	out := []string{m.tabBar(w), m.c.st.Heading.Render(" "+title) + m.c.st.Faint.Render("  "+hint), ""}
	h := m.c.contentHeight() - len(out) - 2
	body := s.window(lines, s.YOffset(), h)
	for len(body) < h {
		body = append(body, "")
	}
	out = append(append(out, body...), m.statusLine(w), m.helpBar(w))
	return fitLines(out, w, m.c.contentHeight())
}

// overlayHeight is the number of rows overlay gives its lines.
func (m *Model) overlayHeight() int { return m.c.contentHeight() - 5 }

// overlayKey scrolls a popup showing lines or closes it (esc). The
// offset moves from where it was and is then clamped to the lines as they
// are now.
func (m *Model) overlayKey(msg tea.KeyPressMsg, open *bool, s *scroller, lines []string) {
	k := m.c.keys
	off := s.YOffset()
	s.SetSize(m.c.contentWidth(), m.overlayHeight())
	s.SetContent(lines)
	switch {
	case key.Matches(msg, k.Back):
		*open = false
	case key.Matches(msg, k.ScrollDown):
		off += max(1, s.h-2)
	case key.Matches(msg, k.ScrollUp):
		off -= max(1, s.h-2)
	case key.Matches(msg, k.RowDown):
		off++
	case key.Matches(msg, k.RowUp):
		off--
	case key.Matches(msg, k.Top):
		off = 0
	case key.Matches(msg, k.Bottom):
		off = len(lines)
	}
	s.SetYOffset(off)
}

// overlayScroll scrolls a popup showing lines by d lines (the wheel).
func (m *Model) overlayScroll(s *scroller, lines []string, d int) {
	off := s.YOffset()
	s.SetSize(m.c.contentWidth(), m.overlayHeight())
	s.SetContent(lines)
	s.SetYOffset(off + d)
}
