package baseline

import (
	"math"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// selPair builds a probability pair record; NaN marks an absent arrangement.
func selPair(gold model.Gold, s [4]float64) model.Pair {
	p := model.Pair{Gold: gold, Source: model.SourceProb}
	for j, v := range s {
		if !math.IsNaN(v) {
			p.S[j], p.Has[j] = v, true
		}
	}
	return p
}

// TestPrideHandComputed checks the prior and the debiased preferences on
// paper (docs/methods.md §4): item 1 (s0 = 0.8, s2 = 0.5) has prior(A) ∝
// √(0.8·0.5) = √0.4, prior(B) ∝ √(0.2·0.5) = √0.1, so prior_1(A) = 2/3;
// item 2 (0.5, 0.5) has 1/2; the global prior is A = 7/12, B = 5/12.
// Debiasing s = 0.5 gives (0.5/A)/(0.5/A + 0.5/B) = B = 5/12.
func TestPrideHandComputed(t *testing.T) {
	pairs := []model.Pair{
		selPair(model.Gold1, [4]float64{0.8, calibtest.NaN, 0.5, calibtest.NaN}),
		selPair(model.Gold2, [4]float64{0.5, 0.9, 0.5, calibtest.NaN}),
		selPair(model.Gold2, [4]float64{0.5, calibtest.NaN, calibtest.NaN, 0}), // not in est: no x2
	}
	p, prior, err := PridePrefs(pairs, []int{0, 1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(prior.A-7.0/12) > 1e-14 || math.Abs(prior.B-5.0/12) > 1e-14 || prior.N != 2 {
		t.Fatalf("prior = %+v, want A = 7/12, B = 5/12 from 2 items", prior)
	}
	near := func(name string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-14 {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	near("r[1][x0]", p.R[1][model.X0], 5.0/12)
	near("r[1][x2]", p.R[1][model.X2], 1-5.0/12)
	// s = 0.9: (0.9·12/7)/(0.9·12/7 + 0.1·12/5) = (9/7)/(9/7 + 1/5) = 45/52.
	near("r[1][x1]", p.R[1][model.X1], 45.0/52)
	// s = 0 stays 0; in x3 the preference is 1 − 0 = 1.
	near("r[2][x3]", p.R[2][model.X3], 1)
	if p.Has[0] != pairs[0].Has || p.Gold[2] != model.Gold2 {
		t.Errorf("Has/Gold not carried over")
	}
	if math.Abs(prior.Debias(prior.A)-0.5) > 1e-15 {
		t.Errorf("Debias(prior A) = %v, want 0.5", prior.Debias(prior.A))
	}
}

// TestPrideRemovesTokenBias: with a logit-additive token bias b and no
// position bias, every item's prior is exactly sigmoid(b), so Pride
// recovers the unbiased probabilities exactly.
func TestPrideRemovesTokenBias(t *testing.T) {
	cfg := calibtest.Sim{N: 400, Arr: [4]bool{true, true, true, true}, Signal: 1.5, JudgeNoise: 0.8, Tok: 1.2}
	pairs := calibtest.Simulate(11, cfg)
	all := make([]int, len(pairs))
	for i := range all {
		all[i] = i
	}
	p, prior, err := PridePrefs(pairs, all)
	if err != nil {
		t.Fatal(err)
	}
	sig := 1 / (1 + math.Exp(-cfg.Tok))
	if math.Abs(prior.A-sig) > 1e-9 {
		t.Fatalf("prior A = %v, want sigmoid(%v) = %v", prior.A, cfg.Tok, sig)
	}
	for i := range pairs {
		v := pairs[i].Truth.Value("v")
		want := 1 / (1 + math.Exp(-v)) // unbiased P(response_1 better)
		for _, a := range model.Arrangements {
			if math.Abs(p.R[i][a]-want) > 1e-9 {
				t.Fatalf("item %d %s: r = %v, want %v", i, a, p.R[i][a], want)
			}
		}
	}
	raw := metrics.Compute(calib.RawPrefs(pairs))
	pm := metrics.Compute(p)
	if !(pm.Consistency.Value > raw.Consistency.Value && pm.FleissKappa.Value > raw.FleissKappa.Value &&
		pm.RStd.Value < raw.RStd.Value && pm.AccuracyMean.Value > raw.AccuracyMean.Value) {
		t.Errorf("Pride did not improve a token-biased judge:\nraw   %s\npride %s", calibtest.Summary(raw), calibtest.Summary(pm))
	}
}

func TestPrideUnavailable(t *testing.T) {
	pos := []model.Pair{selPair(model.Gold1, [4]float64{0.7, 0.4, calibtest.NaN, calibtest.NaN})}
	if _, _, err := PridePrefs(pos, []int{0}); err == nil || !strings.Contains(err.Error(), "x0 and x2") {
		t.Errorf("x0/x1 only: err = %v, want a reason naming x0 and x2", err)
	}
	hard := []model.Pair{selPair(model.Gold1, [4]float64{1, calibtest.NaN, 0, calibtest.NaN})}
	hard[0].Source = model.SourceChoice
	if _, _, err := PridePrefs(hard, []int{0}); err == nil || !strings.Contains(err.Error(), "hard choices") {
		t.Errorf("hard choices: err = %v, want a reason", err)
	}
	if _, _, err := PridePrefs(pos, []int{3}); err == nil {
		t.Error("index out of range: no error")
	}
	if _, _, err := PridePrefs(nil, nil); err == nil {
		t.Error("no pairs: no error")
	}
	// Extreme probabilities are clipped before the logs: finite prior.
	ext := []model.Pair{selPair(model.Gold1, [4]float64{1, calibtest.NaN, 1, calibtest.NaN}), selPair(model.Gold2, [4]float64{0, calibtest.NaN, 0.3, calibtest.NaN})}
	p, prior, err := PridePrefs(ext, []int{0, 1})
	if err != nil || math.IsNaN(prior.A) || prior.A <= 0 || prior.A >= 1 || math.IsNaN(p.R[1][0]) {
		t.Errorf("extreme probabilities: prior %+v, err %v", prior, err)
	}
}
