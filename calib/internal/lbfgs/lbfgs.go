package lbfgs

import (
	"math"

	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/internal/mathx"
	"gonum.org/v1/gonum/floats"
)

// Options controls Minimise.
type Options struct {
	MaxIter int     // iteration limit
	GradTol float64 // stop when ‖∇f‖₂ ≤ gradTol
	RelTol  float64 // stop when |f_{i−window} − f_i| ≤ relTol·max(|f_i|, |f_{i-window}|)
	Window  int     // iterations over which relTol is judged
	Memory  int     // number of stored correction pairs
	StepMax float64 // largest change of any coordinate in one step
	// ZeroSum projects every direction onto Σ x_i = const (for objectives
	// invariant to adding a constant to x, whose gradient sums to zero).
	ZeroSum bool
	// Trace, when not nil, is called after every iteration.
	Trace func(iter int, f, gradNorm float64, x []float64)
	// Check, when not nil, is called every Window iterations after the
	// stopping rules; when it returns true, Minimise stops with
	// StatusCandidate (calibraeval's constant-map candidate,
	// noa_constant.go).
	Check func(f float64, x []float64) bool
	// Stop, when not nil, is asked before every iteration; true ends
	// Minimise with StatusCancelled.
	Stop func() bool
	// Work, when not nil, provides the work vectors.
	Work *work.Space
	// Scratch, when not nil, provides them instead: the vectors of the fit
	// this minimisation is a phase of (calibraeval's Fit), taken from it
	// and released to it for the fit's next phase.
	Scratch *work.Scratch
}

// Result is what Minimise reports.
type Result struct {
	F, GradNorm float64
	Iterations  int
	Evaluations int
	Converged   bool
	Status      string
}

// Status messages of Minimise.
const (
	StatusGradient  = "gradient norm below tolerance"
	StatusObjective = "relative objective change below tolerance"
	StatusIterLimit = "iteration limit"
	StatusLineFail  = "line search found no further decrease"
	// StatusCandidate is Minimise's status when opt.Check accepted; Fit
	// replaces it by the status of the accepted candidate.
	StatusCandidate = "candidate accepted"
	// StatusCancelled: the fit was stopped from outside (FitContext).
	StatusCancelled = "cancelled"
)

// Func returns f(x) and writes ∇f(x) into grad; xmax is max_i x_i
// (mathx.MaxOf(x), which the line search gets in the pass that forms x).
type Func func(x, grad []float64, xmax float64) float64

// DiagPrecond is the positive diagonal preconditioner h_i = 1/max(w_i,
// floor) (an approximation of the inverse Hessian's diagonal, up to scale),
// where w holds, after each evaluation of the objective, the weights at the
// evaluated point. Minimise computes h at accepted points only, fused with
// the history update.
type DiagPrecond struct {
	W     []float64
	Floor float64
}

// fill sets h_i = 1/max(w_i, floor).
func (pc DiagPrecond) fill(h []float64) {
	for i, w := range pc.W[:len(h)] {
		h[i] = 1 / max(w, pc.Floor)
	}
}

