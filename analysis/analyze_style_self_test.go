package analysis

import (
	"context"
	"reflect"
	"testing"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model/sim"
)

// TestStyleOthersAndPosition: Engine.Style gives a judge that is a
// generator its preference beyond the other judges of the same group
// (every other judge's records of the group, matched by id) and the
// position dominance from its selection analysis' raw metrics; a judge
// that is no generator gathers no other judge.
func TestStyleOthersAndPosition(t *testing.T) {
	cfg := sim.DefaultConfig()
	cfg.Pairs, cfg.Scores, cfg.Verdicts = 300, 0, 0
	cfg.Generators = []sim.Generator{{Name: "big", Quality: 0.5, LenMedian: 400, LenSpread: 0.3}, {Name: "small", LenMedian: 300, LenSpread: 0.3}}
	self := sim.DefaultJudge("big")
	self.Self, self.SelfBias = "big", 1
	lazy := sim.DefaultJudge("lazy")
	lazy.PosBias = 12
	cfg.Judges = []sim.Judge{self, sim.DefaultJudge("k1"), lazy}
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	e := NewEngine(lg)
	opt := Options{Selection: selection.DefaultOptions(), Reporting: reporting.DefaultOptions(), Likelihood: likelihood.DefaultOptions(),
		Bootstrap: BootstrapOptions{Resamples: 20, Explicit: true, Refit: RefitNever}}
	groups := e.groups["big"]
	if len(groups) == 0 {
		t.Fatal("the simulated log has no groups")
	}
	opt.Group = groups[0]
	ja, err := e.Judge("big", opt)
	if err != nil {
		t.Fatal(err)
	}
	r, err := e.Style(context.Background(), &ja, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	b := r.Self.BeyondOthers
	if b == nil || !reflect.DeepEqual(b.Judges, []string{"k1"}) || !reflect.DeepEqual(b.Excluded, []string{"lazy"}) || b.ByID != r.Self.N || b.Unmatched != 0 {
		t.Fatalf("beyond others %+v over the group's %d own items", b, r.Self.N)
	}
	if r.PositionDominated != nil {
		t.Errorf("big flagged: %+v", r.PositionDominated)
	}
	opt.Style.Self = map[string]string{"lazy": "small"}
	lj, err := e.Judge("lazy", opt)
	if err != nil {
		t.Fatal(err)
	}
	lr, err := e.Style(context.Background(), &lj, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	if lj.Selection.Methods[0].Name != selection.MethodRaw {
		t.Fatalf("the first method is %s", lj.Selection.Methods[0].Name)
	}
	raw := lj.Selection.Methods[0].All
	if d := lr.PositionDominated; d == nil || d.Consistency != raw.Consistency || d.FirstPositionRate != raw.FirstPositionRate {
		t.Errorf("lazy: %+v, raw metrics %+v %+v", d, raw.Consistency, raw.FirstPositionRate)
	}
	if others, err := e.otherPairs("k1", opt.Group); err != nil || len(others) != 2 || isGenerator(e.recs["k1"].pairs, "k1", opt.Style.Self) {
		t.Errorf("k1: %d others (%v); k1 is no generator", len(others), err)
	}
}
