package calibraeval

import (
	"fmt"
	"math"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/calib/internal/lbfgs"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// constCase is one cold fit of the pinned computations (noa_pin_test.go)
// that the constant-map candidate may change.
type constCase struct {
	name string
	p    *NOA
	lam  float64
	// pinned: a cold fit of TestFitPinnedBits, fitted once (coldFit).
	pinned bool
}

// constCases are the cold fits of the pinned "demo judges" and "36-fit
// sweep" computations (warm fits start in phase 2, which the candidate does
// not touch).
func constCases(t *testing.T) []constCase {
	var cs []constCase
	for _, j := range []string{"judge-fair", "judge-first", "judge-tokenA"} {
		pairs := calibtest.DemoPairs(t, j)
		for _, obj := range []Objective{ObjectiveBoth, ObjectiveL1, ObjectiveL2} {
			p, err := NewNOA(pairs, calibtest.AllIdx(len(pairs)), obj)
			if err != nil {
				t.Fatal(err)
			}
			for _, lam := range []float64{0, 0.5, 2} {
				cs = append(cs, constCase{demoFitName(j, obj, lam), p, lam, true})
			}
		}
	}
	eachSweepFit(t, func(ji, n int, p *NOA, lam float64) {
		cs = append(cs, constCase{sweepFitName(ji, n, lam), p, lam, true})
	})
	// A collapsing judge with P(A) of exactly 0 and 1 (terms at the fixed
	// ends: the candidate is the best level by a Newton step).
	ends := calibtest.GenPairs(1500, calibtest.SweepJudges()[1], calibtest.Has0123, 21)
	for i := range 60 {
		ends[i].S[model.X1] = 0
		ends[i+60].S[model.X0] = 1
	}
	p, err := NewNOA(ends, calibtest.AllIdx(len(ends)), ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	for _, lam := range []float64{0.2, 0.5} {
		cs = append(cs, constCase{fmt.Sprintf("ends, λ %v", lam), p, lam, false})
	}
	return cs
}

// withoutCandidate returns a copy of p whose fits skip the candidate (the
// solver before it).
func withoutCandidate(p *NOA) *NOA {
	q := *p
	q.solver.noCandidate = true
	return &q
}

// sameBits reports whether two fits agree in every bit of their answer
// (everything but the iteration and evaluation counts).
func sameBits(a, b FitResult) bool {
	ha, hb := calibtest.NewPinHash(), calibtest.NewPinHash()
	for _, x := range []struct {
		h *calibtest.PinHash
		r FitResult
	}{{ha, a}, {hb, b}} {
		x.h.F(x.r.Lambda, x.r.Objective, x.r.GradNorm)
		x.h.F(x.r.D...)
		x.h.Curve(x.r.Curve)
		x.h.S(x.r.Converged, "|", x.r.Status, "|", x.r.Points)
	}
	return ha.Sum() == hb.Sum()
}

// TestConstantCandidateVsBefore compares every cold fit of the pinned
// computations with the solver before the candidate. A fit the candidate
// does not stop is bit-identical, iteration counts included. A fit it stops
// (a collapsing fit) ends in fewer iterations at the constant map, with an
// objective and gradient norm at most the old ones, g* constant, and g*
// within the old fit's own distance from that constant of the old g* — on
// the demo, whose old fit had reached the constant map, equal to it in
// every bit but the counts.
func TestConstantCandidateVsBefore(t *testing.T) {
	if testing.Short() || calibtest.RaceEnabled { // pure arithmetic; .ci/run runs it without -race
		t.Skip("about 3 s")
	}
	changed := 0
	for _, c := range constCases(t) {
		var nr FitResult
		if c.pinned {
			nr = coldFit(t, c.name, c.p, c.lam)
		} else {
			var err error
			if nr, err = c.p.Fit(FitOptions{Lambda: c.lam}, nil); err != nil {
				t.Fatal(err)
			}
		}
		or, err := withoutCandidate(c.p).Fit(FitOptions{Lambda: c.lam}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if nr.Iterations == or.Iterations && nr.Evals == or.Evals && sameBits(nr, or) {
			continue
		}
		changed++
		lo, hi := curveRange(nr.Curve)
		oldLo, oldHi := curveRange(or.Curve)
		dev := 0.0 // the largest |Δg*|
		for i, v := range or.Curve.G {
			dev = max(dev, math.Abs(v-nr.Curve.G[i]))
		}
		t.Logf("%s: iterations %d → %d, objective %.3g → %.3g, grad %.3g → %.3g, old g* in [%v, %v], max |Δg*| %.3g",
			c.name, or.Iterations, nr.Iterations, or.Objective, nr.Objective, or.GradNorm, nr.GradNorm, oldLo, oldHi, dev)
		switch {
		case !(nr.Iterations < or.Iterations):
			t.Errorf("%s: %d iterations, before %d", c.name, nr.Iterations, or.Iterations)
		case !(nr.Objective <= or.Objective) || !(nr.GradNorm <= or.GradNorm):
			t.Errorf("%s: objective %v, grad %v; before %v, %v", c.name, nr.Objective, nr.GradNorm, or.Objective, or.GradNorm)
		case lo != hi || !nr.Converged || nr.Status != lbfgs.StatusGradient:
			t.Errorf("%s: g* in [%v, %v] (%v, %q), want the constant map, converged", c.name, lo, hi, nr.Converged, nr.Status)
		case dev > max(oldHi-lo, lo-oldLo):
			t.Errorf("%s: |Δg*| %v beyond the old g*'s distance from the constant", c.name, dev)
		}
		if c.name == "judge-first both λ 0.5" && !sameBits(nr, or) {
			t.Errorf("%s: the demo's collapsed fit changed beyond its counts", c.name)
		}
	}
	if changed == 0 {
		t.Error("the candidate changed no fit; the collapsing fits should end sooner")
	}
}

// curveRange returns the smallest and largest g* value at the interior
// knots (0 < z < 1; g is fixed at the ends).
func curveRange(c *calib.Curve) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for i, v := range c.G {
		if c.Z[i] > 0 && c.Z[i] < 1 {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return lo, hi
}

// TestConstantMapStationary checks the candidate's derivation
// (noa_constant.go): without terms at the ends, g ≡ ½ has objective 0 and
// gradient 0 exactly for every λ and passes the stopping rule; with values
// of exactly 0 or 1 the candidate is the best level, where the objective's
// derivative along the level is zero.
func TestConstantMapStationary(t *testing.T) {
	pairs := calibtest.GenPairs(400, calibtest.Judge{Token: 0, Position: 1.5, Noise: 0.3, Spread: 1.5}, calibtest.Has012, 3)
	p, err := NewNOA(pairs, calibtest.AllIdx(len(pairs)), ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	if !p.exactHalf() {
		t.Fatal("simulated judge has P(A) of exactly 0 or 1")
	}
	for _, lam := range []float64{0, 0.5, 2, 10} {
		c := p.constantMap(lam, DefaultGradTol, defaultSolver.eps, nil)
		if c.f != 0 || c.gradNorm != 0 || !c.ok || c.g[1] != 0.5 {
			t.Errorf("λ %v: f %v, grad %v, ok %v, level %v; want 0, 0, true, 0.5", lam, c.f, c.gradNorm, c.ok, c.g[1])
		}
	}
	// Values exactly 0 and 1 put terms at the fixed ends: the level moves.
	for i := range 40 {
		pairs[i].S[model.X1] = 0
		pairs[i+40].S[model.X0] = 1
	}
	q, err := NewNOA(pairs, calibtest.AllIdx(len(pairs)), ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	if q.exactHalf() {
		t.Fatal("terms at the ends not seen")
	}
	for _, lam := range []float64{0.5, 2} {
		c := q.constantMap(lam, DefaultGradTol, defaultSolver.eps, nil)
		// Derivative of L/K along the level: Σ_j ∂/∂g_j over the interior.
		dg := make([]float64, q.m+1)
		q.termsGrad(c.g, lam, dg)
		s := 0.0
		for _, v := range dg[1:q.m] {
			s += v
		}
		if math.Abs(s)/float64(q.k) > 1e-12 {
			t.Errorf("λ %v: level %v, derivative along it %v", lam, c.g[1], s/float64(q.k))
		}
	}
}

// TestConstantCandidateBig: the 128,000-item position-biased judge of the
// simulated 1M-record log (model/sim's judge-first in x0..x3, 6 digits)
// collapses; with the candidate its fit ends at g* ≡ ½ exactly, objective and
// gradient 0, and the old fit's g* is within 1e-12 of it.
func TestConstantCandidateBig(t *testing.T) {
	if testing.Short() || calibtest.RaceEnabled {
		t.Skip("about 3 s")
	}
	p := simFirstNOA(t, 128000)
	nr, err := p.Fit(FitOptions{Lambda: 0.5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	or, err := withoutCandidate(p).Fit(FitOptions{Lambda: 0.5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("iterations %d → %d, objective %.3g → %.3g, grad %.3g → %.3g", or.Iterations, nr.Iterations, or.Objective, nr.Objective, or.GradNorm, nr.GradNorm)
	if lo, hi := curveRange(nr.Curve); lo != 0.5 || hi != 0.5 || nr.Objective != 0 || nr.GradNorm != 0 {
		t.Errorf("g* in [%v, %v], objective %v, grad %v; want ≡ 0.5, 0, 0", lo, hi, nr.Objective, nr.GradNorm)
	}
	if !(nr.Iterations < or.Iterations) || !(nr.Objective <= or.Objective) || !(nr.GradNorm <= or.GradNorm) {
		t.Errorf("new %d iterations, %v, %v; old %d, %v, %v", nr.Iterations, nr.Objective, nr.GradNorm, or.Iterations, or.Objective, or.GradNorm)
	}
	for i, v := range or.Curve.G {
		if math.Abs(v-nr.Curve.G[i]) > 1e-12 {
			t.Fatalf("g*[%d]: old %v, new %v", i, v, nr.Curve.G[i])
		}
	}
}

// simFirstNOA builds the problem of model/sim's judge-first (position bias
// 1.5 logits, no token bias) on n items in x0..x3, P(A) to 6 digits, as in
// the simulated 1M-record log.
func simFirstNOA(tb testing.TB, n int) *NOA {
	tb.Helper()
	c := simtest.Config(n, 0, 0)
	c.Digits = 6
	c.Judges = sim.DefaultJudges()[1:2]
	lg, err := sim.Collect(c)
	if err != nil {
		tb.Fatal(err)
	}
	p, err := NewNOA(lg.Pairs, calibtest.AllIdx(len(lg.Pairs)), ObjectiveBoth)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// TestConstantMapConcaveLevel: with eq. 20's anchors alone (x0 and x1 only)
// the objective is concave along the level of a constant map, so g ≡ ½ is
// no candidate although its gradient is 0.
func TestConstantMapConcaveLevel(t *testing.T) {
	has01 := [model.NumArrangements]bool{true, true, false, false}
	pairs := calibtest.GenPairs(300, calibtest.Judge{Token: 0, Position: 1.5, Noise: 0.3, Spread: 1.5}, has01, 4)
	p, err := NewNOA(pairs, calibtest.AllIdx(len(pairs)), ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	if c := p.constantMap(0.5, DefaultGradTol, defaultSolver.eps, nil); c.ok {
		t.Errorf("anchored problem: g ≡ %v accepted as a candidate (f %v)", c.g[1], c.f)
	}
}
