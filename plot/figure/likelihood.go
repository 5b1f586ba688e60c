package figure

import (
	"fmt"
	"strings"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/plumb-eval/plumb/calib/likelihood"
)

// LikelihoodScatter draws the LS–US scatter of one criterion's (or the
// total's) likelihood-bias result: each item's log-likelihood LS (x) against
// its unfairness US = S_m' − S_h' (y), the items of highest RS marked, and
// the least-squares trend line. A rising cloud means the judge over-rates
// the text its language model finds likely (Ohi et al. 2024).
func LikelihoodScatter(name, judge string, b *likelihood.BiasResult, perToken bool) Figure {
	xl := "LS = log P(output | input) (nats)"
	if perToken {
		xl = "LS per token (nats/token)"
	}
	p := newPlot(fmt.Sprintf("Likelihood bias — %s, %s", judge, b.Criterion), xl, "US = judge − human (normalised score)")
	var caption strings.Builder
	fmt.Fprintf(&caption, "Likelihood bias of judge %s on %s: each point is an item, x its log-likelihood under the language model, y how much the judge over-rates it relative to humans (both scores normalised to mean 0 and range 1). ", judge, b.Criterion)
	if b.BiasScore.OK() {
		fmt.Fprintf(&caption, "BiasScore = Spearman ρ(LS, US) = %.3f over %d items", b.BiasScore.Value, b.BiasScore.N)
		if b.PValue.OK() {
			fmt.Fprintf(&caption, " (permutation p = %.2g)", b.PValue.Value)
		}
		caption.WriteString(". ")
	}
	pts := make(plotter.XYs, 0, len(b.Points))
	for _, q := range b.Points {
		if finite(q.LS, q.US) {
			pts = append(pts, plotter.XY{X: q.LS, Y: q.US})
		}
	}
	if len(pts) > 0 {
		s := scatter(pts, 4, vg.Points(1.6))
		p.Add(s)
		p.Legend.Add(fmt.Sprintf("item (%d)", len(pts)), s)
	}
	if len(b.TopRS) > 0 {
		top := make(plotter.XYs, 0, len(b.TopRS))
		for _, q := range b.TopRS {
			if finite(q.LS, q.US) {
				top = append(top, plotter.XY{X: q.LS, Y: q.US})
			}
		}
		s := scatter(top, 5, vg.Points(3.5))
		s.GlyphStyle.Shape = seriesGlyph(1)
		p.Add(s)
		p.Legend.Add(fmt.Sprintf("top %d by RS", len(top)), s)
		fmt.Fprintf(&caption, "Squares: the %d items of highest RS = |LS* + US*|, the few-shot candidates of the mitigation. ", len(top))
	}
	if a, sl, ok := leastSquares(pts); ok {
		lo, hi := pts[0].X, pts[0].X
		for _, q := range pts {
			lo, hi = min(lo, q.X), max(hi, q.X)
		}
		l := line(plotter.XYs{{X: lo, Y: a + sl*lo}, {X: hi, Y: a + sl*hi}}, 0)
		p.Add(l)
		p.Legend.Add("least-squares trend", l)
		fmt.Fprintf(&caption, "Line: least-squares trend US = %.3g + %.3g·LS.", a, sl)
	}
	return single(name, caption.String(), p)
}

// leastSquares fits y = a + b·x; ok is false with fewer than two distinct x.
func leastSquares(pts plotter.XYs) (a, b float64, ok bool) {
	n := float64(len(pts))
	if len(pts) < 2 {
		return 0, 0, false
	}
	var mx, my float64
	for _, q := range pts {
		mx += q.X
		my += q.Y
	}
	mx, my = mx/n, my/n
	var sxx, sxy float64
	for _, q := range pts {
		sxx += (q.X - mx) * (q.X - mx)
		sxy += (q.X - mx) * (q.Y - my)
	}
	if sxx == 0 {
		return 0, 0, false
	}
	b = sxy / sxx
	return my - b*mx, b, true
}
