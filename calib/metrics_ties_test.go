package calib

import (
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// TestAccuracyTies: ties as a third class, counted by hand. x0: gold 1
// chose 1 (right), gold 2 chose tie (wrong), gold tie chose tie (right),
// gold tie chose 1 (wrong), no gold (not counted) → 2/4. x1 (judged for
// the first three): right, right, right → 3/3. Mean (0.5 + 1)/2 = 0.75 over
// 4 gold items; the CalibraEval accuracy leaves the two gold ties out.
func TestAccuracyTies(t *testing.T) {
	p := Prefs{
		R:    [][4]float64{{0.9, 0.8}, {0.5, 0.2}, {0.5, 0.5}, {0.7, 0}, {0.1, 0}},
		Has:  [][4]bool{{true, true}, {true, true}, {true, true}, {true, false}, {true, false}},
		Gold: []model.Gold{model.Gold1, model.Gold2, model.GoldTie, model.GoldTie, model.GoldNone},
	}
	m := ComputeMetrics(p)
	if !m.AccuracyTies.OK() || m.AccuracyTies.Value != 0.75 || m.AccuracyTies.N != 4 {
		t.Errorf("accuracy with ties %+v, want 0.75 over 4", m.AccuracyTies)
	}
	if m.AccuracyMean.N != 2 {
		t.Errorf("accuracy (mean) over %d items, want the 2 non-tie golds", m.AccuracyMean.N)
	}
	p.Gold = make([]model.Gold, 5)
	if m := ComputeMetrics(p); m.AccuracyTies.OK() || m.AccuracyTies.Reason != reasonNoAnyGold {
		t.Errorf("no gold: %+v", m.AccuracyTies)
	}
}
