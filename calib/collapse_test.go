package calib_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibtest"
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

// TestCollapsedOutliers reproduces issue 19's item 1: a map that sends
// 99% of the P(A) to 1 and the lowest 1% to 0 (what a converged fit on x0
// and x1 ends at) has a standard deviation of about 0.1, so the
// standard-deviation test alone passed it, yet every choice but 1% is the
// same response. It is collapsed, with the outliers' reason; a two-level
// step that splits the data, and a judge whose own P(A) already sits at
// one level, are not.
func TestCollapsedOutliers(t *testing.T) {
	pairs := calibtest.SimPairs(t, "judge-fair", []model.Arrangement{model.X0, model.X1})[:1500]
	raw := calib.RawPrefs(pairs)
	var s []float64
	for i := range pairs {
		s = append(s, pairs[i].S[model.X0], pairs[i].S[model.X1])
	}
	slices.Sort(s)
	cut := s[len(s)/100] // 1% of the values lie below it
	step := func(t float64) func(float64) float64 {
		return func(v float64) float64 {
			if v < t {
				return 0
			}
			return 1
		}
	}
	mostly := calib.MappedPrefs(pairs, step(cut))
	if _, sd := calib.Spread(mostly); !(sd > calib.CollapseSD) {
		t.Fatalf("the case must pass the sd test: sd %v", sd)
	}
	bad, why := calib.Collapsed(raw, mostly, nil)
	if !bad || !strings.Contains(why, "but for outliers") || !strings.Contains(why, "of 1.000") {
		t.Errorf("99%% at 1: collapsed %v (%q), want the outliers' reason", bad, why)
	}
	t.Log(why)
	// A step at the median: two levels, half the data each.
	if bad, why := calib.Collapsed(raw, calib.MappedPrefs(pairs, step(s[len(s)/2])), nil); bad {
		t.Errorf("a step at the median collapsed: %s", why)
	}
	// A judge whose P(A) is 0.97 on 95% of the values keeps them.
	sure := calib.MappedPrefs(pairs, func(v float64) float64 {
		if v < s[len(s)/20] {
			return v
		}
		return 0.97
	})
	if bad, why := calib.Collapsed(sure, sure, nil); bad {
		t.Errorf("identity on a judge sure of A collapsed: %s", why)
	}
	// The same judge mapped to one level everywhere: the share off the
	// level fell from 5% to 0.
	if bad, _ := calib.Collapsed(sure, calib.MappedPrefs(pairs, func(float64) float64 { return 0.97 }), nil); !bad {
		t.Error("a constant map of a judge sure of A is not collapsed")
	}
}
