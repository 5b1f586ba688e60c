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

// TestBPCHandComputed works a small case on paper (docs/methods.md §4).
func TestBPCHandComputed(t *testing.T) {
	p := calibtest.PrefsOf([]model.Gold{model.Gold1, model.Gold2, model.Gold1, model.Gold2},
		[4]float64{0.8, 0.3, 0.6, 0.4},                     // groups: 0.55 → 1 (right), 0.5 → tie (wrong)
		[4]float64{0.4, 0.2, calibtest.NaN, calibtest.NaN}, // 0.3 → 2 (right)
		[4]float64{0.9, calibtest.NaN, 0.8, calibtest.NaN}, // x0 and x2 only: averaged over x0/x2, 0.85 → 1 (right)
		[4]float64{0.7, 0.5, 0.2, 0.2},                     // 0.6 → 1 (wrong), 0.2 → 2 (right)
	)
	bp, err := BPCPrefs(p)
	if err != nil {
		t.Fatal(err)
	}
	if bp.Has[2] != [4]bool{true, false, false, false} || math.Abs(bp.R[2][model.X0]-0.85) > 1e-15 || bp.Has[0] != [4]bool{true, false, true, false} || bp.R[3][model.X2] != 0.2 {
		t.Errorf("BPC prefs: Has %v, R %v", bp.Has, bp.R)
	}
	m := BPCMetrics(bp)
	calibtest.CheckWellFormed(t, "bpc", m)
	if m.N != 4 {
		t.Errorf("N = %d, want 4", m.N)
	}
	// Slot x0 (x0/x1 groups, and x0/x2 for item 2): right, right, right, wrong.
	calibtest.WantStat(t, "Accuracy[x0]", m.Accuracy[model.X0], 3.0/4, 4)
	calibtest.WantStat(t, "Accuracy[x2]", m.Accuracy[model.X2], 0.5, 2)
	// Slot x0: recalls 2/2 and 1/2 → std 25; x2/x3: 0/1 and 1/1 → 50.
	calibtest.WantStat(t, "RStd", m.RStd, 37.5, 4)
	calibtest.WantStat(t, "AccuracyMean", m.AccuracyMean, 5.0/8, 4)
	// Mean over slots: 0.525, 0.3, 0.85, 0.4 → all right.
	calibtest.WantStat(t, "AccuracyAggregate", m.AccuracyAggregate, 1, 4)
	calibtest.WantStat(t, "TieRate", m.TieRate, 1.0/6, 6)
	for _, s := range []calib.Stat{m.Consistency, m.FirstPositionRate, m.FleissKappa, m.ICC2k, m.ICC3k, m.ICC21, m.ICC31} {
		calibtest.WantUndefined(t, "agreement", s, ReasonBPCAggregation)
	}
	calibtest.WantUndefined(t, "Accuracy[x1]", m.Accuracy[model.X1], "BPC averages x1 with x0")
	calibtest.WantUndefined(t, "Recall2[x3]", m.Recall2[model.X3], "BPC averages x3 with x2")
}

// TestBPCSwapPairs: an item with x1 and x3 only is averaged over them (slot
// x1); one with x0 and x3 only (response 1 shown first both times) has no
// pair that balances the positions.
func TestBPCSwapPairs(t *testing.T) {
	p := calibtest.PrefsOf([]model.Gold{model.Gold1, model.Gold2},
		[4]float64{calibtest.NaN, 0.9, calibtest.NaN, 0.3},
		[4]float64{0.6, calibtest.NaN, calibtest.NaN, 0.8},
	)
	bp, err := BPCPrefs(p)
	if err != nil {
		t.Fatal(err)
	}
	if bp.Has[0] != [4]bool{false, true, false, false} || bp.R[0][model.X1] != 0.6 || bp.Has[1] != [4]bool{} {
		t.Errorf("BPC prefs: Has %v, R %v", bp.Has, bp.R)
	}
}

func TestBPCUnavailable(t *testing.T) {
	p := calibtest.PrefsOf([]model.Gold{model.Gold1}, [4]float64{0.9, calibtest.NaN, calibtest.NaN, 0.8})
	if _, err := BPCPrefs(p); err == nil || !strings.Contains(err.Error(), "shown first") {
		t.Errorf("x0, x3 only: err = %v, want a reason", err)
	}
	p.Gold = nil
	if _, err := BPCPrefs(p); err == nil {
		t.Error("malformed prefs: no error")
	}
}

// TestBPCOnPositionBias: averaging the two orders cancels a position bias,
// so BPC's accuracy is at least the raw per-arrangement mean and its
// recalls are balanced.
func TestBPCOnPositionBias(t *testing.T) {
	pairs := calibtest.Simulate(5, calibtest.Sim{N: 2000, Arr: [4]bool{true, true}, Signal: 1, JudgeNoise: 1, Pos: 1.5, Noise: 0.3})
	raw := calib.RawPrefs(pairs)
	bp, err := BPCPrefs(raw)
	if err != nil {
		t.Fatal(err)
	}
	rm, bm := metrics.Compute(raw), BPCMetrics(bp)
	if !(bm.AccuracyMean.Value >= rm.AccuracyMean.Value) || !(bm.RStd.Value < rm.RStd.Value) {
		t.Errorf("BPC accuracy %v (RStd %v) vs raw mean %v (RStd %v)",
			bm.AccuracyMean.Value, bm.RStd.Value, rm.AccuracyMean.Value, rm.RStd.Value)
	}
	if bm.N != 2000 || bm.AccuracyMean.N != 2000 {
		t.Errorf("BPC used %d items", bm.N)
	}
}
