package lbfgs_test

import (
	"math"
	"testing"

	"github.com/plumb-eval/plumb/calib/internal/lbfgs"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/optimize/functions"
)

// problem is one of gonum's optimize/functions test problems.
type problem interface {
	Func(x []float64) float64
	Grad(grad, x []float64)
}

// minima lists a problem's known minima, when it has the method.
type minima interface{ Minima() []functions.Minimum }

// objective turns a problem into lbfgs.Func (xmax, which the fit's softmax
// uses, is not needed here).
func objective(p problem) lbfgs.Func {
	return func(x, grad []float64, _ float64) float64 {
		p.Grad(grad, x)
		return p.Func(x)
	}
}

// identity is the preconditioner h_i = 1 (plain L-BFGS, H₀ = γI).
func identity(n int) lbfgs.DiagPrecond {
	w := make([]float64, n)
	for i := range w {
		w[i] = 1
	}
	return lbfgs.DiagPrecond{W: w, Floor: 1}
}

// plain are the options of the unprojected tests: the fit's memory and
// window, tight tolerances, no cap on a step that matters.
func plain() lbfgs.Options {
	return lbfgs.Options{MaxIter: 2000, GradTol: 1e-10, RelTol: 1e-15, Window: 10, Memory: 6, StepMax: 1e10}
}

// rosenbrockStart is the standard start of the extended Rosenbrock
// function, (−1.2, 1, −1.2, 1, …).
func rosenbrockStart(n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = 1
		if i%2 == 0 {
			x[i] = -1.2
		}
	}
	return x
}

// TestStandardProblems runs Minimise without preconditioner or projection
// (plain L-BFGS) on gonum's standard unconstrained test problems from
// their standard starts (Moré, Garbow & Hillstrom 1981), as gonum's own
// optimize tests do: it must stop converged, or where the line search can
// no longer decrease f at a relative gradient below 1e-6, at a known
// minimum (the problem's Minima of that dimension, else wantF).
func TestStandardProblems(t *testing.T) {
	for _, c := range []struct {
		name  string
		p     problem
		x     []float64
		wantF float64 // when Minima lists none of this dimension
	}{
		{"Beale", functions.Beale{}, []float64{1, 1}, 0},
		{"BiggsEXP2", functions.BiggsEXP2{}, []float64{1, 2}, 0},
		{"BiggsEXP3", functions.BiggsEXP3{}, []float64{1, 2, 1}, 0},
		{"BiggsEXP4", functions.BiggsEXP4{}, []float64{1, 2, 1, 1}, 0},
		{"BiggsEXP6", functions.BiggsEXP6{}, []float64{1, 2, 1, 1, 1, 1}, 0},
		{"Box3D", functions.Box3D{}, []float64{0, 10, 20}, 0},
		{"BrownBadlyScaled", functions.BrownBadlyScaled{}, []float64{1, 1}, 0},
		{"BrownAndDennis", functions.BrownAndDennis{}, []float64{25, 5, -5, -1}, 0},
		{"ExtendedPowellSingular", functions.ExtendedPowellSingular{}, []float64{3, -1, 0, 3}, 0},
		{"ExtendedRosenbrock 2", functions.ExtendedRosenbrock{}, rosenbrockStart(2), 0},
		{"ExtendedRosenbrock 3", functions.ExtendedRosenbrock{}, rosenbrockStart(3), 0},
		{"ExtendedRosenbrock 10", functions.ExtendedRosenbrock{}, rosenbrockStart(10), 0},
		{"ExtendedRosenbrock 100", functions.ExtendedRosenbrock{}, rosenbrockStart(100), 0},
		{"GulfResearchAndDevelopment", functions.GulfResearchAndDevelopment{}, []float64{5, 2.5, 0.15}, 0},
		{"HelicalValley", functions.HelicalValley{}, []float64{-1, 0, 0}, 0},
		{"PenaltyI", functions.PenaltyI{}, []float64{1, 2, 3, 4}, 0},
		{"PenaltyII", functions.PenaltyII{}, []float64{0.5, 0.5, 0.5, 0.5}, 0},
		{"PowellBadlyScaled", functions.PowellBadlyScaled{}, []float64{0, 1}, 0},
		{"Trigonometric", functions.Trigonometric{}, []float64{0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1}, 0},
		{"VariablyDimensioned", functions.VariablyDimensioned{}, []float64{0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0}, 0},
		{"Watson", functions.Watson{}, []float64{0, 0, 0, 0, 0, 0}, 0},
		{"Wood", functions.Wood{}, []float64{-3, -1, -3, -1}, 0},
	} {
		n := len(c.x)
		x := append([]float64(nil), c.x...)
		r := lbfgs.Minimise(objective(c.p), identity(n), x, plain())
		g := make([]float64, n)
		c.p.Grad(g, x)
		gn := floats.Norm(g, 2)
		if f := c.p.Func(x); f != r.F {
			t.Errorf("%s: reported f %v, f(x) = %v", c.name, r.F, f)
		}
		if !r.Converged && !(r.Status == lbfgs.StatusLineFail && gn <= 1e-6*math.Max(1, math.Abs(r.F))) {
			t.Errorf("%s: stopped (%s) after %d iterations at f = %v, ‖∇f‖ = %.3g", c.name, r.Status, r.Iterations, r.F, gn)
			continue
		}
		wants := []float64{c.wantF}
		if m, ok := c.p.(minima); ok {
			var dimF []float64
			for _, mm := range m.Minima() {
				if len(mm.X) == n {
					dimF = append(dimF, mm.F)
				}
			}
			if len(dimF) > 0 {
				wants = dimF
			}
		}
		ok := false
		for _, w := range wants {
			if math.Abs(r.F-w) <= math.Max(1e-9, 1e-7*math.Abs(w)) {
				ok = true
			}
		}
		if !ok {
			t.Errorf("%s: f = %v after %d iterations (%s), want one of %v", c.name, r.F, r.Iterations, r.Status, wants)
		}
	}
}

