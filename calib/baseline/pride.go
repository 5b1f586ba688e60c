package baseline

import (
	"errors"
	"fmt"
	"math"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/model"
)

// prideClip bounds probabilities before logs in Pride (docs/methods.md §4).
const prideClip = 1e-6

// PridePrior is Pride's estimate of the judge's prior on the ID tokens:
// A + B = 1.
type PridePrior struct {
	A, B float64
	N    int // estimation items it was computed from (judged in x0 and x2)
}

// PridePrefs is the Pride baseline (Zheng et al.; docs/methods.md §4). On the
// estimation items est judged in both x0 and x2, the per-item prior is
// prior_i(A) ∝ exp(mean(log s0, log s2)), prior_i(B) ∝ exp(mean(log(1−s0),
// log(1−s2))), normalised to sum to 1 (probabilities clipped to
// [1e-6, 1−1e-6] before the logs); the global prior is their mean over
// items. Every arrangement of every pair is then debiased,
// P(A) ∝ s/prior(A), P(B) ∝ (1−s)/prior(B), and turned into preferences.
//
// It fails, with an error that reads as a reason, when a record gives hard
// choices (Pride needs probabilities), when no estimation item has x0 and
// x2, or when est holds an index out of range.
func PridePrefs(pairs []model.Pair, est []int) (calib.Prefs, PridePrior, error) {
	return PridePrefsIn(pairs, est, nil)
}

// PridePrefsIn is PridePrefs with the preferences' arrays from ws (nil:
// allocated; see calib.MappedPrefsIn).
func PridePrefsIn(pairs []model.Pair, est []int, ws *work.Space) (calib.Prefs, PridePrior, error) {
	if len(pairs) == 0 {
		return calib.Prefs{}, PridePrior{}, errors.New("no items")
	}
	hard := 0
	for i := range pairs {
		if pairs[i].Source == model.SourceChoice {
			hard++
		}
	}
	if hard > 0 {
		return calib.Prefs{}, PridePrior{}, fmt.Errorf("Pride needs probabilities of A and B; %d of %d records give hard choices", hard, len(pairs))
	}
	var sumA, sumB float64
	n := 0
	for _, i := range est {
		if i < 0 || i >= len(pairs) {
			return calib.Prefs{}, PridePrior{}, fmt.Errorf("pride: estimation index %d out of range [0, %d)", i, len(pairs))
		}
		a, ok := PrideItemPrior(&pairs[i])
		if !ok {
			continue
		}
		sumA += a
		sumB += 1 - a
		n++
	}
	if n == 0 {
		return calib.Prefs{}, PridePrior{}, errors.New("Pride needs estimation items judged in x0 and x2 (contents swapped)")
	}
	prior := PridePrior{A: sumA / float64(n), B: sumB / float64(n), N: n}
	p := calib.MappedPrefsIn(pairs, prior.Debias, ws)
	return p, prior, nil
}

// PrideItemPrior is the prior on A of one item, the term whose mean over
// the estimation items is PridePrefs' global prior (false when the item
// lacks x0 or x2): 1/(1 + exp(lb − la)), la and lb the means of log s and
// log(1 − s) over x0 and x2, probabilities clipped to [1e-6, 1 − 1e-6].
func PrideItemPrior(pr *model.Pair) (float64, bool) {
	if !pr.Has[model.X0] || !pr.Has[model.X2] {
		return 0, false
	}
	s0 := prideClipProb(pr.S[model.X0])
	s2 := prideClipProb(pr.S[model.X2])
	la := (math.Log(s0) + math.Log(s2)) / 2
	lb := (math.Log1p(-s0) + math.Log1p(-s2)) / 2
	// Normalise in a stable way: a = 1/(1+exp(lb−la)).
	return 1 / (1 + math.Exp(lb-la)), true
}

// Debias returns Pride's debiased P(A) for an observed P(A) s:
// (s/A) / (s/A + (1−s)/B).
func (q PridePrior) Debias(s float64) float64 {
	a := s / q.A
	b := (1 - s) / q.B
	return a / (a + b)
}

// prideClipProb clips p to [prideClip, 1 − prideClip].
func prideClipProb(p float64) float64 { return min(max(p, prideClip), 1-prideClip) }
