package calibraeval

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/calib/internal/lbfgs"
	"github.com/plumb-eval/plumb/calib/stats"
	"github.com/plumb-eval/plumb/model"
)

// TestFitNotWorseThanLBFGS: the two-phase fit reaches an objective at least
// as low (up to 1e-6 relative) as the L-BFGS-only solver it replaced (kept
// as solverConfig.lbfgsOnly), converges, and reports the objective and
// gradient norm at its D. The problems are those of the Fit and selection
// tests plus other designs, objectives and λ.
func TestFitNotWorseThanLBFGS(t *testing.T) {
	four := [model.NumArrangements]bool{true, true, true, true}
	type problem struct {
		name  string
		pairs []model.Pair
		obj   Objective
		lams  []float64
	}
	problems := []problem{
		{"token bias (TestFitTokenBias)", calibtest.GenPairs(400, calibtest.StrongA, calibtest.Has012, 5), ObjectiveBoth, []float64{0.5}},
		{"λ=0 (TestFitLambdaZeroFlattens)", calibtest.GenPairs(400, calibtest.StrongA, calibtest.Has012, 6), ObjectiveBoth, []float64{0, 0.5}},
		{"x0..x3 (TestFitDeterministicAndCapped)", calibtest.GenPairs(300, calibtest.StrongA, four, 7), ObjectiveBoth, []float64{0.5}},
		{"warm (TestFitWarmStart)", calibtest.GenPairs(1000, calibtest.StrongA, calibtest.Has012, 8), ObjectiveBoth, []float64{0.45, 0.5, 0.6}},
		{"selection biased", calibtest.Simulate(1, calibtest.BiasedJudge), ObjectiveBoth, []float64{0.5, 1}},
		{"selection four", calibtest.Simulate(1, calibtest.FourJudge), ObjectiveBoth, []float64{0.5}},
		{"benchmark judge", calibtest.GenPairs(1000, calibtest.Judge{Token: 0.8, Position: 0.5, Noise: 0.5, Spread: 2}, calibtest.Has012, 1), ObjectiveBoth, []float64{0.2, 2}},
		{"x0,x1 l2", calibtest.GenPairs(200, calibtest.Judge{Token: 1, Position: 0.2, Noise: 0.4, Spread: 2}, [4]bool{true, true}, 3), ObjectiveL2, []float64{1, 2}},
		{"x0..x3 l1", calibtest.GenPairs(200, calibtest.Judge{Token: 1.5, Position: 1, Noise: 0.3, Spread: 1.5}, four, 4), ObjectiveL1, []float64{1, 2}},
		{"x0,x2 l1", calibtest.GenPairs(500, calibtest.Judge{Token: 0.3, Position: 1, Noise: 1, Spread: 1}, [4]bool{true, false, true}, 5), ObjectiveL1, []float64{0.5, 1}},
	}
	for _, pr := range problems {
		p, err := NewNOA(pr.pairs, calibtest.AllIdx(len(pr.pairs)), pr.obj)
		if err != nil {
			t.Fatalf("%s: %v", pr.name, err)
		}
		old := *p
		old.solver.lbfgsOnly = true
		for _, lam := range pr.lams {
			ro, err := old.Fit(FitOptions{Lambda: lam}, nil)
			if err != nil {
				t.Fatal(err)
			}
			rn, err := p.Fit(FitOptions{Lambda: lam}, nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s λ=%v: L-BFGS %d iterations L/K %.12g; now %d iterations L/K %.12g (%s)",
				pr.name, lam, ro.Iterations, ro.Objective, rn.Iterations, rn.Objective, rn.Status)
			if rn.Objective > ro.Objective+1e-6*math.Abs(ro.Objective) {
				t.Errorf("%s λ=%v: objective %.12g above the L-BFGS solver's %.12g", pr.name, lam, rn.Objective, ro.Objective)
			}
			checkFitResult(t, p, rn)
		}
	}
}