// shifted is the extended Rosenbrock function of x − mean(x) + c: it does
// not change when a constant is added to x, as CalibraEval's objective
// does not (softmax), so its gradient sums to zero. Its minima are
// x = 1 − c + t·1; with mean(c) = 1 the centred one is 1 − c.
type shifted struct{ c []float64 }

func (s shifted) y(x []float64) []float64 {
	m := floats.Sum(x) / float64(len(x))
	y := make([]float64, len(x))
	for i := range y {
		y[i] = x[i] - m + s.c[i]
	}
	return y
}

func (s shifted) Func(x []float64) float64 { return functions.ExtendedRosenbrock{}.Func(s.y(x)) }

func (s shifted) Grad(grad, x []float64) {
	functions.ExtendedRosenbrock{}.Grad(grad, s.y(x))
	m := floats.Sum(grad) / float64(len(grad)) // the chain rule through x − mean(x)
	for i := range grad {
		grad[i] -= m
	}
}

// TestZeroSum runs Minimise with ZeroSum, as the fit does, on the shifted
// Rosenbrock function from a centred start: every direction is projected
// onto Σx = 0, so x stays centred (up to rounding) and ends at the centred
// minimiser 1 − c.
func TestZeroSum(t *testing.T) {
	for _, n := range []int{2, 5, 20} {
		c := make([]float64, n)
		for i := range c {
			c[i] = 1 + 0.3*math.Sin(float64(i)) // any offset with mean 1
		}
		mc := floats.Sum(c) / float64(n)
		for i := range c {
			c[i] += 1 - mc
		}
		p := shifted{c}
		x := rosenbrockStart(n)
		lbfgs.Centre(x)
		opt := plain()
		opt.ZeroSum = true
		r := lbfgs.Minimise(objective(p), identity(n), x, opt)
		if !r.Converged || r.F > 1e-18 {
			t.Errorf("n=%d: stopped (%s) after %d iterations at f = %v", n, r.Status, r.Iterations, r.F)
		}
		if s := floats.Sum(x); math.Abs(s) > 1e-12 {
			t.Errorf("n=%d: Σx = %v, want 0 (every direction projected)", n, s)
		}
		for i := range x {
			if math.Abs(x[i]-(1-c[i])) > 1e-8 {
				t.Errorf("n=%d: x[%d] = %v, want %v", n, i, x[i], 1-c[i])
				break
			}
		}
	}
}

