package calibraeval

import (
	"testing"

	"github.com/plumb-eval/plumb/calib/calibtest"
)

// BenchmarkNewNOA128k builds the problem of 128,000 items in x0..x3.
func BenchmarkNewNOA128k(b *testing.B) {
	pairs := calibtest.LargePairs(128000)
	est := calibtest.AllIdx(len(pairs))
	for b.Loop() {
		if _, err := NewNOA(pairs, est, ObjectiveBoth); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewNOARef128k is BenchmarkNewNOA128k with the construction
// NewNOA replaced (for comparison).
func BenchmarkNewNOARef128k(b *testing.B) {
	pairs := calibtest.LargePairs(128000)
	est := calibtest.AllIdx(len(pairs))
	for b.Loop() {
		if _, err := newNOARef(pairs, est, ObjectiveBoth); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFit128k fits λ = 0.5 on 128,000 items in x0..x3.
func BenchmarkFit128k(b *testing.B) {
	pairs := calibtest.LargePairs(128000)
	p, err := NewNOA(pairs, calibtest.AllIdx(len(pairs)), ObjectiveBoth)
	if err != nil {
		b.Fatal(err)
	}
	var r FitResult
	for b.Loop() {
		if r, err = p.Fit(FitOptions{Lambda: 0.5}, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(p.M()), "knots")
	b.ReportMetric(float64(r.Iterations), "iters")
	b.ReportMetric(r.Objective, "objective")
}
