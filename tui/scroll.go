package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/viewport"
)

// scroller is the TUI's one scrolling mechanism: bubbles' viewport wrapped
// once (after soft-serve's components/viewport), used by every pane, the
// full help, the reproduce popup and the open item. The viewport keeps the
// offset and does the scrolling arithmetic; the scroller sizes it so that
// its last row is a position line when the lines do not fit (h−1 rows of
// content, so every line, the last included, can be reached) and draws
// the window itself, unpadded, as the frame expects. A bare scroller (the
// open item) has no position line and draws with the viewport's own View.
type scroller struct {
	c     *common
	vp    viewport.Model
	lines []string
	w, h  int
	bare  bool
}

// newScroller returns an empty scroller; bare leaves out the position
// line.
func newScroller(c *common, bare bool) *scroller {
	return &scroller{c: c, vp: viewport.New(), bare: bare}
}

// SetSize gives the scroller w×h cells. It keeps the offset (a later
// SetContent or scroll clamps it to the content).
func (s *scroller) SetSize(w, h int) {
	s.w, s.h = w, h
	s.vp.SetWidth(w)
	s.fit()
}

// SetContent replaces the lines shown, clamping the offset to them. A
// scroller that draws its window itself hands the viewport, which then
// only keeps the offset, as many empty lines: given the lines, it would
// measure the width of each, for a horizontal scroll no pane has.
func (s *scroller) SetContent(lines []string) {
	s.lines = lines
	s.fit()
	if s.bare {
		s.vp.SetContentLines(lines)
	} else {
		s.vp.SetContentLines(make([]string, len(lines)))
	}
	s.vp.SetYOffset(s.vp.YOffset())
}

// fit sizes the viewport for the content: all h rows when the lines fit,
// h−1 when the position line takes the last, and every line when there is
// no room for a position line (h < 2: the first h lines show, unscrolled).
func (s *scroller) fit() {
	switch n := len(s.lines); {
	case s.bare || n <= s.h:
		s.vp.SetHeight(s.h)
	case s.h < 2:
		s.vp.SetHeight(n)
	default:
		s.vp.SetHeight(s.h - 1)
	}
}

// Lines are the content.
func (s *scroller) Lines() []string { return s.lines }

// YOffset is the index of the first line shown.
func (s *scroller) YOffset() int { return s.vp.YOffset() }

// SetYOffset scrolls to show line n first (clamped to the content).
func (s *scroller) SetYOffset(n int) { s.vp.SetYOffset(n) }

// ScrollBy scrolls d lines down (up when d < 0), within the content. A
// bare scroller scrolls as bubbles' viewport does (ScrollDown, ScrollUp:
// nothing past the end, even when a smaller view left it there).
func (s *scroller) ScrollBy(d int) {
	switch {
	case !s.bare:
		s.vp.SetYOffset(s.vp.YOffset() + d)
	case d > 0:
		s.vp.ScrollDown(d)
	case d < 0:
		s.vp.ScrollUp(-d)
	}
}

// PageDown and PageUp scroll a page: all rows but two (so that a line of
// context stays), or, bare, the viewport's page.
func (s *scroller) PageDown() {
	if s.bare {
		s.vp.PageDown()
		return
	}
	s.ScrollBy(max(1, s.h-2))
}

func (s *scroller) PageUp() {
	if s.bare {
		s.vp.PageUp()
		return
	}
	s.ScrollBy(-max(1, s.h-2))
}

// GotoTop and GotoBottom scroll to the first and the last line.
func (s *scroller) GotoTop()    { s.vp.GotoTop() }
func (s *scroller) GotoBottom() { s.vp.GotoBottom() }

// View draws the content in at most rows rows (its height, or fewer while
// a long status message takes some: the offset is clamped for the drawing
// only). A bare scroller takes rows as its height and pads its lines.
func (s *scroller) View(rows int) string {
	if s.bare {
		s.vp.SetHeight(rows)
		return s.vp.View()
	}
	return strings.Join(s.window(s.lines, s.vp.YOffset(), rows), "\n")
}

// window shows lines from offset off in at most h rows. When they do not
// all fit, the last row says which lines are shown and how to move, so
// every line, the last included, can be reached.
func (s *scroller) window(lines []string, off, h int) []string {
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
	return append(out, s.c.st.Faint.Render(more))
}

// maxScroll is the largest useful offset of n lines shown in h rows by
// window: when the lines do not fit, the last row is the position line,
// so h−1 rows show content and the offset that shows the last line is
// n−(h−1).
func maxScroll(n, h int) int {
	if n <= h || h < 2 {
		return 0
	}
	return n - (h - 1)
}

// AtBottom reports whether the last line is shown.
func (s *scroller) AtBottom() bool { return s.vp.AtBottom() }
