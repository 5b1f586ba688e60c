package selection

import (
	"fmt"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// sweepPairs simulates `plumb simulate --pairs n --arrangements arr --mode
// logprob` for one default judge with position bias beta and token bias
// tau (model/sim), seeded by seed.
func sweepPairs(t *testing.T, seed uint64, n int, beta, tau float64, arr []model.Arrangement) []model.Pair {
	t.Helper()
	cfg := simtest.Config(n, 0, 0)
	cfg.Seed = seed
	cfg.Arrangements = arr
	j := sim.DefaultJudge("j")
	j.PosBias, j.TokenBias, j.Mode = beta, tau, model.SourceLogprob
	cfg.Judges = []sim.Judge{j}
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return lg.Pairs
}

// sweepRun is one fit of the sweep.
type sweepRun struct {
	label            string
	flagged, sdAlone bool    // Collapsed; the standard-deviation test alone
	truth            bool    // accuracy lost ≥ ¾ of its margin over chance
	accRaw, accCal   float64 // mean accuracy over arrangements, gold items
}

// runSweep fits CalibraEval (default options) on a simulated log and says
// whether it was flagged collapsed and whether it truly is: the
// calibrated choices' accuracy on the gold items (computed from the map
// itself, not the masked row) kept at most a quarter of the raw
// accuracy's margin over chance, (acc − ½) ≤ ¼ (raw − ½) — the issue's
// "accuracy falls to chance", read with gold the test itself never sees.
func runSweep(t *testing.T, label string, pairs []model.Pair) sweepRun {
	t.Helper()
	sel, err := Analyze("j", pairs, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	ce := sel.Method(MethodCalibraEval)
	if !ce.Available || sel.Fit == nil {
		t.Fatalf("%s: CalibraEval unavailable: %s", label, ce.Reason)
	}
	raw := calib.RawPrefs(pairs)
	cal := calib.CalibratedPrefs(pairs, sel.Fit.Curve)
	accRaw := metrics.Compute(raw).AccuracyMean
	accCal := metrics.Compute(cal).AccuracyMean
	if !accRaw.OK() || !accCal.OK() {
		t.Fatalf("%s: accuracy undefined: %q %q", label, accRaw.Reason, accCal.Reason)
	}
	_, rawSD := calib.Spread(raw)
	_, sd := calib.Spread(cal)
	return sweepRun{
		label:   label,
		flagged: ce.Degenerate,
		sdAlone: sd < calib.CollapseSD && sd < calib.CollapseShrink*rawSD,
		truth:   accCal.Value-0.5 <= (accRaw.Value-0.5)/4,
		accRaw:  accRaw.Value, accCal: accCal.Value,
	}
}

// TestCollapseSweep reproduces issue 19's item 1 and proves the fix on a
// sweep: on x0+x1 logs like `plumb simulate --pairs 1500 --arrangements
// x0,x1 --mode logprob` with a small position bias β (0 … 0.5) and token
// bias τ (0 or 0.6), the converged fit often ends at g* ≈ 1 (or 0) on all
// but a few percent of the data, which the standard-deviation test alone
// missed (consistency 1.000 ▲ while accuracy fell to chance). Collapsed
// must flag every such fit (at most 2 of 100 missed, none flagged that
// kept its accuracy) and raise no alarm on healthy 3- and 4-arrangement
// logs (x0,x1,x2 and x0..x3, β ≤ 1, τ ≤ 1.2). About 5 s; skipped under
// -race and -short.
func TestCollapseSweep(t *testing.T) {
	if testing.Short() || calibtest.RaceEnabled {
		t.Skip("about 5 s of fits")
	}
	var tp, fn, fp, tn, sdOnly int
	for _, beta := range []float64{0, 0.1, 0.2, 0.3, 0.5} {
		for _, tau := range []float64{0, 0.6} {
			for seed := uint64(1); seed <= 10; seed++ {
				label := fmt.Sprintf("x0,x1 β=%g τ=%g seed %d", beta, tau, seed)
				r := runSweep(t, label, sweepPairs(t, seed, 1500, beta, tau, []model.Arrangement{model.X0, model.X1}))
				switch {
				case r.flagged && r.truth:
					tp++
				case r.flagged:
					fp++
					t.Errorf("%s: flagged collapsed, but accuracy %.3f (raw %.3f)", label, r.accCal, r.accRaw)
				case r.truth:
					fn++
					t.Logf("%s: missed: accuracy %.3f (raw %.3f)", label, r.accCal, r.accRaw)
				default:
					tn++
				}
				if r.sdAlone && r.truth {
					sdOnly++
				}
			}
		}
	}
	t.Logf("x0+x1, 100 fits: truly collapsed %d, detected %d (the sd test alone: %d), missed %d; false alarms %d of %d",
		tp+fn, tp, sdOnly, fn, fp, fp+tn)
	if fn > 2 || sdOnly >= tp {
		t.Errorf("x0+x1: %d truly collapsed fits missed (want ≤ 2); sd test alone %d, now %d", fn, sdOnly, tp)
	}

	healthy, alarms := 0, 0
	for _, arr := range [][]model.Arrangement{{model.X0, model.X1, model.X2}, {model.X0, model.X1, model.X2, model.X3}} {
		for _, beta := range []float64{0, 0.5, 1} {
			for _, tau := range []float64{0, 0.6, 1.2} {
				for seed := uint64(1); seed <= 3; seed++ {
					label := fmt.Sprintf("%v β=%g τ=%g seed %d", arr, beta, tau, seed)
					r := runSweep(t, label, sweepPairs(t, seed, 1500, beta, tau, arr))
					if r.flagged || r.truth {
						alarms++
						t.Errorf("%s: healthy log flagged %v, accuracy %.3f (raw %.3f)", label, r.flagged, r.accCal, r.accRaw)
					}
					healthy++
				}
			}
		}
	}
	t.Logf("healthy 3- and 4-arrangement logs: %d fits, %d flagged", healthy, alarms)
}
