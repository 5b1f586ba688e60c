package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/plot"
	"github.com/plumb-eval/plumb/present"
)

// likelihoodPane is the Likelihood bias tab: the LS–US scatter of the
// criterion the criterion knob points at, BiasScore, p-value and
// evaluation ρ per criterion, and the top-RS items, which w writes as the
// few-shot mitigation set.
type likelihoodPane struct{ textPane }

func newLikelihoodPane(c *common) *likelihoodPane {
	p := &likelihoodPane{}
	p.textPane = newTextPane(c, paneKnobs[paneLikelihood], p.draw)
	return p
}

// Update writes the few-shot set (w); the rest is the text pane's.
func (p *likelihoodPane) Update(msg tea.Msg) tea.Cmd {
	if msg, ok := msg.(tea.KeyPressMsg); ok && key.Matches(msg, p.c.keys.FewShot) {
		return fewShotCmd(p.c)
	}
	return p.textPane.Update(msg)
}

// ShortHelp adds w to the knob keys.
func (p *likelihoodPane) ShortHelp() []key.Binding {
	b := p.textPane.ShortHelp()
	if p.bar.Focused() {
		b = append(b, p.c.keys.FewShot)
	}
	return b
}

// FullHelp is the Likelihood section of the full help.
func (p *likelihoodPane) FullHelp() []helpSection {
	return []helpSection{{"Likelihood", []key.Binding{p.c.keys.FewShot}}}
}

// draw: the LS–US scatter with the top-RS items marked and a trend line,
// and BiasScore, p-value and evaluation ρ per criterion.
func (p *likelihoodPane) draw(w int) []string {
	if wt := p.c.waiting(); wt != nil {
		return wt
	}
	ja := &p.c.cur.ja
	lik := ja.Likelihood
	if lik == nil {
		return wrap("No likelihood-bias analysis: "+ja.LikelihoodReason, w, " ")
	}
	st := p.c.st
	res := p.c.criterionResult()
	var out []string
	head := fmt.Sprintf(" LS–US scatter — %s", clean(res.Criterion))
	out = append(out, st.Heading.Render(head)+st.Faint.Render("  y: US (over-rating) · x: LS"))
	chartH := max(8, min(22, p.h-10))
	if len(res.Points) > 0 {
		pts := make([]plot.Point, len(res.Points))
		for i, pt := range res.Points {
			pts[i] = plot.Point{X: pt.LS, Y: pt.US}
		}
		hl := make([]plot.Point, len(res.TopRS))
		for i, pt := range res.TopRS {
			hl[i] = plot.Point{X: pt.LS, Y: pt.US}
		}
		c := plot.Scatter(pts, plot.ScatterOptions{Width: w - 2, Height: chartH, XLabel: "LS (log-likelihood)", YLabel: "US",
			Highlight: hl, HighlightGlyph: '◆', HighlightLabel: "top-RS items (few-shot candidates)", Trend: true})
		out = append(out, indent(strings.Split(st.Chart.Render(c), "\n"), " ")...)
	} else {
		out = append(out, "  no scatter: fewer than 3 items with a likelihood, or judge or human scores without spread")
	}
	out = append(out, "")
	out = append(out, p.c.st.heading("Per criterion", "BiasScore = Spearman ρ(LS, US): > 0 over-rates likely text; eval ρ = ρ(judge, human)", w)...)
	rows := [][]string{}
	for _, r := range append(append([]likelihood.BiasResult{}, lik.Criteria...), lik.Total) {
		name := "   " + clean(r.Criterion)
		if r.Criterion == res.Criterion {
			name = " ▸ " + clean(r.Criterion)
		}
		rows = append(rows, []string{name, fmt.Sprint(r.BiasScore.N), present.FmtStat(r.BiasScore, 3), pCell(r.PValue), present.FmtStat(r.EvalRho, 3)})
	}
	out = append(out, p.cols.fit(&p.c.st, []string{"   criterion", "n", "BiasScore", "p", "eval ρ"}, rows, nil, w)...)
	if len(res.TopRS) > 0 {
		out = append(out, "", st.Heading.Render(fmt.Sprintf(" Top %d by RS", len(res.TopRS)))+st.Faint.Render("  (w writes the few-shot mitigation set)"))
		var tr [][]string
		for _, pt := range res.TopRS {
			tr = append(tr, []string{"   " + clean(pt.ID), fmt.Sprintf("%.1f", pt.LS), fmt.Sprintf("%+.2f", pt.US), fmt.Sprintf("%.2f", pt.RS),
				scoreText(pt.Sm), scoreText(pt.Sh)})
		}
		out = append(out, p.cols.fit(&p.c.st, []string{"   id", "LS", "US", "RS", "judge", "human"}, tr, nil, w)...)
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
