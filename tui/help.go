package tui

import "charm.land/bubbles/v2/key"

// shortHelp is the help bar of the active pane: ? and q first, so that
// they are never cut, then the pane's keys, then the other global ones.
func (m *Model) shortHelp() []key.Binding {
	k := m.c.keys
	if m.showHelp || m.showRepro || m.showGloss {
		if m.showRepro {
			return []key.Binding{k.Help, k.Quit, k.Back, k.Copy, k.ScrollDown, k.ScrollUp}
		}
		return []key.Binding{k.Help, k.Quit, k.Back, k.ScrollDown, k.ScrollUp}
	}
	p := m.panes[m.pane]
	b := append([]key.Binding{k.Help, k.Quit}, p.ShortHelp()...)
	b = append(b, k.NextPane, k.NextJudge)
	if len(m.c.groups) > 1 {
		b = append(b, k.NextGroup)
	}
	return append(b, k.Export, k.Repro, k.Command)
}

// helpSections lists every key, grouped by where it works: everywhere,
// the knobs, each pane's own, scrolling.
func (m *Model) helpSections() []helpSection {
	k := m.c.keys
	b := func(keys, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys), key.WithHelp(keys, desc))
	}
	out := []helpSection{
		{"Everywhere", []key.Binding{k.Help, k.Quit, k.NextPane, k.PrevPane, k.Pane, k.NextJudge, k.PrevJudge, k.NextGroup,
			k.PrevGroup, k.Export, k.Editor, k.Repro, k.Copy, k.Command, k.Glossary, k.ColRight, k.ColLeft}},
		knobHelp(k),
	}
	for _, p := range m.panes {
		out = append(out, p.FullHelp()...)
	}
	return append(out, helpSection{"Scrolling (every pane, the open item, this help, the reproduce popup)", []key.Binding{
		k.ScrollDown, k.ScrollUp, k.Top, k.Bottom, b("esc", "close this help or the popup")}})
}
