package selection

import (
	"context"
	"os"
	"testing"

	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/calib/internal/asm"
)

// The engine's answers are pinned bit for bit, as the fits are
// (calibraeval's noa_pin_test.go says why and how): the selection
// engine's default analysis, its fit paths and a re-fitted bootstrap of
// the demo's judges. The hashes are those the cases had when they were
// part of calib's TestFitPinnedBits (issue 18 split them by package).

// pinCases are the pinned computations, each hashed on its own.
var pinCases = []struct {
	name string
	want string
	run  func(t *testing.T, ph *calibtest.PinHash)
}{
	{"demo judges, Analyze (default options)", "d9df998d393b4a5c33d24c9d", func(t *testing.T, ph *calibtest.PinHash) {
		for _, j := range []string{"judge-fair", "judge-first", "judge-tokenA"} {
			pairs := calibtest.DemoPairs(t, j)
			e := NewEngine(j, pairs)
			sel, err := e.Analyze(DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			if sel.Fit == nil {
				t.Fatalf("%s: no fit", j)
			}
			pinFit(ph, *sel.Fit)
		}
	}},
	{"demo fit paths, judge-fair and judge-tokenA", "77a6d012549dcd472a51aabd", func(t *testing.T, ph *calibtest.PinHash) {
		for _, j := range []string{"judge-fair", "judge-tokenA"} {
			path, err := FitPath(context.Background(), j, calibtest.DemoPairs(t, j), DefaultOptions(), PathOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for _, pt := range path.Points {
				ph.F(pt.Mu, pt.Objective, pt.Distance)
				ph.Curve(pt.Curve)
				ph.S(pt.Iterations, pt.Converged, pt.Degenerate)
			}
			ph.F(path.WarmEnd.Objective, path.WarmEnd.Distance)
			ph.S(path.SameBasin, path.Fits, path.Notes, path.Peak)
		}
	}},
	{"re-fitted bootstrap, judge-first, 40 resamples", "60e47b57b14fadbb43f88fae", func(t *testing.T, ph *calibtest.PinHash) {
		pairs := calibtest.DemoPairs(t, "judge-first")
		e := NewEngine("judge-first", pairs)
		sel, err := e.Analyze(DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		opt := BootstrapOptions{Options: bootstrap.Options{Resamples: 40, Seed: 5, Level: 0.95}, Refit: true}
		bs, err := e.Bootstrap(sel, opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, mi := range bs.Methods {
			if mi.Name == MethodCC || mi.Name == MethodDC || mi.Name == MethodBC {
				// Rows added after the pin, computed after the fits and
				// apart from them (their numbers: arrprior_test.go); the
				// other rows' bits are the pinned ones.
				continue
			}
			ph.S(mi.Name)
			for _, bm := range BootMetrics() {
				for _, m := range []map[string]bootstrap.Interval{mi.Value, mi.Delta} {
					iv, ok := m[bm.Key]
					ph.S(bm.Key, ok, iv.Valid, iv.Reason)
					ph.F(iv.Estimate)
					if iv.CI != nil {
						ph.F(iv.CI.Lower, iv.CI.Upper, iv.CI.Level)
					}
				}
			}
		}
		ph.S(bs.Notes)
	}},
}

// TestFitPinnedBits checks that every pinned computation gives the hash it
// gave before the speed work (see the comment at the top of this file).
func TestFitPinnedBits(t *testing.T) {
	if testing.Short() || calibtest.RaceEnabled { // pure arithmetic; .ci/run runs it without -race
		t.Skip("about 3 s")
	}
	if !asm.KernelsMatchGonum {
		t.Skip("the pinned bits are those of amd64 with gonum's assembly")
	}
	print := os.Getenv("PLUMB_PIN_PRINT") == "1"
	for _, c := range pinCases {
		ph := calibtest.NewPinHash()
		c.run(t, ph)
		got := ph.Sum()
		if print {
			t.Logf("%-50s %s", c.name, got)
			continue
		}
		if got != c.want {
			t.Errorf("%s: hash %s, want %s (the fit's bits changed)", c.name, got, c.want)
		}
	}
}
