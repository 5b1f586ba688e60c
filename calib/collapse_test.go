package calib

import (
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib/internal/calibtest"
	"github.com/plumb-eval/plumb/model"
)

// TestTieTolerance: a preference within TieTolerance of 0.5 is a tie for
// every choice computation (Choice, catOf behind the metrics); one
// further away is not.
func TestTieTolerance(t *testing.T) {
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
		if got := Choice(c.r); got != c.want {
			t.Errorf("Choice(%v) = %v, want %v", c.r, got, c.want)
		}
		if got := IsTie(c.r); got != (c.want == model.GoldTie) {
			t.Errorf("IsTie(%v) = %v", c.r, got)
		}
		if got, want := catOf(c.r), map[model.Gold]int{model.Gold1: 0, model.Gold2: 1, model.GoldTie: 2}[c.want]; got != want {
			t.Errorf("catOf(%v) = %d, want %d", c.r, got, want)
		}
	}
	// The metrics, BPC and discard read the same choices: two items whose
	// preferences differ from 0.5 by round-off only are all ties.
	p := Prefs{
		R:    [][model.NumArrangements]float64{{0.5 + 1e-12, 0.5 - 1e-13}, {0.5 - 1e-15, 0.5 + 2e-16}},
		Has:  [][model.NumArrangements]bool{{true, true}, {true, true}},
		Gold: []model.Gold{model.Gold1, model.Gold2},
	}
	m := ComputeMetrics(p)
	if !m.TieRate.OK() || m.TieRate.Value != 1 || m.AccuracyMean.Value != 0 {
		t.Errorf("round-off preferences: tie rate %v, accuracy %v, want 1 and 0", m.TieRate, m.AccuracyMean)
	}
	if kept, _ := ConsistentItems(p, nil); len(kept) != 2 {
		t.Errorf("all-tie items are consistent: kept %v", kept)
	}
	bp, err := BPCPrefs(p)
	if err != nil {
		t.Fatal(err)
	}
	if bm := BPCMetrics(bp); bm.TieRate.Value != 1 {
		t.Errorf("BPC tie rate %v, want 1", bm.TieRate)
	}
	// (BinaryFromPrefs: TestTieToleranceVerdicts.)
}

// TestCollapsedRoundOff: a map that sends every P(A) to 0.5 up to
// round-off is collapsed with the round-off reason.
func TestCollapsedRoundOff(t *testing.T) {
	pairs := calibtest.SimPairs(t, "judge-fair", []model.Arrangement{model.X0, model.X1, model.X2})[:500]
	raw := RawPrefs(pairs)
	flat := MappedPrefs(pairs, func(s float64) float64 { return 0.5 + (s-0.5)*1e-13 })
	bad, why := Collapsed(raw, flat, nil)
	if !bad || !strings.Contains(why, "round-off") {
		t.Errorf("flat map: collapsed %v (%q), want the round-off reason", bad, why)
	}
	if bad, why := Collapsed(raw, raw, nil); bad {
		t.Errorf("identity map collapsed: %s", why)
	}
	// A constant map away from 0.5: constant, not round-off.
	one := MappedPrefs(pairs, func(float64) float64 { return 0.97 })
	if bad, why := Collapsed(raw, one, &Curve{Z: []float64{0, 1}, G: []float64{0.97, 0.97}}); !bad || !strings.Contains(why, "nearly constant") {
		t.Errorf("constant map: collapsed %v (%q)", bad, why)
	}
	// A judge whose own P(A) hardly varies is not flagged for keeping it.
	narrow := MappedPrefs(pairs, func(s float64) float64 { return 0.5 + (s-0.5)*0.01 + 0.1 })
	if bad, why := Collapsed(narrow, narrow, nil); bad {
		t.Errorf("identity on a narrow judge collapsed: %s", why)
	}
}
