package style

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/internal/mathx"
)

// DifficultyGLM is AlpacaEval 2.0's length_controlled_noreg GLM (tatsu-lab/
// alpaca_eval @ cd543a1, src/alpaca_eval/metrics/glm_winrate.py,
// GLM_INFO["length_controlled_noreg"]: the formula np.tanh(std_delta_len) +
// instruction_difficulty + not_gamed_baseline.astype(float) − 1, whose
// last term is a column of ones):
//
//	logit p_i = θ + φ·tanh(Δ_i / sd(Δ)) + ψ·d_i
//
// with d_i the instruction's difficulty (AlpacaEval's
// instruction_difficulty.csv), fitted as its fit_LogisticRegressionCV does:
// no intercept of its own, every weight (θ included) under an L1 penalty,
//
//	minimise  |θ| + |φ| + |ψ| + C · Σ_i −[p_i log σ(η_i) + (1 − p_i) log σ(−η_i)]
//
// with C chosen by 5-fold cross-validation among LogisticRegressionCV's
// Cs = 10^(−4 + 8k/9), k = 0..9: the C of the largest summed fold score
// (the first on ties), each fold's score the negated mean log-loss of its
// held-out items (predictions clipped to [1e−15, 1 − 1e−15]), then a fit on
// every item at that C. The win rate is the mean prediction with the length
// term at 0: LC = mean_i σ(θ + ψ·d_i).
//
// The folds are sklearn's GroupKFold with one group per item, as numpy
// 1.24 orders the equal-sized groups (numpyArgsortEqual): another numpy
// may order them otherwise and so, where two Cs score alike, choose
// another C. AlpacaEval's liblinear solver stops at a tolerance of 1e−4;
// this fit is solved to convergence, so the two differ in the last
// digits (testdata/lc_difficulty_synthetic.json).
type DifficultyGLM struct {
	Theta, Phi, Psi float64
	// C is the inverse penalty the cross-validation chose.
	C float64
	// SD is the sample standard deviation of Δ (n − 1).
	SD float64
	N  int
	// LC is mean_i σ(θ + ψ·d_i), the win rate at equal lengths.
	LC float64
}

// The number of folds and AlpacaEval's penalties.
const difficultyFolds = 5

// difficultyCs are LogisticRegressionCV's default Cs, np.logspace(−4, 4,
// 10): 10^y_k with numpy's linspace y_k = k·(8/9) − 4, the last exactly 4.
func difficultyCs() []float64 {
	cs := make([]float64, 10)
	for k := range cs {
		y := float64(k)*(8.0/9.0) - 4
		if k == len(cs)-1 {
			y = 4
		}
		cs[k] = math.Pow(10, y)
	}
	return cs
}

var errDifficultyFew = fmt.Errorf("fewer than %d items with both lengths and a difficulty known: AlpacaEval's %d-fold cross-validation cannot run", difficultyFolds, difficultyFolds)

// FitDifficultyGLM fits the DifficultyGLM to length differences delta,
// preferences p and difficulties d (one per item, in the order whose
// position names an item's cross-validation group, AlpacaEval's row
// order). It fails, with a reason, for fewer than 5 items, a constant Δ or
// a fit that does not converge.
func FitDifficultyGLM(delta, p, d []float64) (DifficultyGLM, error) {
	n := len(delta)
	g := DifficultyGLM{N: n}
	if n < difficultyFolds || len(p) != n || len(d) != n {
		return g, errDifficultyFew
	}
	mean := 0.0
	for _, v := range delta {
		mean += v
	}
	mean /= float64(n)
	ss := 0.0
	for _, v := range delta {
		ss += (v - mean) * (v - mean)
	}
	g.SD = math.Sqrt(ss / float64(n-1))
	if g.SD == 0 {
		return g, errGLMConstant
	}
	x := make([][3]float64, n)
	for i := range x {
		x[i] = [3]float64{1, math.Tanh(delta[i] / g.SD), d[i]}
	}
	fold := groupKFold(n, difficultyFolds)
	cs := difficultyCs()
	best, bestScore := 0, math.Inf(-1)
	train := make([]int, 0, n)
	for k, c := range cs {
		score := 0.0
		for f := range difficultyFolds {
			train = train[:0]
			for i := range n {
				if fold[i] != f {
					train = append(train, i)
				}
			}
			w, err := fitL1Logistic(x, p, train, c)
			if err != nil {
				return g, err
			}
			loss, m := 0.0, 0
			for i := range n {
				if fold[i] == f {
					loss += clippedLogLoss(p[i], w, x[i])
					m++
				}
			}
			score -= loss / float64(m)
		}
		if score > bestScore {
			best, bestScore = k, score
		}
	}
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	w, err := fitL1Logistic(x, p, all, cs[best])
	if err != nil {
		return g, err
	}
	g.Theta, g.Phi, g.Psi, g.C = w[0], w[1], w[2], cs[best]
	for i := range n {
		g.LC += mathx.Sigmoid(w[0] + w[2]*d[i])
	}
	g.LC /= float64(n)
	return g, nil
}

