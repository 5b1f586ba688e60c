package calibraeval

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/model"
)

// publishedTol is the agreement required with the published script's
// outputs (absolute). The fits agree to about 1e-15 (see the log).
const publishedTol = 1e-9

// TestPublishedReference runs FitPublished on every case of
// testdata/published and compares it with what CalibraEval's published
// script (src/CalibraEval.py at PublishedCommit, run by Debian's Python 3.11
// with numpy 1.24.2, pandas 1.5.3, scikit-learn 1.2.1; README.md there)
// produced from the same data.json: g at every observed P(A) (model.json),
// the loss lines it printed before each epoch, and its saved
// IsotonicRegression's predictions at 0, 0.01, …, 1, −0.5 and 1.5.
func TestPublishedReference(t *testing.T) {
	for _, c := range calibtest.ReadPublishedCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			pairs := calibtest.ReadPublishedData(t, c.Data)
			fit, err := FitPublished(pairs, calibtest.AllIdx(len(pairs)), publishedOptions(c))
			if err != nil {
				t.Fatal(err)
			}
			if fit.Items != len(pairs) || fit.Skipped != 0 {
				t.Errorf("items %d, skipped %d; want %d, 0", fit.Items, fit.Skipped, len(pairs))
			}
			if want := c.Epochs * ((len(pairs) + c.BatchSize - 1) / c.BatchSize); fit.Batches != want {
				t.Errorf("batches %d, want %d", fit.Batches, want)
			}

			// model.json: {"value": g, ...} over the distinct observed P(A).
			var funcs map[string]float64
			if err := json.Unmarshal(calibtest.ReadPublishedFile(t, c.Model), &funcs); err != nil {
				t.Fatalf("%s: %v", c.Model, err)
			}
			z, g := fit.Curve.Z, fit.Curve.G
			if len(funcs) != len(z) || len(g) != len(z) {
				t.Fatalf("%d knots (%d g), model.json has %d", len(z), len(g), len(funcs))
			}
			worst := 0.0
			for key, want := range funcs {
				v, err := strconv.ParseFloat(key, 64)
				if err != nil {
					t.Fatalf("model.json key %q: %v", key, err)
				}
				got := fit.Curve.Apply(v)
				i := searchExact(z, v)
				if i < 0 {
					t.Fatalf("model.json value %v is not a knot", v)
				}
				if d := math.Abs(g[i] - want); d > worst {
					worst = d
				}
				if d := math.Abs(got - want); !(d <= publishedTol) {
					t.Errorf("g(%v) = %.17g, script %.17g (|Δ| = %.3g)", v, got, want, d)
				}
			}
			t.Logf("K = %d, %d knots: max |g − model.json| = %.3g; RankShift %.4g; max |p| %.4g",
				fit.Items, len(z), worst, fit.RankShift, maxAbs(fit.Params))

			// The printed "iter@e: loss, reg, loss − λ·reg" lines.
			if len(fit.Printed) != len(c.Printed) {
				t.Fatalf("%d printed losses, script printed %d", len(fit.Printed), len(c.Printed))
			}
			for e, want := range c.Printed {
				got := fit.Printed[e]
				for j, v := range [3]float64{got.Loss, got.Reg, got.Objective} {
					if d := math.Abs(v - want[j]); !(d <= publishedTol) {
						t.Errorf("epoch %d printed value %d: %.17g, script %.17g", e, j, v, want[j])
					}
				}
			}

			// The saved IsotonicRegression, applied.
			var pred struct{ X, Y []float64 }
			if err := json.Unmarshal(calibtest.ReadPublishedFile(t, c.Predict), &pred); err != nil || len(pred.X) != len(pred.Y) {
				t.Fatalf("%s: %v", c.Predict, err)
			}
			for i, x := range pred.X {
				if got := fit.Curve.Apply(x); !(math.Abs(got-pred.Y[i]) <= publishedTol) {
					t.Errorf("curve at %v = %.17g, sklearn predict %.17g", x, got, pred.Y[i])
				}
			}
		})
	}
}

