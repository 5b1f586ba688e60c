package calibraeval

import (
	"math"

	"github.com/plumb-eval/plumb/calib/internal/work"
)

// newtonMaxBlocks caps the free pieces of a Newton step (its cost is
// O(K + n³) for n pieces).
const newtonMaxBlocks = 256

// newtonWork is the scratch space of newtonStep.
type newtonWork struct {
	blk   []int32   // knot → free piece, −1 for knots fixed at 0 or 1
	start []int     // first knot of each free piece
	v, r  []float64 // level and gradient of each free piece
	h     []float64 // n×n Hessian, row-major, then its Cholesky factor
	w     []float64 // weight of each piece
	st    pavaStack
}

// newNewtonWork returns newtonStep's work for M = m, its blk from sc (nil:
// allocated; newtonStep sets blk before reading it).
func newNewtonWork(m int, sc *work.Scratch) *newtonWork {
	return &newtonWork{blk: sc.TakeInt32s(m + 1)}
}

// newtonStep moves g to the minimiser of the objective over the levels of
// its free pieces (maximal runs of equal g(z_k) strictly between 0 and 1),
// projected back onto non-decreasing levels in [0, 1] by PAVA weighted by
// each piece's total D. dg is ∂(Σ terms)/∂g at g. The objective is
// quadratic in the levels, so this is one linear solve. It is skipped
// (false) when there are no or more than newtonMaxBlocks free pieces, or
// when the Hessian over the pieces is not positive semidefinite (then the
// pieces are not a local minimum's). The projected point may be higher:
// the caller keeps it only if it lowers the objective.
func (p *NOA) newtonStep(nw *newtonWork, g, dg, D []float64, lambda float64) bool {
	if !nw.findPieces(g, dg, p.m) {
		return false
	}
	n := len(nw.start)
	h := p.piecesHessian(nw, lambda)
	if !cholesky(h, n) {
		return false
	}
	// Δ = −H⁻¹ r, in place of r.
	delta := nw.r
	for i := range delta {
		delta[i] = -delta[i]
	}
	cholSolve(h, n, delta)
	nw.project(g, delta, D, p.m)
	return true
}

// findPieces sets blk, start, v and r to the free pieces of g over knots
// 0…m (maximal runs of equal g(z_k) strictly between 0 and 1: their knots,
// first knots, levels and gradients from dg). It returns false when there
// are none or more than newtonMaxBlocks.
func (nw *newtonWork) findPieces(g, dg []float64, m int) bool {
	blk := nw.blk
	nw.start, nw.v, nw.r = nw.start[:0], nw.v[:0], nw.r[:0]
	blk[0], blk[m] = -1, -1
	for j := 1; j < m; j++ {
		switch {
		case g[j] <= 0 || g[j] >= 1:
			blk[j] = -1
		case g[j] == g[j-1] && blk[j-1] >= 0:
			blk[j] = blk[j-1]
			nw.r[blk[j]] += dg[j]
		default:
			if len(nw.start) == newtonMaxBlocks {
				return false
			}
			blk[j] = int32(len(nw.start))
			nw.start = append(nw.start, j)
			nw.v = append(nw.v, g[j])
			nw.r = append(nw.r, dg[j])
		}
	}
	return len(nw.start) > 0
}

// piecesHessian returns the n×n Hessian of the objective over the levels
// of nw's n free pieces (row-major, in nw.h): the position-swap,
// content-swap, anchor and proximity terms whose knots lie in a piece.
func (p *NOA) piecesHessian(nw *newtonWork, lambda float64) []float64 {
	blk, n := nw.blk, len(nw.start)
	if cap(nw.h) < n*n {
		nw.h = make([]float64, n*n)
	}
	h := nw.h[:n*n]
	clear(h)
	add := func(a, b int32, qaa, qbb, qab float64) {
		ba, bb := blk[a], blk[b]
		if ba >= 0 {
			h[int(ba)*n+int(ba)] += qaa
		}
		if bb >= 0 {
			h[int(bb)*n+int(bb)] += qbb
			if ba >= 0 {
				h[int(ba)*n+int(bb)] += qab
				h[int(bb)*n+int(ba)] += qab
			}
		}
	}
	for _, t := range p.pos {
		add(t[0], t[1], 2, 2, -2)
	}
	for _, t := range p.con {
		add(t[0], t[1], 2-2*lambda, 2-2*lambda, 2+2*lambda)
	}
	for _, a := range p.anc {
		if b := blk[a]; b >= 0 {
			h[int(b)*n+int(b)] -= 2 * lambda
		}
	}
	if p.prox != nil {
		for j, c := range p.prox.c {
			if b := blk[j]; b >= 0 {
				h[int(b)*n+int(b)] += 2 * c
			}
		}
	}
	return h
}

