package calibraeval

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/plumb-eval/plumb/calib/internal/asm"
	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/internal/mathx"
	"github.com/plumb-eval/plumb/model"
)

// NOA is CalibraEval's calibration problem (docs/methods.md §3, the paper's
// non-parametric order-preserving algorithm) built once from an estimation
// set; Fit can then be called for many λ.
//
// Knots. The s values that enter at least one term of the objective are
// pooled, sorted and merged when exactly equal. Values strictly inside (0, 1)
// become the interior knots z_1 < … < z_{M−1}; a value of exactly 0 or 1 is
// the fixed end z_0 = 0 or z_M = 1, whose g is 0 or 1 whatever d is.
//
// Terms, per item of the estimation set, over the arrangements it has:
//   - position swap (x0/x1, x2/x3), objectives both and l2: (r_j − r_l)²;
//   - content swap (x0/x2, x1/x3), objectives both and l1:
//     (r_j − r_l)² − λ(g(s_j) − g(s_l))²;
//   - anchor (paper eq. 20): an item that has position-swap terms but no
//     content-swap term under the chosen objective adds −λ(g(s_j) − 0.5)² for
//     each position-swap pair, at its unswapped arrangement (x0, or x2 for
//     the pair x2/x3). So objective l2 anchors every item, and objective both
//     anchors exactly the items lacking a content-swap pair (e.g. x0, x1 only),
//     while an item with x0, x1, x2 gets eq. 10 unchanged.
//
// K is the number of estimation items with at least one term; the objective
// is the sum of all terms divided by K. Items with no term (one arrangement,
// or only x0/x3 or x1/x2) are ignored, and so are the s values of
// arrangements that enter no term. An index listed twice in the estimation
// set counts twice.
//
// A NOA is not modified by Fit, so fits for several λ may run concurrently.
type NOA struct {
	obj   Objective
	items int // items in the estimation set
	k     int // items that contribute terms
	m     int // M: number of parameters d_1..d_M

	// z holds z_0..z_M (z_0 = 0, z_M = 1); count[i] is how many pooled
	// values equal z_i.
	z     []float64
	count []int

	pos [][2]int32 // position-swap pairs of knot indices
	con [][2]int32 // content-swap pairs (unswapped content first)
	anc []int32    // anchored knot indices

	// prox, when not nil, adds the proximity penalty of a path point
	// (noa_prox.go) to every evaluation.
	prox *proxTerm

	// gather applies the problem's curves to the pairs it was built from
	// (curve_gather.go); shared by copies of the NOA.
	gather *curveGather

	solver solverConfig
}

// positionPairs and contentPairs list the pairs of arrangements that differ
// by one position swap and by one content swap.
var (
	positionPairs = [2][2]model.Arrangement{{model.X0, model.X1}, {model.X2, model.X3}}
	contentPairs  = [2][2]model.Arrangement{{model.X0, model.X2}, {model.X1, model.X3}}
)

// NewNOA builds the CalibraEval problem for objective obj from the items est
// of pairs. It returns an error saying why when CalibraEval is unavailable:
// hard choices instead of probabilities ("CalibraEval needs probabilities;
// this judge gave hard choices" when every estimation item is SourceChoice,
// a count when only some are), an index out of range, a P(A) outside
// [0, 1], no item with two arrangements that form a term for obj, or every
// pooled P(A) exactly 0 or 1 (nothing to learn).
func NewNOA(pairs []model.Pair, est []int, obj Objective) (*NOA, error) {
	return NewNOAIn(pairs, est, obj, nil)
}

// NewNOAIn is NewNOA with its temporary arrays (the pooled values, their
// sort keys and knots, the anchors' slots, the knot index) from ws (nil:
// allocated); the NOA keeps none of them.
func NewNOAIn(pairs []model.Pair, est []int, obj Objective, ws *work.Space) (*NOA, error) {
	if err := checkEstimation(pairs, est, obj); err != nil {
		return nil, err
	}
	t := newNOATerms(pairs, est, obj, ws)
	defer t.release(ws)
	if err := t.collect(pairs, est, obj); err != nil {
		return nil, err
	}
	if t.k == 0 {
		return nil, fmt.Errorf("calibraeval: no estimation item has two arrangements that form a %s term (%s)", obj, objectiveNeeds(obj))
	}

	// Knots: 0, the distinct interior values, 1.
	bits := ws.Uint64s(len(t.vals))    // every element is set by knotsOf
	scratch := ws.Uint64s(len(t.vals)) // the radix sorts' buffer
	defer ws.PutUint64s(bits)
	defer ws.PutUint64s(scratch)
	z, count := knotsOf(t.vals, bits, scratch)
	m := len(z) - 1
	if m < 2 {
		return nil, errors.New("calibraeval: every P(A) in the estimation set is exactly 0 or 1; there is nothing to calibrate")
	}

	p := &NOA{obj: obj, items: len(est), k: t.k, m: m, z: z, count: count, solver: defaultSolver, gather: &curveGather{pairs: pairs}}
	p.setTerms(&t, ws, bits, scratch)
	return p, nil
}

