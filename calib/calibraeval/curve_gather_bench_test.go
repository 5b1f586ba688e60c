package calibraeval

import (
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/model"
)

// BenchmarkCurveApply100000 applies a fitted curve to 100,000 items × x0..x3
// (400,000 P(A), ≈ 400,001 knots: the TUI's λ step at 100,000 items):
// CalibratedPrefs (a bucketed binary search per value) against the NOA
// problem's gather, and the cost of building the gather's index once. It
// first checks that the two give the same bits.
func BenchmarkCurveApply100000(b *testing.B) {
	const n = 100000
	pairs := calibtest.GenPairs(n, calibtest.Judge{Token: 0.8, Position: 0.5, Noise: 0.5, Spread: 2}, [model.NumArrangements]bool{true, true, true, true}, 1)
	p, err := NewNOA(pairs, calibtest.AllIdx(n), ObjectiveBoth)
	if err != nil {
		b.Fatal(err)
	}
	fit, err := p.Fit(FitOptions{Lambda: 0.5}, nil)
	if err != nil {
		b.Fatal(err)
	}
	c := fit.Curve
	if d := calibtest.PrefsBitsDiff(p.CalibratedPrefs(pairs, c, nil), calib.CalibratedPrefs(pairs, c)); d != "" {
		b.Fatalf("the gather differs from CalibratedPrefs: %s", d)
	}
	b.Run("CalibratedPrefs", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			calib.CalibratedPrefs(pairs, c)
		}
		b.ReportMetric(float64(len(c.Z)), "knots")
	})
	b.Run("gather", func(b *testing.B) {
		b.ReportAllocs()
		p.gather.once.Do(func() { p.gather.build(p) })
		for b.Loop() {
			p.CalibratedPrefs(pairs, c, nil)
		}
	})
	b.Run("build", func(b *testing.B) {
		for b.Loop() {
			g := &curveGather{pairs: pairs}
			g.build(p)
		}
	})
}
