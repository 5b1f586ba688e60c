package figure

import (
	"fmt"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/internal/textsafe"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// JudgeRow is one judge of the comparison figure.
type JudgeRow struct {
	Judge string
	// Naive is the judge's naive rate p̂ and Corrected the bias-corrected
	// rate θ̂, each with its interval in CI when defined.
	Naive, Corrected calib.Stat
	// Target names what the rates estimate (what z = 1 means, e.g. the
	// acceptance rate); "" when the judge has none.
	Target string
	// Consistency and Accuracy are the raw judgments' position consistency
	// and accuracy (mean over arrangements).
	Consistency, Accuracy calib.Stat
}

// Compare draws several judges side by side: left, each judge's naive rate
// p̂ and bias-corrected rate θ̂ with their intervals; right, its position
// consistency and accuracy. A judge with no defined value in either panel
// gets no (empty) row: the caption names it.
func Compare(name string, rows []JudgeRow, alpha float64) Figure {
	rows = slices.Clone(rows)
	for i := range rows {
		rows[i].Judge = textsafe.Line(rows[i].Judge)
	}
	var caption strings.Builder
	fmt.Fprintf(&caption, "Comparison of %d judges. Left: each judge's %s %s (Wald interval) and the %s %s (Lee et al. 2025 interval), both %.0f%%; the gap is what the judge's errors do to a published rate. %sRight: position consistency and accuracy (mean over arrangements) of the raw judgments. ",
		len(rows), vocab.NaiveRate, vocab.NaiveRateSym, vocab.CorrectedRate, vocab.CorrectedRateSym, 100*(1-alpha), targetsSentence(rows))
	stats := func(r JudgeRow) []calib.Stat { return []calib.Stat{r.Naive, r.Corrected, r.Consistency, r.Accuracy} }
	var kept []JudgeRow
	var empty []string
	for _, r := range rows {
		any := false
		for _, s := range stats(r) {
			any = any || (s.OK() && finite(s.Value))
		}
		if any {
			kept = append(kept, r)
		} else {
			empty = append(empty, r.Judge)
		}
	}
	names := make([]string, len(kept))
	for i, r := range kept {
		names[len(kept)-1-i] = r.Judge // first judge on top
	}
	y := func(i int) float64 { return float64(len(kept) - 1 - i) }

	left := newPlot("Verdict rate: naive vs corrected", "rate", "")
	left.X.Min, left.X.Max = 0, 1
	right := newPlot("Position consistency and accuracy", "share", "")
	right.X.Min, right.X.Max = 0, 1
	var legend []LegendEntry
	var undefined []string
	add := func(p *plot.Plot, series int, label string, get func(JudgeRow) calib.Stat, dy float64) {
		var pts, bars errPoints
		for i, r := range kept {
			s := get(r)
			if !s.OK() || !finite(s.Value) {
				undefined = append(undefined, fmt.Sprintf("%s %s (%s)", r.Judge, label, s.Reason))
				continue
			}
			xy := plotter.XY{X: s.Value, Y: y(i) + dy}
			pts.XYs = append(pts.XYs, xy)
			if s.CI != nil && finite(s.CI.Lower, s.CI.Upper) {
				bars.XYs = append(bars.XYs, xy)
				bars.XErrors = append(bars.XErrors, struct{ Low, High float64 }{s.Value - s.CI.Lower, s.CI.Upper - s.Value})
			}
		}
		s := scatter(pts.XYs, series, vg.Points(3))
		legend = append(legend, legendEntry(label, s))
		if len(pts.XYs) == 0 {
			return
		}
		if len(bars.XYs) > 0 {
			if eb, err := plotter.NewXErrorBars(bars); err == nil {
				eb.LineStyle = lineStyle(series)
				eb.LineStyle.Dashes = nil
				p.Add(eb)
			}
		}
		p.Add(s)
	}
	add(left, 0, vocab.NaiveRate+" "+vocab.NaiveRateSym, func(r JudgeRow) calib.Stat { return r.Naive }, 0.15)
	add(left, 1, vocab.CorrectedRate+" "+vocab.CorrectedRateSym, func(r JudgeRow) calib.Stat { return r.Corrected }, -0.15)
	add(right, 2, "consistency", func(r JudgeRow) calib.Stat { return r.Consistency }, 0.15)
	add(right, 3, "accuracy", func(r JudgeRow) calib.Stat { return r.Accuracy }, -0.15)
	for _, p := range []*plot.Plot{left, right} {
		if len(names) > 0 {
			p.NominalY(names...)
		}
		p.Y.Min, p.Y.Max = -0.5, float64(len(kept))-0.5
	}
	if len(empty) > 0 {
		fmt.Fprintf(&caption, "Not drawn (no defined value): %s. ", strings.Join(empty, ", "))
	}
	if len(undefined) > 0 {
		fmt.Fprintf(&caption, "Not shown (undefined): %s.", strings.Join(undefined, "; "))
	}
	return Figure{Name: name, Caption: caption.String(), Title: fmt.Sprintf("%d judges compared", len(rows)), Legend: legend,
		Panels: [][]*plot.Plot{{left, right}}, WidthScale: 1.4, HeightScale: max(1, 0.12*float64(len(kept))+0.4)}
}

// targetsSentence says what the rates estimate for each judge ("" when no
// judge has a target), so that a panel mixing targets says which is which.
func targetsSentence(rows []JudgeRow) string {
	var order []string
	by := map[string][]string{}
	for _, r := range rows {
		if r.Target == "" {
			continue
		}
		if _, ok := by[r.Target]; !ok {
			order = append(order, r.Target)
		}
		by[r.Target] = append(by[r.Target], r.Judge)
	}
	if len(order) == 0 {
		return ""
	}
	if len(order) == 1 {
		return fmt.Sprintf("Both rates estimate the %s of every judge. ", order[0])
	}
	parts := make([]string, len(order))
	for i, t := range order {
		parts[i] = t + " for " + strings.Join(by[t], ", ")
	}
	return "The rates estimate different targets: " + strings.Join(parts, "; ") + ". "
}
