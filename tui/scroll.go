package tui

import "fmt"

// maxScroll is the largest useful offset of n lines shown in h rows by
// viewport: when the lines do not fit, the last row is the position line,
// so h−1 rows show content and the offset that shows the last line is
// n−(h−1).
func maxScroll(n, h int) int {
	if n <= h || h < 2 {
		return 0
	}
	return n - (h - 1)
}

// viewport shows lines from offset off in at most h rows. When they do not
// all fit, the last row says which lines are shown and how to move (one
// arithmetic for every scrolled view: the panes, the full help, the
// reproduce popup), so every line, the last included, can be reached.
func (m *Model) viewport(lines []string, off, h int) []string {
	if len(lines) <= h || h < 2 {
		return lines[:min(len(lines), max(h, 0))]
	}
	vh := h - 1
	off = max(0, min(off, maxScroll(len(lines), h)))
	end := off + vh
	out := append(make([]string, 0, h), lines[off:end]...)
	var more string
	switch {
	case off > 0 && end < len(lines):
		more = fmt.Sprintf("↑↓ more: pgup/pgdn (%d–%d of %d lines)", off+1, end, len(lines))
	case end < len(lines):
		more = fmt.Sprintf("↓ more below: pgdn (%d of %d lines)", end, len(lines))
	default:
		more = fmt.Sprintf("↑ more above: pgup (%d–%d of %d lines)", off+1, end, len(lines))
	}
	return append(out, m.c.st.Faint.Render(more))
}
