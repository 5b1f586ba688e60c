package report

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model/demo"
	"github.com/plumb-eval/plumb/present"
)

// bootOptions are the demo's options with a small, fast bootstrap.
func bootOptions(b int) analysis.Options {
	o := analysis.Options{
		Selection:  selection.DefaultOptions(),
		Reporting:  reporting.DefaultOptions(),
		Likelihood: likelihood.DefaultOptions(),
		Target:     analysis.TargetAuto,
		Bootstrap:  analysis.BootstrapOptions{Resamples: b, Explicit: true, Refit: analysis.RefitNever},
	}
	o.Likelihood.Permutations = 200
	return o
}

// bootDoc analyses the demo under opt and returns the report JSON.
func bootDoc(t *testing.T, opt analysis.Options) (*analysis.Analysis, []byte) {
	t.Helper()
	lg, err := demo.Log()
	if err != nil {
		t.Fatal(err)
	}
	an, err := analysis.Analyze(lg, opt)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, BuildDoc(an, "t")); err != nil {
		t.Fatal(err)
	}
	return an, b.Bytes()
}

type jsonDoc struct {
	Judges map[string]struct {
		Selection struct {
			Methods   map[string]json.RawMessage `json:"methods"`
			Bootstrap *DocBootstrap              `json:"bootstrap"`
		} `json:"selection"`
		Likelihood struct {
			Total struct {
				CI95     *[2]float64 `json:"ci95"`
				PValueSE *float64    `json:"p_value_se"`
			} `json:"total"`
		} `json:"likelihood"`
	} `json:"judges"`
}

// methods decodes each method's metrics and intervals.
func methods(t *testing.T, raw map[string]json.RawMessage) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	for name, r := range raw {
		var m map[string]any
		if err := json.Unmarshal(r, &m); err != nil {
			t.Fatal(err)
		}
		out[name] = m
	}
	return out
}

// TestJSONIntervalsEveryMetric: the report JSON carries ci95 for every
// defined selection metric of every available (not collapsed) method,
// and delta_ci95 and change for every non-raw one; the change is "within
// noise" exactly when delta_ci95 contains 0 (the rule of the ▲/▼/= marks),
// for the first-position rate when distance_delta_ci95 does.
// BiasScore has its interval and the p-value its Monte Carlo SE.
func TestJSONIntervalsEveryMetric(t *testing.T) {
	_, js := bootDoc(t, bootOptions(200))
	var d jsonDoc
	if err := json.Unmarshal(js, &d); err != nil {
		t.Fatal(err)
	}
	within := 0
	for judge, j := range d.Judges {
		b := j.Selection.Bootstrap
		if b == nil || b.Resamples != 200 || b.Unit != "item" || b.Refit != "fixed" || b.Level != 0.95 || b.Kind != "percentile" {
			t.Fatalf("%s: selection.bootstrap = %+v", judge, b)
		}
		for name, m := range methods(t, j.Selection.Methods) {
			if m["available"] != true || m["degenerate"] == true {
				continue
			}
			ci, _ := m["ci95"].(map[string]any)
			dci, _ := m["delta_ci95"].(map[string]any)
			ch, _ := m["change"].(map[string]any)
			for _, bm := range selection.BootMetrics() {
				if m[bm.Key] == nil {
					continue // undefined for this method (a note says why)
				}
				if ci[bm.Key] == nil {
					t.Errorf("%s/%s: no ci95.%s", judge, name, bm.Key)
				}
				if name == selection.MethodRaw {
					continue
				}
				iv, ok := dci[bm.Key].([]any)
				if !ok {
					t.Errorf("%s/%s: no delta_ci95.%s", judge, name, bm.Key)
					continue
				}
				which := "delta_ci95"
				if slices.Contains(selection.DistanceKeys(), bm.Key) {
					// Marked by the change in the distance from ½.
					which = "distance_delta_ci95"
					dd, _ := m[which].(map[string]any)
					if iv, ok = dd[bm.Key].([]any); !ok {
						t.Errorf("%s/%s: no %s.%s", judge, name, which, bm.Key)
						continue
					}
				}
				lo, hi := iv[0].(float64), iv[1].(float64)
				contains := lo <= 0 && hi >= 0
				if got := ch[bm.Key]; (got == "within noise") != contains {
					t.Errorf("%s/%s %s: change %v with %s [%g, %g]", judge, name, bm.Key, got, which, lo, hi)
				}
				if contains {
					within++
				}
			}
		}
		if j.Likelihood.Total.CI95 == nil || j.Likelihood.Total.PValueSE == nil {
			t.Errorf("%s: BiasScore ci95 %v, p_value_se %v", judge, j.Likelihood.Total.CI95, j.Likelihood.Total.PValueSE)
		}
	}
	if within == 0 {
		t.Error("no change within noise on the demo: the = case is untested")
	}
}

