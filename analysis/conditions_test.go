package analysis

import (
	"fmt"
	"math"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// gridConfig simulates one judge (pos 0.3, tok 0.2, all items with gold)
// on pairs items in two templates × two ID sets: mt-bench adds 0.8 to the
// position bias and Alice/Bob 0.4, so the conditions' position biases are
// 0.3, 0.7, 1.1 and 1.5.
func gridConfig(pairs int, seed uint64) sim.Config {
	cfg := sim.DefaultConfig()
	cfg.Seed, cfg.Pairs, cfg.Scores, cfg.Verdicts, cfg.GoldShare = seed, pairs, 0, 0, 1
	j := sim.DefaultJudge("j")
	j.PosBias, j.TokenBias = 0.3, 0.2
	cfg.Judges = []sim.Judge{j}
	cfg.Probes = []model.ProbeKind{model.ProbeCC, model.ProbeDC}
	cfg.Grid = sim.Grid{
		Templates: []sim.Level{{Value: "calibraeval"}, {Value: "mt-bench", PosBias: 0.8}},
		IDs:       []sim.Level{{Value: "A/B"}, {Value: "Alice/Bob", PosBias: 0.4}},
	}
	return cfg
}

// trueRStd is the simulator's truth for the raw RStd of a condition: the
// judge's RStd over 40,000 simulated items of that condition alone, from
// another seed (an independent computation: the metric on a sample whose
// error, about 0.1 RStd points (0.75 at the 600 items tested), is far below the gaps and intervals
// tested).
func trueRStd(t *testing.T, tmpl, ids sim.Level) float64 {
	cfg := gridConfig(40_000, 99)
	cfg.Probes = nil
	cfg.Grid = sim.Grid{Templates: []sim.Level{tmpl}, IDs: []sim.Level{ids}}
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	m := metrics.Compute(calib.RawPrefs(lg.Pairs))
	return m.RStd.Value
}

// TestConditionsRecoverTruth: on a simulated grid with known condition
// biases, the Conditions view ranks the conditions as the truth does, the
// difference between the two least biased conditions lies within its
// interval of the truth's, and the result is clear.
func TestConditionsRecoverTruth(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates 160,000 items")
	}
	lg, err := sim.Collect(gridConfig(600, 7))
	if err != nil {
		t.Fatal(err)
	}
	opt := condOptions()
	opt.Bootstrap = BootstrapOptions{Resamples: 400, Explicit: true, Refit: RefitNever}
	e := NewEngine(lg)
	an, err := e.Analyze(opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(an.Conditions) != 1 {
		t.Fatalf("%d Conditions views, want 1", len(an.Conditions))
	}
	c := an.Conditions[0]
	var got []string
	for _, i := range c.Rank {
		got = append(got, c.Labels[i])
	}
	cfg := gridConfig(0, 0)
	truth := map[string]float64{}
	for _, tl := range cfg.Grid.Templates {
		for _, il := range cfg.Grid.IDs {
			truth[tl.Value+" "+il.Value] = trueRStd(t, tl, il)
		}
	}
	want := []string{"calibraeval A/B", "calibraeval Alice/Bob", "mt-bench A/B", "mt-bench Alice/Bob"}
	for k := 1; k < len(want); k++ {
		if !(truth[want[k-1]]+1 < truth[want[k]]) {
			t.Fatalf("the truth does not rank the conditions clearly: %v", truth)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) || c.Measure != MeasureRStd || c.Shared != 600 {
		t.Fatalf("rank %q by %s over %d shared items, want %q by rstd over 600 (truth %v)", got, c.Measure, c.Shared, want, truth)
	}
	lb := c.Least
	if lb == nil || lb.Diff.CI == nil {
		t.Fatalf("no interval: %+v %s", lb, c.Reason)
	}
	d := truth["calibraeval Alice/Bob"] - truth["calibraeval A/B"]
	if !(lb.Diff.CI.Lower <= d && d <= lb.Diff.CI.Upper) || !lb.Clear {
		t.Errorf("difference %.3f [%.3f, %.3f] (clear %v); truth %.3f", lb.Diff.Estimate, lb.Diff.CI.Lower, lb.Diff.CI.Upper, lb.Clear, d)
	}
	t.Logf("truth %v; difference %.3f [%.3f, %.3f], truth %.3f", truth, lb.Diff.Estimate, lb.Diff.CI.Lower, lb.Diff.CI.Upper, d)
	if math.Abs(lb.NextValue-lb.BestValue-lb.Diff.Estimate) > 1e-12 {
		t.Errorf("estimate %v is not %v − %v", lb.Diff.Estimate, lb.NextValue, lb.BestValue)
	}
}

// TestConditionsSayNothing: two conditions with the same biases give a
// difference whose interval contains 0: not clear, so never a finding.
func TestConditionsSayNothing(t *testing.T) {
	cfg := gridConfig(300, 3)
	cfg.Grid = sim.Grid{IDs: []sim.Level{{Value: "A/B"}, {Value: "X/Y"}}}
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	opt := condOptions()
	opt.Bootstrap = BootstrapOptions{Resamples: 300, Explicit: true, Refit: RefitNever}
	an, err := NewEngine(lg).Analyze(opt)
	if err != nil {
		t.Fatal(err)
	}
	lb := an.Conditions[0].Least
	if lb == nil || lb.Diff.CI == nil || lb.Clear || lb.Diff.CI.Lower > 0 {
		t.Fatalf("equal conditions: %+v", lb)
	}
	opt.Bootstrap.Resamples = 0
	an, err = NewEngine(lg).Analyze(opt)
	if err != nil {
		t.Fatal(err)
	}
	if lb := an.Conditions[0].Least; lb == nil || lb.Clear || lb.Diff.CI != nil || lb.Diff.Reason == "" {
		t.Errorf("bootstrap off: %+v", lb)
	}
}

// TestConditionsKappaWithoutGold: without gold the ranking uses Fleiss'
// κ (higher is less biased) and follows the simulator's truth: κ over
// 10,000 simulated items of each condition alone, from another seed.
func TestConditionsKappaWithoutGold(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates 40,000 items")
	}
	cfg := gridConfig(500, 11)
	cfg.GoldShare, cfg.Probes = 0, nil
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	opt := condOptions()
	opt.Bootstrap = BootstrapOptions{Resamples: 200, Explicit: true, Refit: RefitNever}
	an, err := NewEngine(lg).Analyze(opt)
	if err != nil {
		t.Fatal(err)
	}
	c := an.Conditions[0]
	var got []string
	for _, i := range c.Rank {
		got = append(got, c.Labels[i])
	}
	truth := map[string]float64{}
	for _, tl := range cfg.Grid.Templates {
		for _, il := range cfg.Grid.IDs {
			big := gridConfig(10_000, 98)
			big.GoldShare, big.Probes = 0, nil
			big.Grid = sim.Grid{Templates: []sim.Level{tl}, IDs: []sim.Level{il}}
			blg, err := sim.Collect(big)
			if err != nil {
				t.Fatal(err)
			}
			truth[tl.Value+" "+il.Value] = metrics.Compute(calib.RawPrefs(blg.Pairs)).FleissKappa.Value
		}
	}
	want := []string{"calibraeval A/B", "calibraeval Alice/Bob", "mt-bench A/B", "mt-bench Alice/Bob"}
	for k := 1; k < len(want); k++ {
		if !(truth[want[k-1]] > truth[want[k]]+0.05) {
			t.Fatalf("the truth does not rank the conditions clearly: %v", truth)
		}
	}
	if c.Measure != MeasureKappa || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("rank %q by %s, want %q by fleiss_kappa (truth %v)", got, c.Measure, want, truth)
	}
	lb := c.Least
	d := truth[want[0]] - truth[want[1]]
	if lb == nil || lb.Diff.CI == nil || !(lb.Diff.CI.Lower <= d && d <= lb.Diff.CI.Upper) {
		t.Errorf("κ difference %+v; truth %.3f", lb, d)
	}
}
