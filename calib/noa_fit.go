package calib

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/plumb-eval/plumb/calib/stats"
)

// FitOptions controls NOA.Fit. A zero MaxIter, GradTol or RelTol takes the
// default below.
type FitOptions struct {
	// Lambda is λ ≥ 0, the weight of the terms that keep g away from the
	// trivial 0.5 (the paper uses 0.5).
	Lambda float64
	// MaxIter caps the L-BFGS iterations (default DefaultMaxIter).
	MaxIter int
	// GradTol stops when ‖∂(L/K)/∂d‖₂ ≤ GradTol (default DefaultGradTol).
	GradTol float64
	// RelTol stops when L/K changed by at most RelTol·|L/K| over the last
	// 10 iterations (default DefaultRelTol).
	RelTol float64
}

// The defaults of FitOptions.
const (
	DefaultMaxIter = 2000
	DefaultGradTol = 1e-9
	DefaultRelTol  = 1e-8
)

// FitResult is a fitted CalibraEval map and how the optimisation went.
type FitResult struct {
	Lambda     float64   // the λ fitted
	D          []float64 // parameters d_1..d_M, Σ d = 0
	Curve      *Curve    // g*, continuous and non-decreasing
	Iterations int       // L-BFGS iterations
	Evals      int       // objective+gradient evaluations
	Objective  float64   // final L/K
	GradNorm   float64   // final ‖∂(L/K)/∂d‖₂
	Converged  bool      // stopped on GradTol or RelTol
	Status     string    // why it stopped
	Points     int       // M+1 knots, z_0 = 0 … z_M = 1
}

// solverConfig holds the L-BFGS settings of Fit (fixed; tests vary them).
type solverConfig struct {
	memory  int     // L-BFGS correction pairs
	floor   float64 // preconditioner uses max(w_k, floor/M)
	window  int     // iterations over which RelTol is judged
	stepMax float64 // largest change of any d_k in one step
	trace   func(iter int, f, gradNorm float64, d []float64)
}

// defaultSolver was chosen on four synthetic judges × λ ∈ {0.2, 0.5, 2}
// (3,000 items): among memories 4–10 and floors 0.001–1, memory 6 with floor
// 0.1 needed the fewest iterations while reaching objectives within 1e-5
// (relative) of the best found.
var defaultSolver = solverConfig{memory: 6, floor: 0.1, window: 10, stepMax: 20}

// Fit minimises the objective for opt.Lambda from the identity map, or from
// warm.D when warm is not nil (the fit of a neighbouring λ), then builds g*
// from g(z_k) by weighted isotonic regression (PAVA).
//
// The optimiser is L-BFGS with a strong-Wolfe line search, preconditioned by
// H₀ = γ·diag(1/w_k) (w_k = e^{d_k}/Σe^{d_i}, floored at 0.1/M): the inverse
// Fisher metric of the softmax, under which a gradient step is an
// exponentiated-gradient step on the increments of g. It stops when the
// gradient norm or the relative change of the objective over 10 iterations
// falls below its tolerance, or at the iteration limit. The objective is not
// convex for λ > 0, so the result is a local minimum that depends on the
// start; for a small λ the minimum is g → 0.5, reached only as some d_k → −∞,
// and the gradient test ends the run.
//
// The gauge Σ d = 0: the start is centred and every search direction is
// projected onto Σ d = 0 (the gradient already sums to zero, as softmax is
// shift-invariant, so the projection keeps the directional derivative); the
// result is centred again to remove rounding drift.
func (p *NOA) Fit(opt FitOptions, warm *FitResult) (FitResult, error) {
	if !(opt.Lambda >= 0) || math.IsInf(opt.Lambda, 0) {
		return FitResult{}, fmt.Errorf("calibraeval: λ = %v, want a finite number ≥ 0", opt.Lambda)
	}
	if opt.MaxIter < 0 || !(opt.GradTol >= 0) || !(opt.RelTol >= 0) {
		return FitResult{}, errors.New("calibraeval: negative iteration limit or tolerance")
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
	var d []float64
	if warm != nil {
		if len(warm.D) != p.m {
			return FitResult{}, fmt.Errorf("calibraeval: warm start has %d parameters, want %d", len(warm.D), p.m)
		}
		for _, v := range warm.D {
			if !isFinite(v) {
				return FitResult{}, errors.New("calibraeval: warm start has a non-finite parameter")
			}
		}
		d = slices.Clone(warm.D)
		centre(d)
	} else {
		d = p.IdentityD()
	}
	ws := newNOAWork(p.m)
	lam := opt.Lambda
	cfg := p.solver
	floor := cfg.floor / float64(p.m)
	f := func(x, grad, h []float64) float64 {
		v := p.eval(ws, x, lam, grad)
		if h != nil {
			for i, w := range ws.w {
				h[i] = 1 / max(w, floor)
			}
		}
		return v
	}
	r := minimise(f, d, lbfgsOptions{
		maxIter: opt.MaxIter, gradTol: opt.GradTol, relTol: opt.RelTol,
		memory: cfg.memory, window: cfg.window, stepMax: cfg.stepMax, trace: cfg.trace, zeroSum: true,
	})
	centre(d)
	curve, err := p.curve(d)
	if err != nil {
		return FitResult{}, err
	}
	return FitResult{
		Lambda: lam, D: d, Curve: curve,
		Iterations: r.iterations, Evals: r.evaluations,
		Objective: r.f, GradNorm: r.gradNorm,
		Converged: r.converged, Status: r.status,
		Points: p.m + 1,
	}, nil
}

// centre shifts d so that Σ d = 0.
func centre(d []float64) {
	mean := 0.0
	for _, v := range d {
		mean += v
	}
	mean /= float64(len(d))
	for i := range d {
		d[i] -= mean
	}
}

// curve builds g* from the discrete map: its knots are the interior
// z_1..z_{M−1}, plus z_0 = 0 or z_M = 1 when some pooled s equals them, with
// g(z_k) made non-decreasing by PAVA weighted by the number of pooled values
// at each knot (METHODS.md §3 "Continuous g*"). g from the softmax is already
// non-decreasing, so PAVA only removes rounding.
func (p *NOA) curve(d []float64) (*Curve, error) {
	g := p.G(d)
	lo, hi := 1, p.m-1
	if p.count[0] > 0 {
		lo = 0
	}
	if p.count[p.m] > 0 {
		hi = p.m
	}
	z := slices.Clone(p.z[lo : hi+1])
	w := make([]float64, len(z))
	for i := range w {
		w[i] = float64(p.count[lo+i])
	}
	iso, err := stats.FitIsotonic(z, g[lo:hi+1], w)
	if err != nil {
		return nil, fmt.Errorf("calibraeval: isotonic fit of g*: %w", err)
	}
	return &Curve{Z: z, G: iso.PredictSorted(z, make([]float64, 0, len(z)))}, nil
}
