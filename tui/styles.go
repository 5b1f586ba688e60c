package tui

import (
	"image/color"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"
)

// styles are every style of the app, built in one place from the
// terminal's background (light or dark) and whether colour is allowed.
// Without colour, emphasis uses bold, faint and reverse only; meaning never
// rests on colour anyway (signs, glyphs and words carry it).
type styles struct {
	dark, color bool

	Tab, ActiveTab, TabGap lipgloss.Style
	Title, Heading         lipgloss.Style
	Faint, Bold            lipgloss.Style
	Better, Worse          lipgloss.Style
	Knob, ActiveKnob       lipgloss.Style
	Status, Computing      lipgloss.Style
	Error, Warn            lipgloss.Style
	Selected               lipgloss.Style
	Chart                  lipgloss.Style
	// Collapsed greys out a result that says nothing (a collapsed
	// CalibraEval row): no colour of its own, so it never reads as a gain.
	Collapsed lipgloss.Style
	Help      help.Styles
	// Series are the colours of the fit path's panels, one per metric
	// (series): Okabe–Ito hues, darker on light backgrounds.
	Series []lipgloss.Style
}

// series is the style of the i-th panel of a small-multiples chart.
func (st *styles) series(i int) lipgloss.Style {
	if len(st.Series) == 0 {
		return lipgloss.NewStyle()
	}
	return st.Series[i%len(st.Series)]
}

func newStyles(dark, useColor bool) styles {
	ld := lipgloss.LightDark(dark)
	c := func(light, darkc string) color.Color {
		if !useColor {
			return lipgloss.NoColor{}
		}
		return ld(lipgloss.Color(light), lipgloss.Color(darkc))
	}
	accent := c("#5A3FC0", "#B4A0FF")
	muted := c("#6B6B6B", "#9A9A9A")
	s := styles{dark: dark, color: useColor}
	s.Tab = lipgloss.NewStyle().Padding(0, 1).Foreground(muted)
	s.ActiveTab = lipgloss.NewStyle().Padding(0, 1).Bold(true).Reverse(!useColor).
		Foreground(c("#FFFFFF", "#1A1A1A")).Background(accent)
	s.TabGap = lipgloss.NewStyle().Foreground(muted)
	s.Title = lipgloss.NewStyle().Bold(true).Foreground(accent)
	s.Heading = lipgloss.NewStyle().Bold(true)
	s.Faint = lipgloss.NewStyle().Foreground(muted).Faint(!useColor)
	s.Bold = lipgloss.NewStyle().Bold(true)
	s.Better = lipgloss.NewStyle().Foreground(c("#1B7F3B", "#6BD68A"))
	s.Worse = lipgloss.NewStyle().Foreground(c("#B3261E", "#FF8A80"))
	s.Knob = lipgloss.NewStyle().Foreground(muted)
	s.ActiveKnob = lipgloss.NewStyle().Bold(true).Reverse(!useColor).Foreground(accent)
	s.Status = lipgloss.NewStyle().Foreground(muted)
	s.Computing = lipgloss.NewStyle().Bold(true).Foreground(c("#9A6700", "#FFD166"))
	s.Error = lipgloss.NewStyle().Bold(true).Foreground(c("#B3261E", "#FF8A80"))
	s.Warn = lipgloss.NewStyle().Foreground(c("#9A6700", "#FFD166"))
	s.Selected = lipgloss.NewStyle().Reverse(true)
	s.Chart = lipgloss.NewStyle().Foreground(c("#2B5797", "#8AB4F8"))
	s.Collapsed = lipgloss.NewStyle().Foreground(muted).Faint(true)
	for _, h := range [][2]string{{"#0072B2", "#56B4E9"}, {"#C45200", "#E69F00"}, {"#007A5A", "#2BC49A"},
		{"#A9568A", "#CC79A7"}, {"#7A6A00", "#F0E442"}} {
		s.Series = append(s.Series, lipgloss.NewStyle().Foreground(c(h[0], h[1])))
	}
	if useColor {
		// bubbles' default help greys are about 2:1 on their background
		// (#4A4A4A on dark, #B2B2B2 on light): these keep WCAG AA's 4.5:1
		// on black, white and the common near-black and near-white
		// backgrounds (the key brightest, the separator least).
		key := lipgloss.NewStyle().Foreground(c("#303030", "#E0E0E0"))
		desc := lipgloss.NewStyle().Foreground(c("#4E4E4E", "#B8B8B8"))
		sep := lipgloss.NewStyle().Foreground(c("#666666", "#A0A0A0"))
		s.Help = help.Styles{Ellipsis: sep, ShortKey: key, ShortDesc: desc, ShortSeparator: sep,
			FullKey: key, FullDesc: desc, FullSeparator: sep}
	} else {
		p := lipgloss.NewStyle()
		s.Help = help.Styles{Ellipsis: p, ShortKey: p.Bold(true), ShortDesc: p, ShortSeparator: p,
			FullKey: p.Bold(true), FullDesc: p, FullSeparator: p}
	}
	return s
}

// heading is a block's title with a faint note: on the title's line when
// both fit in w, else the note wrapped on the lines below, so that no note
// is cut at the terminal's edge. It cleans both (they may quote a judge or
// a criterion).
func (st *styles) heading(title, note string, w int) []string {
	title, note = clean(title), clean(note)
	if cellWidth(title)+1 > w {
		// A title wider than the screen wraps (a name or count in it is
		// never cut).
		var out []string
		for _, l := range wrap(title, w, " ") {
			out = append(out, st.Heading.Render(l))
		}
		if note != "" {
			for _, l := range wrap(note, w, "   ") {
				out = append(out, st.Faint.Render(l))
			}
		}
		return out
	}
	t := st.Heading.Render(" " + title)
	if note == "" {
		return []string{t}
	}
	if cellWidth(t)+2+cellWidth(note) <= w {
		return []string{t + st.Faint.Render("  "+note)}
	}
	out := []string{t}
	for _, l := range wrap(note, w, "   ") {
		out = append(out, st.Faint.Render(l))
	}
	return out
}
