package calibraeval

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/internal/lbfgs"
	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/calib/stats"
	"gonum.org/v1/gonum/floats"
)

// FitOptions controls NOA.Fit. A zero MaxIter, GradTol or RelTol takes the
// default below.
type FitOptions struct {
	// Lambda is λ ≥ 0, the weight of the terms that keep g away from the
	// trivial 0.5 (the paper uses 0.5).
	Lambda float64
	// MaxIter caps the iterations of both phases of Fit together (default
	// DefaultMaxIter).
	MaxIter int
	// GradTol stops when ‖∂(L/K)/∂d‖₂ ≤ GradTol (default DefaultGradTol).
	GradTol float64
	// RelTol stops when L/K changed by at most RelTol·|L/K| over the last
	// 10 iterations (default DefaultRelTol).
	RelTol float64

	// stop, when not nil, is asked before every iteration of either phase;
	// true cancels the fit (FitContext).
	stop func() bool
	// work, when not nil, provides the fit's short-lived vectors
	// (workspace); its owner must not use it concurrently.
	Work *work.Space
	// scratch is the work vectors of the fit (or fit path) a phase belongs
	// to: fit takes them once, from Work, and every phase takes its
	// vectors from it and releases them for the next (nil: allocated).
	scratch *work.Scratch
}

// The defaults of FitOptions.
const (
	DefaultMaxIter = 2000
	DefaultGradTol = 1e-9
	DefaultRelTol  = 1e-8
)

// FitResult is a fitted CalibraEval map and how the optimisation went.
type FitResult struct {
	Lambda     float64      // the λ fitted
	D          []float64    // parameters d_1..d_M, Σ d = 0
	Curve      *calib.Curve // g*, continuous and non-decreasing; Curve.Z is the problem's knots, shared: do not change it
	Iterations int          // L-BFGS iterations
	Evals      int          // objective+gradient evaluations
	Objective  float64      // final L/K
	GradNorm   float64      // final ‖∂(L/K)/∂d‖₂
	Converged  bool         // stopped on GradTol or RelTol
	Status     string       // why it stopped
	Points     int          // M+1 knots, z_0 = 0 … z_M = 1

	// g, when not nil, is a warm start given as g(z_0..z_M) instead of D
	// (Resampler.Start): the fit's second phase, which works in g, starts
	// from it directly.
	g []float64
}

// solverConfig holds the L-BFGS settings of Fit (fixed; tests vary them).
type solverConfig struct {
	memory  int     // L-BFGS correction pairs
	floor   float64 // preconditioner uses max(w_k, floor/M)
	window  int     // iterations over which RelTol is judged
	stepMax float64 // largest change of any d_k in one step
	trace   func(iter int, f, gradNorm float64, d []float64)
	// eps is the smallest increment g(z_k) − g(z_{k−1}) when the fit in g
	// is turned into d: a flat piece becomes d_k = log eps.
	eps float64
	// lbfgsOnly skips the fit in g (the solver before it; tests compare).
	lbfgsOnly bool
	// noCandidate skips phase 1's constant-map candidate (noa_constant.go;
	// the solver before it; tests compare).
	noCandidate bool
	// switchTol: a cold fit with λ > 0 runs L-BFGS in d until L/K changes
	// by at most switchTol (relative) over window iterations, then the fit
	// in g; 0 skips the L-BFGS phase.
	switchTol float64
	// coarseMin: when M > coarseMin (and coarseMin > 0), the L-BFGS phase
	// runs on coarseBins quantile bins of the knots instead (noa_coarse.go).
	coarseMin int
}

// defaultSolver was chosen on four synthetic judges × λ ∈ {0.2, 0.5, 2}
// (3,000 items): among memories 4–10 and floors 0.001–1, memory 6 with floor
// 0.1 needed the fewest iterations (about half of floor 0.01's) while
// reaching objectives within 3e-4 (relative) of the best found.
//
// eps and switchTol were chosen on 500 problems (5 synthetic judges × 4
// designs × 3 objectives × 200 or 1,500 items × λ ∈ {0, 0.2, 0.5, 1, 2}):
// with switchTol 1e-2 … 1e-4 every fit reached an objective at most that of
// the L-BFGS-only solver (1e-3, in the middle, is used).
var defaultSolver = solverConfig{memory: 6, floor: 0.1, window: 10, stepMax: 20, eps: 1e-20, switchTol: 1e-3, coarseMin: coarseMinKnots}

