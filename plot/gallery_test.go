package plot

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestGallery renders each chart at a typical pane size, checks the
// invariants, and logs the result for eyeballing:
//
//	go test ./plot -run Gallery -v
func TestGallery(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	g := make([]float64, 41)
	for i := range g {
		g[i] = 1 / (1 + math.Exp(-6*(float64(i)/40-0.55)))
	}
	obs := make([]float64, 500)
	for i := range obs {
		obs[i] = clamp01(0.65 + 0.18*rng.NormFloat64())
	}
	pts := make([]Point, 3000)
	for i := range pts {
		x := rng.NormFloat64()
		pts[i] = Point{x, 0.6*x + 0.5*rng.NormFloat64()}
	}
	xs, ys := make([]float64, 19), make([]float64, 19)
	for i := range xs {
		xs[i] = 0.05 * float64(i+1)
		ys[i] = 0.04 + 0.05*math.Pow(xs[i]-0.4, 2)/(xs[i]*(1-xs[i]))
	}
	truth := 0.52
	charts := []struct {
		name string
		w, h int
		s    string
	}{
		{"curve", 60, 18, CurveChart(g, CurveOptions{Width: 60, Height: 18, Observed: obs, HistRows: 3})},
		{"curve small", 40, 12, CurveChart(g, CurveOptions{Width: 40, Height: 12, Observed: obs})},
		{"scatter", 70, 20, Scatter(pts, ScatterOptions{Width: 70, Height: 20, XLabel: "LS", YLabel: "US", Trend: true,
			Highlight: pts[:5], HighlightLabel: "top RS"})},
		{"scatter sparse", 50, 14, Scatter(pts[:60], ScatterOptions{Width: 50, Height: 14, XLabel: "LS", YLabel: "US", Trend: true})},
		{"line", 64, 16, LineChart(xs, ys, LineOptions{Width: 64, Height: 16, XMin: 0, XMax: 1, XLabel: "m0 / m", YLabel: "CI width",
			Markers: []Marker{{0.5, 'C', "current"}, {0.5, 'E', "equal"}, {0.38, 'X', "exact"}, {0.41, 'A', "approx"}, {0.7, 'D', "adaptive"}}})},
		{"bars", 50, 0, Bars([]BarRow{
			{Label: "κ raw", Value: 0.8213},
			{Label: "κ calibrated", Value: 0.8713, Glyph: '▒'},
			{Label: "ICC", Value: 0.07},
			{Label: "acc", Missing: "n/a: no gold labels"},
		}, 50)},
		{"intervals", 70, 0, Intervals([]IntervalSpec{
			{Label: "raw", Point: 0.61, Lo: 0.55, Hi: 0.66, HasInterval: true},
			{Label: "corrected", Point: 0.55, Lo: 0.48, Hi: 0.61, HasInterval: true, Truth: &truth},
			{Label: "point only", Point: 0.3},
		}, 70)},
	}
	for _, c := range charts {
		checkBlock(t, c.name, c.s, c.w, c.h)
		if strings.TrimSpace(c.s) == "" {
			t.Errorf("%s: empty chart", c.name)
		}
		t.Logf("%s:\n%s", c.name, c.s)
	}
}
