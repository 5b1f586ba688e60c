package selection

import (
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/model"
)

// BenchmarkAnalyzeLambdaStep100000 is one λ change at 100,000 items ×
// x0..x3 on an engine without warm starts, as report.Engine (and so the
// TUI) runs it: a cold fit of ≈ 400,001 knots, its calibrated preferences
// and every method's metrics. Run it with -benchtime 5x or so.
func BenchmarkAnalyzeLambdaStep100000(b *testing.B) { benchmarkLambdaStep(b, 100000, false) }

// TestCurveGatherEngine: the engine's uses of the gather — each fit's
// preferences (fitOnce), every point of the fit path, and the stop-at
// check (cachedPrefs) — take the gather for the problem's curves and give
// CalibratedPrefs' bits; the identity point falls back.
func TestCurveGatherEngine(t *testing.T) {
	pairs := calibtest.SimJudges(t, 600, model.Arrangements[:]...)["judge-tokenA"]
	opt := DefaultOptions()
	opt.EstFrac = 0.6
	opt.Path = true
	e := NewEngine("j", pairs)
	sel, err := e.Analyze(opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.noas) != 1 || e.noas[0].noa == nil {
		t.Fatalf("%d cached problems", len(e.noas))
	}
	noa := e.noas[0].noa
	if !noa.Gathered() {
		t.Error("the fit did not build the gather")
	}
	out := calib.Prefs{R: make([][model.NumArrangements]float64, len(pairs)), Has: make([][model.NumArrangements]bool, len(pairs)), Gold: make([]model.Gold, len(pairs))}
	for i, pt := range sel.Path.Points {
		if took := noa.PrefsInto(e.pairs, pt.Curve, &out); took != (i > 0) {
			t.Errorf("point %d: gather taken %v", i, took)
		}
		if d := calibtest.PrefsBitsDiff(e.cachedPrefs(opt, pt.Curve), calib.CalibratedPrefs(pairs, pt.Curve)); d != "" {
			t.Errorf("point %d: %s", i, d)
		}
		if i > 0 {
			if d := calibtest.PrefsBitsDiff(out, calib.CalibratedPrefs(pairs, pt.Curve)); d != "" {
				t.Errorf("point %d: %s", i, d)
			}
		}
	}
	other := opt
	other.Seed++
	if d := calibtest.PrefsBitsDiff(e.cachedPrefs(other, sel.Fit.Curve), calib.CalibratedPrefs(pairs, sel.Fit.Curve)); d != "" {
		t.Errorf("no cached problem: %s", d)
	}
}