// Fit minimises the objective for opt.Lambda from the identity map, or from
// warm.D when warm is not nil (the fit of a neighbouring λ), then builds g*
// from g(z_k) by weighted isotonic regression (PAVA).
//
// The objective is not convex for λ > 0, so the result is a local minimum
// that depends on the start, and its minimisers are near-step maps: many
// increments g(z_k) − g(z_{k−1}) are 0, i.e. d_k = −∞. Fit works in two
// phases.
//
//  1. Cold fits with λ > 0 first run L-BFGS in d (strong-Wolfe line search,
//     H₀ = γ·diag(1/w_k), w_k = e^{d_k}/Σe^{d_i} floored at 0.1/M: the
//     inverse Fisher metric of the softmax, under which a gradient step is
//     an exponentiated-gradient step on the increments of g) until L/K
//     changes by at most 1e-3 (relative) over 10 iterations. This picks the
//     basin; on 500 synthetic problems the fit then reached an objective at
//     least as low as L-BFGS run to the end, which a start from the identity
//     in phase 2 did not (it was higher on 21 of them). Every 10
//     iterations it tries the exact constant map (the best map with one
//     free piece; g ≡ ½ without P(A) of exactly 0 or 1, where every term
//     vanishes with its gradient) and stops there when that map passes
//     phase 2's stopping rule, its objective is at most the current one and
//     the iterate is within CollapseSD of it (noa_constant.go): a collapsing
//     fit approaches it only slowly, and otherwise nothing changes.
//  2. Majorise-minimise in g over 0 ≤ g_1 ≤ … ≤ g_{M−1} ≤ 1, which reaches
//     flat pieces exactly, each step followed by an exact minimisation over
//     the levels of the current flat pieces (see minimiseG and newtonStep).
//     Warm starts and λ = 0 (convex) start here. The result is
//     d_k = log max(g_k − g_{k−1}, 1e-20), centred.
//
// Both phases stop on the same rules: ‖∂(L/K)/∂d‖₂ ≤ GradTol (in phase 2 at
// the returned d, and only at a point that the majorise-minimise step does
// not move by more than 1e-9, i.e. a stationary point in g), or L/K changed
// by at most RelTol·|L/K| over the last 10 iterations, or MaxIter iterations
// of both phases together. Objective and GradNorm are computed at the
// returned D; Evals counts evaluations of the objective with its gradient
// (in d or in g).
//
// The gauge Σ d = 0: the start is centred and every L-BFGS direction is
// projected onto Σ d = 0 (the gradient already sums to zero, as softmax is
// shift-invariant, so the projection keeps the directional derivative); the
// result is centred again to remove rounding drift.
func (p *NOA) Fit(opt FitOptions, warm *FitResult) (FitResult, error) {
	return p.FitContext(context.Background(), opt, warm)
}

// FitContext is Fit, stopped with ctx's error when ctx is done (checked
// before every iteration). A fit that is not stopped gives exactly Fit's
// result.
func (p *NOA) FitContext(ctx context.Context, opt FitOptions, warm *FitResult) (FitResult, error) {
	opt.stop = ctxStop(ctx)
	r, err := p.fit(opt, warm)
	if err == nil && r.Status == lbfgs.StatusCancelled {
		return FitResult{}, fmt.Errorf("calibraeval: %w", context.Cause(ctx))
	}
	return r, err
}

// ctxStop returns FitOptions.stop for ctx (nil for a context that is never
// done).
func ctxStop(ctx context.Context) func() bool {
	if ctx.Done() == nil {
		return nil
	}
	return func() bool { return ctx.Err() != nil }
}

