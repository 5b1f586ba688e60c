package analysis

import (
	"context"
	"reflect"
	"testing"

	"github.com/plumb-eval/plumb/model/sim"
)

// TestConditionIntervalsEqualReport: the intervals ConditionIntervals
// gives each condition (what the TUI's Conditions sub-view shows) are the
// ones Report computes for the same judge under the same options, on an
// engine of their own (the reference is Report's own computation, so
// nothing is shared through the cache); progress ends at its total; the
// result is cached; with the bootstrap off nothing is computed.
func TestConditionIntervalsEqualReport(t *testing.T) {
	cfg := gridConfig(120, 3)
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	opt := condOptions()
	opt.Bootstrap = BootstrapOptions{Resamples: 60, Explicit: true, Refit: RefitNever}
	lg2, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	want, err := NewEngine(lg2).Report(opt)
	if err != nil {
		t.Fatal(err)
	}
	e := NewEngine(lg)
	if _, ok := e.CachedConditionIntervals(opt); ok {
		t.Fatal("cached before computed")
	}
	var done, total int
	got, err := e.ConditionIntervals(context.Background(), opt, func(d, n int) { done, total = d, n })
	if err != nil {
		t.Fatal(err)
	}
	if total != 4*60 || done != total {
		t.Errorf("progress ended at %d of %d, want %d of %d", done, total, 4*60, 4*60)
	}
	n := 0
	for i := range want.Judges {
		w := &want.Judges[i]
		g := judgeByName(got, w.Judge)
		if g == nil || g.Intervals == nil || w.Intervals == nil {
			t.Fatalf("judge %q: intervals missing (got %v)", w.Judge, g != nil)
		}
		if len(g.Intervals.Methods) == 0 || g.Intervals.Method("raw").Value["rstd"].CI == nil {
			t.Errorf("judge %q: no raw RStd interval", w.Judge)
		}
		if !reflect.DeepEqual(g.Intervals.Methods, w.Intervals.Methods) {
			t.Errorf("judge %q: the conditions' intervals differ from the report's", w.Judge)
		}
		n++
	}
	if n != 4 {
		t.Errorf("%d conditions compared, want 4", n)
	}
	if c, ok := e.CachedConditionIntervals(opt); !ok || len(c) != len(got) {
		t.Error("the conditions' intervals are not cached")
	}
	off := opt
	off.Bootstrap.Resamples = 0
	js, err := e.ConditionIntervals(context.Background(), off, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range js {
		if js[i].Intervals != nil {
			t.Errorf("judge %q has intervals with the bootstrap off", js[i].Judge)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	other := opt
	other.Selection.Seed++
	if _, err := NewEngine(lg2).ConditionIntervals(ctx, other, nil); err == nil {
		t.Error("a cancelled context gave intervals")
	}
}

// judgeByName finds a judge's analysis by name.
func judgeByName(js []JudgeAnalysis, name string) *JudgeAnalysis {
	for i := range js {
		if js[i].Judge == name {
			return &js[i]
		}
	}
	return nil
}
