package figure

import (
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/internal/textsafe"
)

// LikelihoodScatter draws the LS–US scatter of one criterion's (or the
// total's) likelihood-bias result: each item's log-likelihood LS (x) against
// its unfairness US = S_m' − S_h' (y), the items of highest RS marked, and
// the least-squares trend line. A rising cloud means the judge over-rates
// the text its language model finds likely (Ohi et al. 2024).
func LikelihoodScatter(name, judge string, b *likelihood.BiasResult, perToken bool) Figure {
	judge, criterion := textsafe.Line(judge), textsafe.Line(b.Criterion)
	xl := "LS = log P(output | input) (nats)"
	if perToken {
		xl = "LS per token (nats/token)"
	}
	p := newPlot(fmt.Sprintf("Likelihood bias — %s, %s", judge, criterion), xl, "US = judge − human (normalised score)")
	var caption strings.Builder
	fmt.Fprintf(&caption, "Likelihood bias of judge %s on %s: each point is an item, x its log-likelihood under the language model, y how much the judge over-rates it relative to humans (both scores normalised to mean 0 and range 1). ", judge, criterion)
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
	var legend []LegendEntry
	if len(pts) > 0 {
		shown, amp := jitterBands(pts)
		s := scatter(shown, 2, vg.Points(1.8))
		s.GlyphStyle.Color = translucent(seriesColor(2), itemAlpha)
		s.GlyphStyle.Shape = draw.CircleGlyph{}
		p.Add(s)
		legend = append(legend, legendEntry(fmt.Sprintf("item (%d)", len(pts)), s))
		fmt.Fprintf(&caption, "Items are drawn %.0f%% opaque, so overlapping items read darker", 100*float64(itemAlpha)/255)
		if amp > 0 {
			fmt.Fprintf(&caption, "; US takes few distinct values, so each item is drawn moved up or down by a random amount of at most %.3g (a third of the smallest gap between two values) to show how many share a band — the trend and BiasScore use the exact values", amp)
		}
		caption.WriteString(". ")
	}
	if len(b.TopRS) > 0 {
		top := make(plotter.XYs, 0, len(b.TopRS))
		for _, q := range b.TopRS {
			if finite(q.LS, q.US) {
				top = append(top, plotter.XY{X: q.LS, Y: q.US})
			}
		}
		s := scatter(top, 1, vg.Points(3.5))
		p.Add(s)
		legend = append(legend, legendEntry(fmt.Sprintf("top %d by RS", len(top)), s))
		fmt.Fprintf(&caption, "Orange squares: the %d items of highest RS = |LS* + US*|, the few-shot candidates of the mitigation, at their exact values. ", len(top))
	}
	if a, sl, ok := leastSquares(pts); ok {
		lo, hi := pts[0].X, pts[0].X
		for _, q := range pts {
			lo, hi = min(lo, q.X), max(hi, q.X)
		}
		l := line(plotter.XYs{{X: lo, Y: a + sl*lo}, {X: hi, Y: a + sl*hi}}, 0)
		p.Add(l)
		legend = append(legend, legendEntry("least-squares trend", l))
		fmt.Fprintf(&caption, "Line: least-squares trend US = %.3g + %.3g·LS.", a, sl)
	}
	return single(name, caption.String(), p, legend)
}

// itemAlpha is the opacity of an LS–US item's marker.
const itemAlpha = 0x73

// translucent returns c with alpha a.
func translucent(c color.Color, a uint8) color.Color {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	n.A = a
	return n
}

// maxBands is the most distinct US values for which the scatter is drawn
// with jitter: more, and US is continuous enough to show as it is.
const maxBands = 30

// jitterBands returns the points to draw and the jitter amplitude: when US
// takes at most maxBands distinct values (a judge's and the humans' scores
// are small integers, so US lies on a few bands), each point moved up or
// down by a uniform amount of at most a third of the smallest gap between
// two values (values within 1e-9 of the range are one value), from a fixed
// seed (the same figure twice is the same bytes);
// otherwise pts as they are and 0.
func jitterBands(pts plotter.XYs) (plotter.XYs, float64) {
	if len(pts) == 0 {
		return pts, 0
	}
	levels := make([]float64, 0, len(pts))
	for _, q := range pts {
		levels = append(levels, q.Y)
	}
	slices.Sort(levels)
	// Values apart by round-off only (the normalisation's 1e-17s) are one
	// band.
	tol := 1e-9 * (levels[len(levels)-1] - levels[0])
	bands := levels[:1]
	for _, v := range levels[1:] {
		if v-bands[len(bands)-1] > tol {
			bands = append(bands, v)
		}
	}
	if len(bands) < 2 || len(bands) > maxBands || len(bands)*2 > len(pts) {
		return pts, 0
	}
	gap := math.Inf(1)
	for i := 1; i < len(bands); i++ {
		gap = min(gap, bands[i]-bands[i-1])
	}
	amp := gap / 3
	rng := rand.New(rand.NewPCG(1, 2))
	out := make(plotter.XYs, len(pts))
	for i, q := range pts {
		out[i] = plotter.XY{X: q.X, Y: q.Y + amp*(2*rng.Float64()-1)}
	}
	return out, amp
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
