package style

import (
	"math"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// TestPositionDominanceBoundaries: the thresholds are inclusive, on both
// sides of the first-position rate, and both metrics must be defined.
func TestPositionDominanceBoundaries(t *testing.T) {
	up := func(x float64) float64 { return math.Nextafter(x, 2) }
	down := func(x float64) float64 { return math.Nextafter(x, -1) }
	def := func(v float64) calib.Stat { return calib.Defined(v, 100) }
	for _, c := range []struct {
		cons, first calib.Stat
		want        bool
	}{
		{def(DominatedConsistency), def(DominatedFirstRate), true},
		{def(up(DominatedConsistency)), def(DominatedFirstRate), false},
		{def(DominatedConsistency), def(down(DominatedFirstRate)), false},
		{def(0), def(1 - DominatedFirstRate), true},
		{def(0), def(up(1 - DominatedFirstRate)), false},
		{def(0.0005), def(0.9998), true}, // Llama-2 on its own summaries
		{def(0.18), def(0.91), false},    // ChatGPT on FairEval: often inconsistent, not dominated
		{calib.Undefined(0, "one arrangement"), def(0.99), false},
		{def(0), calib.Undefined(0, "every choice is a tie"), false},
	} {
		d := PositionDominance(Position{Consistency: c.cons, FirstPositionRate: c.first})
		if (d != nil) != c.want {
			t.Errorf("consistency %v, first %v: dominated %v, want %v", c.cons.Value, c.first.Value, d != nil, c.want)
		}
		if d != nil && !strings.Contains(d.Reason, "follow the position shown") {
			t.Errorf("reason %q", d.Reason)
		}
	}
	d := PositionDominance(Position{Consistency: calib.Defined(0.0005, 2000), FirstPositionRate: calib.Defined(0.9998, 3999)})
	if want := "consistency 0.0005 over 2000 items judged in two orders (at most 0.10) and first-position rate 0.9998 over 3999 choices (at least 0.90)"; !strings.Contains(d.Reason, want) {
		t.Errorf("reason %q, want it to contain %q", d.Reason, want)
	}
}

// TestAnalyzeFlagsDominance: Analyze sets the flag from Options.Position.
func TestAnalyzeFlagsDominance(t *testing.T) {
	opt := DefaultOptions()
	opt.Bootstrap.Resamples = 0
	r, err := Analyze(handPairs(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if r.PositionDominated != nil {
		t.Errorf("no metrics given: flagged %+v", r.PositionDominated)
	}
	opt.Position = Position{Consistency: calib.Defined(0.02, 50), FirstPositionRate: calib.Defined(0.97, 100)}
	if r, err = Analyze(handPairs(), opt); err != nil || r.PositionDominated == nil {
		t.Errorf("dominated judge not flagged: %v %+v", err, r)
	}
}

// TestGeneratorLonger: a pair where one generator wrote the longer
// response in more than 90% of its items (10 of 11) is named, with the
// share, the items and the pair's φ; at exactly 90% (9 of 10) it is not.
func TestGeneratorLonger(t *testing.T) {
	build := func(longer, shorter int) []model.Pair {
		var ps []model.Pair
		for i := range longer + shorter {
			l := 100 + 10*i
			s := 0.3 + 0.05*float64(i%9)
			if i < longer {
				ps = append(ps, hand("g"+itoa(i), "J", "B", "A", l, 50, s, none, model.GoldNone))
			} else {
				ps = append(ps, hand("g"+itoa(i), "J", "A", "B", l, 50, s, none, model.GoldNone))
			}
		}
		return ps
	}
	opt := DefaultOptions()
	opt.Bootstrap.Resamples = 50
	r, err := Analyze(build(9, 1), opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Length.GeneratorLonger) != 0 {
		t.Errorf("9 of 10 (exactly 90%%): %+v", r.Length.GeneratorLonger)
	}
	if r, err = Analyze(build(10, 1), opt); err != nil {
		t.Fatal(err)
	}
	g := r.Length.GeneratorLonger
	if len(g) != 1 || g[0].Model != "B" || g[0].Opponent != "A" || g[0].N != 11 || math.Abs(g[0].Share-10.0/11) > 1e-15 {
		t.Fatalf("10 of 11: %+v", g)
	}
	w := winRate(t, r, "B", "A", false)
	if g[0].Slope != w.Slope || !g[0].Slope.OK() || g[0].Slope.CI == nil {
		t.Errorf("φ %+v, the pair's row has %+v", g[0].Slope, w.Slope)
	}
	if s := g[0].Sentence(); !strings.Contains(s, "B wrote the longer response in 90.9% of its 11 items with A (more than 90%)") {
		t.Errorf("sentence %q", s)
	}
}

// TestSlopeTextZero: a φ that rounds to 0 reads ±0, never -0.00.
func TestSlopeTextZero(t *testing.T) {
	s := calib.Defined(-1e-9, 10)
	s.CI = &calib.Interval{Lower: -0.004, Upper: 0.25, Level: 0.95}
	if got := slopeText(s); got != "±0 [±0, +0.25]" {
		t.Errorf("slopeText = %q", got)
	}
}
