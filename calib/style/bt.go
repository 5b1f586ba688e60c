package style

import (
	"errors"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/plumb-eval/plumb/internal/mathx"
)

// Bradley–Terry scores of the generators, for logs where no generator was
// compared with every other (so no win rate against a common opponent
// ranks them):
//
//	P(a preferred to b) = σ(β_a − β_b),   Σ β = 0
//
// fitted by maximum likelihood with the continuous preferences as targets,
// by Newton's method (the last generator's β pinned at 0 during the fit,
// then all centred).

var (
	errBTDisconnected = errors.New("the generators fall into groups never compared with each other, so their scores have no common scale")
	errBTSeparated    = errors.New("the maximum-likelihood scores are infinite (a generator wins or loses every comparison)")
	errBTDiverged     = errors.New("the maximum-likelihood fit did not converge")
)

// btEdge is one comparison: generator a (response_1) against b, with the
// preference p for a.
type btEdge struct {
	a, b int
	p    float64
}

// btEdges returns the comparisons of idx between two different named
// generators.
func (d *data) btEdges(idx []int) []btEdge {
	out := make([]btEdge, 0, len(idx))
	for _, i := range idx {
		it := &d.items[i]
		if it.m1 < 0 || it.m2 < 0 || it.m1 == it.m2 || !it.hasSrc {
			continue
		}
		out = append(out, btEdge{it.m1, it.m2, it.src})
	}
	return out
}

// connected reports whether the k generators form one connected graph of
// comparisons.
func connected(k int, edges []btEdge) bool {
	parent := make([]int, k)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	groups := k
	for _, e := range edges {
		if ra, rb := find(e.a), find(e.b); ra != rb {
			parent[ra] = rb
			groups--
		}
	}
	return groups == 1
}

// fitBT fits the scores of k generators to edges.
func fitBT(k int, edges []btEdge) ([]float64, error) {
	if !connected(k, edges) {
		return nil, errBTDisconnected
	}
	beta := make([]float64, k)
	ll := btLogLik(beta, edges)
	m := k - 1 // the last generator is pinned at 0
	grad := make([]float64, k)
	info := mat.NewSymDense(m, nil)
	var chol mat.Cholesky
	next := make([]float64, k)
	for iter := 0; iter < 200; iter++ {
		clear(grad)
		info.Zero()
		for _, e := range edges {
			mu := mathx.Sigmoid(beta[e.a] - beta[e.b])
			r, w := e.p-mu, mu*(1-mu)
			grad[e.a] += r
			grad[e.b] -= r
			if e.a < m {
				info.SetSym(e.a, e.a, info.At(e.a, e.a)+w)
			}
			if e.b < m {
				info.SetSym(e.b, e.b, info.At(e.b, e.b)+w)
			}
			if e.a < m && e.b < m {
				info.SetSym(e.a, e.b, info.At(e.a, e.b)-w)
			}
		}
		if !chol.Factorize(info) {
			return nil, errBTSeparated
		}
		var step mat.VecDense
		if err := chol.SolveVecTo(&step, mat.NewVecDense(m, grad[:m])); err != nil {
			return nil, errBTSeparated
		}
		t := 1.0
		var nll float64
		for range 60 {
			for j := range m {
				next[j] = beta[j] + t*step.AtVec(j)
			}
			next[m] = 0
			nll = btLogLik(next, edges)
			if nll >= ll-1e-12*math.Abs(ll) {
				break
			}
			t /= 2
		}
		moved := 0.0
		for j := range beta {
			moved += math.Abs(next[j] - beta[j])
			if math.Abs(next[j]) > maxLogit {
				return nil, errBTSeparated
			}
		}
		copy(beta, next)
		ll = nll
		if moved <= 1e-12*float64(k) {
			mean := 0.0
			for _, b := range beta {
				mean += b
			}
			mean /= float64(k)
			for j := range beta {
				beta[j] -= mean
			}
			return beta, nil
		}
	}
	return nil, errBTDiverged
}

// btLogLik is the log-likelihood of the scores beta.
func btLogLik(beta []float64, edges []btEdge) float64 {
	s := 0.0
	for _, e := range edges {
		x := beta[e.a] - beta[e.b]
		s += e.p*mathx.LogSigmoid(x) + (1-e.p)*mathx.LogSigmoid(-x)
	}
	return s
}

// commonOpponent returns a generator that every other generator was
// compared with in edges, or −1.
func commonOpponent(k int, edges []btEdge) int {
	met := make([][]bool, k)
	for i := range met {
		met[i] = make([]bool, k)
	}
	for _, e := range edges {
		met[e.a][e.b], met[e.b][e.a] = true, true
	}
	for g := range k {
		all := true
		for h := range k {
			if h != g && !met[g][h] {
				all = false
				break
			}
		}
		if all {
			return g
		}
	}
	return -1
}
