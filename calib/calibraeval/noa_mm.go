package calibraeval

import (
	"math"

	"github.com/plumb-eval/plumb/calib/internal/lbfgs"
	"github.com/plumb-eval/plumb/calib/internal/work"
)

// termsGrad returns the sum of all terms at g (not divided by K) and, when
// dg is not nil (length M+1), stores the sum's gradient in g in it:
// dg[j] = ∂(ΣL terms)/∂g(z_j), including j = 0 and j = M.
func (p *NOA) termsGrad(g []float64, lambda float64, dg []float64) float64 {
	needGrad := dg != nil
	if needGrad {
		clear(dg)
	}
	f := 0.0
	for _, t := range p.pos {
		a, b := t[0], t[1]
		v := g[a] - g[b]
		f += v * v
		if needGrad {
			dg[a] += 2 * v
			dg[b] -= 2 * v
		}
	}
	for _, t := range p.con {
		a, b := t[0], t[1]
		u := g[a] + g[b] - 1
		v := g[a] - g[b]
		f += u*u - lambda*v*v
		if needGrad {
			dg[a] += 2*u - 2*lambda*v
			dg[b] += 2*u + 2*lambda*v
		}
	}
	for _, a := range p.anc {
		v := g[a] - 0.5
		f -= lambda * v * v
		if needGrad {
			dg[a] -= 2 * lambda * v
		}
	}
	if p.prox != nil {
		f += p.prox.add(g, dg)
	}
	return f
}

// majorizer returns D (length M+1) with ∇²(Σ terms) ⪯ diag(D) for every λ:
// each convex part (g_a ± g_b)², Hessian 2(e_a ± e_b)(e_a ± e_b)ᵀ, is
// bounded by 4(e_a e_aᵀ + e_b e_bᵀ), and the concave parts −λ(·)² only
// lower the Hessian. Every interior knot enters some term, so D_j ≥ 4 there.
// D comes from sc (nil: allocated).
func (p *NOA) majorizer(sc *work.Scratch) []float64 {
	D := sc.Take(p.m + 1)
	clear(D)
	for _, t := range p.pos {
		D[t[0]] += 4
		D[t[1]] += 4
	}
	for _, t := range p.con {
		D[t[0]] += 4
		D[t[1]] += 4
	}
	if p.prox != nil {
		for j, c := range p.prox.c {
			D[j] += 2 * c
		}
	}
	for j := range D {
		if D[j] == 0 {
			D[j] = 1
		}
	}
	return D
}

// pavaStack is the scratch space of mmStep: the pooled blocks' first
// indices, total weights and weighted sums.
type pavaStack struct {
	start []int
	w, s  []float64
}

// mmStep sets g[1:M] to the majorise-minimise step from g with gradient dg
// and majorizer D: the weighted isotonic regression of y_j = g_j − dg_j/D_j
// with weights D_j (PAVA), clipped to [0, 1]. That is the projection of y
// onto {0 ≤ x_1 ≤ … ≤ x_{M−1} ≤ 1} in the norm Σ D_j x_j² (clipping an
// isotonic regression gives the bounded one). Pooled knots get exactly
// equal values. It works on the sums D_j y_j = D_j g_j − dg_j, so no
// division is needed until a block is written.
//
// The last block is held in variables, off the stack of the blocks before
// it: the usual step, which pools nothing, then compares with registers,
// not with the values it stored one iteration before. The blocks, their
// sums and the order of every operation are those of a plain stack
// (mmStepStack in the tests), so the step is the same bit for bit.
func mmStep(g, dg, D []float64, st *pavaStack) {
	m := len(g) - 1
	if m < 2 {
		return // no interior knot
	}
	start, ws, ss := st.start[:m], st.w[:m], st.s[:m]
	n := 0 // blocks on the stack, below the last one (ti, tw, ts)
	ti, tw := 1, D[1]
	ts := tw*g[1] - dg[1]
	for i := 2; i < m; i++ {
		ci, cw := i, D[i]
		cs := cw*g[i] - dg[i]
		// Pool while the previous block's mean ≥ this one's (weights > 0).
		if ts*cw >= cs*tw {
			ci, cw, cs = ti, cw+tw, cs+ts
			for n > 0 && ss[n-1]*cw >= cs*ws[n-1] {
				n--
				ci, cw, cs = start[n], cw+ws[n], cs+ss[n]
			}
		} else {
			start[n], ws[n], ss[n] = ti, tw, ts
			n++
		}
		ti, tw, ts = ci, cw, cs
	}
	start[n], ws[n], ss[n] = ti, tw, ts
	n++
	writeBlocks(g[:m], start[:n], ws[:n], ss[:n])
}

