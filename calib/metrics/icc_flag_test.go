package metrics

import (
	"math"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// iccTinyPrefs is a 4-item log judged in x0 and x1 with nearly unrelated
// preferences. docs/methods.md §2's two-way ANOVA, computed independently in
// plain Python (MSR = 0.0055458, MSC = 0.0666125, MSE = 0.1311458), gives
// ICC(2,k) = 11.863046 and ICC(3,k) = −22.647633: impossible values for a
// correlation (MSE > MSR and MSC < MSE: negative variance estimates).
var iccTinyPrefs = calib.Prefs{
	R:    [][model.NumArrangements]float64{{0.26, 0.54}, {0.38, 0.59}, {0.61, 0.11}, {0.06, 0.8}},
	Has:  [][model.NumArrangements]bool{{true, true}, {true, true}, {true, true}, {true, true}},
	Gold: []model.Gold{model.Gold1, model.Gold2, model.Gold1, model.Gold2},
}

// TestICCOutOfRangeIsFlagged: an ICC outside [−1, 1] keeps its value (it
// is what the formula gives) but carries a Flag; an ordinary one does not.
func TestICCOutOfRangeIsFlagged(t *testing.T) {
	m := Compute(iccTinyPrefs)
	for name, c := range map[string]struct {
		s    calib.Stat
		want float64
	}{"ICC(2,k)": {m.ICC2k, 11.863046044864216}, "ICC(3,k)": {m.ICC3k, -22.64763335837717}} {
		if !c.s.OK() || math.Abs(c.s.Value-c.want) > 1e-9 {
			t.Errorf("%s = %v (%s), want %v", name, c.s.Value, c.s.Reason, c.want)
		}
		if c.s.Flag == "" {
			t.Errorf("%s = %v is not flagged", name, c.s.Value)
		}
	}
	for name, s := range map[string]calib.Stat{"ICC(2,1)": m.ICC21, "ICC(3,1)": m.ICC31} {
		if s.OK() && (s.Value < -1 || s.Value > 1 || (s.CI != nil && s.CI.Lower > s.CI.Upper)) != (s.Flag != "") {
			t.Errorf("%s = %v CI %v flag %q", name, s.Value, s.CI, s.Flag)
		}
	}
	ok := Compute(calib.Prefs{
		R:    [][model.NumArrangements]float64{{0.1, 0.2}, {0.4, 0.45}, {0.7, 0.6}, {0.9, 0.95}},
		Has:  iccTinyPrefs.Has,
		Gold: iccTinyPrefs.Gold,
	})
	for _, s := range []calib.Stat{ok.ICC2k, ok.ICC3k, ok.ICC21, ok.ICC31} {
		if !s.OK() || s.Flag != "" {
			t.Errorf("ordinary ICC %v flagged %q (%s)", s.Value, s.Flag, s.Reason)
		}
	}
	if !iccFlagCI() {
		t.Error("an interval with lower > upper is not flagged")
	}
}

// iccFlagCI checks the interval rule directly.
func iccFlagCI() bool {
	s := calib.Defined(0.3, 4)
	s.CI = &calib.Interval{Lower: 0.8, Upper: 0.2, Level: 0.95}
	return iccFlag(s, 4) != ""
}