// fit is Fit; a cancelled fit (opt.stop) returns a result with status
// lbfgs.StatusCancelled.
func (p *NOA) fit(opt FitOptions, warm *FitResult) (FitResult, error) {
	opt, err := opt.withDefaults()
	if err != nil {
		return FitResult{}, err
	}
	d, err := p.startD(warm)
	if err != nil {
		return FitResult{}, err
	}
	lam := opt.Lambda
	cfg := p.solver
	ws := opt.Work
	// The fit takes its work vectors once: every phase below takes them
	// from sc and releases them for the next, so a phase's vectors serve
	// the next phase instead of going back to the workspace.
	sc := ws.Scratch()
	defer ws.PutScratch(sc)
	opt.scratch = sc
	if cfg.lbfgsOnly {
		r := p.fitLBFGS(d, lam, opt.MaxIter, opt, nil)
		return p.result(lam, d, r, sc)
	}
	cancelled := FitResult{Status: lbfgs.StatusCancelled}
	var pre lbfgs.Result
	var g []float64 // phase 2's start and iterate: sc's (taken at gMark) or hit.g
	gMark := sc.Mark()
	var hit constMap // the constant-map candidate, when phase 1 accepted it
	// λ = 0 is convex: any start leads to the same minimum value.
	if warm == nil && cfg.switchTol > 0 && lam > 0 {
		o := opt
		o.RelTol = max(opt.RelTol, cfg.switchTol)
		if cfg.coarseMin > 0 && p.m > cfg.coarseMin {
			// A large problem: choose the basin on quantile bins of the
			// knots (noa_coarse.go), then always refine on the exact one.
			pre, g = p.coarsePhase1(lam, opt, o, &hit, sc)
			if pre.Status == lbfgs.StatusCancelled {
				return cancelled, nil
			}
		} else {
			pre = p.fitLBFGS(d, lam, opt.MaxIter, o, p.constantCheckIf(p, lam, opt.GradTol, &hit, sc))
			if pre.Status == lbfgs.StatusCancelled {
				return cancelled, nil
			}
			if pre.Status != lbfgs.StatusCandidate && (pre.Status != lbfgs.StatusObjective || o.RelTol == opt.RelTol) {
				return p.result(lam, d, pre, sc)
			}
		}
	}
	var mm mmResult
	if pre.Status == lbfgs.StatusCandidate {
		// Phase 1 reached the constant map's neighbourhood and the map
		// itself passes phase 2's stopping rule (noa_constant.go).
		g = hit.g
		mm = mmResult{f: hit.f, gradNorm: hit.gradNorm, evaluations: hit.evals, converged: true, status: lbfgs.StatusGradient}
	} else {
		// Phase 2: majorise-minimise in g, which lands on flat pieces exactly.
		switch {
		case g != nil:
		case warm != nil && warm.g != nil:
			g = sc.Take(p.m + 1)
			copy(g, warm.g)
		default:
			g = sc.Take(p.m + 1)
			p.gTo(g, d, sc)
		}
		o := opt
		o.MaxIter -= pre.Iterations
		mm = p.minimiseG(g, lam, o, cfg.window, cfg.eps)
		if mm.status == lbfgs.StatusCancelled {
			return cancelled, nil
		}
	}
	gToD(g, d, cfg.eps)
	sc.Release(gMark) // g, when it is sc's (hit.g is not)
	r := p.judgeAtD(d, lam, pre, mm, sc)
	if mm.status == lbfgs.StatusGradient && !(r.GradNorm <= opt.GradTol) {
		// The estimate at g passed the test but d does not (rounding):
		// finish with L-BFGS in d, with the iterations left.
		pol := p.fitLBFGS(d, lam, opt.MaxIter-r.Iterations, opt, nil)
		if pol.Status == lbfgs.StatusCancelled {
			return cancelled, nil
		}
		pol.Iterations += r.Iterations
		pol.Evaluations += r.Evaluations
		r = pol
	}
	return p.result(lam, d, r, sc)
}

