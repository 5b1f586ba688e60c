package tui

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/plot"
)

// renderLikelihood: the LS–US scatter with the top-RS items marked and a
// trend line, and BiasScore, p-value and evaluation ρ per criterion.
func (m *Model) renderLikelihood(w int) []string {
	if wt := m.c.waiting(); wt != nil {
		return wt
	}
	ja := &m.c.cur.ja
	lik := ja.Likelihood
	if lik == nil {
		return wrap("No likelihood-bias analysis: "+ja.LikelihoodReason, w, " ")
	}
	st := m.c.st
	res := m.c.criterionResult()
	var out []string
	head := fmt.Sprintf(" LS–US scatter — %s", clean(res.Criterion))
	out = append(out, st.Heading.Render(head)+st.Faint.Render("  y: US (over-rating) · x: LS"))
	chartH := max(8, min(22, m.bodyHeight(m.panes[m.pane])-10))
	if len(res.Points) > 0 {
		pts := make([]plot.Point, len(res.Points))
		for i, p := range res.Points {
			pts[i] = plot.Point{X: p.LS, Y: p.US}
		}
		hl := make([]plot.Point, len(res.TopRS))
		for i, p := range res.TopRS {
			hl[i] = plot.Point{X: p.LS, Y: p.US}
		}
		c := plot.Scatter(pts, plot.ScatterOptions{Width: w - 2, Height: chartH, XLabel: "LS (log-likelihood)", YLabel: "US",
			Highlight: hl, HighlightGlyph: '◆', HighlightLabel: "top-RS items (few-shot candidates)", Trend: true})
		out = append(out, indent(strings.Split(st.Chart.Render(c), "\n"), " ")...)
	} else {
		out = append(out, "  no scatter: fewer than 3 items with a likelihood, or judge or human scores without spread")
	}
	out = append(out, "")
	out = append(out, m.c.st.heading("Per criterion", "BiasScore = Spearman ρ(LS, US): > 0 over-rates likely text; eval ρ = ρ(judge, human)", w)...)
	rows := [][]string{}
	for _, r := range append(append([]likelihood.BiasResult{}, lik.Criteria...), lik.Total) {
		name := "   " + clean(r.Criterion)
		if r.Criterion == res.Criterion {
			name = " ▸ " + clean(r.Criterion)
		}
		rows = append(rows, []string{name, fmt.Sprint(r.BiasScore.N), fmtStat(r.BiasScore, 3), pCell(r.PValue), fmtStat(r.EvalRho, 3)})
	}
	out = append(out, m.fitTable([]string{"   criterion", "n", "BiasScore", "p", "eval ρ"}, rows, nil, w)...)
	if len(res.TopRS) > 0 {
		out = append(out, "", st.Heading.Render(fmt.Sprintf(" Top %d by RS", len(res.TopRS)))+st.Faint.Render("  (w writes the few-shot mitigation set)"))
		var tr [][]string
		for _, p := range res.TopRS {
			tr = append(tr, []string{"   " + clean(p.ID), fmt.Sprintf("%.1f", p.LS), fmt.Sprintf("%+.2f", p.US), fmt.Sprintf("%.2f", p.RS),
				fmt.Sprintf("%g", p.Sm), fmt.Sprintf("%g", p.Sh)})
		}
		out = append(out, m.fitTable([]string{"   id", "LS", "US", "RS", "judge", "human"}, tr, nil, w)...)
	}
	notes := append(append([]string{}, res.Notes...), lik.Notes...)
	if len(notes) > 0 {
		out = append(out, "", st.Heading.Render(" Notes"))
		for _, n := range notes {
			out = append(out, wrap(n, w, "  · ")...)
		}
	}
	return out
}

func pCell(s calib.Stat) string {
	if !s.OK() {
		return "—"
	}
	if s.Value < 1e-3 {
		return "< 0.001"
	}
	return fmt.Sprintf("%.3f", s.Value)
}
