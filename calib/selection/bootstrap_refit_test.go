package selection

import (
	"math"
	"os"
	"testing"

	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// refitJudge is the simulated judge of the re-fit tests: the simulator's
// judge-tokenA (position bias 0.6, token bias 1.2 on the logit scale),
// answering with probabilities in x0..x3, every item with gold, so that
// CalibraEval learns a map that does not collapse.
func refitJudge(seed uint64, items int) []model.Pair {
	cfg := simtest.Config(items, 0, 0)
	cfg.Seed, cfg.GoldShare = seed, 1
	j := sim.DefaultJudges()[2]
	j.Mode = model.SourceProb
	cfg.Judges = []sim.Judge{j}
	lg, err := sim.Collect(cfg)
	if err != nil {
		panic(err)
	}
	return lg.Pairs
}

// TestBootstrapWarmMatchesCold: the re-fitted bootstrap's intervals with
// every re-fit warm-started from the full-data fit agree with those of
// cold re-fits (from the identity, as the full-data fit starts) on a
// simulated judge at 1,000 items, 100 resamples: every end of CalibraEval's
// value and change intervals within 1e-4 (the tolerance Engine.Bootstrap
// states; the warm and cold fits of a resample reach the same objective to
// about 1e-6, and the counted metrics move only where a calibrated
// preference crosses a decision threshold: here the ends are equal). The
// other methods' intervals are the same bit for bit.
func TestBootstrapWarmMatchesCold(t *testing.T) {
	pairs := refitJudge(7, 1000)
	e := NewEngine("j", pairs)
	sel, err := e.Analyze(DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if m := sel.Method(MethodCalibraEval); m == nil || !m.Available || m.Degenerate {
		t.Fatalf("CalibraEval: %+v", m)
	}
	run := func(cold bool) *Intervals {
		bs, err := e.Bootstrap(sel, BootstrapOptions{Options: bootstrap.Options{Resamples: 100, Seed: 4, Level: 0.95}, Refit: true, Cold: cold})
		if err != nil {
			t.Fatal(err)
		}
		return bs
	}
	warm, cold := run(false), run(true)
	worst := 0.0
	for i, mw := range warm.Methods {
		mc := cold.Methods[i]
		for _, bm := range BootMetrics() {
			for _, pair := range [][2]map[string]bootstrap.Interval{{mw.Value, mc.Value}, {mw.Delta, mc.Delta}} {
				w, okW := pair[0][bm.Key]
				c, okC := pair[1][bm.Key]
				if okW != okC || (w.CI == nil) != (c.CI == nil) {
					t.Fatalf("%s %s: warm %+v, cold %+v", mw.Name, bm.Key, w, c)
				}
				if w.CI == nil {
					continue
				}
				if mw.Name != MethodCalibraEval {
					if *w.CI != *c.CI {
						t.Errorf("%s %s: warm %+v, cold %+v (only CalibraEval's fit starts warm)", mw.Name, bm.Key, *w.CI, *c.CI)
					}
					continue
				}
				d := max(math.Abs(w.CI.Lower-c.CI.Lower), math.Abs(w.CI.Upper-c.CI.Upper))
				worst = max(worst, d)
				if d > 1e-4 {
					t.Errorf("%s %s: warm %+v, cold %+v: ends differ by %.3g, more than 1e-4", mw.Name, bm.Key, *w.CI, *c.CI, d)
				}
			}
		}
	}
	t.Logf("largest difference of an interval end, warm vs cold, over CalibraEval's intervals: %.3g", worst)
}

// TestRefitCoverage measures, on a simulated judge whose truth is known,
// how often the 95% intervals of CalibraEval's consistency and accuracy
// (mean over arrangements) cover their population values, with the fit
// re-fitted (warm) on every resample and with it held fixed. The
// population value of a calibrated metric is that metric after the
// population's map: both are taken from one fit on 100,000 items of the
// same judge. The full measurement (K = 500 and 3,000 items, 100 and 40
// seeded replications of 500 resamples: about 90 s of CPU) runs with
// PLUMB_LARGE_TESTS=1 and asserts the re-fitted coverage within the
// binomial noise of 95% (≥ 0.85 at 40 replications, ≥ 0.88 at 100); the
// always-run version (K = 300, 3 replications of 100 resamples, the truth
// from 20,000 items; about 1 s) checks only that every interval exists.
// docs/analysis.md gives the measured numbers (re-fitted 0.98 and 0.95,
// fixed 0.94 and 0.95 for consistency at K = 500 and 3,000).
func TestRefitCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("coverage simulation skipped in -short mode")
	}
	type setting struct {
		items, reps, resamples int
		minCover               float64
	}
	settings, truthItems := []setting{{300, 3, 100, 0}}, 20_000
	if os.Getenv("PLUMB_LARGE_TESTS") == "1" {
		settings, truthItems = []setting{{500, 100, 500, 0.88}, {3000, 40, 500, 0.85}}, 100_000
	}
	truthPairs := refitJudge(999_999, truthItems)
	te := NewEngine("truth", truthPairs)
	truth, err := te.Analyze(DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	tm := truth.Method(MethodCalibraEval)
	keys := []string{"consistency", "accuracy_mean"}
	want := map[string]float64{"consistency": tm.All.Consistency.Value, "accuracy_mean": tm.All.AccuracyMean.Value}
	for _, s := range settings {
		cover := map[bool]map[string]int{true: {}, false: {}}
		width := map[bool]map[string]float64{true: {}, false: {}}
		for r := range s.reps {
			e := NewEngine("j", refitJudge(uint64(r+1), s.items))
			sel, err := e.Analyze(DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			for _, refit := range []bool{true, false} {
				bs, err := e.Bootstrap(sel, BootstrapOptions{Options: bootstrap.Options{Resamples: s.resamples, Seed: uint64(r), Level: 0.95}, Refit: refit})
				if err != nil {
					t.Fatal(err)
				}
				mi := bs.Method(MethodCalibraEval)
				if mi == nil {
					t.Fatalf("K %d replication %d: no CalibraEval intervals (%v)", s.items, r, bs.Notes)
				}
				for _, k := range keys {
					ci := mi.Value[k].CI
					if ci == nil {
						t.Fatalf("K %d replication %d refit %v: no %s interval", s.items, r, refit, k)
					}
					width[refit][k] += (ci.Upper - ci.Lower) / float64(s.reps)
					if ci.Lower <= want[k] && want[k] <= ci.Upper {
						cover[refit][k]++
					}
				}
			}
		}
		for _, k := range keys {
			t.Logf("K = %d, %d replications × %d resamples, %s (population %.4f): coverage re-fitted %.3f (mean width %.4f), fixed %.3f (mean width %.4f)",
				s.items, s.reps, s.resamples, k, want[k], float64(cover[true][k])/float64(s.reps), width[true][k],
				float64(cover[false][k])/float64(s.reps), width[false][k])
			if c := float64(cover[true][k]) / float64(s.reps); c < s.minCover {
				t.Errorf("K = %d %s: re-fitted coverage %.3f below %.2f", s.items, k, c, s.minCover)
			}
		}
	}
}
