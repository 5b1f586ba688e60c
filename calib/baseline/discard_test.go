package baseline

import (
	"math"
	"slices"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// TestDiscardHandComputed works a small case on paper (docs/methods.md §4).
func TestDiscardHandComputed(t *testing.T) {
	g1, g2 := model.Gold1, model.Gold2
	p := calibtest.PrefsOf([]model.Gold{g1, g2, g1, g1, g2},
		[4]float64{0.8, 0.7, calibtest.NaN, calibtest.NaN},           // consistent, right
		[4]float64{0.8, 0.3, calibtest.NaN, calibtest.NaN},           // inconsistent
		[4]float64{0.2, 0.1, 0.3, 0.4},                               // consistent (always 2), wrong
		[4]float64{0.9, calibtest.NaN, calibtest.NaN, calibtest.NaN}, // judged once: cannot be checked
		[4]float64{0.5, 0.5, calibtest.NaN, calibtest.NaN},           // all ties: consistent, wrong
	)
	kept, multi := ConsistentItems(p, nil)
	if !slices.Equal(kept, []int{0, 2, 4}) || multi != 4 {
		t.Fatalf("ConsistentItems = %v of %d, want [0 2 4] of 4", kept, multi)
	}
	if k, mu := ConsistentItems(p, []int{1, 2, 3}); !slices.Equal(k, []int{2}) || mu != 2 {
		t.Errorf("ConsistentItems on a subset = %v of %d, want [2] of 2", k, mu)
	}
	m, ks := DiscardMetrics(p)
	calibtest.CheckWellFormed(t, "discard", m)
	calibtest.WantStat(t, "Kept", ks, 3.0/4, 4)
	if m.N != 3 {
		t.Errorf("N = %d, want 3", m.N)
	}
	calibtest.WantStat(t, "AccuracyAggregate", m.AccuracyAggregate, 1.0/3, 3)
	calibtest.WantStat(t, "Accuracy[x0]", m.Accuracy[0], 1.0/3, 3)
	calibtest.WantStat(t, "Accuracy[x2]", m.Accuracy[2], 0, 1)
	calibtest.WantStat(t, "AccuracyMean", m.AccuracyMean, (1.0/3+1.0/3+0+0)/4, 3)
	for _, s := range []calib.Stat{m.Consistency, m.FirstPositionRate, m.FleissKappa, m.ICC2k, m.ICC3k, m.ICC21, m.ICC31} {
		calibtest.WantUndefined(t, "agreement", s, ReasonDiscardTrivial)
	}

	single := calibtest.PrefsOf([]model.Gold{g1}, [4]float64{0.9, calibtest.NaN, calibtest.NaN, calibtest.NaN})
	if _, ks := DiscardMetrics(single); ks.OK() {
		t.Errorf("no item judged twice: Kept = %v, want undefined", ks.Value)
	}
}

// TestDiscardKeepsConsistentShare: Kept equals the raw consistency on a
// simulated position-biased judge.
func TestDiscardKeepsConsistentShare(t *testing.T) {
	pairs := calibtest.Simulate(3, calibtest.Sim{N: 1000, Arr: [4]bool{true, true, true, false}, Signal: 1, JudgeNoise: 1, Pos: 1, Tok: 0.5, Noise: 0.5})
	raw := calib.RawPrefs(pairs)
	m, ks := DiscardMetrics(raw)
	rm := metrics.Compute(raw)
	if ks.Value != rm.Consistency.Value || ks.N != rm.Consistency.N {
		t.Errorf("Kept %+v, raw consistency %+v", ks, rm.Consistency)
	}
	if want := int(math.Round(ks.Value * float64(ks.N))); m.N != want {
		t.Errorf("metrics over %d items, want %d kept", m.N, want)
	}
	if !(m.AccuracyAggregate.Value > rm.AccuracyAggregate.Value) {
		t.Errorf("accuracy on consistent items %v not above raw %v", m.AccuracyAggregate.Value, rm.AccuracyAggregate.Value)
	}
}
