package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// identAnalysis simulates the default judges in the arrangements arr.
func identAnalysis(t *testing.T, arr ...model.Arrangement) *analysis.Analysis {
	t.Helper()
	cfg := simtest.Config(300, 0, 0)
	cfg.Arrangements = arr
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	an, err := analysis.Analyze(lg, analysis.Options{Judges: []string{"judge-first"}, Selection: selection.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	return an
}

// TestReportBiasEffects: the Markdown section and selection.bias_effects
// for the common x0+x2 design (only β + τ identified) and for x0..x3.
func TestReportBiasEffects(t *testing.T) {
	for _, c := range []struct {
		arr            []model.Arrangement
		design         string
		position, both bool
		md             []string
	}{
		{[]model.Arrangement{model.X0, model.X2}, "x0+x2", false, true, []string{
			"### Position or ID? — design x0+x2",
			"| shown first | 0.", "| shown second | — | 0.",
			"| position β (prefers the answer shown first) | — | not identified: A is always shown first",
			"Advice: position and ID are confounded here (A is always shown first): collect x1 or x3",
		}},
		{[]model.Arrangement{model.X0, model.X1, model.X2, model.X3}, "x0..x3", true, true, []string{
			"### Position or ID? — design x0..x3",
			"| position β (prefers the answer shown first) | +1.",
			"Advice: this judge's bias is positional: use BPC",
		}},
	} {
		an := identAnalysis(t, c.arr...)
		var md, js bytes.Buffer
		if err := WriteMarkdown(&md, an); err != nil {
			t.Fatal(err)
		}
		for _, w := range c.md {
			if !strings.Contains(md.String(), w) {
				t.Errorf("%s: markdown lacks %q:\n%s", c.design, w, md.String())
			}
		}
		if err := WriteJSON(&js, BuildDoc(an, "t")); err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Judges map[string]struct {
				Selection struct {
					BiasEffects map[string]json.RawMessage `json:"bias_effects"`
				} `json:"selection"`
			} `json:"judges"`
		}
		if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		be := doc.Judges["judge-first"].Selection.BiasEffects
		for _, k := range []string{"design", "scale", "level", "position", "token", "position_token", "table", "advice", "notes"} {
			if _, ok := be[k]; !ok {
				t.Errorf("%s: bias_effects lacks %q", c.design, k)
			}
		}
		var pos, both BiasEffect
		if err := json.Unmarshal(be["position"], &pos); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(be["position_token"], &both); err != nil {
			t.Fatal(err)
		}
		if pos.Identified != c.position || (pos.Estimate == nil) == c.position || (pos.Reason == nil) != c.position {
			t.Errorf("%s: position %s", c.design, be["position"])
		}
		if !both.Identified || both.Estimate == nil || both.CI == nil || both.N != 300 {
			t.Errorf("%s: position_token %s", c.design, be["position_token"])
		}
		if string(be["design"]) != `"`+c.design+`"` {
			t.Errorf("design %s, want %q", be["design"], c.design)
		}
	}
}

// TestReportBiasEffectsOneItem: a judge with one item gets reasons, and
// the JSON holds no NaN.
func TestReportBiasEffectsOneItem(t *testing.T) {
	p := model.Pair{ID: "p1", Judge: "j", Source: model.SourceChoice}
	p.Has[model.X0], p.Has[model.X1], p.S[model.X0] = true, true, 1
	lg := &model.Log{Pairs: []model.Pair{p}, Files: []model.FileInfo{{Name: "one", Pairs: 1}}}
	an, err := analysis.Analyze(lg, analysis.Options{Selection: selection.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	var md, js bytes.Buffer
	if err := WriteMarkdown(&md, an); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSON(&js, BuildDoc(an, "t")); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{md.String(), js.String()} {
		if strings.Contains(s, "NaN") || strings.Contains(s, "Inf") {
			t.Fatalf("NaN or Inf in\n%s", s)
		}
	}
	if !strings.Contains(md.String(), "undefined: needs at least 2 items") || !strings.Contains(js.String(), `"scale": "rate"`) {
		t.Errorf("markdown:\n%s\njson:\n%s", md.String(), js.String())
	}
}