// Minimise minimises f from x0 (overwritten with the solution) by L-BFGS
// with a strong-Wolfe line search (Nocedal & Wright 2006, Alg. 7.4, 3.5 and
// 3.6). f must return a finite value for finite x and write the gradient
// into grad; a non-finite value is treated as +Inf and the step shrunk.
func Minimise(f Func, precond DiagPrecond, x0 []float64, opt Options) (res Result) {
	sc := opt.Scratch
	if sc == nil {
		sc = opt.Work.Scratch()
		defer opt.Work.PutScratch(sc)
	} else {
		defer sc.Release(sc.Mark())
	}
	n := len(x0)
	x := sc.Take(n)
	copy(x, x0)
	defer func() { copy(x0, x) }() // x and xt swap roles every iteration
	g, h, p := sc.Take(n), sc.Take(n), sc.Take(n)
	xt, gt, ht := sc.Take(n), sc.Take(n), sc.Take(n)
	m := newPairs(sc, n, opt.Memory)

	fx := f(x, g, mathx.MaxOf(x))
	precond.fill(h)
	hist := []float64{fx}
	res.Evaluations = 1
	res.F = fx
	res.GradNorm = norm2(g)
	if !isFinite(fx) {
		res.Status = "objective not finite at the start"
		return res
	}
	if res.GradNorm <= opt.GradTol {
		res.Converged, res.Status = true, StatusGradient
		return res
	}
	for res.Iterations < opt.MaxIter {
		if opt.Stop != nil && opt.Stop() {
			res.Status = StatusCancelled
			return res
		}
		dphi0, pInf, ok := m.direction(g, h, p, opt.ZeroSum)
		if !ok { // the gradient is numerically zero
			res.Converged, res.Status = true, StatusGradient
			break
		}
		// Steps change no coordinate by more than opt.stepMax; the first
		// step (or one after a restart) has unit length.
		stepMax := opt.StepMax / pInf
		step := 1.0
		if m.stored == 0 {
			step = 1 / norm2(p)
		}
		step = math.Min(step, stepMax)

		ft, ok, evals := wolfeSearch(f, x, fx, dphi0, p, step, stepMax, xt, gt)
		res.Evaluations += evals
		if !ok {
			res.Status = StatusLineFail
			break
		}
		res.Iterations++
		gg := m.update(x, xt, g, gt, ht, precond)
		x, xt = xt, x
		g, gt = gt, g
		h, ht = ht, h
		fx = ft
		hist = append(hist, fx)
		res.F = fx
		res.GradNorm = math.Sqrt(gg)
		if opt.Trace != nil {
			opt.Trace(res.Iterations, fx, res.GradNorm, x)
		}
		if status := stopStatus(opt, res, hist, x); status != "" {
			res.Converged, res.Status = true, status
			return res
		}
	}
	if res.Status == "" {
		res.Status = StatusIterLimit
	}
	return res
}

// stopStatus returns the status that ends Minimise after an iteration
// (the gradient norm, the objective's change over opt.Window iterations,
// a candidate opt.Check accepts every Window iterations), or "" to go on.
func stopStatus(opt Options, res Result, hist, x []float64) string {
	if res.GradNorm <= opt.GradTol {
		return StatusGradient
	}
	if len(hist) > opt.Window {
		old, fx := hist[len(hist)-1-opt.Window], res.F
		if math.Abs(old-fx) <= opt.RelTol*math.Max(math.Abs(fx), math.Abs(old)) {
			return StatusObjective
		}
	}
	if opt.Check != nil && res.Iterations%opt.Window == 0 && opt.Check(res.F, x) {
		return StatusCandidate
	}
	return ""
}

// wolfeSearch finds a step along p from x satisfying the strong Wolfe
// conditions (c1 = 1e-4, c2 = 0.9). On success xt, gt hold the new point and
// its gradient and ft its value, and the new point was the last evaluation.
func wolfeSearch(f Func, x []float64, f0, dphi0 float64, p []float64,
	step, stepMax float64, xt, gt []float64) (ft float64, ok bool, evals int) {
	const (
		c1       = 1e-4
		c2       = 0.9
		maxEvals = 40
	)
	phi := func(a float64) (float64, float64) {
		n := len(x)
		xt, p := xt[:n], p[:n]
		mx := math.Inf(-1)
		for i, xi := range x {
			v := xi + float64(a*p[i])
			xt[i] = v
			if v > mx {
				mx = v
			}
		}
		v := f(xt, gt, mx)
		evals++
		if !isFinite(v) {
			return math.Inf(1), 0
		}
		return v, dot(gt, p)
	}
	accept := func(a float64) bool { // re-evaluate at a to fill xt, gt
		v, _ := phi(a)
		ft = v
		return isFinite(v)
	}

	aPrev, fPrev, dPrev := 0.0, f0, dphi0
	a := step
	for evals < maxEvals {
		fa, da := phi(a)
		if fa > f0+c1*a*dphi0 || (aPrev > 0 && fa >= fPrev) {
			return zoom(phi, accept, f0, dphi0, aPrev, fPrev, dPrev, a, fa, da, &evals, &ft, xt, gt)
		}
		if math.Abs(da) <= -c2*dphi0 {
			return fa, true, evals
		}
		if da >= 0 {
			return zoom(phi, accept, f0, dphi0, a, fa, da, aPrev, fPrev, dPrev, &evals, &ft, xt, gt)
		}
		if a >= stepMax {
			return fa, true, evals // sufficient decrease at the largest allowed step
		}
		aPrev, fPrev, dPrev = a, fa, da
		a = math.Min(4*a, stepMax)
	}
	return 0, false, evals
}

