package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// pane is a tab of the app, a component in the manner of soft-serve's
// common.Component: it reads the shared context (common), is sized by the
// root, takes the keys the root does not (Update), draws its body (View)
// and names its keys for the help bar and the full help. The root Model
// routes to the active pane and composes the frame around it: tabs, knob
// bar, status line, help bar.
type pane interface {
	// SetSize gives the pane the width and height of its body (the rows
	// between the knob bar and the status line).
	SetSize(width, height int)
	// Update handles a key press or a mouse wheel the root did not take.
	Update(msg tea.Msg) tea.Cmd
	// View draws the body in at most rows rows: its height, or fewer
	// while a long status message takes some. It joins what Render
	// prepared and draws no chart.
	View(rows int) string
	// ShortHelp is the pane's part of the help bar; FullHelp its sections
	// of the full help (?).
	ShortHelp() []key.Binding
	FullHelp() []helpSection
	// Knobs is the pane's knob bar (nil: the pane has no knobs). The root
	// draws it above the body and gives it the keys first.
	Knobs() *knobBar
	// Capturing reports whether the pane takes every key (a text input).
	Capturing() bool
	// Invalidate says the pane's content is stale (new numbers, a knob,
	// the theme, the size); Render, which the root calls in Update for
	// the pane on screen, draws it again then.
	Invalidate()
	Render()
}

// helpSection is a group of the full help: the keys of one pane or of
// everywhere.
type helpSection struct {
	title string
	keys  []key.Binding
}

// textPane is what the Overview, Selection, Likelihood and Reporting
// panes share: a body of lines drawn from the context in Render (draw,
// then fitLines) and scrolled by a scroller, the sideways offset of its
// wide tables (columns), and the knob bar of its knobs (nil without).
type textPane struct {
	c      *common
	draw   func(w int) []string
	scroll *scroller
	cols   columns
	bar    *knobBar
	stale  bool
	w, h   int
}

// newTextPane returns a text pane with the given knobs whose body draw
// draws.
func newTextPane(c *common, knobs []knobID, draw func(w int) []string) textPane {
	p := textPane{c: c, draw: draw, scroll: newScroller(c, false), stale: true}
	if len(knobs) > 0 {
		p.bar = newKnobBar(c, knobs)
	}
	return p
}

// SetSize sizes the body; the scroller keeps its offset until the next
// Render or scroll clamps it.
func (p *textPane) SetSize(w, h int) {
	p.w, p.h = w, h
	p.scroll.SetSize(w, h)
}

func (p *textPane) Invalidate()             { p.stale = true }
func (p *textPane) toTop()                  { p.scroll.GotoTop() }
func (p *textPane) Knobs() *knobBar         { return p.bar }
func (p *textPane) Capturing() bool         { return false }
func (p *textPane) FullHelp() []helpSection { return nil }
func (p *textPane) View(rows int) string    { return p.scroll.View(rows) }

// arrowsMoveTables reports whether ←/→ move the tables sideways: the pane
// has no knobs, or esc has put the knob focus away.
func (p *textPane) arrowsMoveTables() bool { return p.bar == nil || !p.bar.Focused() }

// sideways moves the pane's tables d columns.
func (p *textPane) sideways(d int) {
	if p.cols.move(p.c, d) {
		p.Invalidate()
	}
}

// Render draws the body again when it is stale: the pane's lines, headed
// by why a knob changes nothing here (inactiveNotes), each cut to the
// width (fitLines), into the scroller, which clamps its offset to them.
func (p *textPane) Render() {
	if !p.stale {
		return
	}
	p.stale = false
	p.cols.more, p.cols.arrows = false, p.arrowsMoveTables()
	lines := p.draw(p.w)
	if p.bar != nil && p.c.cur != nil {
		lines = append(inactiveNotes(p.c, p.bar.ids, p.w), lines...)
	}
	p.scroll.SetContent(strings.Split(fitLines(wrapWide(lines, p.w), p.w, len(lines)), "\n"))
}

// wrapWide wraps every line wider than w (keeping its indent, and two
// more cells on the lines it continues on) instead of letting fitLines
// cut it at the edge: a body's text is never cut, whatever a component
// forgot to wrap. Charts and tables are laid out to w and never reach it.
func wrapWide(lines []string, w int) []string {
	var out []string
	for _, l := range lines {
		if fits(l, w) || w < 12 {
			out = append(out, l)
			continue
		}
		plain := ansi.Strip(l)
		ind := len(plain) - len(strings.TrimLeft(plain, " "))
		ind = min(ind, w/2)
		lim := w - ind - 2
		trimmed := strings.TrimLeft(l, " ")
		var parts []string
		for _, x := range strings.Split(ansi.Wordwrap(protectWords(trimmed, lim), lim, " "), "\n") {
			parts = append(parts, strings.Split(ansi.Hardwrap(x, lim, true), "\n")...)
		}
		for i, x := range parts {
			pad := len(l) - len(trimmed)
			if i > 0 {
				pad = ind + 2
			}
			out = append(out, strings.Repeat(" ", pad)+strings.ReplaceAll(x, string(keptHyphen), "-"))
		}
	}
	return out
}

// Update scrolls the body (pgup/pgdn, home/end, the wheel) and moves the wide
// tables sideways (< and >, and ←/→ when no knob is selected).
func (p *textPane) Update(msg tea.Msg) tea.Cmd {
	k := p.c.keys
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		switch msg.Mouse().Button {
		case tea.MouseWheelUp:
			p.scroll.ScrollBy(-wheelLines)
		case tea.MouseWheelDown:
			p.scroll.ScrollBy(wheelLines)
		}
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, k.ColLeft):
			p.sideways(-1)
		case key.Matches(msg, k.ColRight):
			p.sideways(1)
		case p.arrowsMoveTables() && key.Matches(msg, k.Dec):
			p.sideways(-1)
		case p.arrowsMoveTables() && key.Matches(msg, k.Inc):
			p.sideways(1)
		case key.Matches(msg, k.ScrollUp):
			p.scroll.PageUp()
		case key.Matches(msg, k.ScrollDown):
			p.scroll.PageDown()
		case key.Matches(msg, k.Top):
			p.scroll.GotoTop()
		case key.Matches(msg, k.Bottom):
			p.scroll.GotoBottom()
		}
	}
	return nil
}

// ShortHelp: with a knob selected, the knob keys; with none, how to
// select one, move the tables and scroll; without knobs, scrolling and,
// when a table hides columns, moving it.
func (p *textPane) ShortHelp() []key.Binding {
	k := p.c.keys
	switch {
	case p.bar != nil && !p.bar.Focused():
		return []key.Binding{k.KnobDown, sidewaysHelp(), k.ScrollDown}
	case p.bar != nil:
		return []key.Binding{k.KnobDown, k.Dec, k.Inc, k.BigInc, k.Reset}
	case p.cols.more || p.cols.off > 0:
		return []key.Binding{k.ScrollDown, sidewaysHelp()}
	}
	return []key.Binding{k.ScrollDown}
}

// wheelLines is how far a turn of the mouse wheel scrolls.
const wheelLines = 3

// sidewaysHelp is the help of ←/→ when they scroll the tables sideways.
func sidewaysHelp() key.Binding {
	return key.NewBinding(key.WithKeys("left", "right"), key.WithHelp("←/→", "table columns"))
}