// checkFitResult checks that r converged and reports L/K and the gradient
// norm at r.D.
func checkFitResult(t *testing.T, p *NOA, r FitResult) {
	t.Helper()
	if !r.Converged {
		t.Errorf("λ=%v: not converged: %s after %d iterations", r.Lambda, r.Status, r.Iterations)
	}
	grad := make([]float64, p.M())
	f := p.Objective(r.D, r.Lambda, grad)
	if f != r.Objective || norm2(grad) != r.GradNorm {
		t.Errorf("λ=%v: reported L/K %v, ‖grad‖ %v; at D %v, %v", r.Lambda, r.Objective, r.GradNorm, f, norm2(grad))
	}
	if r.Status == lbfgs.StatusGradient && !(r.GradNorm <= DefaultGradTol) {
		t.Errorf("λ=%v: status %q with gradient norm %v", r.Lambda, r.Status, r.GradNorm)
	}
}

// TestFitBenchmarkObjectives: on the 3,000-item benchmark problem the fit
// reaches objectives at least as low as the L-BFGS-only solver, whose
// values are recorded here (BenchmarkFit3000 and BenchmarkFit3000Lambda2
// before the two-phase fit: 311 and 79 iterations, stopped on RelTol).
func TestFitBenchmarkObjectives(t *testing.T) {
	if testing.Short() {
		t.Skip("3,000 items")
	}
	pairs := calibtest.GenPairs(3000, calibtest.Judge{Token: 0.8, Position: 0.5, Noise: 0.5, Spread: 2}, calibtest.Has012, 1)
	p, err := NewNOA(pairs, calibtest.AllIdx(len(pairs)), ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	for lam, old := range map[float64]float64{0.5: -0.210231329303379, 2: -1.45966666581665} {
		r, err := p.Fit(FitOptions{Lambda: lam}, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("λ=%v: %d iterations, %d evaluations, L/K %.15g (L-BFGS only: %.15g)", lam, r.Iterations, r.Evals, r.Objective, old)
		if r.Objective > old+1e-6*math.Abs(old) {
			t.Errorf("λ=%v: objective %.15g above %.15g", lam, r.Objective, old)
		}
		checkFitResult(t, p, r)
	}
}

// TestMMStepIsProjection compares mmStep with the oracle-tested weighted
// isotonic regression of stats (clipped to [0, 1]) on random inputs.
func TestMMStepIsProjection(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		m := 2 + rng.IntN(40)
		g := make([]float64, m+1)
		dg := make([]float64, m+1)
		D := make([]float64, m+1)
		x := make([]float64, m-1)
		y := make([]float64, m-1)
		w := make([]float64, m-1)
		for j := 1; j < m; j++ {
			g[j] = rng.Float64()
			if rng.IntN(4) == 0 {
				g[j] = g[j-1] // ties, as flat pieces
			}
			dg[j] = 4 * rng.NormFloat64()
			D[j] = 4 * float64(1+rng.IntN(3))
			x[j-1], y[j-1], w[j-1] = float64(j), g[j]-dg[j]/D[j], D[j]
		}
		g[m] = 1
		st := &pavaStack{start: make([]int, m), w: make([]float64, m), s: make([]float64, m)}
		mmStep(g, dg, D, st)
		iso, err := stats.FitIsotonic(x, y, w)
		if err != nil {
			t.Fatal(err)
		}
		want := iso.PredictSorted(x, nil)
		for j := 1; j < m; j++ {
			if v := min(max(want[j-1], 0), 1); math.Abs(g[j]-v) > 1e-12 {
				t.Fatalf("trial %d: g[%d] = %v, want %v", trial, j, g[j], v)
			}
		}
		if g[0] != 0 || g[m] != 1 {
			t.Fatalf("trial %d: ends moved", trial)
		}
	}
}

// TestCholeskySemidefinite: a PSD matrix with a null direction is solved on
// its range; an indefinite one is refused.
func TestCholeskySemidefinite(t *testing.T) {
	// H = [[2, −2, 0], [−2, 2, 0], [0, 0, 4]] (rank 2), b = (1, −1, 2).
	h := []float64{2, -2, 0, -2, 2, 0, 0, 0, 4}
	if !cholesky(h, 3) {
		t.Fatal("PSD matrix refused")
	}
	b := []float64{1, -1, 2}
	cholSolve(h, 3, b)
	// H x = b: x_0 − x_1 = 1/2, x_2 = 1/2; the null direction is left at 0.
	if math.Abs(b[0]-b[1]-0.5) > 1e-15 || math.Abs(b[2]-0.5) > 1e-15 {
		t.Errorf("x = %v", b)
	}
	if cholesky([]float64{1, 2, 2, 1}, 2) {
		t.Error("indefinite matrix accepted")
	}
}