// coarsePhase1 is phase 1 of a large problem's fit from the identity: L-BFGS
// with options o on quantile bins of the knots (noa_coarse.go), accepting
// the constant-map candidate into hit (opt's tolerance), and, unless it
// was accepted or the fit cancelled, the coarse solution prolonged to g on
// p's knots (taken from sc) as phase 2's start.
func (p *NOA) coarsePhase1(lam float64, opt, o FitOptions, hit *constMap, sc *work.Scratch) (pre lbfgs.Result, g []float64) {
	ws := opt.Work
	c, of := p.coarsen(coarseBins, ws)
	dc := c.IdentityD()
	pre = c.fitLBFGS(dc, lam, opt.MaxIter, o, p.constantCheckIf(c, lam, opt.GradTol, hit, sc))
	if pre.Status != lbfgs.StatusCandidate && pre.Status != lbfgs.StatusCancelled {
		g = sc.Take(p.m + 1)
		mk := sc.Mark()
		gc := sc.Take(c.m + 1)
		c.gTo(gc, dc, sc)
		p.prolong(c, of, gc, lam, g, sc)
		sc.Release(mk)
	}
	ws.PutInt32s(of)
	putCoarse(c, ws)
	return pre, g
}

// withDefaults checks opt (a finite λ ≥ 0, no negative limit or
// tolerance) and fills the defaults of the ones left 0.
func (opt FitOptions) withDefaults() (FitOptions, error) {
	if !(opt.Lambda >= 0) || math.IsInf(opt.Lambda, 0) {
		return opt, fmt.Errorf("calibraeval: λ = %v, want a finite number ≥ 0", opt.Lambda)
	}
	if opt.MaxIter < 0 || !(opt.GradTol >= 0) || !(opt.RelTol >= 0) {
		return opt, errors.New("calibraeval: negative iteration limit or tolerance")
	}
	if opt.MaxIter == 0 {
		opt.MaxIter = DefaultMaxIter
	}
	if opt.GradTol == 0 {
		opt.GradTol = DefaultGradTol
	}
	if opt.RelTol == 0 {
		opt.RelTol = DefaultRelTol
	}
	return opt, nil
}

// startD returns the fit's starting parameters: warm's, centred (checked:
// p.m finite values), or the identity map's without a warm start.
func (p *NOA) startD(warm *FitResult) ([]float64, error) {
	if warm == nil {
		return p.IdentityD(), nil
	}
	if warm.g != nil { // a start in g: d is set from phase 2's g
		if len(warm.g) != p.m+1 {
			return nil, fmt.Errorf("calibraeval: warm start has %d values of g, want %d", len(warm.g), p.m+1)
		}
		return make([]float64, p.m), nil
	}
	if len(warm.D) != p.m {
		return nil, fmt.Errorf("calibraeval: warm start has %d parameters, want %d", len(warm.D), p.m)
	}
	for _, v := range warm.D {
		if !isFinite(v) {
			return nil, errors.New("calibraeval: warm start has a non-finite parameter")
		}
	}
	d := slices.Clone(warm.D)
	lbfgs.Centre(d)
	return d, nil
}

// judgeAtD is the result of the two phases (pre, then mm) judged at d
// itself: the objective and gradient norm there (one more evaluation), the
// phases' iterations and evaluations summed, phase 2's status.
func (p *NOA) judgeAtD(d []float64, lam float64, pre lbfgs.Result, mm mmResult, sc *work.Scratch) lbfgs.Result {
	mk := sc.Mark()
	grad := sc.Take(p.m)
	fd := p.eval(scratchNOAWork(sc, p.m), d, lam, grad)
	gradNorm := norm2(grad)
	sc.Release(mk)
	return lbfgs.Result{
		F: fd, GradNorm: gradNorm, Iterations: pre.Iterations + mm.iterations, Evaluations: pre.Evaluations + mm.evaluations + 1,
		Converged: mm.converged, Status: mm.status,
	}
}

