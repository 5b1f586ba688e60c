package calibraeval

import (
	"errors"
	"fmt"
	"math"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// PublishedCommit is the commit of github.com/CSHaitao/CalibraEval whose
// src/CalibraEval.py FitPublished reproduces.
const PublishedCommit = "2108ab2c619f47eadd9fee5aedde1d1d0238496a"

// PublishedOptions are the settings of CalibraEval's published code
// (src/CalibraEval.py, function iso_regression).
type PublishedOptions struct {
	// Lambda is λ ≥ 0 (the call at the bottom of the script: 0.05).
	Lambda float64
	// BatchSize is the number of items per step, ≥ 1 (64). The last batch
	// of an epoch may be shorter; its update is still divided by BatchSize,
	// as in the script.
	BatchSize int
	// LR is the learning rate, finite and ≥ 0 (10).
	LR float64
	// Epochs is the number of passes over the items, ≥ 0 (1). 0 returns the
	// start, the rank transform g(values[k]) = k/N.
	Epochs int
}

// DefaultPublishedOptions returns the settings the published script runs
// with: λ = 0.05, batches of 64, learning rate 10, one epoch.
func DefaultPublishedOptions() PublishedOptions {
	return PublishedOptions{Lambda: 0.05, BatchSize: 64, LR: 10, Epochs: 1}
}

// maxPublishedEpochs bounds Epochs, so that a typo cannot hang a caller.
const maxPublishedEpochs = 1_000_000

// Validate says what is wrong with the options, if anything.
func (o PublishedOptions) Validate() error {
	if !(o.Lambda >= 0) || math.IsInf(o.Lambda, 0) {
		return fmt.Errorf("published CalibraEval: λ = %v, want a finite number ≥ 0", o.Lambda)
	}
	if o.BatchSize < 1 {
		return fmt.Errorf("published CalibraEval: batch size %d, want ≥ 1", o.BatchSize)
	}
	if !(o.LR >= 0) || math.IsInf(o.LR, 0) {
		return fmt.Errorf("published CalibraEval: learning rate %v, want a finite number ≥ 0", o.LR)
	}
	if o.Epochs < 0 || o.Epochs > maxPublishedEpochs {
		return fmt.Errorf("published CalibraEval: %d epochs, want 0 to %d", o.Epochs, maxPublishedEpochs)
	}
	return nil
}

// PublishedLoss is the script's printed line "iter@e: loss, reg, loss−λ·reg":
// over the K items, Loss = Σ[(g(s0) + g(s2) − 1)² + (g(s0) − g(s1))²]/K,
// Reg = Σ(g(s0) − g(s2))²/K, and Objective = Loss − λ·Reg, which is
// docs/methods.md §3's eq. 10 divided by K (r0 − r2 = g(s0) + g(s2) − 1).
type PublishedLoss struct {
	Loss, Reg, Objective float64
}

// PublishedFit is the result of FitPublished.
type PublishedFit struct {
	Options PublishedOptions
	// Curve is the saved map: knots at the distinct observed P(A) values
	// with g = the script's model.json, applied by linear interpolation and
	// clipped outside the knots, as its IsotonicRegression(out_of_bounds=
	// "clip") does. g(min observed) is not 0 and g(max observed) is not 1.
	Curve *calib.Curve
	// Values are the script's values[0..N]: −0.1, the distinct observed
	// P(A) in increasing order, 1.1. g(values[k]) = Σ_{i<k} e^{p_i}/Σ e^{p_i}.
	Values []float64
	// Params are the script's paras p_0..p_{N−1} after the last epoch,
	// re-centred to mean 0 (all 0 at the start).
	Params []float64
	// Printed holds the script's printed loss before each epoch (Printed[0]
	// is at the start, the rank transform). These are the only losses the
	// script prints: with its one epoch, its output shows Printed[0], the
	// loss of the rank transform, never that of the g it saves.
	Printed []PublishedLoss
	// Final is the same loss at the fitted g, which the script never
	// prints (label it as the loss at the fitted g, not as the script's
	// printed line: that is Printed). Final.Objective is eq. 10 / K,
	// comparable with FitResult.Objective of the converged solver (λ being
	// equal, and the same items). It is computed here, not by NOA.Objective,
	// because NOA fixes g(0) = 0 and g(1) = 1 while the script's g does not;
	// where no P(A) is exactly 0 or 1 the two agree (the script's p is NOA's
	// d; TestPublishedObjectiveMatchesNOA).
	Final PublishedLoss
	// RankShift is max_k |g(values[k]) − k/N|: how far g moved from the
	// rank transform it starts at.
	RankShift float64
	// Items is K, the estimation items used (they have x0, x1 and x2; x3 is
	// ignored); Skipped counts the estimation items left out for lacking
	// one of them.
	Items, Skipped int
	// Batches is the number of parameter updates over all epochs.
	Batches int
	// Notes holds remarks to show with the fit.
	Notes []string
}

// FitPublished runs CalibraEval's published code (src/CalibraEval.py at
// PublishedCommit) on the estimation items est of pairs, exactly: its g
// equals the script's model.json bit for bit, or to 1e-16, on the cases of
// testdata/published (TestPublishedReference). Items are used in the order
// given (the script's file order) and need x0, x1 and x2 (the script's
// prompt_1, prompt_2, prompt_3); x3 is ignored, and items lacking one of
// the three are counted in Skipped.
//
// What the script does. It pools the 3K observed P(A) with −0.1 and 1.1,
// sorts and de-duplicates them into values[0..N], and parametrises g by
// p_0..p_{N−1}, g(values[k]) = Σ_{i<k} e^{p_i}/Σ_i e^{p_i}, starting at p = 0,
// i.e. at the rank transform g(values[k]) = k/N (plumb's converged solver
// starts at the identity). It makes Epochs passes over the items in batches
// of BatchSize and, per batch, adds LR·D/BatchSize to p, where D is its
// hand-derived expression, not the gradient of its printed objective
// (eq. 10): per item, with g_j = g(s_j), w = e^{p_{s0−1}}/Σe^p (the
// weight of the increment just below s0) and T = Σe^p, it uses
//
//	C0 = 2(g0+g2−1) + 2λ(g0−g1) + 2λ(g0−g2) for s0,
//	C1 = C2 = 2(g0+g2−1) − 2λ(g0−g1) − 2λ(g0−g2) for s1 and s2,
//	D_i += C_j·w·(1−g0) for i ≥ s_j, and −C_j·w/T for i < s_j.
//
// Compared with the descent direction −∂(eq. 10)/∂p_i = Σ_j G_j e^{p_i}/T·
// (1[i ≥ s_j] − (1 − g_j)), G_j = ∂(eq. 10)/∂g_j: the position term carries λ
// (λ(g0−g1)² instead of (g0−g1)²); the regulariser's sign is reversed, so
// it pulls g(s0) and g(s2) together instead of apart; s1's and s2's blocks
// reuse one coefficient that mixes every term; and every block uses the
// weight of s0's increment and the factor (1 − g0) (or 1/T) in place of
// e^{p_i}/T and g_j (or 1 − g_j). TestPublishedGradient shows each
// difference. Since a uniform shift of p leaves g unchanged, each block
// effectively raises the mass above s_j, i.e. lowers g(s_j), by
// LR·C_j·w·(1−g0+1/T)/BatchSize: a descent-like step on the pseudo-loss
// (g0+g2−1)² + λ(g0−g1)² + λ(g0−g2)² weighted by 1 − g0 + 1/T, with the
// coefficients of s1 and s2 mixed up (TestPublishedNearStart); no
// objective has the script's expression as its gradient. As |C_j| ≤ 2+4λ
// and w ≈ 1/N with N ≈ 3K, one epoch moves each p_i by at most about
// LR·3K(2+4λ)/(BatchSize·N) ≈ LR(2+4λ)/BatchSize (0.34 at the defaults),
// and in practice far less because the C_j of different items cancel
// (max |p| 0.007 for K = 1,000 and 3,000): g stays within 0.005 of the
// rank transform on the simulated judges of testdata/published
// (RankShift). What the script calibrates with is therefore, to that
// precision, the rank transform of the pooled P(A) of the estimation set.
//
// After the last epoch p is re-centred to mean 0, and g at the observed
// values is saved (model.json) and fitted by IsotonicRegression (already
// increasing, so unchanged); Curve applies it the same way.
//
// The work is O(K log K + N·batches) instead of the script's O(K·N) per
// epoch: each block adds one constant below s_j and another from s_j on,
// which per batch are collected at s_j and summed once (suffix and prefix
// sums). Floating-point operations follow the script's expressions and
// order wherever it matters to the last digits.
//
// Errors: invalid options; an empty estimation set or an index out of
// range; hard choices instead of probabilities; a P(A) that is NaN or
// outside [0, 1]; no item with x0, x1 and x2; parameters that overflow
// (a learning rate far too large).
func FitPublished(pairs []model.Pair, est []int, opt PublishedOptions) (*PublishedFit, error) {
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	tri, skipped, err := publishedTriples(pairs, est)
	if err != nil {
		return nil, err
	}
	values, idx := publishedValues(tri)
	fit := &PublishedFit{Options: opt, Values: values, Items: len(tri) / 3, Skipped: skipped}
	if skipped > 0 {
		fit.Notes = append(fit.Notes, fmt.Sprintf("%d of %d estimation items skipped: the published code needs x0, x1 and x2", skipped, len(est)))
	}
	if err := runPublished(fit, idx); err != nil {
		return nil, err
	}
	return fit, nil
}

// publishedTriples returns (s0, s1, s2) of the estimation items that have
// x0, x1 and x2, flattened in the order of est, and how many lacked one.
func publishedTriples(pairs []model.Pair, est []int) (tri []float64, skipped int, err error) {
	if len(est) == 0 {
		return nil, 0, errors.New("published CalibraEval: the estimation set is empty")
	}
	choice := 0
	for _, i := range est {
		if i < 0 || i >= len(pairs) {
			return nil, 0, fmt.Errorf("published CalibraEval: estimation index %d out of range [0, %d)", i, len(pairs))
		}
		if pairs[i].Source == model.SourceChoice {
			choice++
		}
	}
	if choice == len(est) {
		return nil, 0, errors.New("CalibraEval needs probabilities; this judge gave hard choices")
	}
	if choice > 0 {
		return nil, 0, fmt.Errorf("CalibraEval needs probabilities; %d of %d estimation items gave hard choices", choice, len(est))
	}
	tri = make([]float64, 0, 3*len(est))
	for _, i := range est {
		pr := &pairs[i]
		if !pr.Has[model.X0] || !pr.Has[model.X1] || !pr.Has[model.X2] {
			skipped++
			continue
		}
		for _, a := range [3]model.Arrangement{model.X0, model.X1, model.X2} {
			s := pr.S[a]
			if !(s >= 0 && s <= 1) { // also rejects NaN
				return nil, 0, fmt.Errorf("published CalibraEval: item %q (%s): P(A) in %s is %v, not in [0, 1]", pr.ID, pr.Pos, a, s)
			}
			if s == 0 {
				s = 0 // −0 equals 0 (the script's set merges them)
			}
			tri = append(tri, s)
		}
	}
	if len(tri) == 0 {
		return nil, 0, fmt.Errorf("published CalibraEval: none of the %d estimation items has x0, x1 and x2 (the published code needs all three)", len(est))
	}
	return tri, skipped, nil
}

// publishedValues returns the script's values (−0.1, the distinct values
// of tri in increasing order, 1.1) and the index in values of every entry
// of tri (1..N−1).
func publishedValues(tri []float64) (values []float64, idx []int32) {
	// Values in [0, 1] (no −0) sort as their bits.
	bits := make([]uint64, len(tri))
	for i, v := range tri {
		bits[i] = math.Float64bits(v)
	}
	radixSort(bits, make([]uint64, len(bits)))
	values = make([]float64, 1, len(tri)+2)
	values[0] = -0.1
	for i, b := range bits {
		if i == 0 || b != bits[i-1] {
			values = append(values, math.Float64frombits(b))
		}
	}
	values = append(values, 1.1)
	// The distinct values lie in [0, 1] and include 0 only as +0, so the
	// knot index (buckets over [0, 1]) finds each in O(1) on average.
	inner := values[1 : len(values)-1]
	knots := newKnotIndex(inner, nil)
	idx = make([]int32, len(tri))
	for i, v := range tri {
		idx[i] = knots.find(v) + 1
	}
	return values, idx
}