// project takes the full step to the pieces' levels v + delta (delta is
// overwritten), puts them back onto 0 ≤ v_0 ≤ … ≤ v_{n−1} ≤ 1 by PAVA
// weighted by each piece's total D (the metric of the majorise-minimise
// step) and sets g on the pieces' knots (of 0…m) to them.
func (nw *newtonWork) project(g, delta, D []float64, m int) {
	blk := nw.blk
	w := nw.w[:0]
	for b := range delta {
		delta[b] += nw.v[b]
		w = append(w, 0)
	}
	for j := 1; j < m; j++ {
		if b := blk[j]; b >= 0 {
			w[b] += D[j]
		}
	}
	nw.w = w
	isoLevels(delta, w, &nw.st)
	for j := 1; j < m; j++ {
		if b := blk[j]; b >= 0 {
			g[j] = delta[b]
		}
	}
}

// isoLevels replaces v by its weighted isotonic regression (weights w > 0)
// clipped to [0, 1].
func isoLevels(v, w []float64, st *pavaStack) {
	n := len(v)
	st.start, st.w, st.s = st.start[:0], st.w[:0], st.s[:0]
	for i := range n {
		ci, cw, cs := i, w[i], w[i]*v[i]
		for k := len(st.start); k > 0 && st.s[k-1]*cw >= cs*st.w[k-1]; k-- {
			ci, cw, cs = st.start[k-1], cw+st.w[k-1], cs+st.s[k-1]
			st.start, st.w, st.s = st.start[:k-1], st.w[:k-1], st.s[:k-1]
		}
		st.start, st.w, st.s = append(st.start, ci), append(st.w, cw), append(st.s, cs)
	}
	end := n
	for b := len(st.start) - 1; b >= 0; b-- {
		x := min(max(st.s[b]/st.w[b], 0), 1)
		for i := st.start[b]; i < end; i++ {
			v[i] = x
		}
		end = st.start[b]
	}
}

// cholesky overwrites the lower triangle of the n×n symmetric matrix h
// (row-major) with its Cholesky factor L (h = LLᵀ) and reports whether h
// is numerically positive semidefinite. A pivot within 1e-12 of the largest
// diagonal entry of zero is taken as zero and its row and column dropped
// (cholSolve then leaves that unknown unchanged): the objective is flat
// along that direction (e.g. pieces tied only by position-swap terms, at
// λ = 0).
func cholesky(h []float64, n int) bool {
	scale := 0.0
	for i := range n {
		scale = max(scale, math.Abs(h[i*n+i]))
	}
	tol := 1e-12 * scale
	for j := range n {
		s := h[j*n+j]
		for k := range j {
			s -= h[j*n+k] * h[j*n+k]
		}
		if s < -tol || math.IsNaN(s) {
			return false
		}
		if s <= tol {
			for i := j; i < n; i++ {
				h[i*n+j] = 0
			}
			continue
		}
		d := math.Sqrt(s)
		h[j*n+j] = d
		for i := j + 1; i < n; i++ {
			s := h[i*n+j]
			for k := range j {
				s -= h[i*n+k] * h[j*n+k]
			}
			h[i*n+j] = s / d
		}
	}
	return true
}

// cholSolve solves LLᵀx = b in place for the factor from cholesky, with
// x_i = 0 for a dropped pivot.
func cholSolve(l []float64, n int, b []float64) {
	for i := range n {
		if l[i*n+i] == 0 {
			b[i] = 0
			continue
		}
		s := b[i]
		for k := range i {
			s -= l[i*n+k] * b[k]
		}
		b[i] = s / l[i*n+i]
	}
	for i := n - 1; i >= 0; i-- {
		if l[i*n+i] == 0 {
			b[i] = 0
			continue
		}
		s := b[i]
		for k := i + 1; k < n; k++ {
			s -= l[k*n+i] * b[k]
		}
		b[i] = s / l[i*n+i]
	}
}