// checkEstimation checks NewNOA's arguments: a known objective, a
// non-empty estimation set of indices into pairs, every item with
// probabilities (not hard choices).
func checkEstimation(pairs []model.Pair, est []int, obj Objective) error {
	if obj != ObjectiveBoth && obj != ObjectiveL1 && obj != ObjectiveL2 {
		return fmt.Errorf("calibraeval: unknown objective %d", int(obj))
	}
	if len(est) == 0 {
		return errors.New("calibraeval: the estimation set is empty")
	}
	choice := 0
	for _, i := range est {
		if i < 0 || i >= len(pairs) {
			return fmt.Errorf("calibraeval: estimation index %d out of range [0, %d)", i, len(pairs))
		}
		if pairs[i].Source == model.SourceChoice {
			choice++
		}
	}
	if choice == len(est) {
		return errors.New("CalibraEval needs probabilities; this judge gave hard choices")
	}
	if choice > 0 {
		return fmt.Errorf("CalibraEval needs probabilities; %d of %d estimation items gave hard choices", choice, len(est))
	}
	return nil
}

// setTerms sets p's terms from t's slots: each slot's knot, then the
// pairs sorted (keys and buf are scratch of len(t.vals) each) and the
// anchors sorted. Visiting the knots in increasing order of the first
// index is for locality; the order of a sum of terms does not matter
// beyond rounding.
func (p *NOA) setTerms(t *noaTerms, ws *work.Space, keys, buf []uint64) {
	knot := newKnotIndex(p.z, ws)
	slotKnot := ws.Int32s(len(t.vals))
	for i, s := range t.vals {
		slotKnot[i] = knot.find(s)
	}
	ws.PutInt32s(knot.first)
	defer ws.PutInt32s(slotKnot)
	p.pos = sortedPairs(t.pos, slotKnot, keys, buf)
	p.con = sortedPairs(t.con, slotKnot, keys, buf)
	p.anc = make([]int32, len(t.anc))
	for i, s := range t.anc {
		p.anc[i] = slotKnot[s]
	}
	slices.Sort(p.anc)
}

// objectiveNeeds says which arrangements an objective's terms need.
func objectiveNeeds(o Objective) string {
	switch o {
	case ObjectiveL1:
		return "needs x0 with x2, or x1 with x3"
	case ObjectiveL2:
		return "needs x0 with x1, or x2 with x3"
	}
	return "needs x0 with x1 or x2, or x3 with x1 or x2"
}

// K is the number of estimation items that contribute terms (the divisor of
// the objective).
func (p *NOA) K() int { return p.k }

// M is the number of parameters d_1..d_M (the knots are z_0..z_M).
func (p *NOA) M() int { return p.m }

// Items is the size of the estimation set NewNOA was given.
func (p *NOA) Items() int { return p.items }

// Knots returns z_0..z_M (z_0 = 0, z_M = 1) and how many pooled s values
// equal each. The slices are copies.
func (p *NOA) Knots() (z []float64, count []int) {
	return slices.Clone(p.z), slices.Clone(p.count)
}

// IdentityD returns the parameters of the identity map, d_i = log(z_i −
// z_{i−1}) shifted so that Σ d_i = 0; then g(z_k) = z_k.
func (p *NOA) IdentityD() []float64 {
	d := make([]float64, p.m)
	mean := 0.0
	for i := range d {
		d[i] = math.Log(p.z[i+1] - p.z[i])
		mean += d[i]
	}
	mean /= float64(p.m)
	for i := range d {
		d[i] -= mean
	}
	return d
}

// G returns g(z_0..z_M) for finite parameters d of length M:
// g(z_k) = Σ_{i≤k} e^{d_i} / Σ_{i≤M} e^{d_i}, computed with the largest d
// factored out. It panics if len(d) ≠ M.
func (p *NOA) G(d []float64) []float64 {
	g := make([]float64, p.m+1)
	p.gTo(g, d, nil)
	return g
}

