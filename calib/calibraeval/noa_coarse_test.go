package calibraeval

import (
	"math"
	"os"
	"testing"

	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/model"
)

// TestFitCoarseNotWorse checks the coarse-to-fine phase 1 of large problems
// (M > coarseMinKnots) against the plain path (phase 1 on every knot): the
// final objective of the exact problem must not be worse by more than 1e-6
// (relative), and the fit must be converged.
func TestFitCoarseNotWorse(t *testing.T) {
	n := 8000 // M ≈ 24,000 in x0..x2, 32,000 in x0..x3
	if testing.Short() {
		n = 7000
	}
	for _, c := range []struct {
		has    [model.NumArrangements]bool
		lambda float64
	}{{calibtest.Has012, 0.5}, {calibtest.Has0123, 0.5}, {calibtest.Has0123, 2}} {
		pairs := calibtest.GenPairs(n, calibtest.Judge{Token: 0.8, Position: 0.5, Noise: 0.5, Spread: 2}, c.has, 11)
		p, err := NewNOA(pairs, calibtest.AllIdx(n), ObjectiveBoth)
		if err != nil {
			t.Fatal(err)
		}
		if p.M() <= coarseMinKnots {
			t.Fatalf("M = %d, want > %d", p.M(), coarseMinKnots)
		}
		fine, coarse := compareCoarse(t, p, c.lambda)
		if coarse.Objective > fine.Objective+1e-6*math.Abs(fine.Objective) {
			t.Errorf("λ=%v M=%d: coarse start objective %.12g, plain %.12g", c.lambda, p.M(), coarse.Objective, fine.Objective)
		}
		if !coarse.Converged {
			t.Errorf("λ=%v M=%d: coarse start did not converge: %s", c.lambda, p.M(), coarse.Status)
		}
	}
}

// compareCoarse fits p at λ with the plain and the coarse phase 1.
func compareCoarse(t testing.TB, p *NOA, lambda float64) (fine, coarse FitResult) {
	t.Helper()
	plain := *p
	plain.solver.coarseMin = 0
	fine, err := plain.Fit(FitOptions{Lambda: lambda}, nil)
	if err != nil {
		t.Fatal(err)
	}
	coarse, err = p.Fit(FitOptions{Lambda: lambda}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("λ=%v M=%d: plain %.12g (%d iters), coarse %.12g (%d iters)", lambda, p.M(), fine.Objective, fine.Iterations, coarse.Objective, coarse.Iterations)
	return fine, coarse
}

// TestFitCoarseLarge is TestFitCoarseNotWorse on the benchmark sizes
// (100,000 items in x0..x2 and 128,000 in x0..x3). It takes about 4 s
// (50 s with -race), so it runs only with PLUMB_LARGE_TESTS=1.
func TestFitCoarseLarge(t *testing.T) {
	if testing.Short() || os.Getenv("PLUMB_LARGE_TESTS") != "1" {
		t.Skip("large problems: set PLUMB_LARGE_TESTS=1")
	}
	for _, c := range []struct {
		name   string
		p      func() []model.Pair
		lambda float64
	}{
		{"100k x0..x2", func() []model.Pair {
			return calibtest.GenPairs(100000, calibtest.Judge{Token: 0.8, Position: 0.5, Noise: 0.5, Spread: 2}, calibtest.Has012, 1)
		}, 0.5},
		{"128k x0..x3", func() []model.Pair { return calibtest.LargePairs(128000) }, 0.5},
		{"128k x0..x3 λ=2", func() []model.Pair { return calibtest.LargePairs(128000) }, 2},
	} {
		pairs := c.p()
		p, err := NewNOA(pairs, calibtest.AllIdx(len(pairs)), ObjectiveBoth)
		if err != nil {
			t.Fatal(err)
		}
		fine, coarse := compareCoarse(t, p, c.lambda)
		if coarse.Objective > fine.Objective+1e-6*math.Abs(fine.Objective) {
			t.Errorf("%s: coarse start objective %.12g, plain %.12g", c.name, coarse.Objective, fine.Objective)
		}
	}
}