// scaled is the extended Rosenbrock function of x ∘ s: badly scaled when s
// spans orders of magnitude.
type scaled struct{ s []float64 }

func (p scaled) Func(x []float64) float64 {
	y := make([]float64, len(x))
	floats.MulTo(y, x, p.s)
	return functions.ExtendedRosenbrock{}.Func(y)
}

func (p scaled) Grad(grad, x []float64) {
	y := make([]float64, len(x))
	floats.MulTo(y, x, p.s)
	functions.ExtendedRosenbrock{}.Grad(grad, y)
	floats.Mul(grad, p.s)
}

// TestPreconditioner: with h_i = 1/s_i² (W = s², the diagonal scaling of a
// badly scaled Rosenbrock problem) Minimise solves it in about the
// iterations of the unscaled problem; the preconditioner is what the fit
// sets to the softmax weights.
func TestPreconditioner(t *testing.T) {
	s := []float64{1e-2, 1e2, 1, 1e-1, 10, 1}
	w := make([]float64, len(s))
	floats.MulTo(w, s, s)
	x := rosenbrockStart(len(s))
	floats.Div(x, s) // the standard start in y = x ∘ s
	r := lbfgs.Minimise(objective(scaled{s}), lbfgs.DiagPrecond{W: w, Floor: 0}, x, plain())
	ref := rosenbrockStart(len(s))
	rr := lbfgs.Minimise(objective(functions.ExtendedRosenbrock{}), identity(len(s)), ref, plain())
	if !r.Converged || r.F > 1e-18 {
		t.Fatalf("stopped (%s) after %d iterations at f = %v", r.Status, r.Iterations, r.F)
	}
	for i := range x {
		if math.Abs(x[i]*s[i]-1) > 1e-8 {
			t.Errorf("y[%d] = %v, want 1", i, x[i]*s[i])
		}
	}
	if r.Iterations > 2*rr.Iterations {
		t.Errorf("%d iterations preconditioned, %d on the unscaled problem", r.Iterations, rr.Iterations)
	}
	t.Logf("%d iterations preconditioned; unscaled problem %d", r.Iterations, rr.Iterations)
}

// TestStopAndCheck: Stop ends Minimise before the next iteration
// (StatusCancelled), and Check is asked every Window iterations, ending it
// with StatusCandidate when it accepts.
func TestStopAndCheck(t *testing.T) {
	p := functions.ExtendedRosenbrock{}
	opt := plain()
	calls := 0
	opt.Stop = func() bool { calls++; return calls > 7 }
	r := lbfgs.Minimise(objective(p), identity(10), rosenbrockStart(10), opt)
	if r.Status != lbfgs.StatusCancelled || r.Iterations != 7 {
		t.Errorf("stop after 7: status %q after %d iterations", r.Status, r.Iterations)
	}
	opt = plain()
	var asked []int
	iter := 0
	opt.Trace = func(it int, _, _ float64, _ []float64) { iter = it }
	opt.Check = func(f float64, x []float64) bool {
		asked = append(asked, iter)
		return len(asked) == 3
	}
	r = lbfgs.Minimise(objective(p), identity(10), rosenbrockStart(10), opt)
	if r.Status != lbfgs.StatusCandidate || !r.Converged || r.Iterations != 30 || len(asked) != 3 || asked[0] != 10 || asked[1] != 20 {
		t.Errorf("check: status %q after %d iterations, asked at %v", r.Status, r.Iterations, asked)
	}
}
