package tui

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib/panel"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/present"
)

// panelPane is the Judge panel tab: the judges as a panel over the items
// two or more of them judged (calib/panel, analysis.Engine.Panel) —
// agreement (Krippendorff's α with its interval, Fleiss' κ, the pairwise
// Cohen's κ as a heatmap, α with each judge left out), the panel's verdict
// beside each judge's metrics, and which pairwise accuracy difference
// survives Holm's correction. It is computed with the Overview's
// comparison of every judge, in the background.
type panelPane struct{ textPane }

func newPanelPane(c *common) *panelPane {
	p := &panelPane{}
	p.textPane = newTextPane(c, paneKnobs[panePanel], p.draw)
	return p
}

// panelResult returns the panel of the comparison on screen, or the
// sentence saying why there is none yet.
func (c *common) panelResult() (*panel.Result, string) {
	if len(c.judges) < 2 {
		return nil, "A panel needs two or more judges; this input has " + fmt.Sprint(len(c.judges)) + "."
	}
	judges, ok, err := c.comparedJudges()
	switch {
	case err != nil:
		return nil, "No panel: the analysis of every judge failed: " + err.Error()
	case !ok:
		return nil, "Computing the panel with every judge's analysis (the Overview's comparison)…"
	}
	r, ok, err := c.compared.eng.CachedPanel(judges, c.compared.opt)
	switch {
	case err != nil:
		return nil, "No panel: " + err.Error()
	case !ok:
		return nil, "Computing the panel…"
	}
	return r, ""
}

// draw lays the panel out.
func (p *panelPane) draw(w int) []string {
	if wt := p.c.waiting(); wt != nil {
		return wt
	}
	r, why := p.c.panelResult()
	if r == nil {
		return wrap(why, w, " ")
	}
	st := &p.c.st
	out := wrap(present.PanelSummary(r), w, " ")
	out = append(out, "")
	out = append(out, p.cols.fit(st, indented(present.PanelAgreementTitles), cleanRows(present.PanelAgreementRows(r), 1), nil, w)...)
	if line := present.PanelPeopleLine(r); line != "" {
		out = append(out, wrap(line, w, "  ")...)
	}
	out = append(out, "")
	out = append(out, st.heading("Cohen's κ", "every pair of judges' choices; shade: ░ < 0.2 ≤ ▒ < 0.4 ≤ ▓ < 0.6 ≤ █", w)...)
	out = append(out, p.kappaHeatmap(r, w)...)
	if len(r.LeaveOut) > 0 {
		out = append(out, "")
		out = append(out, st.heading("α with one judge left out", "a judge whose removal raises α agrees least with the others", w)...)
		out = append(out, p.cols.fit(st, indented(present.PanelLeaveOutTitles), cleanRows(present.PanelLeaveOutRows(r), 1), nil, w)...)
	}
	out = append(out, "")
	out = append(out, st.heading("The panel as a judge", "over the shared items; accuracy: position-balanced choice against gold", w)...)
	out = append(out, p.cols.fit(st, indented(present.PanelVerdictTitles), cleanRows(present.PanelVerdictRows(r), 1), nil, w)...)
	if r.Calibrated == nil {
		out = append(out, wrap("No calibrated verdict: "+r.CalibratedReason+".", w, "  ")...)
	}
	out = append(out, "")
	out = append(out, st.heading("Which difference is real",
		fmt.Sprintf("McNemar exact, Holm across %s; %s: Holm p < 0.05", vocab.Plural(len(r.Pairs), "pair"), present.SurvivesMark), w)...)
	out = append(out, p.cols.fit(st, indented(present.PanelPairTitles), cleanRows(present.PanelPairRows(r), 2), nil, w)...)
	if len(r.Notes) > 0 {
		out = append(out, "", st.Heading.Render(" Notes"))
		for _, n := range r.Notes {
			out = append(out, wrap(n, w, "  · ")...)
		}
	}
	return out
}

// kappaHeatmap is the κ matrix with a shade per cell; columns are the
// judges' numbers, named in the rows.
func (p *panelPane) kappaHeatmap(r *panel.Result, w int) []string {
	cells := present.PanelKappaCells(r)
	head := []string{"   judge"}
	for j := range r.Judges {
		head = append(head, fmt.Sprint(j+1))
	}
	var rows [][]string
	for a, name := range r.Judges {
		row := []string{fmt.Sprintf("%2d %s", a+1, clean(name))}
		for b, c := range cells[a] {
			row = append(row, shade(r.Kappa[a][b].OK(), r.Kappa[a][b].Value)+c)
		}
		rows = append(rows, row)
	}
	return p.cols.fit(&p.c.st, head, rows, nil, w)
}

// shade is a κ's glyph: ░ below 0.2, ▒ below 0.4, ▓ below 0.6, █ from
// 0.6, a space when undefined.
func shade(ok bool, v float64) string {
	switch {
	case !ok:
		return " "
	case v < 0.2:
		return "░"
	case v < 0.4:
		return "▒"
	case v < 0.6:
		return "▓"
	}
	return "█"
}

// cleanRows sanitises the first names cells of every row (judge names)
// and indents the first.
func cleanRows(rows [][]string, names int) [][]string {
	for _, r := range rows {
		for k := 0; k < names && k < len(r); k++ {
			r[k] = clean(r[k])
		}
		if len(r) > 0 {
			r[0] = "   " + r[0]
		}
	}
	return rows
}

// indented returns titles with the first indented as cleanRows' rows.
func indented(titles []string) []string {
	out := append([]string{}, titles...)
	out[0] = "   " + out[0]
	return out
}
