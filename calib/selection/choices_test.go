package selection

import (
	"testing"

	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/model"
)

// accuracyOf is the share of choices equal to the gold over the items with
// gold 1 or 2 that have a choice (a tie is wrong), and that count.
func accuracyOf(ch []model.Gold, pairs []model.Pair) (float64, int) {
	right, n := 0, 0
	for i, c := range ch {
		if g := pairs[i].Gold; c != model.GoldNone && (g == model.Gold1 || g == model.Gold2) {
			n++
			if c == g {
				right++
			}
		}
	}
	return float64(right) / float64(n), n
}

// TestChoicesMatchAccuracy: every method's per-item choices, scored
// against gold, give exactly the accuracy of its row in the methods table
// (metrics.AccuracyAggregate, the same decision) over the same items, on
// the simulated judge with CC and DC probes (every method available) in
// x0..x3, and on the demo's three judges (x0 and x2: BPC over x0/x2).
func TestChoicesMatchAccuracy(t *testing.T) {
	lg, _ := probeLog(t)
	type judge struct {
		name   string
		pairs  []model.Pair
		probes []model.Probe
	}
	js := []judge{{"tok", lg.Pairs, lg.Probes}}
	for _, name := range []string{"judge-fair", "judge-first", "judge-tokenA"} {
		js = append(js, judge{name, calibtest.DemoPairs(t, name), nil})
	}
	for _, j := range js {
		e := NewEngine(j.name, j.pairs)
		e.SetProbes(j.probes)
		opt := DefaultOptions()
		opt.Solver = SolverBoth
		sel, err := e.Analyze(opt)
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for _, m := range sel.Methods {
			ch, why := sel.Choices(m.Name, j.pairs)
			if !m.Available || m.Degenerate {
				if ch != nil || why == "" {
					t.Errorf("%s %s: choices %v (%q) of an unavailable or collapsed method", j.name, m.Name, ch != nil, why)
				}
				continue
			}
			if ch == nil {
				t.Errorf("%s %s: no choices: %s", j.name, m.Name, why)
				continue
			}
			acc, n := accuracyOf(ch, j.pairs)
			want := m.All.AccuracyAggregate
			if !want.OK() || want.Value != acc || want.N != n {
				t.Errorf("%s %s: accuracy of the choices %v over %d items, methods table %v over %d", j.name, m.Name, acc, n, want.Value, want.N)
			}
			checked++
		}
		if checked < 7 && j.name == "tok" {
			t.Errorf("%s: %d methods checked, want every one of the 8 and the published row", j.name, checked)
		}
	}
}

// TestChoicesHandWorked: three items judged in x0 and x2 (BPC averages
// the two orders), gold 1, 1, 2. Raw P(A): item a (0.9, 0.3) prefers
// response 1 in both (x2 shows response 2 first, so P(A) 0.3 is r = 0.7):
// consistent, r̄ = 0.8, choice 1; item b (0.9, 0.9): r = 0.9 and 0.1,
// inconsistent, r̄ = 0.5, a tie; item c (0.2, 0.6): r = 0.2 and 0.4,
// consistent, r̄ = 0.3, choice 2. BPC's choices are the same (its mean of
// the two orders is r̄), discard keeps a and c only.
func TestChoicesHandWorked(t *testing.T) {
	pairs := []model.Pair{
		calibtest.PairOf("a", 0.9, -1, 0.3, -1),
		calibtest.PairOf("b", 0.9, -1, 0.9, -1),
		calibtest.PairOf("c", 0.2, -1, 0.6, -1),
	}
	pairs[0].Gold, pairs[1].Gold, pairs[2].Gold = model.Gold1, model.Gold1, model.Gold2
	sel, err := Analyze("h", pairs, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string][]model.Gold{
		MethodRaw:     {model.Gold1, model.GoldTie, model.Gold2},
		MethodBPC:     {model.Gold1, model.GoldTie, model.Gold2},
		MethodDiscard: {model.Gold1, model.GoldNone, model.Gold2},
	} {
		got, why := sel.Choices(name, pairs)
		if len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
			t.Errorf("%s: choices %v (%s), want %v", name, got, why, want)
		}
	}
	if got, why := sel.Choices(MethodRaw, pairs[:2]); got != nil || why == "" {
		t.Errorf("choices of 2 pairs for an analysis of 3: %v (%q), want none with a reason", got, why)
	}
}
