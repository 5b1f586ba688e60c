package analysis

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// condOptions are the default analysis options, without the bootstrap.
func condOptions() Options {
	return Options{Selection: selection.DefaultOptions(), Reporting: reporting.DefaultOptions(), Likelihood: likelihood.DefaultOptions()}
}

// TestConditionLabel: the label names template, ids and shots in that
// order, then other keys sorted; a template object by its name.
func TestConditionLabel(t *testing.T) {
	for in, want := range map[string]string{
		``: ``,
		`{"shots":2,"ids":"Alice/Bob","template":"calibraeval"}`:       `calibraeval Alice/Bob 2-shot`,
		`{"template":{"name":"mt-bench","sha256":"ab12"},"ids":"A/B"}`: `mt-bench A/B`,
		`{"zeta":[1, 2],"alpha":true}`:                                 `alpha=true zeta=[1,2]`,
		`{"template":{"sha256":"ab"}}`:                                 `{"sha256":"ab"}`,
	} {
		if got := ConditionLabel(json.RawMessage(in)); got != want {
			t.Errorf("ConditionLabel(%s) = %q, want %q", in, got, want)
		}
	}
}

// condPair is a pair record of judge j on item id in condition cond.
func condPair(j, id, cond string, s float64) model.Pair {
	p := model.Pair{ID: id, Judge: j, Has: [model.NumArrangements]bool{true, true}, S: [model.NumArrangements]float64{s, 1 - s}}
	if cond != "" {
		p.Condition = json.RawMessage(cond)
	}
	return p
}

// TestEngineVariants: a judge's records in two conditions are two judges
// (never pooled), their probes go with their condition, records without a
// condition keep the judge's name, and asking for the judge by its name
// asks for its variants.
func TestEngineVariants(t *testing.T) {
	ab, xy := `{"template":"t","ids":"A/B"}`, `{"ids":"X/Y", "template":"t"}`
	lg := &model.Log{}
	for _, id := range []string{"q1", "q2", "q3"} {
		lg.Pairs = append(lg.Pairs, condPair("j", id, ab, 0.7), condPair("j", id, xy, 0.4), condPair("k", id, "", 0.5))
	}
	lg.Probes = []model.Probe{
		{ID: "cc1", Judge: "j", Probe: model.ProbeCC, Has: [model.NumArrangements]bool{true}, S: [model.NumArrangements]float64{0.6}, Condition: json.RawMessage(xy)},
	}
	e := NewEngine(lg)
	want := []string{"j [t A/B]", "j [t X/Y]", "k"}
	if got := e.Judges(); !slices.Equal(got, want) {
		t.Fatalf("judges %q, want %q", got, want)
	}
	for _, n := range want[:2] {
		if r := e.recs[n]; len(r.pairs) != 3 {
			t.Errorf("%s: %d pairs, want 3", n, len(r.pairs))
		}
	}
	if r := e.recs["j [t X/Y]"]; len(r.probes) != 1 || len(e.recs["j [t A/B]"].probes) != 0 {
		t.Errorf("probes: X/Y %d, A/B %d; want 1 and 0", len(r.probes), len(e.recs["j [t A/B]"].probes))
	}
	if v, ok := e.Variant("j [t X/Y]"); !ok || v.Judge != "j" || v.Key != `{"ids":"X/Y","template":"t"}` {
		t.Errorf("variant %+v, %v", v, ok)
	}
	if _, ok := e.Variant("k"); ok {
		t.Error("k has no condition, yet is a variant")
	}
	opt := condOptions()
	opt.Judges = []string{"j"}
	an, err := e.Analyze(opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(an.Judges) != 2 || an.Judges[0].Judge != "j [t A/B]" {
		t.Errorf("--judge j analysed %d judges", len(an.Judges))
	}
}

// TestVariantLabelClash: two conditions whose labels agree (one template
// name, two hashes) stay two judges, the second named by its canonical form.
func TestVariantLabelClash(t *testing.T) {
	a, b := `{"template":{"name":"t","sha256":"aa"}}`, `{"template":{"name":"t","sha256":"bb"}}`
	lg := &model.Log{Pairs: []model.Pair{condPair("j", "q", a, 0.6), condPair("j", "q", b, 0.6)}}
	e := NewEngine(lg)
	want := []string{`j [t]`, `j [{"template":{"name":"t","sha256":"bb"}}]`}
	if got := e.Judges(); !slices.Equal(got, want) {
		t.Fatalf("judges %q, want %q", got, want)
	}
}

// TestVariantSelfPreference: a judge that is a generator keeps its
// self-preference in each condition, measured beyond the other judges in
// the same condition — not beyond itself in another condition, nor beyond
// another judge's other conditions.
func TestVariantSelfPreference(t *testing.T) {
	cfg := sim.DefaultConfig()
	cfg.Pairs, cfg.Scores, cfg.Verdicts, cfg.GoldShare = 200, 0, 0, 0.5
	cfg.Generators = []sim.Generator{sim.DefaultGenerator("a"), sim.DefaultGenerator("b")}
	a, c := sim.DefaultJudge("a"), sim.DefaultJudge("c")
	a.Self, a.SelfBias = "a", 1
	cfg.Judges = []sim.Judge{a, c}
	cfg.Grid = sim.Grid{IDs: []sim.Level{{Value: "A/B"}, {Value: "X/Y"}}}
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	e := NewEngine(lg)
	opt := condOptions()
	ja, err := e.Judge("a [A/B]", opt)
	if err != nil {
		t.Fatal(err)
	}
	r, err := e.Style(context.Background(), &ja, opt, nil)
	if err != nil || r == nil || r.Self == nil || r.Self.BeyondOthers == nil {
		t.Fatalf("style %+v, %v", r, err)
	}
	others, err := e.otherPairs("a [A/B]", "")
	if err != nil || len(others) != 1 || others[0].Judge != "c [A/B]" {
		t.Errorf("the other judges of a [A/B]: %d, %v; want c [A/B] alone", len(others), err)
	}
}