// zoom is Nocedal & Wright's Algorithm 3.6 with safeguarded cubic
// interpolation. lo satisfies sufficient decrease; the minimiser lies between
// lo and hi.
func zoom(phi func(float64) (float64, float64), accept func(float64) bool, f0, dphi0 float64,
	lo, flo, dlo, hi, fhi, dhi float64, evals *int, ft *float64, xt, gt []float64) (float64, bool, int) {
	const (
		c1       = 1e-4
		c2       = 0.9
		maxEvals = 40
	)
	for *evals < maxEvals {
		a := cubicMin(lo, flo, dlo, hi, fhi, dhi)
		width := hi - lo
		if lo2, hi2 := math.Min(lo, hi), math.Max(lo, hi); math.IsNaN(a) ||
			a < lo2+0.1*math.Abs(width) || a > hi2-0.1*math.Abs(width) {
			a = lo + 0.5*width
		}
		if math.Abs(width) <= 1e-16*math.Max(math.Abs(lo), math.Abs(hi)) {
			break
		}
		fa, da := phi(a)
		if fa > f0+c1*a*dphi0 || fa >= flo {
			hi, fhi, dhi = a, fa, da
			continue
		}
		if math.Abs(da) <= -c2*dphi0 {
			return fa, true, *evals
		}
		if da*(hi-lo) >= 0 {
			hi, fhi, dhi = lo, flo, dlo
		}
		lo, flo, dlo = a, fa, da
	}
	// Out of evaluations: take lo if it made progress.
	if lo > 0 && flo < f0 {
		if accept(lo) {
			return *ft, true, *evals
		}
	}
	return 0, false, *evals
}

// cubicMin is the minimiser of the cubic interpolating f and f' at a and b
// (Nocedal & Wright eq. 3.59); NaN when it does not exist.
func cubicMin(a, fa, da, b, fb, db float64) float64 {
	d1 := da + db - 3*(fa-fb)/(a-b)
	disc := d1*d1 - da*db
	if disc < 0 || !isFinite(fb) {
		return math.NaN()
	}
	d2 := math.Copysign(math.Sqrt(disc), b-a)
	return b - (b-a)*(db+d2-d1)/(db-da+2*d2)
}

func isFinite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// dot3 is Σ a_i·b_i·c_i, summed in order (each product rounded: the
// conversions keep the compiler from fusing it into the sum, as in
// historyUpdate).
func dot3(a, b, c []float64) float64 {
	s := 0.0
	for i, v := range a {
		s += float64(float64(v*b[i]) * c[i])
	}
	return s
}

// dot is xᵀy (SIMD on amd64 through gonum).
func dot(x, y []float64) float64 { return floats.Dot(x, y) }

// axpy sets y += alpha·x.
func axpy(alpha float64, x, y []float64) { floats.AddScaled(y, alpha, x) }

func norm2(x []float64) float64 { return math.Sqrt(dot(x, x)) }

func normInf(x []float64) float64 {
	m := 0.0
	for _, v := range x {
		if v > m {
			m = v
		} else if -v > m {
			m = -v
		}
	}
	return m
}

// Centre shifts d so that Σ d = 0.
func Centre(d []float64) {
	mean := 0.0
	for _, v := range d {
		mean += v
	}
	mean /= float64(len(d))
	for i := range d {
		d[i] -= mean
	}
}
