package calibraeval

import (
	"testing"

	"github.com/plumb-eval/plumb/calib/calibtest"
)

// benchCollapsed fits λ = 0.5 on p with the constant-map candidate
// ("candidate") and without it ("before"), reporting iterations and the
// objective reached.
func benchCollapsed(b *testing.B, p *NOA) {
	for _, v := range []struct {
		name string
		p    *NOA
	}{{"candidate", p}, {"before", withoutCandidate(p)}} {
		b.Run(v.name, func(b *testing.B) {
			var r FitResult
			for b.Loop() {
				var err error
				if r, err = v.p.Fit(FitOptions{Lambda: 0.5}, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(p.M()), "knots")
			b.ReportMetric(float64(r.Iterations), "iters")
			b.ReportMetric(r.Objective, "objective")
		})
	}
}

// BenchmarkFitCollapsed3000 is the embedded demo's judge-first (3,000 items
// in x0..x3, position bias 1.5 logits), whose fit collapses to g* ≡ ½: the
// fit the TUI repeats on a λ key.
func BenchmarkFitCollapsed3000(b *testing.B) {
	pairs := calibtest.DemoPairs(b, "judge-first")
	p, err := NewNOA(pairs, calibtest.AllIdx(len(pairs)), ObjectiveBoth)
	if err != nil {
		b.Fatal(err)
	}
	benchCollapsed(b, p)
}

// BenchmarkFitCollapsed128k is the same judge on 128,000 items in x0..x3
// (P(A) to 6 digits, as in the simulated 1M-record log; about 455,000
// knots, so phase 1 runs on the coarse problem). Run with -benchtime 1x.
func BenchmarkFitCollapsed128k(b *testing.B) { benchCollapsed(b, simFirstNOA(b, 128000)) }