// clippedLogLoss is AlpacaEval's logloss_continuous of one item: the
// log-loss of target p at the prediction σ(w·x) clipped to [1e−15,
// 1 − 1e−15].
func clippedLogLoss(p float64, w, x [3]float64) float64 {
	y := mathx.Sigmoid(w[0]*x[0] + w[1]*x[1] + w[2]*x[2])
	y = min(max(y, 1e-15), 1-1e-15)
	return -(p*math.Log(y) + (1-p)*math.Log(1-y))
}

var errL1Diverged = errors.New("the L1-penalised fit of the difficulty GLM did not converge")

// fitL1Logistic minimises ‖w‖₁ + C·Σ_{i ∈ idx} ℓ(p_i, w·x_i), ℓ the
// continuous-target log-loss, by proximal Newton steps (the quadratic
// model's L1 problem solved by coordinate descent, then a backtracking
// line search on the objective), from w = 0.
func fitL1Logistic(x [][3]float64, p []float64, idx []int, c float64) ([3]float64, error) {
	var w [3]float64
	obj := func(w [3]float64) float64 {
		s := 0.0
		for _, i := range idx {
			eta := w[0]*x[i][0] + w[1]*x[i][1] + w[2]*x[i][2]
			s += p[i]*softplus(-eta) + (1-p[i])*softplus(eta)
		}
		return math.Abs(w[0]) + math.Abs(w[1]) + math.Abs(w[2]) + c*s
	}
	f := obj(w)
	for range 500 {
		var grad [3]float64
		var hess [3][3]float64
		for _, i := range idx {
			eta := w[0]*x[i][0] + w[1]*x[i][1] + w[2]*x[i][2]
			mu := mathx.Sigmoid(eta)
			r, v := c*(mu-p[i]), c*mu*(1-mu)
			for a := range 3 {
				grad[a] += r * x[i][a]
				for b := range 3 {
					hess[a][b] += v * x[i][a] * x[i][b]
				}
			}
		}
		d := l1QuadStep(w, grad, hess)
		// Predicted decrease of the model (≤ 0 at a non-optimal point).
		delta := 0.0
		for a := range 3 {
			delta += grad[a]*d[a] + math.Abs(w[a]+d[a]) - math.Abs(w[a])
		}
		if delta > -1e-13*(1+math.Abs(f)) {
			return w, nil
		}
		t := 1.0
		var next [3]float64
		var fn float64
		for range 60 {
			for a := range 3 {
				next[a] = w[a] + t*d[a]
			}
			if fn = obj(next); fn <= f+0.01*t*delta {
				break
			}
			t /= 2
		}
		if !(fn <= f) {
			return w, nil // no descent at round-off: converged
		}
		w, f = next, fn
	}
	return w, errL1Diverged
}