// fitLBFGS minimises the objective from d (overwritten) by preconditioned
// L-BFGS in d with at most maxIter iterations (see Fit); check, when not
// nil, is lbfgs.Minimise's Check. Its vectors, and L-BFGS's, come from
// opt.scratch and go back to it.
func (p *NOA) fitLBFGS(d []float64, lam float64, maxIter int, opt FitOptions, check func(float64, []float64) bool) lbfgs.Result {
	sc := opt.scratch
	defer sc.Release(sc.Mark())
	ws := scratchNOAWork(sc, p.m)
	cfg := p.solver
	floor := cfg.floor / float64(p.m)
	f := func(x, grad []float64, xmax float64) float64 { return p.evalMax(ws, x, xmax, lam, grad) }
	return lbfgs.Minimise(f, lbfgs.DiagPrecond{W: ws.w, Floor: floor}, d, lbfgs.Options{
		MaxIter: maxIter, GradTol: opt.GradTol, RelTol: opt.RelTol,
		Memory: cfg.memory, Window: cfg.window, StepMax: cfg.stepMax, Trace: cfg.trace, ZeroSum: true, Check: check, Stop: opt.stop,
		Work: opt.Work, Scratch: sc,
	})
}

// result centres d and builds the FitResult (sc: curve's).
func (p *NOA) result(lam float64, d []float64, r lbfgs.Result, sc *work.Scratch) (FitResult, error) {
	lbfgs.Centre(d)
	curve, err := p.curve(d, sc)
	if err != nil {
		return FitResult{}, err
	}
	return FitResult{
		Lambda: lam, D: d, Curve: curve,
		Iterations: r.Iterations, Evals: r.Evaluations,
		Objective: r.F, GradNorm: r.GradNorm,
		Converged: r.Converged, Status: r.Status,
		Points: p.m + 1,
	}, nil
}

// curve builds g* from the discrete map: its knots are the interior
// z_1..z_{M−1}, plus z_0 = 0 or z_M = 1 when some pooled s equals them, with
// g(z_k) made non-decreasing by PAVA weighted by the number of pooled values
// at each knot (docs/methods.md §3 "Continuous g*"). g from the softmax is already
// non-decreasing, so PAVA only removes rounding.
// Its work vectors come from sc (a nil sc allocates them); the Curve's G
// is always new.
func (p *NOA) curve(d []float64, sc *work.Scratch) (*calib.Curve, error) {
	defer sc.Release(sc.Mark())
	g := sc.Take(p.m + 1)
	p.gTo(g, d, sc)
	return p.curveOf(g, sc)
}

// curveOf builds g* from g(z_0..z_M) as curve does (sc: its work vectors;
// nil allocates them).
func (p *NOA) curveOf(g []float64, sc *work.Scratch) (*calib.Curve, error) {
	defer sc.Release(sc.Mark())
	lo, hi := p.curveRange()
	z := p.z[lo : hi+1 : hi+1] // shared by every fit of the problem; never changed
	w := sc.Take(len(z))
	for i := range w {
		w[i] = float64(p.count[lo+i])
	}
	// The knots are sorted and distinct: the same values without
	// FitIsotonic's sort and copies, unless two knots are closer than its
	// tie resolution.
	wbuf, target := sc.Take(len(z)), sc.TakeInts(len(z))
	gs, ok := stats.IsotonicAtSortedBuf(z, g[lo:hi+1], w, nil, wbuf, target)
	if ok {
		return &calib.Curve{Z: z, G: gs}, nil
	}
	iso, err := stats.FitIsotonic(z, g[lo:hi+1], w)
	if err != nil {
		return nil, fmt.Errorf("calibraeval: isotonic fit of g*: %w", err)
	}
	return &calib.Curve{Z: z, G: iso.PredictSorted(z, make([]float64, 0, len(z)))}, nil
}

// dot is xᵀy (SIMD on amd64 through gonum).
func dot(x, y []float64) float64 { return floats.Dot(x, y) }

// norm2 is ‖x‖₂, with dot's order of summation (the L-BFGS phase's).
func norm2(x []float64) float64 { return math.Sqrt(dot(x, x)) }

// isFinite reports whether v is neither NaN nor ±Inf.
func isFinite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