// TestIntervalsWorkerIndependent: the intervals, hence the whole report,
// are the same on one worker as on four.
func TestIntervalsWorkerIndependent(t *testing.T) {
	o1, o4 := bootOptions(100), bootOptions(100)
	o1.Judges, o4.Judges = []string{"judge-fair"}, []string{"judge-fair"}
	o1.Bootstrap.Workers, o4.Bootstrap.Workers = 1, 4
	_, a := bootDoc(t, o1)
	_, b := bootDoc(t, o4)
	if !bytes.Equal(a, b) {
		t.Error("the report differs between 1 and 4 bootstrap workers")
	}
}

// TestBootstrapOff: --bootstrap 0 gives no intervals and no marks.
func TestBootstrapOff(t *testing.T) {
	opt := bootOptions(0)
	an, js := bootDoc(t, opt)
	var d jsonDoc
	if err := json.Unmarshal(js, &d); err != nil {
		t.Fatal(err)
	}
	for judge, j := range d.Judges {
		if j.Selection.Bootstrap != nil {
			t.Errorf("%s: selection.bootstrap with the bootstrap off", judge)
		}
		for name, m := range methods(t, j.Selection.Methods) {
			for _, k := range []string{"ci95", "delta_ci95", "change"} {
				if v, _ := m[k].(map[string]any); len(v) > 0 {
					t.Errorf("%s/%s: %s = %v with the bootstrap off", judge, name, k, v)
				}
			}
		}
	}
	var md strings.Builder
	if err := WriteMarkdown(&md, an); err != nil {
		t.Fatal(err)
	}
	for _, mark := range []string{" ▲)", " ▼)", " =)", "Intervals of the"} {
		if strings.Contains(md.String(), mark) {
			t.Errorf("Markdown has %q with the bootstrap off", mark)
		}
	}
}

// TestMarkdownMarks: judge-fair's CalibraEval changes its consistency by
// +0.003, within noise: the cell reads "(+0.003 =)"; discard-inconsistent's
// accuracy gain excludes 0: "▲".
func TestMarkdownMarks(t *testing.T) {
	opt := bootOptions(200)
	opt.Judges = []string{"judge-fair"}
	an, _ := bootDoc(t, opt)
	var md strings.Builder
	if err := WriteMarkdown(&md, an); err != nil {
		t.Fatal(err)
	}
	s := md.String()
	// bootOptions holds the fits fixed: CalibraEval's marks carry ‡, the
	// baselines' (which learn nothing) do not.
	for _, want := range []string{"| CalibraEval | 0.905 (+0.003 =‡) |", "0.939 (+0.033 ▲)", "Marks: ▲/▼ the change's interval excludes 0",
		"‡ fit held fixed (CalibraEval, Pride, BC): the interval leaves out the fit's own variability and is too narrow",
		"95% paired item bootstrap percentile intervals, 200 resamples (seed 1), CalibraEval's fit and Pride's and BC's priors held fixed",
		"Intervals of the change from raw (all items):", "BiasScore in brackets"} {
		if !strings.Contains(s, want) {
			t.Errorf("Markdown lacks %q", want)
		}
	}
}

