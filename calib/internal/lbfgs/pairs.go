package lbfgs

import (
	"math"

	"github.com/plumb-eval/plumb/calib/internal/asm"
	"github.com/plumb-eval/plumb/calib/internal/work"
)

// pairs is L-BFGS's memory: the correction pairs s = x_{k+1} − x_k,
// y = ∇f_{k+1} − ∇f_k in a ring of mem slots, stored of them, the newest
// in slot newest (−1 for none), with the search direction they give
// (direction) and the update at an accepted step (update).
type pairs struct {
	n, mem         int
	s, y           [][]float64
	rho, alpha, sy []float64 // ρ_j = 1/sy_j, sy_j = s_jᵀy_j; α_j of the first loop
	stored, newest int
	// gammaDen caches yᵀdiag(h)y of the newest pair at the current h (the
	// denominator of γ) when haveDen.
	gammaDen float64
	haveDen  bool
}

// newPairs takes the memory of mem pairs of n-vectors from sc. Every
// vector is written before it is read: a pair before it is stored; rho,
// alpha and sy entries before use.
func newPairs(sc *work.Scratch, n, mem int) pairs {
	m := pairs{n: n, mem: mem, s: make([][]float64, mem), y: make([][]float64, mem), newest: -1}
	for i := range mem {
		m.s[i], m.y[i] = sc.Take(n), sc.Take(n)
	}
	m.rho, m.alpha, m.sy = sc.Take(mem), sc.Take(mem), sc.Take(mem)
	return m
}

// direction sets p to the search direction at gradient g and
// preconditioner h: −H∇f by the two-loop recursion (centred when
// zeroSum), or the preconditioned steepest descent when that is not a
// descent direction (the pairs are then dropped). It returns the
// directional derivative gᵀp and ‖p‖∞; ok is false when not even steepest
// descent descends (the gradient is numerically zero).
func (m *pairs) direction(g, h, p []float64, zeroSum bool) (dphi0, pInf float64, ok bool) {
	sum := m.twoLoop(g, h, p, m.gamma(h))
	mean := sum / float64(m.n)
	dphi0, pInf = shiftDotInf(p, zeroSum, mean, g)
	if dphi0 < 0 {
		return dphi0, pInf, true
	}
	return m.steepest(g, h, p, zeroSum)
}

// gamma returns the scale of H0 = γ·diag(h): γ = sᵀy / yᵀdiag(h)y from the
// newest pair (1 with no pair, or when that is not positive and finite).
func (m *pairs) gamma(h []float64) float64 {
	if m.stored == 0 {
		return 1
	}
	if !m.haveDen {
		m.gammaDen, m.haveDen = dot3(m.y[m.newest], h, m.y[m.newest]), true
	}
	gamma := m.sy[m.newest] / m.gammaDen
	if !(gamma > 0) || math.IsInf(gamma, 0) {
		gamma = 1
	}
	return gamma
}

// twoLoop sets p = −H∇f with H0 = γ·diag(h) by the two-loop recursion in
// fused passes (kernels.go) that give the bits of the plain loops: p = g;
// for each pair from the newest, α_j = ρ_j s_jᵀp and p −= α_j y_j;
// p ∘= γ·h; for each pair from the oldest, b = ρ_j y_jᵀp and
// p += (α_j − b) s_j; p = −p. It returns Σ p_i (summed in order, for the
// centring).
func (m *pairs) twoLoop(g, h, p []float64, gamma float64) (sum float64) {
	mem, newest, stored := m.mem, m.newest, m.stored
	sHist, yHist, rho, alpha := m.s, m.y, m.rho, m.alpha
	if stored == 0 {
		scaleTo(g, p, gamma, h)
		return axpyNegSum(0, nil, p)
	}
	var d float64 // the dot product of the next step
	alpha[newest] = rho[newest] * dot(sHist[newest], g)
	src := g
	for i := 0; i < stored; i++ {
		j := (newest - i + mem) % mem
		if i < stored-1 {
			jn := (newest - i - 1 + mem) % mem
			alpha[jn] = rho[jn] * asm.AxpyToDot(-alpha[j], yHist[j], src, p, sHist[jn])
		} else { // the oldest pair, which also starts the second loop
			d = axpyScaleDot(-alpha[j], yHist[j], src, p, gamma, h, yHist[j])
		}
		src = p
	}
	for i := stored - 1; i >= 0; i-- {
		j := (newest - i + mem) % mem
		b := rho[j] * d
		if i > 0 {
			jn := (newest - i + 1 + mem) % mem
			d = asm.AxpyToDot(alpha[j]-b, sHist[j], p, p, yHist[jn])
		} else {
			sum = axpyNegSum(alpha[j]-b, sHist[j], p)
		}
	}
	return sum
}

// steepest restarts from the preconditioned steepest descent p = −h∘g
// (centred when zeroSum), dropping the stored pairs; it returns gᵀp and
// ‖p‖∞, ok false when gᵀp is not negative.
func (m *pairs) steepest(g, h, p []float64, zeroSum bool) (dphi0, pInf float64, ok bool) {
	m.stored = 0
	for i := range p {
		p[i] = -h[i] * g[i]
	}
	if zeroSum {
		Centre(p)
	}
	dphi0 = dot(g, p)
	if !(dphi0 < 0) {
		return dphi0, 0, false
	}
	return dphi0, normInf(p), true
}

// update stores the pair s = xt − x, y = gt − g of an accepted step when
// sᵀy > 0, dropping the oldest when full; it sets ht to the preconditioner
// of the accepted point (the line search's last evaluation) and computes
// sᵀy, yᵀdiag(ht)y and ‖gt‖² in the same pass, returning ‖gt‖².
func (m *pairs) update(x, xt, g, gt, ht []float64, precond DiagPrecond) (gg float64) {
	next := (m.newest + 1) % m.mem
	sNew, yhy, gg := historyUpdate(m.s[next], m.y[next], x, xt, g, gt, ht, precond)
	m.haveDen = false
	if sNew > 0 && !math.IsInf(1/sNew, 0) {
		m.rho[next] = 1 / sNew
		m.sy[next] = sNew
		m.newest = next
		m.stored = min(m.stored+1, m.mem)
		m.gammaDen, m.haveDen = yhy, true
	} else if m.stored == m.mem {
		m.stored-- // the slot just overwritten held the oldest pair
	}
	return gg
}
