package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// knobBar is a pane's row of knobs (knobDefs), the focused one marked by
// ‹ › and style: ↑/↓ select a knob, ←/→ step it (H/L five steps), r resets
// it, esc puts the focus away (←/→ then move the tables). A knob that
// changes nothing for the judge on screen (common.inactive) is drawn faint
// after ⊘, its reason heads the pane (inactiveNotes), and a step says it
// in the status line. It is the
// component that edits the knob values in the context; the root reacts to
// what Update reports (a recompute, or the panes drawn again).
type knobBar struct {
	c   *common
	ids []knobID
	// focus is the index of the selected knob in ids; −1: none.
	focus int
}

func newKnobBar(c *common, ids []knobID) *knobBar { return &knobBar{c: c, ids: ids} }

// Focused reports whether a knob is selected.
func (b *knobBar) Focused() bool { return b.focus >= 0 }

// knobEvent is what a key did to the knobs.
type knobEvent int

const (
	// knobNone: not a key of the knob bar now (the pane takes it).
	knobNone knobEvent = iota
	// knobMoved: the focus moved to another knob (only the bar changes).
	knobMoved
	// knobFocus: the focus came or went, so ←/→ changed meaning (the
	// pane's tables say which keys move them).
	knobFocus
	// knobDisplay: a display knob changed, or a step changed nothing to
	// recompute: the panes are drawn again.
	knobDisplay
	// knobAnalysis: an analysis knob changed: the numbers are recomputed.
	knobAnalysis
)

// Update handles a knob key.
func (b *knobBar) Update(msg tea.KeyPressMsg) knobEvent {
	k := b.c.keys
	n := len(b.ids)
	if key.Matches(msg, k.Back) {
		if b.focus < 0 {
			return knobNone
		}
		b.focus = -1
		return knobFocus
	}
	if b.focus < 0 {
		// No knob selected: ↑/↓ select one again; the rest wait for it.
		switch {
		case key.Matches(msg, k.KnobUp):
			b.focus = n - 1
		case key.Matches(msg, k.KnobDown):
			b.focus = 0
		default:
			return knobNone
		}
		return knobFocus
	}
	id := b.ids[b.focus]
	if key.Matches(msg, k.Reset, k.Dec, k.Inc, k.BigDec, k.BigInc) {
		if why := knobDefs[id].inactiveReason(b.c); why != "" {
			// A knob whose own rule makes it inactive (the Style pane's,
			// when the records have nothing it could choose) does not
			// step.
			b.c.setFlash("%s is inactive: %s", labelOf(id, &b.c.knobs), why)
			return knobMoved
		}
		if why := b.c.inactive(id); why != "" {
			// A knob that changes nothing here still steps (the value is
			// a flag of the reproduce command), and says why it changes
			// nothing.
			b.c.setFlash("%s changes nothing for %s: %s", labelOf(id, &b.c.knobs), b.c.judgeName(), why)
		}
	}
	switch {
	case key.Matches(msg, k.KnobUp):
		b.focus = (b.focus + n - 1) % n
		return knobMoved
	case key.Matches(msg, k.KnobDown):
		b.focus = (b.focus + 1) % n
		return knobMoved
	case key.Matches(msg, k.Reset):
		b.c.knobs.reset(id, b.c.start)
		return changed(!knobDefs[id].display)
	case key.Matches(msg, k.Dec, k.Inc, k.BigDec, k.BigInc):
		dir := 1
		if key.Matches(msg, k.Dec, k.BigDec) {
			dir = -1
		}
		big := key.Matches(msg, k.BigDec, k.BigInc)
		return changed(b.c.knobs.step(id, dir, big, b.c.resolvedKnobs()))
	}
	return knobNone
}

// changed is the event of a knob change: a recompute or a redraw.
func changed(analysis bool) knobEvent {
	if analysis {
		return knobAnalysis
	}
	return knobDisplay
}

// View is the bar in w cells. Too wide: knobs are left out from the left
// until the focused one fits, so the knob being stepped is always on
// screen.
func (b *knobBar) View(w int) string {
	st := &b.c.st
	r := b.c.resolvedKnobs()
	var parts []string
	for i, id := range b.ids {
		label := labelOf(id, &b.c.knobs)
		val := b.c.knobs.value(id, r)
		off := b.c.inactive(id) != ""
		switch {
		case i == b.focus && off:
			parts = append(parts, st.ActiveKnob.Render(inactiveMark+label+" ‹"+val+"›"))
		case i == b.focus:
			parts = append(parts, st.ActiveKnob.Render(label+" ‹"+val+"›"))
		case off:
			parts = append(parts, st.Collapsed.Render(inactiveMark+label+" "+val))
		default:
			parts = append(parts, st.Knob.Render(label+" "+val))
		}
	}
	sep := st.Faint.Render(" · ")
	first, lead := 0, " "
	for first < b.focus && cellWidth(lead+strings.Join(parts[first:], sep)) > w {
		first++
		lead = " …" + sep
	}
	// Knobs that still do not fit are left out whole from the right (a
	// value is never cut): "… " says more follow, ↓ reaches them.
	last, tail := len(parts), ""
	for last > first+1 && cellWidth(lead+strings.Join(parts[first:last], sep)+tail) > w {
		last--
		tail = sep + st.Faint.Render("…")
	}
	return ansi.Truncate(lead+strings.Join(parts[first:last], sep)+tail, w, "…")
}

// knobHelp is the full help's section of the knob keys (every knob bar's).
func knobHelp(k keyMap) helpSection {
	b := func(keys, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys), key.WithHelp(keys, desc))
	}
	return helpSection{"Knobs (Selection, Likelihood, Reporting, Style)", []key.Binding{k.KnobDown, k.KnobUp, k.Dec, k.Inc, k.BigDec,
		k.BigInc, k.Reset, k.ResetAll, b("esc", "no knob: ←/→ move the tables"), b("↑/↓", "select a knob again")}}
}
