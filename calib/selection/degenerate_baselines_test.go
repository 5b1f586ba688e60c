package selection

import (
	"fmt"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// constantJudge is a judge whose P(A) is 0.8 whatever it is shown, in x0
// and x2, on n items with alternating gold: all its preference is for the
// token A in the first place.
func constantJudge(n int) []model.Pair {
	var pairs []model.Pair
	for i := range n {
		p := model.Pair{ID: fmt.Sprintf("q%03d", i), Judge: "j", Source: model.SourceProb, Gold: model.Gold1 + model.Gold(i%2)}
		p.Has[model.X0], p.S[model.X0] = true, 0.8
		p.Has[model.X2], p.S[model.X2] = true, 0.8
		pairs = append(pairs, p)
	}
	return pairs
}

// TestPrideAndBPCCollapseOnAllTies reproduces issue 19 item 5's Pride on
// an all-ties result: Pride's prior absorbs the judge's whole preference,
// every debiased preference is 0.5, and the row read consistency
// 1.000 ▲, RStd 0.00 ▲; BPC, averaging the two orders, read RStd 0.00 ▲
// the same way. Both are now collapsed, every metric undefined with the
// reason, so no change is shown.
func TestPrideAndBPCCollapseOnAllTies(t *testing.T) {
	sel, err := Analyze("j", constantJudge(60), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{MethodPride, MethodBPC} {
		m := sel.Method(name)
		if !m.Available || !m.Degenerate {
			t.Errorf("%s: available %v, degenerate %v (%q)", name, m.Available, m.Degenerate, m.DegenerateReason)
			continue
		}
		if s := m.All.Consistency; s.OK() || !strings.HasPrefix(s.Reason, "collapsed: ") {
			t.Errorf("%s: consistency %v (%q), want undefined as collapsed", name, s.Value, s.Reason)
		}
		if s := m.All.RStd; s.OK() {
			t.Errorf("%s: RStd %v shown for a collapsed result", name, s.Value)
		}
		t.Logf("%s: %s", name, m.DegenerateReason)
	}
}

// TestCalibraEvalOneResponseOnFiveItems reproduces issue 19 item 5's
// CalibraEval at five items (`plumb simulate --pairs 5 --scores 0
// --verdicts 0 --seed 6`, judge-tokenA): every calibrated choice is
// response_1 or a tie, and the row read κ 1.000 ▲ and ICC(2,k) 1.000 ▲.
// It is now collapsed.
func TestCalibraEvalOneResponseOnFiveItems(t *testing.T) {
	cfg := simtest.Config(5, 0, 0)
	cfg.Seed = 6
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var pairs []model.Pair
	for _, p := range lg.Pairs {
		if p.Judge == "judge-tokenA" {
			pairs = append(pairs, p)
		}
	}
	sel, err := Analyze("judge-tokenA", pairs, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	ce := sel.Method(MethodCalibraEval)
	if !ce.Degenerate || !strings.Contains(ce.DegenerateReason, "every calibrated choice that is not a tie picks response_1") {
		t.Errorf("degenerate %v (%q), want collapsed to one response", ce.Degenerate, ce.DegenerateReason)
	}
	if ce.All.FleissKappa.OK() {
		t.Errorf("κ %v shown for a collapsed fit", ce.All.FleissKappa.Value)
	}
}

// TestNoDegenerateBaselinesOnHealthyLogs: the tests above raise no alarm
// on healthy simulated logs — Pride and BPC are never collapsed, and
// CalibraEval never for one response — over x0+x2, x0+x1+x2 and x0..x3,
// position bias β ≤ 1.5 and token bias τ ≤ 1.2 (1,000 items, two seeds;
// under a second, skipped under -race and -short).
func TestNoDegenerateBaselinesOnHealthyLogs(t *testing.T) {
	if testing.Short() || calibtest.RaceEnabled {
		t.Skip("36 fits")
	}
	for _, arr := range [][]model.Arrangement{{model.X0, model.X2}, {model.X0, model.X1, model.X2}, {model.X0, model.X1, model.X2, model.X3}} {
		for _, beta := range []float64{0, 0.5, 1.5} {
			for _, tau := range []float64{0, 1.2} {
				for seed := uint64(1); seed <= 2; seed++ {
					label := fmt.Sprintf("%v β=%g τ=%g seed %d", arr, beta, tau, seed)
					sel, err := Analyze("j", sweepPairs(t, seed, 1000, beta, tau, arr), DefaultOptions())
					if err != nil {
						t.Fatal(err)
					}
					for _, name := range []string{MethodPride, MethodBPC} {
						if m := sel.Method(name); m.Degenerate {
							t.Errorf("%s: %s flagged: %s", label, name, m.DegenerateReason)
						}
					}
					if ce := sel.Method(MethodCalibraEval); strings.Contains(ce.DegenerateReason, "picks response_") {
						t.Errorf("%s: CalibraEval flagged for one response: %s", label, ce.DegenerateReason)
					}
				}
			}
		}
	}
}
