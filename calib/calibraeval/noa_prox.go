package calibraeval

import (
	"math"

	"github.com/plumb-eval/plumb/calib/internal/work"
)

// The proximity penalty of CalibraEval's fit path (path.go): a NOA with
// prox set minimises
//
//	L(g)/K + μ·Σ_k w_k (g(z_k) − z_k)²,
//
// w_k = count_k / Σ count (the share of the pooled P(A) values at knot z_k),
// i.e. L/K + μ·dist(g)², dist the root-mean-square distance of g from the
// identity over the pooled values. The penalty is quadratic in g, so the
// majorise-minimise bound, the Newton step over flat pieces and the exact
// gradient in d carry over: each gets the penalty's term added.

// proxTerm is the penalty in the units of termsGrad (the sum of all terms,
// before dividing by K): Σ_k c_k (g_k − z_k)² with c_k = K·μ·w_k.
type proxTerm struct {
	mu float64
	z  []float64 // the knots z_0..z_M (shared with the NOA)
	c  []float64 // c_0..c_M; c_0 = c_M = 0 (g is fixed there)
}

// withProx returns a copy of p whose objective carries the proximity
// penalty with weight μ ≥ 0 (μ = 0 gives back p's objective). p is not
// changed; the copy shares p's terms. The penalty's weights come from sc
// (nil: allocated) and are in use until the caller releases sc to a mark
// taken before (when the copy q is no longer used).
func (p *NOA) withProx(mu float64, sc *work.Scratch) *NOA {
	q := *p
	c := sc.Take(p.m + 1)
	mk := sc.Mark()
	w := p.knotShares(sc)
	c[0], c[p.m] = 0, 0
	for j := 1; j < p.m; j++ {
		c[j] = float64(p.k) * mu * w[j]
	}
	sc.Release(mk)
	q.prox = &proxTerm{mu: mu, z: p.z, c: c}
	return &q
}

// knotShares returns w_k = count_k / Σ count for k = 0..M, in a vector
// taken from sc (nil: allocated; every element is set).
func (p *NOA) knotShares(sc *work.Scratch) []float64 {
	total := 0
	for _, c := range p.count {
		total += c
	}
	w := sc.Take(len(p.count))
	for j, c := range p.count {
		w[j] = float64(c) / float64(max(total, 1))
	}
	return w
}

// add returns Σ c_k (g_k − z_k)² and, when dg is not nil, adds the
// penalty's gradient 2c_k (g_k − z_k) to it.
func (t *proxTerm) add(g, dg []float64) float64 {
	f := 0.0
	for j, c := range t.c {
		if c == 0 {
			continue
		}
		v := g[j] - t.z[j]
		f += c * v * v
		if dg != nil {
			dg[j] += 2 * c * v
		}
	}
	return f
}

// distance returns the root-mean-square distance of g from the identity
// over the pooled values, √(Σ_k w_k (g_k − z_k)²), for g on p's knots
// (length M+1).
// Its work vector comes from sc (nil: allocated).
func (p *NOA) distance(g []float64, sc *work.Scratch) float64 {
	defer sc.Release(sc.Mark())
	w := p.knotShares(sc)
	s := 0.0
	for j, wj := range w {
		v := g[j] - p.z[j]
		s += wj * v * v
	}
	return math.Sqrt(s)
}