// gTo is G into g (length M+1), with its work vector from sc (nil:
// allocated).
func (p *NOA) gTo(g, d []float64, sc *work.Scratch) {
	p.checkLen(d, nil)
	defer sc.Release(sc.Mark())
	softmaxCum(d, sc.Take(p.m), g)
}

// softmaxCum sets w_k = e^{d_k}/S (len M) and g[k] = Σ_{i≤k} w_i (len M+1,
// g[0] = 0, g[M] = 1 exactly).
func softmaxCum(d, w, g []float64) { softmaxCumMax(d, mathx.MaxOf(d), w, g) }

// softmaxCumMax is softmaxCum with mx = mathx.MaxOf(d) given.
func softmaxCumMax(d []float64, mx float64, w, g []float64) {
	s := asm.ExpSum(d, mx, w)
	inv := 1 / s
	c := 0.0
	g[0] = 0
	for i := range w {
		w[i] *= inv
		c += w[i]
		g[i+1] = min(c, 1) // rounding must not push g above g(z_M) = 1
	}
	g[len(d)] = 1
}

// Objective returns the CalibraEval objective L/K at finite parameters d
// (length M) for the given λ and, when grad is not nil (length M), stores
// ∂(L/K)/∂d in it, computed exactly in O(K + M) by docs/methods.md §3's
// suffix-sum formula: with w_k = e^{d_k}/Σe^{d_i} and G_j = ∂(L/K)/∂g(z_j),
// ∂(L/K)/∂d_k = w_k (Σ_{j≥k} G_j − Σ_j G_j g(z_j)). It panics if a length
// is wrong (a programming error).
func (p *NOA) Objective(d []float64, lambda float64, grad []float64) float64 {
	p.checkLen(d, grad)
	ws := newNOAWork(p.m)
	return p.eval(ws, d, lambda, grad)
}

// noaWork is the scratch space of one objective evaluation.
type noaWork struct {
	w, g, dg []float64
}

// scratchNOAWork takes the vectors of one objective evaluation for M = m
// from s.
func scratchNOAWork(s *work.Scratch, m int) *noaWork {
	return &noaWork{w: s.Take(m), g: s.Take(m + 1), dg: s.Take(m + 1)}
}

func newNOAWork(m int) *noaWork {
	return &noaWork{w: make([]float64, m), g: make([]float64, m+1), dg: make([]float64, m+1)}
}

// eval is Objective with caller-provided scratch space.
func (p *NOA) eval(ws *noaWork, d []float64, lambda float64, grad []float64) float64 {
	return p.evalMax(ws, d, mathx.MaxOf(d), lambda, grad)
}

// evalMax is eval with dmax = mathx.MaxOf(d) given.
func (p *NOA) evalMax(ws *noaWork, d []float64, dmax, lambda float64, grad []float64) float64 {
	w, g, dg := ws.w, ws.g, ws.dg
	softmaxCumMax(d, dmax, w, g)
	needGrad := grad != nil
	if !needGrad {
		dg = nil
	}
	f := p.termsGrad(g, lambda, dg)
	invK := 1 / float64(p.k)
	if !needGrad {
		return f * invK
	}
	// The ends are constants: g(z_0) = 0, g(z_M) = 1.
	dg[0], dg[p.m] = 0, 0
	// ∂L/∂d_k = w_k (T_k − U), U = Σ_j G_j g_j, T_k = Σ_{j ≥ k} G_j; d_k
	// is d[k−1]. The two running sums are latency-bound chains of
	// additions, so one loop runs both (each in its own order, as two
	// loops would) and T_k waits in grad until U is known.
	m := p.m
	dg, g, grad, w = dg[:m+1], g[:m+1], grad[:m], w[:m]
	u, t := 0.0, 0.0
	for i := range m - 1 {
		j, k := 1+i, m-i
		u += float64(dg[j] * g[j])
		t += dg[k]
		grad[k-1] = t
	}
	t += dg[1] // k = 1
	grad[0] = t
	for i, v := range grad {
		grad[i] = float64(w[i]*(v-u)) * invK
	}
	return f * invK
}

// checkLen panics unless d, and grad when not nil, have length M.
func (p *NOA) checkLen(d, grad []float64) {
	if len(d) != p.m || (grad != nil && len(grad) != p.m) {
		panic(fmt.Sprintf("calib: NOA has %d parameters; got d of length %d, grad of length %d", p.m, len(d), len(grad)))
	}
}
