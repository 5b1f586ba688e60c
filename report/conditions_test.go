package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// TestConditionsHostileLabels: condition values with control characters,
// table pipes and newlines reach the Markdown and CSV only sanitised, and
// the log the simulator writes with them reads back.
func TestConditionsHostileLabels(t *testing.T) {
	cfg := sim.DefaultConfig()
	cfg.Pairs, cfg.Scores, cfg.Verdicts, cfg.GoldShare = 60, 0, 0, 1
	cfg.Judges = cfg.Judges[:1]
	cfg.Grid = sim.Grid{IDs: []sim.Level{{Value: "A|B\n<x>"}, {Value: "\x1b[2J\u202eX/Y", PosBias: 1}}}
	var buf bytes.Buffer
	if err := sim.Write(&buf, cfg); err != nil {
		t.Fatal(err)
	}
	lg, err := model.Read(&buf, "hostile.jsonl", model.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	opt := analysis.Options{Selection: selection.DefaultOptions(), Reporting: reporting.DefaultOptions(), Likelihood: likelihood.DefaultOptions()}
	an, err := analysis.Analyze(lg, opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(an.Conditions) != 1 {
		t.Fatalf("%d Conditions views", len(an.Conditions))
	}
	d := BuildDoc(an, "")
	var md, csv bytes.Buffer
	if err := WriteMarkdownDoc(&md, d); err != nil {
		t.Fatal(err)
	}
	if err := WriteCSV(&csv, d); err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"markdown": md.String(), "csv": csv.String()} {
		if strings.ContainsAny(out, "\x1b\u202e") {
			t.Errorf("%s: a control or bidi character reached the output", name)
		}
	}
	for _, l := range strings.Split(md.String(), "\n") {
		if strings.HasPrefix(l, "| ") && strings.Contains(l, "<x>") {
			t.Errorf("markdown row with an unescaped label: %s", l)
		}
	}
}