// writeBlocks writes PAVA's blocks into g: block b, from start[b] to the
// next block's start (the last to len(g)), takes its mean ss[b]/ws[b]
// clipped to [0, 1].
func writeBlocks(g []float64, start []int, ws, ss []float64) {
	end := len(g)
	for b := len(start) - 1; b >= 0; b-- {
		v := ss[b] / ws[b]
		if v < 0 {
			v = 0
		} else if v > 1 {
			v = 1
		}
		seg := g[start[b]:end]
		for i := range seg {
			seg[i] = v
		}
		end = start[b]
	}
}

// mmResult is what minimiseG reports.
type mmResult struct {
	f, gradNorm float64 // L/K and the estimated ‖∂(L/K)/∂d‖₂ at the end
	iterations  int
	evaluations int
	converged   bool
	status      string
}

// minimiseG minimises L/K over g(z_1..z_{M−1}) directly: the feasible set
// 0 ≤ g_1 ≤ … ≤ g_{M−1} ≤ 1 is every map the parameters d reach, plus its
// boundary (flat pieces, d_k = −∞), where the minimisers lie. Each iteration
// is one majorise-minimise step: the objective is quadratic in g with
// Hessian ⪯ diag(D) (see majorizer), so
// g ← argmin_{feasible x} ∇Lᵀ(x − g) + ½(x − g)ᵀdiag(D)(x − g)
// = PAVA_D(g − ∇L/D) clipped to [0, 1], which never increases L and costs
// O(K + M). It reaches flat pieces exactly, in finitely many steps, where
// the softmax parameters need d_k → −∞. After each step, newtonStep
// minimises exactly over the levels of the step's flat pieces; the lower of
// the two points is kept, so L never increases (up to rounding).
//
// The stopping rules are Fit's, judged at g: gradNorm is ‖∂(L/K)/∂d‖₂ at
// the parameters d_k = log max(g_k − g_{k−1}, eps) that Fit will return
// (computed from g without exp), accepted only at a point the step moves by
// at most kktTol (a stationary point in g, so flat pieces that should open
// do not pass for converged through their tiny w_k), and the relative change
// of L/K over window iterations. g (length M+1, g_0 = 0, g_M = 1) is
// updated in place. Evaluations count objective+gradient evaluations in g
// (one per step, one per Newton candidate).
func (p *NOA) minimiseG(g []float64, lambda float64, opt FitOptions, window int, eps float64) (res mmResult) {
	m := p.m
	// The fit's vectors (opt.scratch): termsGrad writes dg, dgNext and
	// dgCand in full, and next and cand are copies before they are read.
	sc := opt.scratch
	defer sc.Release(sc.Mark()) // after the copy below (deferred calls run last first)
	dg := sc.Take(m + 1)
	D := p.majorizer(sc)
	st := &pavaStack{start: sc.TakeInts(m), w: sc.Take(m), s: sc.Take(m)}
	nw := newNewtonWork(m, sc)
	invK := 1 / float64(p.k)
	hist := make([]float64, 0, 64)
	// x is the current point with value f and gradient dg; next is the
	// majorise-minimise step from it, cand a Newton candidate.
	x, next, cand := g, sc.Take(m+1), sc.Take(m+1)
	dgNext, dgCand := sc.Take(m+1), sc.Take(m+1)
	defer func() { copy(g, x) }()
	f := p.termsGrad(x, lambda, dg) * invK
	res.evaluations++
	for {
		res.f = f
		res.gradNorm = p.dGradNorm(x, dg, eps) * invK
		hist = append(hist, f)
		// x is a stationary point of the problem in g (KKT) exactly when
		// the majorise-minimise step does not move it.
		copy(next, x)
		mmStep(next, dg, D, st)
		if res.gradNorm <= opt.GradTol && maxAbsDiff(next, x) <= kktTol {
			res.converged, res.status = true, lbfgs.StatusGradient
			return res
		}
		if len(hist) > window {
			old := hist[len(hist)-1-window]
			if math.Abs(old-f) <= opt.RelTol*math.Max(math.Abs(f), math.Abs(old)) {
				res.converged, res.status = true, lbfgs.StatusObjective
				return res
			}
		}
		if res.iterations >= opt.MaxIter {
			res.status = lbfgs.StatusIterLimit
			return res
		}
		if opt.stop != nil && opt.stop() {
			res.status = lbfgs.StatusCancelled
			return res
		}
		res.iterations++
		fNext := p.termsGrad(next, lambda, dgNext) * invK
		res.evaluations++
		// Then minimise exactly over the levels of next's flat pieces (a
		// Newton step, projected back onto monotone maps); keep it if it
		// is lower.
		copy(cand, next)
		if p.newtonStep(nw, cand, dgNext, D, lambda) {
			fCand := p.termsGrad(cand, lambda, dgCand) * invK
			res.evaluations++
			if fCand < fNext {
				x, cand = cand, x
				dg, dgCand = dgCand, dg
				f = fCand
				continue
			}
		}
		x, next = next, x
		dg, dgNext = dgNext, dg
		f = fNext
	}
}