// l1QuadStep minimises g·d + ½ dᵀHd + ‖w + d‖₁ over d by cyclic
// coordinate descent (soft-thresholding each coordinate).
func l1QuadStep(w, g [3]float64, h [3][3]float64) [3]float64 {
	var d [3]float64
	for range 1000 {
		moved := 0.0
		for j := range 3 {
			a := h[j][j]
			if !(a > 0) {
				continue
			}
			b := g[j]
			for k := range 3 {
				b += h[j][k] * d[k]
			}
			b -= a * d[j] // the slope at d_j = 0, the others fixed
			v := w[j] - b/a
			u := math.Copysign(math.Max(math.Abs(v)-1/a, 0), v)
			nd := u - w[j]
			moved = math.Max(moved, math.Abs(nd-d[j]))
			d[j] = nd
		}
		if moved <= 1e-15*(1+math.Abs(w[0])+math.Abs(w[1])+math.Abs(w[2])) {
			break
		}
	}
	return d
}

// softplus is log(1 + e^x), without overflow.
func softplus(x float64) float64 {
	if x > 0 {
		return x + math.Log1p(math.Exp(-x))
	}
	return math.Log1p(math.Exp(x))
}

// groupKFold is the fold of each of n items under sklearn's GroupKFold with
// one group per item (groups 0..n−1, two rows each in AlpacaEval's
// duplicated data): the groups in the reverse of numpy's argsort of their
// equal sizes, each given to the lightest fold, the first on ties — so the
// k-th of that order goes to fold k mod folds.
func groupKFold(n, folds int) []int {
	order := numpyArgsortEqual(n)
	fold := make([]int, n)
	for k := range order {
		fold[order[n-1-k]] = k % folds
	}
	return fold
}

// InstructionIndex reads the AlpacaEval instruction index of an item from
// its id: the decimal number after the id's last '/' (plumb's AlpacaEval
// import names an item "GENERATOR_1 vs GENERATOR_2/INDEX", INDEX its
// position in the annotations file, which AlpacaEval's code uses as the
// row index of instruction_difficulty.csv), or the whole id when it is a
// number.
func InstructionIndex(id string) (int, bool) {
	s := id
	if k := strings.LastIndexByte(id, '/'); k >= 0 {
		s = id[k+1:]
	}
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = 10*n + int(c-'0')
	}
	return n, true
}

// difficultyRow fits the DifficultyGLM of row r on every item (the rows'
// order is the log's, AlpacaEval's row order for its imports).
func (d *data) difficultyRow(r *row) (calib.Stat, *DifficultyGLM) {
	var delta, p, diff []float64
	missing, first := 0, ""
	for i := range d.items {
		it := &d.items[i]
		ok, isFirst := r.in(it)
		if !ok || !it.hasLen || !it.hasSrc {
			continue
		}
		if !it.hasDiff {
			if missing == 0 {
				first = it.id
			}
			missing++
			continue
		}
		src, la, lb := it.src, it.len1, it.len2
		if !isFirst {
			src, la, lb = 1-src, lb, la
		}
		delta = append(delta, float64(la-lb))
		p = append(p, src)
		diff = append(diff, it.diff)
	}
	n := len(delta) + missing
	if missing > 0 {
		return calib.Undefined(n, fmt.Sprintf("%d of %d items have no instruction difficulty (the first: id %q; the index is the number after the id's last '/')", missing, n, first)), nil
	}
	g, err := FitDifficultyGLM(delta, p, diff)
	if err != nil {
		return calib.Undefined(n, err.Error()), nil
	}
	return calib.Defined(g.LC, n), &g
}

// mirrorDifficulty is the fit of the opponent's side: θ and ψ negated, φ
// the same (Δ is negated too), LC 1 − LC.
func mirrorDifficulty(g *DifficultyGLM) *DifficultyGLM {
	if g == nil {
		return nil
	}
	m := *g
	m.Theta, m.Psi, m.LC = -g.Theta, -g.Psi, 1-g.LC
	return &m
}

// distinctIndices counts the instruction indices of row r's items.
func (d *data) distinctIndices(r *row) int {
	seen := map[int]bool{}
	for i := range d.items {
		if ok, _ := r.in(&d.items[i]); ok {
			if k, ok := InstructionIndex(d.items[i].id); ok {
				seen[k] = true
			}
		}
	}
	return len(seen)
}