// TestBootPlan: the default rules — refit when resamples × estimation
// items fit RefitBudget (1,000 resamples of 10,000 estimation items), fewer
// default resamples on a large log — and that explicit choices are kept;
// every decision has a note.
func TestBootPlan(t *testing.T) {
	def := analysis.DefaultBootstrapOptions()
	if p := def.Plan(800, 800); !p.Refit || p.Resamples != 1000 || len(p.Notes) != 0 {
		t.Errorf("800 items: %+v, want refit at 1000 resamples", p)
	}
	if p := def.Plan(3000, 3000); !p.Refit || p.Resamples != 1000 || len(p.Notes) != 0 {
		t.Errorf("3000 items: %+v, want refit at 1000 resamples, no note", p)
	}
	if p := def.Plan(6000, 6000); p.Resamples != 500 || !p.Refit || len(p.Notes) != 1 {
		t.Errorf("6000 items: %+v, want 500 resamples, refit, one note", p)
	}
	many := def
	many.Explicit = true // --bootstrap 1000
	if p := many.Plan(10000, 10000); p.Resamples != 1000 || !p.Refit || len(p.Notes) != 0 {
		t.Errorf("1000 explicit resamples of 10000 items: %+v, want refit, no note", p)
	}
	if p := many.Plan(12000, 12000); p.Resamples != 1000 || p.Refit || len(p.Notes) != 1 || !strings.Contains(p.Notes[0], "--refit") {
		t.Errorf("1000 explicit resamples of 12000 items: %+v, want the fit held fixed with a note naming --refit", p)
	}
	if p := def.Plan(128000, 128000); p.Resamples != 0 || len(p.Notes) != 1 || !strings.Contains(p.Notes[0], "--bootstrap") {
		t.Errorf("128000 items: %+v, want no bootstrap with a note naming --bootstrap", p)
	}
	ex := def
	ex.Explicit, ex.Refit = true, analysis.RefitAlways
	if p := ex.Plan(333000, 333000); p.Resamples != 1000 || !p.Refit || len(p.Notes) != 0 {
		t.Errorf("explicit: %+v, want 1000 resamples, refit, no note", p)
	}
	if p := (analysis.BootstrapOptions{}).Plan(100, 100); p.Resamples != 0 {
		t.Errorf("off: %+v", p)
	}
}

// TestIntervalsRefit: with --refit the intervals say so, and CalibraEval's
// interval is at least as wide as with the fit held fixed (on the same
// resamples), since it adds the fit's own variability.
func TestIntervalsRefit(t *testing.T) {
	lg, err := demo.Log()
	if err != nil {
		t.Fatal(err)
	}
	// A small judge keeps the refits quick: the first 300 items of one.
	keep := lg.Pairs[:0]
	n := 0
	for _, p := range lg.Pairs {
		if p.Judge == "judge-tokenA" && n < 300 {
			keep = append(keep, p)
			n++
		}
	}
	lg.Pairs, lg.Scores, lg.Verdicts = keep, nil, nil
	e := analysis.NewEngine(lg)
	opt := bootOptions(100)
	ja, err := e.Judge("judge-tokenA", opt)
	if err != nil {
		t.Fatal(err)
	}
	fixed, err := e.Intervals(context.Background(), &ja, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	opt.Bootstrap.Refit = analysis.RefitAlways
	refit, err := e.Intervals(context.Background(), &ja, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	if fixed.Options.Refit || !refit.Options.Refit {
		t.Fatalf("refit flags: fixed %v, refit %v", fixed.Options.Refit, refit.Options.Refit)
	}
	w := func(iv *selection.Intervals) float64 {
		ci := iv.Method(selection.MethodCalibraEval).Delta["accuracy_mean"].CI
		return ci.Upper - ci.Lower
	}
	if w(refit) < w(fixed) {
		t.Errorf("refit interval width %g < fixed %g", w(refit), w(fixed))
	}
	if !strings.Contains(present.IntervalsText(refit), "re-fitted") {
		t.Errorf("IntervalsText(refit) = %q", present.IntervalsText(refit))
	}
}
