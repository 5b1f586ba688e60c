package calibraeval

import (
	"testing"

	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/model"
)

// benchNOA builds the benchmark problem: n items with x0, x1, x2 from a judge
// with a token bias of 0.8 and a position bias of 0.5 logits (M ≈ 3n).
func benchNOA(b *testing.B, n int, has [model.NumArrangements]bool) *NOA {
	b.Helper()
	pairs := calibtest.GenPairs(n, calibtest.Judge{Token: 0.8, Position: 0.5, Noise: 0.5, Spread: 2}, has, 1)
	p, err := NewNOA(pairs, calibtest.AllIdx(n), ObjectiveBoth)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

func benchFit(b *testing.B, n int, lambda float64) {
	p := benchNOA(b, n, calibtest.Has012)
	var r FitResult
	for b.Loop() {
		var err error
		if r, err = p.Fit(FitOptions{Lambda: lambda}, nil); err != nil {
			b.Fatal(err)
		}
	}
	if !r.Converged {
		b.Logf("not converged: %s", r.Status)
	}
	b.ReportMetric(float64(p.M()), "knots")
	b.ReportMetric(float64(r.Iterations), "iters")
	b.ReportMetric(float64(r.Evals), "evals")
}

// BenchmarkFit3000 is the interactive case: 3,000 items, M ≈ 9,000 knots,
// the paper's λ = 0.5, from the identity.
func BenchmarkFit3000(b *testing.B) { benchFit(b, 3000, 0.5) }

// BenchmarkFit3000Lambda2 is the same with λ = 2.
func BenchmarkFit3000Lambda2(b *testing.B) { benchFit(b, 3000, 2) }

// BenchmarkFit100000 is a large log: 100,000 items, M ≈ 300,000 knots.
func BenchmarkFit100000(b *testing.B) { benchFit(b, 100000, 0.5) }

// BenchmarkFit3000Warm refits λ = 0.55 from the λ = 0.5 solution, as when
// the user nudges λ.
func BenchmarkFit3000Warm(b *testing.B) {
	p := benchNOA(b, 3000, calibtest.Has012)
	base, err := p.Fit(FitOptions{Lambda: 0.5}, nil)
	if err != nil {
		b.Fatal(err)
	}
	var r FitResult
	for b.Loop() {
		r, _ = p.Fit(FitOptions{Lambda: 0.55}, &base)
	}
	b.ReportMetric(float64(r.Iterations), "iters")
}

// BenchmarkObjective3000 is one objective+gradient evaluation, M ≈ 9,000.
func BenchmarkObjective3000(b *testing.B) {
	p := benchNOA(b, 3000, calibtest.Has012)
	d := p.IdentityD()
	grad := make([]float64, len(d))
	ws := newNOAWork(p.M())
	for b.Loop() {
		p.eval(ws, d, 0.5, grad)
	}
}

// BenchmarkObjective100000 is one objective+gradient evaluation, M ≈ 300,000.
func BenchmarkObjective100000(b *testing.B) {
	p := benchNOA(b, 100000, calibtest.Has012)
	d := p.IdentityD()
	grad := make([]float64, len(d))
	ws := newNOAWork(p.M())
	for b.Loop() {
		p.eval(ws, d, 0.5, grad)
	}
}
