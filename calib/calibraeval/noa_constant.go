package calibraeval

import (
	"math"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/internal/work"
)

// The constant map as an exact candidate of Fit's first phase.
//
// Every term of the objective is a quadratic form in h = g − ½ over the knots
// it touches: a position swap (g_a − g_b)² = (h_a − h_b)², a content swap
// (g_a + g_b − 1)² − λ(g_a − g_b)² = (h_a + h_b)² − λ(h_a − h_b)², an anchor
// −λ(g_a − ½)² = −λh_a². So when no term touches the fixed ends z_0, z_M (no
// pooled P(A) of exactly 0 or 1) and there is no proximity penalty, L(g) =
// Q(h) is homogeneous of degree 2 (even: L is unchanged by h ↦ −h, i.e.
// g ↦ 1 − g, whose only fixed point is ½): the constant map g ≡ ½ on
// z_1..z_{M−1} has L = 0 and ∂L/∂g = 0 exactly, so it is a stationary point
// for every λ. It is the global minimum exactly when Q ≥ 0 on the
// non-decreasing maps (Q(th) = t²Q(h), so any h with Q(h) < 0 gives lower
// values arbitrarily close to ½), e.g. when a position bias dominates; then
// the iterates approach it
// only slowly (the softmax parameters of a flat map are d_k = −∞, and the
// relative-change rule never fires on an objective that tends to 0), which
// is the collapse Collapsed reports. In general (terms at z_0 or z_M, or a
// proximity penalty) the candidate is the best map with one free piece: the
// minimiser over the level c of g ≡ c, a Newton step on one piece.
//
// Fit's first phase tries the candidate every window iterations and stops
// there only when (a) the candidate passes phase 2's stopping rule (a
// stationary point in g, ‖∂(L/K)/∂d‖₂ ≤ GradTol at the d Fit returns),
// (b) its objective is at most the current one, and (c) the current iterate
// is already within CollapseSD (root-mean-square over the pooled values) of
// it, i.e. the fit is heading there: a fit whose iterate passes near the
// constant map with a higher objective but would leave it is not cut short.
// A fit that never meets (a)–(c) runs exactly as before, bit for bit.

// constMap is the one-piece candidate of a fit.
type constMap struct {
	g        []float64 // g(z_0..z_M): 0, c, …, c, 1
	f        float64   // L/K at g
	gradNorm float64   // ‖∂(L/K)/∂d‖₂ at d_k = log max(g_k − g_{k−1}, eps)
	evals    int       // objective+gradient evaluations spent
	ok       bool      // passes the stopping rule (a)
}

// constantMap returns the one-piece candidate for λ and whether it passes
// the stopping rule with gradient tolerance gradTol. It costs two or three
// objective+gradient evaluations in g.
// Its work vectors come from sc (nil: allocated) and go back to it; the
// candidate's g is always new (it may become the fit's).
func (p *NOA) constantMap(lambda, gradTol, eps float64, sc *work.Scratch) constMap {
	defer sc.Release(sc.Mark())
	m := p.m
	g := make([]float64, m+1)
	for j := 1; j < m; j++ {
		g[j] = 0.5
	}
	g[m] = 1
	cm := constMap{g: g}
	invK := 1 / float64(p.k)
	dg := sc.Take(m + 1) // termsGrad clears it
	cm.f = p.termsGrad(g, lambda, dg) * invK
	cm.evals++
	D := p.majorizer(sc)
	// The best level, by one Newton step (exact, the objective being
	// quadratic in the level); no candidate when the objective is concave
	// along the level (e.g. eq. 20's anchors alone: then ½ is a maximum
	// along it). Without terms at the ends the step keeps ½ exactly (its
	// gradient is 0).
	nw := newNewtonWork(m, sc)
	if !p.newtonStep(nw, g, dg, D, lambda) {
		return cm
	}
	if !p.exactHalf() || g[1] != 0.5 {
		cm.f = p.termsGrad(g, lambda, dg) * invK
		cm.evals++
	}
	cm.gradNorm = p.dGradNorm(g, dg, eps) * invK
	next := sc.Take(m + 1)
	copy(next, g)
	st := &pavaStack{start: sc.TakeInts(m), w: sc.Take(m), s: sc.Take(m)} // a stack: written before read
	mmStep(next, dg, D, st)
	cm.ok = cm.gradNorm <= gradTol && maxAbsDiff(next, g) <= kktTol && !math.IsNaN(cm.f)
	return cm
}

// exactHalf reports whether g ≡ ½ is exactly stationary with L = 0: no term
// touches z_0 or z_M (NewNOA pools only the values that enter a term, so
// that is no pooled value of exactly 0 or 1) and there is no proximity
// penalty.
func (p *NOA) exactHalf() bool {
	return p.prox == nil && p.count[0] == 0 && p.count[p.m] == 0
}

// constantCheck returns the check of phase 1 (see the comment at the top of
// this file) for L-BFGS on q, which is p itself or its coarse problem (whose
// objective at a map equals p's at the map held constant on each bin). The
// candidate is computed on p once, at the first check that the current
// iterate could pass: without terms at the ends its objective is 0, so (b)
// needs f ≥ 0; otherwise (c) needs the iterate's own spread (its distance
// from its mean level, the nearest level) to be at most CollapseSD. hit
// receives the candidate when the check passes.
func (p *NOA) constantCheck(q *NOA, lambda, gradTol, eps float64, hit *constMap, sc *work.Scratch) func(f float64, x []float64) bool {
	var cand *constMap
	simple := p.exactHalf()
	return func(f float64, x []float64) bool {
		if simple && !(f >= 0) {
			return false
		}
		mean, sd := q.levelSpread(x)
		if cand == nil {
			if !(sd <= calib.CollapseSD) {
				return false
			}
			c := p.constantMap(lambda, gradTol, eps, sc)
			cand = &c
		}
		if !cand.ok || !(f >= cand.f) {
			return false
		}
		if v := mean - cand.g[1]; !(math.Sqrt(sd*sd+v*v) <= calib.CollapseSD) {
			return false
		}
		*hit = *cand
		return true
	}
}

// constantCheckIf is constantCheck with p's solver settings, or nil when
// they turn the candidate off.
func (p *NOA) constantCheckIf(q *NOA, lambda, gradTol float64, hit *constMap, sc *work.Scratch) func(float64, []float64) bool {
	if p.solver.noCandidate {
		return nil
	}
	return p.constantCheck(q, lambda, gradTol, p.solver.eps, hit, sc)
}

// levelSpread returns the mean and standard deviation of g(z_1..z_{M−1}) at
// the parameters d over the pooled values at those knots; the
// root-mean-square distance of g from a level c is √(sd² + (mean − c)²).
func (p *NOA) levelSpread(d []float64) (mean, sd float64) {
	g := p.G(d)
	n, s := 0.0, 0.0
	for j := 1; j < p.m; j++ {
		n += float64(p.count[j])
		s += float64(p.count[j]) * g[j]
	}
	if n == 0 {
		return 0, 0
	}
	mean = s / n
	v := 0.0
	for j := 1; j < p.m; j++ {
		e := g[j] - mean
		v += float64(p.count[j]) * e * e
	}
	return mean, math.Sqrt(v / n)
}
