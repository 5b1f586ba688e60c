package calib

import (
	"testing"

	"github.com/plumb-eval/plumb/model"
)

var has0123 = [model.NumArrangements]bool{true, true, true, true}

// largePairs is the report's large case: 128,000 items in x0..x3 (M ≈
// 512,000 knots), s rounded to 6 digits as in the simulated 1M-record log.
func largePairs(n int) []model.Pair {
	pairs := genPairs(n, biasedJudge{token: 0.8, position: 0.5, noise: 0.5, spread: 2}, has0123, 5)
	for i := range pairs {
		for a := range pairs[i].S {
			pairs[i].S[a] = float64(int64(pairs[i].S[a]*1e6+0.5)) / 1e6
		}
	}
	return pairs
}

// BenchmarkNewNOA128k builds the problem of 128,000 items in x0..x3.
func BenchmarkNewNOA128k(b *testing.B) {
	pairs := largePairs(128000)
	est := allIdx(len(pairs))
	for b.Loop() {
		if _, err := NewNOA(pairs, est, ObjectiveBoth); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewNOARef128k is BenchmarkNewNOA128k with the construction
// NewNOA replaced (for comparison).
func BenchmarkNewNOARef128k(b *testing.B) {
	pairs := largePairs(128000)
	est := allIdx(len(pairs))
	for b.Loop() {
		if _, err := newNOARef(pairs, est, ObjectiveBoth); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFit128k fits λ = 0.5 on 128,000 items in x0..x3.
func BenchmarkFit128k(b *testing.B) {
	pairs := largePairs(128000)
	p, err := NewNOA(pairs, allIdx(len(pairs)), ObjectiveBoth)
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