// kktTol is the largest move of any g(z_k) by a majorise-minimise step
// at a point accepted as stationary.
const kktTol = 1e-9

// maxAbsDiff returns max_i |a_i − b_i|.
func maxAbsDiff(a, b []float64) float64 {
	d := 0.0
	for i, v := range a {
		if e := math.Abs(v - b[i]); e > d {
			d = e
		}
	}
	return d
}

// samePieces reports whether a and b have the same flat pieces: a_j =
// a_{j−1} exactly when b_j = b_{j−1}.
func samePieces(a, b []float64) bool {
	for j := 1; j < len(a); j++ {
		if (a[j] == a[j-1]) != (b[j] == b[j-1]) {
			return false
		}
	}
	return true
}

// dGradNorm returns ‖∂(Σ terms)/∂d‖₂ at d_k = log max(g_k − g_{k−1}, eps)
// given dg = ∂(Σ terms)/∂g at g, by the suffix-sum formula of eval with
// w_k ∝ max(g_k − g_{k−1}, eps) (g moves by less than M·eps).
func (p *NOA) dGradNorm(g, dg []float64, eps float64) float64 {
	m := p.m
	s, u := 0.0, 0.0
	for k := 1; k <= m; k++ {
		s += floorAt(g[k]-g[k-1], eps)
	}
	for j := 1; j < m; j++ {
		u += dg[j] * g[j]
	}
	// v_k = w_k (T_k − U) with T_M = 0 (g_M is fixed).
	t, n2 := 0.0, 0.0
	for k := m; k >= 1; k-- {
		v := floorAt(g[k]-g[k-1], eps) * (t - u)
		n2 += v * v
		t += dg[k-1]
	}
	return math.Sqrt(n2) / s
}

// floorAt returns max(x, eps) for non-NaN x (without max's NaN handling).
func floorAt(x, eps float64) float64 {
	if x < eps {
		return eps
	}
	return x
}

// gToD sets d_k = log max(g_k − g_{k−1}, eps), centred so that Σ d = 0.
func gToD(g, d []float64, eps float64) {
	for k := range d {
		d[k] = math.Log(max(g[k+1]-g[k], eps))
	}
	lbfgs.Centre(d)
}
