package analysis

import (
	"context"
	"testing"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model/sim"
)

// cacheEngine is an engine on a small simulated log, and options with a
// small bootstrap.
func cacheEngine(t *testing.T) (*Engine, Options) {
	t.Helper()
	cfg := sim.DefaultConfig()
	cfg.Pairs, cfg.Scores, cfg.Verdicts = 200, 0, 0
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Selection: selection.DefaultOptions(), Reporting: reporting.DefaultOptions(), Likelihood: likelihood.DefaultOptions(),
		Bootstrap: BootstrapOptions{Resamples: 50, Explicit: true, Refit: RefitNever}}
	return NewEngine(lg), opt
}

// TestEngineIntervalsCached: the intervals of the same options are
// computed once (the workers and the path request are not part of the
// key), CachedIntervals serves them, and Report reuses them.
func TestEngineIntervalsCached(t *testing.T) {
	e, opt := cacheEngine(t)
	ja, err := e.Judge("judge-tokenA", opt)
	if err != nil {
		t.Fatal(err)
	}
	if e.CachedIntervals(&ja, opt) != nil {
		t.Fatal("intervals cached before they were computed")
	}
	iv, err := e.Intervals(context.Background(), &ja, opt, nil)
	if err != nil || iv == nil {
		t.Fatalf("Intervals: %v, %v", iv, err)
	}
	again := opt
	again.Bootstrap.Workers, again.Selection.Path = 3, true
	if e.CachedIntervals(&ja, again) != iv {
		t.Error("CachedIntervals does not serve the computed intervals")
	}
	calls := 0
	if iv2, _ := e.Intervals(context.Background(), &ja, again, func(int, int) { calls++ }); iv2 != iv || calls != 0 {
		t.Errorf("Intervals computed again (%d progress calls)", calls)
	}
	other := opt
	other.Selection.Seed++
	if e.CachedIntervals(&ja, other) != nil {
		t.Error("intervals served for another seed")
	}
	opt.Judges = []string{"judge-tokenA"}
	an, err := e.Report(opt)
	if err != nil {
		t.Fatal(err)
	}
	if an.Judges[0].Intervals != iv {
		t.Error("Report computed the cached intervals again")
	}
}

// TestEngineStyleCached: the style analysis of the same options is
// computed once (the workers are not part of the key), another
// preference is another analysis, and Report reuses the cached one.
func TestEngineStyleCached(t *testing.T) {
	e, opt := cacheEngine(t)
	opt.Style.Mode = StyleOn
	ja, err := e.Judge("judge-tokenA", opt)
	if err != nil {
		t.Fatal(err)
	}
	if e.CachedStyle(&ja, opt) != nil {
		t.Fatal("style analysis cached before it was computed")
	}
	r, err := e.Style(context.Background(), &ja, opt, nil)
	if err != nil || r == nil {
		t.Fatalf("Style: %v, %v", r, err)
	}
	again := opt
	again.Bootstrap.Workers = 3
	calls := 0
	if r2, _ := e.Style(context.Background(), &ja, again, func(int, int) { calls++ }); r2 != r || calls != 0 {
		t.Errorf("Style computed again (%d progress calls)", calls)
	}
	other := opt
	other.Style.Pref++
	if e.CachedStyle(&ja, other) != nil {
		t.Error("a style analysis served for another preference")
	}
	opt.Judges = []string{"judge-tokenA"}
	an, err := e.Report(opt)
	if err != nil {
		t.Fatal(err)
	}
	if an.Judges[0].Style != r {
		t.Error("Report computed the cached style analysis again")
	}
}

// TestEngineItemBase: the items' base is computed once per judge and
// group, over the records the engine holds for them.
func TestEngineItemBase(t *testing.T) {
	e, _ := cacheEngine(t)
	b := e.ItemBase("judge-tokenA", "")
	if b != e.ItemBase("judge-tokenA", "") {
		t.Error("the items' base computed again")
	}
	pairs, _, _ := e.Records("judge-tokenA", "")
	if len(b.Pairs) != len(pairs) || len(b.Consistent) != len(pairs) || len(b.ByInconsistent) != len(pairs) {
		t.Errorf("base of %d items, %d consistency flags, %d in order; want %d", len(b.Pairs), len(b.Consistent), len(b.ByInconsistent), len(pairs))
	}
	if u := e.ItemBase("no such judge", ""); u == nil || len(u.Pairs) != 0 {
		t.Error("an unknown judge's base is not empty")
	}
}