// searchExact returns the index of v in the increasing z, or −1.
func searchExact(z []float64, v float64) int {
	lo, hi := 0, len(z)
	for lo < hi {
		m := (lo + hi) / 2
		if z[m] < v {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(z) && z[lo] == v {
		return lo
	}
	return -1
}

func maxAbs(x []float64) float64 {
	m := 0.0
	for _, v := range x {
		m = max(m, math.Abs(v))
	}
	return m
}

// gradProblem is a small problem on which the script's gradient expression
// is compared with the exact gradient of its printed objective.
type gradProblem struct {
	pairs []model.Pair
	idx   []int32 // three indexes into values per item
	w     *publishedWork
	lam   float64
	n     int // N parameters
}

// newGradProblem builds k items with P(A) on a grid of 0.01 inside
// (0, 1) (so values repeat, and no value is 0 or 1, where NOA's knots
// would differ from the script's), and random parameters p (sd 0.5) so
// that the increments' weights differ.
func newGradProblem(t *testing.T, k int, lam float64, seed uint64) *gradProblem {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	pairs := make([]model.Pair, k)
	for i := range pairs {
		p := &pairs[i]
		p.ID = fmt.Sprintf("g%d", i)
		for _, a := range [3]model.Arrangement{model.X0, model.X1, model.X2} {
			p.Has[a] = true
			p.S[a] = float64(1+rng.IntN(99)) / 100
		}
	}
	tri, _, err := publishedTriples(pairs, calibtest.AllIdx(k))
	if err != nil {
		t.Fatal(err)
	}
	values, idx := publishedValues(tri)
	gp := &gradProblem{pairs: pairs, idx: idx, lam: lam, n: len(values) - 1}
	gp.w = newPublishedWork(gp.n)
	for i := range gp.w.p {
		gp.w.p[i] = 0.5 * rng.NormFloat64()
	}
	if err := gp.w.prefix(); err != nil {
		t.Fatal(err)
	}
	return gp
}

// objective is the script's printed loss − λ·reg summed over the items
// (not divided by K), at parameters p.
func (gp *gradProblem) objective(p []float64) float64 {
	w := newPublishedWork(gp.n)
	copy(w.p, p)
	if err := w.prefix(); err != nil {
		panic(err)
	}
	return w.loss(gp.idx, gp.lam).Objective * float64(len(gp.idx)/3)
}

// coefFunc gives a coefficient per block j (the items' x0, x1, x2) from
// g0, g1, g2; chainFunc gives the factor of block j at parameter i.
type (
	coefFunc  func(g [3]float64) [3]float64
	chainFunc func(j int, s [3]int32, g [3]float64, i int) float64
)

// assemble returns Σ_items Σ_j coef_j·chain_j(i) for every parameter i,
// by the script's O(K·N) loops, at the problem's parameters.
func (gp *gradProblem) assemble(coef coefFunc, chain chainFunc) []float64 {
	d := make([]float64, gp.n)
	total := gp.w.sums[gp.n]
	for t := 0; t < len(gp.idx); t += 3 {
		s := [3]int32{gp.idx[t], gp.idx[t+1], gp.idx[t+2]}
		var g [3]float64
		for j := range g {
			g[j] = gp.w.sums[s[j]] / total
		}
		c := coef(g)
		for j := range 3 {
			for i := range d {
				d[i] += c[j] * chain(j, s, g, i)
			}
		}
	}
	return d
}

// The coefficients: with a = g0+g2−1 (content swap), b = g0−g1 (position
// swap), c = g0−g2 (regulariser), exact is ∂/∂g_j of a² + b² − λc² (eq. 10)
// and script is the script's (grad1+grad2+grad3, grad1−grad2−grad3,
// grad1−grad2−grad3).
func exactCoef(lam float64) coefFunc {
	return func(g [3]float64) [3]float64 {
		a, b, c := g[0]+g[2]-1, g[0]-g[1], g[0]-g[2]
		return [3]float64{2*a + 2*b - 2*lam*c, -2 * b, 2*a + 2*lam*c}
	}
}

func scriptCoef(lam float64) coefFunc {
	return func(g [3]float64) [3]float64 {
		a, b, c := g[0]+g[2]-1, g[0]-g[1], g[0]-g[2]
		grad1, grad2, grad3 := 2*a, 2*lam*b, 2*lam*c
		return [3]float64{grad1 + grad2 + grad3, grad1 - grad2 - grad3, grad1 - grad2 - grad3}
	}
}

func ind(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// exactChain is −∂g_j/∂p_i = w_i (1[i ≥ s_j] − (1 − g_j)), w_i = e^{p_i}/T.
func (gp *gradProblem) exactChain(j int, s [3]int32, g [3]float64, i int) float64 {
	wi := gp.w.exps[i] / gp.w.sums[gp.n]
	return wi * (ind(i >= int(s[j])) - (1 - g[j]))
}

// scriptChain is the script's factor: exps[s1−1]·(1 − g0)/T from s_j on
// and −exps[s1−1]/T² below s_j.
func (gp *gradProblem) scriptChain(j int, s [3]int32, g [3]float64, i int) float64 {
	total := gp.w.sums[gp.n]
	w0 := gp.w.exps[s[0]-1] / total
	return w0 * ((1-g[0])*ind(i >= int(s[j])) - ind(i < int(s[j]))/total)
}

// relDiff returns max_i |x_i − y_i| / max_i |y_i|.
func relDiff(x, y []float64) float64 {
	d, m := 0.0, 0.0
	for i := range x {
		d = max(d, math.Abs(x[i]-y[i]))
		m = max(m, math.Abs(y[i]))
	}
	return d / m
}

func cosine(x, y []float64) float64 {
	var xy, xx, yy float64
	for i := range x {
		xy += x[i] * y[i]
		xx += x[i] * x[i]
		yy += y[i] * y[i]
	}
	return xy / math.Sqrt(xx*yy)
}

// TestPublishedGradient documents, one named subtest per difference, how
// the published code's gradient expression departs from the exact
// gradient of the objective it prints (loss − λ·reg = eq. 10 of
// docs/methods.md §3, in the script's own parametrisation g(values[k]) =
// Σ_{i<k} e^{p_i}/Σe^p). The exact descent direction is −∇f =
// Σ_items Σ_j G_j·(−∂g_j/∂p) with G_j = ∂f/∂g(s_j); the subtests turn it
// into the script's expression one change at a time, each change making a
// real difference on this problem, and the last step equals the grads
// that FitPublished (hence the script, TestPublishedReference) computes.
func TestPublishedGradient(t *testing.T) {
	const lam = 0.3 // not 0 or 1, where some differences vanish
	gp := newGradProblem(t, 40, lam, 1)
	k := len(gp.idx) / 3

	// −∇f, exact, by the NOA machinery: with no P(A) at 0 or 1, NOA's
	// knots are 0, the script's observed values, 1, and its d_1..d_M are
	// the script's p_0..p_{N−1}.
	noa, err := NewNOA(gp.pairs, calibtest.AllIdx(k), ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	if noa.M() != gp.n {
		t.Fatalf("NOA has %d parameters, the script %d", noa.M(), gp.n)
	}
	negGrad := make([]float64, gp.n)
	noa.Objective(gp.w.p, lam, negGrad)
	for i := range negGrad {
		negGrad[i] *= -float64(k) // ∂(L/K)/∂d → −∂f/∂p
	}
	script := slices.Clone(func() []float64 { gp.w.batchGrads(gp.idx, lam); return gp.w.grads }())

	t.Run("exact gradient of the printed objective", func(t *testing.T) {
		// NOA's gradient is the gradient of the script's printed
		// loss − λ·reg: check by central differences, and check the
		// chain-rule assembly the next subtests start from.
		const h = 1e-5
		p := slices.Clone(gp.w.p)
		fd := make([]float64, gp.n)
		for i := range p {
			p[i] = gp.w.p[i] + h
			fp := gp.objective(p)
			p[i] = gp.w.p[i] - h
			fm := gp.objective(p)
			p[i] = gp.w.p[i]
			fd[i] = -(fp - fm) / (2 * h)
		}
		if d := relDiff(fd, negGrad); d > 1e-7 {
			t.Errorf("finite differences differ from NOA's gradient by %.3g (relative)", d)
		}
		if d := relDiff(gp.assemble(exactCoef(lam), gp.exactChain), negGrad); d > 1e-12 {
			t.Errorf("Σ G_j·(−∂g_j/∂p) differs from NOA's gradient by %.3g", d)
		}
	})

	// Each step: the previous direction, one change, the new direction.
	steps := []struct {
		name, why string
		coef      coefFunc
		chain     chainFunc
	}{
		{"exact", "", exactCoef(lam), gp.exactChain},
		{"position term carries λ",
			// grad2 = 2·lam·(g0 − g1): the script weights the position
			// term (r0 − r1)² by λ, although its printed loss does not.
			"G0 and G1 use 2λ(g0−g1) instead of 2(g0−g1)",
			func(g [3]float64) [3]float64 {
				a, b, c := g[0]+g[2]-1, g[0]-g[1], g[0]-g[2]
				return [3]float64{2*a + 2*lam*b - 2*lam*c, -2 * lam * b, 2*a + 2*lam*c}
			}, gp.exactChain},
		{"regulariser sign reversed",
			// grad3 = 2·lam·(g0 − g2) enters s0's block with + and s2's
			// with −: the derivative of +λ(g0 − g2)², so the step pulls
			// g(s0) and g(s2) together, while the printed objective
			// subtracts λ·reg to push them apart. The coefficients are now
			// ∂/∂g_j of a² + λb² + λc².
			"G0 and G2 use +2λ(g0−g2) and −2λ(g0−g2) instead of −2λ(g0−g2) and +2λ(g0−g2)",
			func(g [3]float64) [3]float64 {
				a, b, c := g[0]+g[2]-1, g[0]-g[1], g[0]-g[2]
				return [3]float64{2*a + 2*lam*b + 2*lam*c, -2 * lam * b, 2*a - 2*lam*c}
			}, gp.exactChain},
		{"s1 and s2 blocks share one coefficient",
			// Both later blocks use grad1 − grad2 − grad3: s1's gets the
			// content term 2a and −2λc, which do not involve g1; s2's gets
			// −2λb, which does not involve g2.
			"G1 = G2 = 2a − 2λb − 2λc",
			scriptCoef(lam), gp.exactChain},
		{"every block uses s0's increment weight",
			// exps[s1 − 1] in all three blocks: the weight of the increment
			// just below g(s0), not e^{p_i} of the parameter being updated
			// (nor exps[s2 − 1] or exps[s3 − 1]).
			"w_i → e^{p_{s0−1}}/T",
			scriptCoef(lam), func(j int, s [3]int32, g [3]float64, i int) float64 {
				w0 := gp.w.exps[s[0]-1] / gp.w.sums[gp.n]
				return w0 * (ind(i >= int(s[j])) - (1 - g[j]))
			}},
		{"from s_j on: (1 − g0) in place of g_j",
			// Exact −∂g_j/∂p_i for i ≥ s_j is w_i·g_j; the script has
			// exps[s1−1]·(1 − sums[s1]/total)/total.
			"above s_j the factor is 1 − g0, not g_j",
			scriptCoef(lam), func(j int, s [3]int32, g [3]float64, i int) float64 {
				w0 := gp.w.exps[s[0]-1] / gp.w.sums[gp.n]
				if i >= int(s[j]) {
					return w0 * (1 - g[0])
				}
				return -w0 * (1 - g[j])
			}},
		{"below s_j: 1/T in place of 1 − g_j",
			// Exact −∂g_j/∂p_i for i < s_j is −w_i·(1 − g_j); the script
			// has −exps[s1−1]/total²: the factor (1 − g_j) is missing and
			// an extra 1/T ≈ 1/N makes this side N times too small.
			"below s_j the factor is 1/T, not 1 − g_j",
			scriptCoef(lam), gp.scriptChain},
	}
	prev := negGrad
	for si, st := range steps {
		cur := gp.assemble(st.coef, st.chain)
		if si == 0 {
			prev = cur
			continue
		}
		t.Run(st.name, func(t *testing.T) {
			d := relDiff(cur, prev)
			t.Logf("%s: changes the direction by %.3g (relative max), cosine with −∇f %.4f", st.why, d, cosine(cur, negGrad))
			if d < 1e-3 {
				t.Errorf("the change makes no difference here (%.3g)", d)
			}
		})
		prev = cur
	}

	t.Run("the script's grads equal the assembled expression", func(t *testing.T) {
		if d := relDiff(script, prev); d > 1e-12 {
			t.Errorf("FitPublished's grads differ from the assembled script expression by %.3g", d)
		}
		t.Logf("cosine(script grads, −∇f) = %.4f; ‖script‖/‖∇f‖ = %.3g", cosine(script, negGrad), math.Sqrt(dot(script, script)/dot(negGrad, negGrad)))
	})

	t.Run("update sign", func(t *testing.T) {
		// The script adds: paras[i] += lr·grads[i]/batch_size. Its grads
		// has the sign pattern of −∂g_j/∂p (negative below s_j, positive
		// from s_j on, times the block's coefficient), so adding it is a
		// descent step, as adding −∇f would be; the sign is not flipped.
		total := gp.w.sums[gp.n]
		for t0 := 0; t0 < len(gp.idx); t0 += 3 {
			s := [3]int32{gp.idx[t0], gp.idx[t0+1], gp.idx[t0+2]}
			var g [3]float64
			for j := range g {
				g[j] = gp.w.sums[s[j]] / total
			}
			for j := range 3 {
				for i := range gp.n {
					a, b := gp.scriptChain(j, s, g, i), gp.exactChain(j, s, g, i)
					if a*b < 0 {
						t.Fatalf("item %d block %d parameter %d: script factor %g, exact %g: opposite signs", t0/3, j, i, a, b)
					}
				}
			}
		}
	})

	t.Run("no objective has the script's grads as its gradient", func(t *testing.T) {
		// A gradient field has a symmetric Jacobian. The script's
		// coefficients already are not one: ∂C0/∂g1 = −2λ but
		// ∂C1/∂g0 = 2 − 4λ (equal only at λ = 1). Check the whole map
		// p → grads by central differences.
		const h = 1e-6
		n := min(gp.n, 30)
		// asymmetry returns max |J − Jᵀ| and max |J| of f's Jacobian on
		// the first n parameters, by central differences.
		asymmetry := func(f func(p, out []float64)) (asym, scale float64) {
			jac := make([][]float64, n)
			p := slices.Clone(gp.w.p)
			plus, minus := make([]float64, gp.n), make([]float64, gp.n)
			for j := range n {
				p[j] = gp.w.p[j] + h
				f(p, plus)
				p[j] = gp.w.p[j] - h
				f(p, minus)
				p[j] = gp.w.p[j]
				jac[j] = make([]float64, n)
				for i := range n {
					jac[j][i] = (plus[i] - minus[i]) / (2 * h) // ∂f_i/∂p_j
				}
			}
			for i := range n {
				for j := range n {
					asym = max(asym, math.Abs(jac[j][i]-jac[i][j]))
					scale = max(scale, math.Abs(jac[j][i]))
				}
			}
			return asym, scale
		}
		// Control: the exact gradient's Jacobian (the Hessian) is symmetric
		// to the accuracy of the differences.
		ea, es := asymmetry(func(p, out []float64) { noa.Objective(p, lam, out) })
		if ea > 1e-6*es {
			t.Fatalf("control: the Hessian looks asymmetric (%.3g of %.3g)", ea, es)
		}
		w := newPublishedWork(gp.n)
		sa, ss := asymmetry(func(p, out []float64) {
			copy(w.p, p)
			if err := w.prefix(); err != nil {
				panic(err)
			}
			w.batchGrads(gp.idx, lam)
			copy(out, w.grads)
		})
		t.Logf("script: max |J − Jᵀ| = %.3g, max |J| = %.3g (exact: %.3g of %.3g)", sa, ss, ea, es)
		if sa < 0.05*ss {
			t.Errorf("the Jacobian of the script's grads is nearly symmetric (%.3g of %.3g)", sa, ss)
		}
	})
}

// TestPublishedNearStart shows what the script's step does near its start
// p = 0 (all weights 1/N): up to a uniform shift of p, which leaves g
// unchanged, each block's factor is (1 − g0 + 1/N) times the exact
// −∂g_j/∂p. So a step lowers every g(s_j) by an amount ∝ C_j·(1 − g0 + 1/N):
// a descent-like step on the pseudo-loss a² + λb² + λc² (with s1's and
// s2's coefficients mixed up), weighted by 1 − g(s0), whose size per epoch
// is O(LR·(2+4λ)/BatchSize) in p, and g hardly leaves the rank transform.
func TestPublishedNearStart(t *testing.T) {
	gp := newGradProblem(t, 30, 0.05, 2)
	clear(gp.w.p)
	if err := gp.w.prefix(); err != nil {
		t.Fatal(err)
	}
	total := gp.w.sums[gp.n]
	nf := float64(gp.n)
	for t0 := 0; t0 < len(gp.idx); t0 += 3 {
		s := [3]int32{gp.idx[t0], gp.idx[t0+1], gp.idx[t0+2]}
		var g [3]float64
		for j := range g {
			g[j] = gp.w.sums[s[j]] / total
		}
		for j := range 3 {
			sc0, ex0 := gp.scriptChain(j, s, g, 0), gp.exactChain(j, s, g, 0)
			for i := range gp.n {
				got := gp.scriptChain(j, s, g, i) - sc0
				want := (1 - g[0] + 1/nf) * (gp.exactChain(j, s, g, i) - ex0)
				if math.Abs(got-want) > 1e-15 {
					t.Fatalf("item %d block %d parameter %d: %g, want %g", t0/3, j, i, got, want)
				}
			}
		}
	}

	// On a simulated judge (K = 1,000), at the start: how well the
	// script's direction for all items at once matches −∇f.
	pairs := calibtest.ReadPublishedData(t, calibtest.PublishedCaseNamed(t, "k1000").Data)
	est := calibtest.AllIdx(len(pairs))
	tri, _, err := publishedTriples(pairs, est)
	if err != nil {
		t.Fatal(err)
	}
	values, idx := publishedValues(tri)
	noa, err := NewNOA(pairs, est, ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	if noa.M() == len(values)-1 { // no P(A) at exactly 0 or 1
		w := newPublishedWork(noa.M())
		if err := w.prefix(); err != nil {
			t.Fatal(err)
		}
		w.batchGrads(idx, 0.05)
		grad := make([]float64, noa.M())
		noa.Objective(w.p, 0.05, grad)
		for i := range grad {
			grad[i] = -grad[i]
		}
		t.Logf("k1000 at p = 0: cosine(script grads, −∇f) = %.4f", cosine(w.grads, grad))
	}

	// The default fit of the simulated judges of testdata/published stays
	// within 0.005 of the rank transform.
	for _, c := range calibtest.ReadPublishedCases(t) {
		if publishedOptions(c) != DefaultPublishedOptions() {
			continue
		}
		pairs := calibtest.ReadPublishedData(t, c.Data)
		fit, err := FitPublished(pairs, calibtest.AllIdx(len(pairs)), publishedOptions(c))
		if err != nil {
			t.Fatal(err)
		}
		if fit.RankShift > 0.005 {
			t.Errorf("%s: g moved %.3g from the rank transform", c.Name, fit.RankShift)
		}
	}
}
