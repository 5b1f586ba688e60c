package present

import (
	"slices"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/selection"
)

// TestFlagNotes: a flagged value gets one note, with its value at the
// column's decimals, "(held out)" when it is over the held-out items and
// only when those are asked for; a collapsed method gets none.
func TestFlagNotes(t *testing.T) {
	flagged := func(v float64) calib.Stat {
		s := calib.Defined(v, 100)
		s.Flag = "outside [−1, 1]"
		return s
	}
	def := calib.Defined(0.5, 100)
	held := rowMetrics(20, def, def, flagged(-1.0004))
	mr := selection.MethodResult{Name: selection.MethodCalibraEval, Available: true,
		All: rowMetrics(100, def, def, flagged(1.2)), Heldout: &held}
	all := "† CalibraEval: ICC(2,k) = 1.200 — outside [−1, 1]"
	heldout := "† CalibraEval: ICC(2,k) = -1.000 (held out) — outside [−1, 1]"
	for _, c := range []struct {
		name       string
		degenerate bool
		heldout    bool
		want       []string
	}{
		{"all items", false, false, []string{all}},
		{"and held out", false, true, []string{all, heldout}},
		{"collapsed", true, true, nil},
	} {
		mr.Degenerate = c.degenerate
		var got []string
		for _, n := range FlagNotes(&mr, c.heldout) {
			got = append(got, n.String())
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
