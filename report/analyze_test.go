package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// TestAnalyzeInterleavedJudges checks that records of several judges in any
// order reach the right judge's analysis, with the right counts.
func TestAnalyzeInterleavedJudges(t *testing.T) {
	cfg := simtest.Config(200, 10, 30)
	lg := simtest.Collect(t, cfg)
	// Reverse so that judges interleave in an order the sort must undo.
	for i, j := 0, len(lg.Pairs)-1; i < j; i, j = i+1, j-1 {
		lg.Pairs[i], lg.Pairs[j] = lg.Pairs[j], lg.Pairs[i]
	}
	an, err := analysis.Analyze(lg, analysis.Options{Selection: selection.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	if len(an.Judges) != len(cfg.Judges) {
		t.Fatalf("%d judges, want %d", len(an.Judges), len(cfg.Judges))
	}
	for _, ja := range an.Judges {
		if ja.Pairs != 200 || ja.Scores != 30 || ja.Verdicts != 30 {
			t.Errorf("%s: %d pairs, %d scores, %d verdicts; want 200, 30, 30", ja.Judge, ja.Pairs, ja.Scores, ja.Verdicts)
		}
		if ja.Selection == nil || ja.Selection.Judge != ja.Judge || ja.Selection.N != 200 {
			t.Fatalf("%s: selection %+v", ja.Judge, ja.Selection)
		}
	}
	// The analysis of one judge alone equals its part of the full analysis.
	one, err := analysis.Analyze(lg, analysis.Options{Judges: []string{"judge-first"}, Selection: selection.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	var full *analysis.JudgeAnalysis
	for i := range an.Judges {
		if an.Judges[i].Judge == "judge-first" {
			full = &an.Judges[i]
		}
	}
	var a, b bytes.Buffer
	if err := WriteJSON(&a, BuildDoc(&analysis.Analysis{Options: one.Options, Judges: one.Judges}, "t")); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSON(&b, BuildDoc(&analysis.Analysis{Options: one.Options, Judges: []analysis.JudgeAnalysis{*full}}, "t")); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Error("judge-first analysed alone differs from its part of the full analysis")
	}
}

// TestMarkdownJudgeWithoutPairs: a judge with only score and verdict
// records gets a sentence, not an empty table or NaN.
func TestMarkdownJudgeWithoutPairs(t *testing.T) {
	lg := &model.Log{
		Verdicts: []model.Verdict{{ID: "v1", Judge: "only-verdicts", Verdict: true}},
		Files:    []model.FileInfo{{Name: "v.jsonl", Verdicts: 1}},
	}
	an, err := analysis.Analyze(lg, analysis.Options{Selection: selection.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	var md, js bytes.Buffer
	if err := WriteMarkdown(&md, an); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "Selection bias: not available — the judge has no pair items.") {
		t.Errorf("markdown:\n%s", md.String())
	}
	if err := WriteJSON(&js, BuildDoc(an, "t")); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), `"selection": null`) || !strings.Contains(js.String(), "selection: the judge has no pair items") {
		t.Errorf("json:\n%s", js.String())
	}
}
