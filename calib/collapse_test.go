package calib_test

import (
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/internal/calibtest"
	"github.com/plumb-eval/plumb/model"
)

// TestTieTolerance: a preference within TieTolerance of 0.5 is a tie for
// every choice computation (Choice and IsTie here; catOf, BPC, discard and
// the pair verdicts in their packages' TestTieTolerance* tests); one
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
		if got := calib.Choice(c.r); got != c.want {
			t.Errorf("calib.Choice(%v) = %v, want %v", c.r, got, c.want)
		}
		if got := calib.IsTie(c.r); got != (c.want == model.GoldTie) {
			t.Errorf("calib.IsTie(%v) = %v", c.r, got)
		}
	}
	// (catOf and the metrics: TestTieToleranceMetrics; BPC and discard:
	// TestTieToleranceBaselines; the pair verdicts:
	// TestTieToleranceVerdicts.)
}

// TestCollapsedRoundOff: a map that sends every P(A) to 0.5 up to
// round-off is collapsed with the round-off reason.
func TestCollapsedRoundOff(t *testing.T) {
	pairs := calibtest.SimPairs(t, "judge-fair", []model.Arrangement{model.X0, model.X1, model.X2})[:500]
	raw := calib.RawPrefs(pairs)
	flat := calib.MappedPrefs(pairs, func(s float64) float64 { return 0.5 + (s-0.5)*1e-13 })
	bad, why := calib.Collapsed(raw, flat, nil)
	if !bad || !strings.Contains(why, "round-off") {
		t.Errorf("flat map: collapsed %v (%q), want the round-off reason", bad, why)
	}
	if bad, why := calib.Collapsed(raw, raw, nil); bad {
		t.Errorf("identity map collapsed: %s", why)
	}
	// A constant map away from 0.5: constant, not round-off.
	one := calib.MappedPrefs(pairs, func(float64) float64 { return 0.97 })
	if bad, why := calib.Collapsed(raw, one, &calib.Curve{Z: []float64{0, 1}, G: []float64{0.97, 0.97}}); !bad || !strings.Contains(why, "nearly constant") {
		t.Errorf("constant map: collapsed %v (%q)", bad, why)
	}
	// A judge whose own P(A) hardly varies is not flagged for keeping it.
	narrow := calib.MappedPrefs(pairs, func(s float64) float64 { return 0.5 + (s-0.5)*0.01 + 0.1 })
	if bad, why := calib.Collapsed(narrow, narrow, nil); bad {
		t.Errorf("identity on a narrow judge collapsed: %s", why)
	}
}
