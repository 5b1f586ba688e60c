package tui

import "charm.land/bubbles/v2/key"

// shortHelp is the help bar of the active pane: the keys that matter most
// there, then the global ones.
func (m *Model) shortHelp() []key.Binding {
	k := m.keys
	if m.showHelp {
		return []key.Binding{k.Help, k.Back, k.Quit}
	}
	var b []key.Binding
	switch {
	case m.pane == paneItems && m.items.detailOpen():
		b = []key.Binding{k.RowUp, k.RowDown, k.ScrollDown, k.Back}
	case m.pane == paneItems:
		b = []key.Binding{k.RowUp, k.RowDown, k.Sort, k.Filter, k.Open, k.ItemsView}
	case len(paneKnobs[m.pane]) > 0:
		b = []key.Binding{k.KnobDown, k.Dec, k.Inc, k.BigInc, k.Reset}
		if m.pane == paneLikelihood {
			b = append(b, k.FewShot)
		}
	default:
		b = []key.Binding{k.ScrollDown}
	}
	b = append(b, k.Help, k.Quit, k.NextPane, k.NextJudge)
	if len(m.groups) > 1 {
		b = append(b, k.NextGroup)
	}
	return append(b, k.Export)
}

// fullHelp lists every key, in columns.
func (m *Model) fullHelp() [][]key.Binding {
	k := m.keys
	return [][]key.Binding{
		{k.NextPane, k.PrevPane, k.Pane, k.NextJudge, k.PrevJudge, k.NextGroup, k.PrevGroup},
		{k.KnobDown, k.KnobUp, k.Dec, k.Inc, k.BigDec, k.BigInc, k.Reset, k.ResetAll},
		{k.ScrollUp, k.ScrollDown, k.Export, k.FewShot, k.Help, k.Back, k.Quit},
		{k.RowUp, k.RowDown, k.Top, k.Bottom, k.Sort, k.Filter, k.Open, k.ItemsView},
	}
}
