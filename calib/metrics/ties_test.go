package metrics

import (
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// TestAccuracyTies: ties as a third class, counted by hand. x0: gold 1
// chose 1 (right), gold 2 chose tie (wrong), gold tie chose tie (right),
// gold tie chose 1 (wrong), no gold (not counted) → 2/4. x1 (judged for
// the first three): right, right, right → 3/3. Mean (0.5 + 1)/2 = 0.75 over
// 4 gold items; the CalibraEval accuracy leaves the two gold ties out.
func TestAccuracyTies(t *testing.T) {
	p := calib.Prefs{
		R:    [][4]float64{{0.9, 0.8}, {0.5, 0.2}, {0.5, 0.5}, {0.7, 0}, {0.1, 0}},
		Has:  [][4]bool{{true, true}, {true, true}, {true, true}, {true, false}, {true, false}},
		Gold: []model.Gold{model.Gold1, model.Gold2, model.GoldTie, model.GoldTie, model.GoldNone},
	}
	m := Compute(p)
	if !m.AccuracyTies.OK() || m.AccuracyTies.Value != 0.75 || m.AccuracyTies.N != 4 {
		t.Errorf("accuracy with ties %+v, want 0.75 over 4", m.AccuracyTies)
	}
	if m.AccuracyMean.N != 2 {
		t.Errorf("accuracy (mean) over %d items, want the 2 non-tie golds", m.AccuracyMean.N)
	}
	p.Gold = make([]model.Gold, 5)
	if m := Compute(p); m.AccuracyTies.OK() || m.AccuracyTies.Reason != reasonNoAnyGold {
		t.Errorf("no gold: %+v", m.AccuracyTies)
	}
}

// TestTieToleranceMetrics: catOf, behind the metrics, reads a preference
// within TieTolerance of 0.5 as a tie, as Choice does (calib's
// TestTieTolerance), and the metrics read two items whose preferences
// differ from 0.5 by round-off only as ties.
func TestTieToleranceMetrics(t *testing.T) {
	for _, c := range []struct {
		r    float64
		want model.Gold
	}{
		{0.5, model.GoldTie},
		{0.5 + 1e-12, model.GoldTie},
		{0.5 - 1e-12, model.GoldTie},
		{0.5 + 1e-16, model.GoldTie},
		{0.5 + 1e-6, model.Gold1},
		{0.5 - 1e-6, model.Gold2},
		{1, model.Gold1},
		{0, model.Gold2},
	} {
		if got, want := catOf(c.r), map[model.Gold]int{model.Gold1: 0, model.Gold2: 1, model.GoldTie: 2}[c.want]; got != want {
			t.Errorf("catOf(%v) = %d, want %d", c.r, got, want)
		}
	}
	// The metrics, BPC and discard read the same choices: two items whose
	// preferences differ from 0.5 by round-off only are all ties.
	p := calib.Prefs{
		R:    [][model.NumArrangements]float64{{0.5 + 1e-12, 0.5 - 1e-13}, {0.5 - 1e-15, 0.5 + 2e-16}},
		Has:  [][model.NumArrangements]bool{{true, true}, {true, true}},
		Gold: []model.Gold{model.Gold1, model.Gold2},
	}
	m := Compute(p)
	if !m.TieRate.OK() || m.TieRate.Value != 1 || m.AccuracyMean.Value != 0 {
		t.Errorf("round-off preferences: tie rate %v, accuracy %v, want 1 and 0", m.TieRate, m.AccuracyMean)
	}
}
