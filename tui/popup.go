package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// popup is a full-screen popup under the tabs: the full help (?) and the
// reproduce command (c). It shows its title with a hint, then its lines
// scrolled by a scroller; the root draws the tabs, the status line and the
// help bar around it. Its lines are drawn afresh each time (they follow
// the width, the theme and the knobs).
type popup struct {
	c           *common
	title, hint string
	lines       func(w int) []string
	scroll      *scroller
	w, h        int
}

func newPopup(c *common, title, hint string, lines func(w int) []string) *popup {
	return &popup{c: c, title: title, hint: hint, lines: lines, scroll: newScroller(c, false)}
}

// SetSize gives the popup the rows between the tabs and the status line;
// its lines get all but the title's two.
func (o *popup) SetSize(w, h int) { o.w, o.h = w, h }

// Reset scrolls back to the first line (the popup opens).
func (o *popup) Reset() { o.scroll.SetYOffset(0) }

// Update scrolls the popup (pgup/pgdn, ↑/↓, home/end, the wheel). It
// reports whether esc closed it.
func (o *popup) Update(msg tea.Msg) (closed bool) {
	k := o.c.keys
	d := 0
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		switch msg.Mouse().Button {
		case tea.MouseWheelUp:
			d = -wheelLines
		case tea.MouseWheelDown:
			d = wheelLines
		default:
			return false // sideways: nothing to scroll
		}
	case tea.KeyPressMsg:
		page := max(1, o.h-4) // the body's rows but two
		switch {
		case key.Matches(msg, k.Back):
			closed = true
		case key.Matches(msg, k.ScrollDown):
			d = page
		case key.Matches(msg, k.ScrollUp):
			d = -page
		case key.Matches(msg, k.RowDown):
			d = 1
		case key.Matches(msg, k.RowUp):
			d = -1
		case key.Matches(msg, k.Top):
			d = -o.scroll.YOffset()
		case key.Matches(msg, k.Bottom):
			d = len(o.lines(o.w))
		}
	}
	// The offset moves from where it was and is then clamped to the lines
	// as they are now.
	off := o.scroll.YOffset()
	lines := o.lines(o.w)
	o.scroll.SetSize(o.w, o.h-2)
	o.scroll.SetContent(lines)
	o.scroll.SetYOffset(off + d)
	return closed
}

// View is the title line, a blank line and the lines, in exactly h rows.
func (o *popup) View() []string {
	st := &o.c.st
	h := o.h - 2
	body := o.scroll.window(o.lines(o.w), o.scroll.YOffset(), h)
	for len(body) < h {
		body = append(body, "")
	}
	return append([]string{st.Heading.Render(" "+o.title) + st.Faint.Render("  "+o.hint), ""}, body...)
}

// helpLines is the full help (?): its sections in as many columns as fit
// in w, each key with its description.
func helpLines(st *styles, sections []helpSection, w int) []string {
	var blocks [][]string
	cw := 0
	for _, s := range sections {
		kw := 0
		for _, b := range s.keys {
			kw = max(kw, cellWidth(b.Help().Key))
		}
		blk := []string{" " + st.Heading.Render(s.title)}
		for _, b := range s.keys {
			h := b.Help()
			blk = append(blk, "   "+st.Help.FullKey.Render(h.Key)+strings.Repeat(" ", kw-cellWidth(h.Key)+2)+
				st.Help.FullDesc.Render(h.Desc))
		}
		for _, l := range blk {
			cw = max(cw, cellWidth(l))
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
		out[i] = l + strings.Repeat(" ", max(0, w-cellWidth(l)))
	}
	return out
}
