package tui

import "charm.land/lipgloss/v2"

// heading is a block's title with a faint note: on the title's line when
// both fit in w, else the note wrapped on the lines below, so that no note
// is cut at the terminal's edge.
func (m *Model) heading(title, note string, w int) []string {
	title, note = clean(title), clean(note)
	t := m.c.st.Heading.Render(" " + title)
	if note == "" {
		return []string{t}
	}
	if lipgloss.Width(t)+2+lipgloss.Width(note) <= w {
		return []string{t + m.c.st.Faint.Render("  "+note)}
	}
	out := []string{t}
	for _, l := range wrap(note, w, "   ") {
		out = append(out, m.c.st.Faint.Render(l))
	}
	return out
}
