package tui

import "charm.land/bubbles/v2/key"

// shortHelp is the help bar of the active pane: ? and q first, so that
// they are never cut, then the keys that matter most there, then the
// other global ones.
func (m *Model) shortHelp() []key.Binding {
	k := m.c.keys
	if m.showHelp || m.showRepro {
		return []key.Binding{k.Help, k.Quit, k.Back, k.ScrollDown, k.ScrollUp}
	}
	b := []key.Binding{k.Help, k.Quit}
	switch {
	case m.pane == paneItems && m.items.detailOpen():
		b = append(b, k.RowUp, k.RowDown, k.ScrollDown, k.Back)
	case m.pane == paneItems:
		b = append(b, k.RowUp, k.RowDown, k.Sort, k.Filter, k.Open, k.ItemsView)
	case len(paneKnobs[m.pane]) > 0 && m.focus[m.pane] < 0:
		b = append(b, k.KnobDown, m.sidewaysHelp(), k.ScrollDown)
	case len(paneKnobs[m.pane]) > 0:
		b = append(b, k.KnobDown, k.Dec, k.Inc, k.BigInc, k.Reset)
		if m.pane == paneLikelihood {
			b = append(b, k.FewShot)
		}
	default:
		b = append(b, k.ScrollDown)
		if m.hmore[m.pane] || m.hscroll[m.pane] > 0 {
			b = append(b, m.sidewaysHelp())
		}
	}
	b = append(b, k.NextPane, k.NextJudge)
	if len(m.c.groups) > 1 {
		b = append(b, k.NextGroup)
	}
	return append(b, k.Export, k.Repro)
}

// sidewaysHelp is the help of ←/→ when they scroll the tables sideways.
func (m *Model) sidewaysHelp() key.Binding {
	return key.NewBinding(key.WithKeys("left", "right"), key.WithHelp("←/→", "table columns"))
}

// helpSection is a group of the full help: the keys of one pane or of
// everywhere.
type helpSection struct {
	title string
	keys  []key.Binding
}

// helpSections lists every key, grouped by where it works.
func (m *Model) helpSections() []helpSection {
	k := m.c.keys
	b := func(keys, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys), key.WithHelp(keys, desc))
	}
	return []helpSection{
		{"Everywhere", []key.Binding{k.Help, k.Quit, k.NextPane, k.PrevPane, k.Pane, k.NextJudge, k.PrevJudge, k.NextGroup,
			k.PrevGroup, k.Export, k.Repro, k.ScrollDown, k.ScrollUp, k.ColRight, k.ColLeft}},
		{"Knobs (Selection, Likelihood, Reporting)", []key.Binding{k.KnobDown, k.KnobUp, k.Dec, k.Inc, k.BigDec, k.BigInc,
			k.Reset, k.ResetAll, b("esc", "no knob: ←/→ move the tables"), b("↑/↓", "select a knob again")}},
		{"Likelihood", []key.Binding{k.FewShot}},
		{"Items", []key.Binding{k.RowDown, k.RowUp, k.Top, k.Bottom, k.Sort, k.Filter, k.Open, k.ItemsView,
			b("esc", "close the item or filter")}},
		{"This help and the reproduce popup", []key.Binding{b("pgdn", "scroll down"), b("pgup", "scroll up"),
			b("esc", "close")}},
	}
}
