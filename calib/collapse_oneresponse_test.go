package calib_test

import (
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// prefsOf builds preferences of items judged in x0 and x2 (r_x0, r_x2 per
// item).
func prefsOf(rs ...[2]float64) calib.Prefs {
	p := calib.Prefs{}
	for _, r := range rs {
		var row [model.NumArrangements]float64
		var has [model.NumArrangements]bool
		row[model.X0], row[model.X2] = r[0], r[1]
		has[model.X0], has[model.X2] = true, true
		p.R, p.Has, p.Gold = append(p.R, row), append(p.Has, has), append(p.Gold, model.Gold1)
	}
	return p
}

// TestCollapsedOneResponse reproduces issue 19 item 5's CalibraEval on
// five items: every calibrated choice picks response_1 (or is a tie),
// though the raw choices picked both — a constant decision's agreement,
// shown as κ 1.000 ▲. It is collapsed, with the counts; a result that
// still picks both responses is not, nor one whose raw choices already
// picked only one.
func TestCollapsedOneResponse(t *testing.T) {
	raw := prefsOf([2]float64{0.9, 0.3}, [2]float64{0.8, 0.7}, [2]float64{0.2, 0.1}, [2]float64{0.6, 0.9}, [2]float64{0.7, 0.4})
	one := prefsOf([2]float64{0.9, 0.7}, [2]float64{0.8, 0.6}, [2]float64{0.5, 0.5}, [2]float64{0.6, 0.9}, [2]float64{0.7, 0.6})
	bad, why := calib.CollapsedMap(raw, one, "g*")
	if !bad || !strings.Contains(why, "every calibrated choice that is not a tie picks response_1 (8 of 10 choices") {
		t.Errorf("one response: collapsed %v, %q", bad, why)
	}
	if bad, why := calib.Collapsed(raw, one, nil); !bad || !strings.Contains(why, "picks response_1") {
		t.Errorf("Collapsed must apply the same test: %v %q", bad, why)
	}
	both := prefsOf([2]float64{0.9, 0.7}, [2]float64{0.3, 0.2}, [2]float64{0.6, 0.6}, [2]float64{0.6, 0.9}, [2]float64{0.7, 0.6})
	if bad, why := calib.CollapsedMap(raw, both, "g*"); bad {
		t.Errorf("both responses picked: flagged %q", why)
	}
	if bad, why := calib.CollapsedMap(one, one, "g*"); bad {
		t.Errorf("raw already picks one response only: flagged %q", why)
	}
}

// TestTiesOnly: a result whose every choice is a tie, from raw choices
// that were not, says so with the counts; any non-tie choice, or raw ties
// only, says nothing.
func TestTiesOnly(t *testing.T) {
	raw := prefsOf([2]float64{0.9, 0.1}, [2]float64{0.8, 0.5})
	ties := prefsOf([2]float64{0.5, 0.5}, [2]float64{0.5, 0.5})
	if got := calib.TiesOnly(raw, ties); got != "4 of 4; raw: 1 of 4 choices are ties" {
		t.Errorf("TiesOnly = %q", got)
	}
	if got := calib.TiesOnly(raw, raw); got != "" {
		t.Errorf("TiesOnly(raw, raw) = %q", got)
	}
	if got := calib.TiesOnly(ties, ties); got != "" {
		t.Errorf("TiesOnly of an all-tie raw = %q", got)
	}
}
