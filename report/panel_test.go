package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/present"
)

// TestPanelSection: a log of three judges on the same items has the panel
// section in the JSON (the contract's keys) and in the Markdown (present's
// rows, the κ matrix in the judges' order, the pairs sorted by Holm p),
// and a one-judge analysis has none.
func TestPanelSection(t *testing.T) {
	cfg := sim.DefaultConfig()
	cfg.Pairs, cfg.Scores, cfg.Verdicts = 300, 0, 0
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	opt := analysis.Options{Selection: selection.DefaultOptions(), Bootstrap: analysis.BootstrapOptions{Resamples: 50, Explicit: true}}
	an, err := analysis.Analyze(lg, opt)
	if err != nil {
		t.Fatal(err)
	}
	if an.Panel == nil {
		t.Fatalf("no panel: %s", an.PanelReason)
	}
	d := BuildDoc(an, "")
	var js bytes.Buffer
	if err := WriteJSON(&js, d); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	p, _ := doc["panel"].(map[string]any)
	for _, k := range []string{"krippendorff_alpha", "pairs", "verdict", "cohen_kappa", "fleiss_kappa"} {
		if _, ok := p[k]; !ok {
			t.Errorf("panel has no %q", k)
		}
	}
	pairs, _ := p["pairs"].([]any)
	for _, q := range pairs {
		for _, k := range []string{"a", "b", "n", "accuracy_diff", "ci95", "mcnemar_p", "holm_p", "cohen_kappa"} {
			if _, ok := q.(map[string]any)[k]; !ok {
				t.Errorf("pair %v has no %q", q, k)
			}
		}
	}
	var md bytes.Buffer
	if err := WriteMarkdownDoc(&md, d); err != nil {
		t.Fatal(err)
	}
	out := md.String()
	sec := out[strings.Index(out, "\n## Panel\n"):]
	want := []string{present.PanelSummary(an.Panel), "| κ | judge-fair | judge-first | judge-tokenA |"}
	for _, row := range present.PanelPairRows(an.Panel) {
		want = append(want, "| "+strings.Join(row, " | ")+" |")
	}
	for _, w := range want {
		if !strings.Contains(sec, w) {
			t.Errorf("the panel section lacks %q", w)
		}
	}
	checkStructure(t, out)
	one, err := analysis.Analyze(lg, analysis.Options{Judges: []string{"judge-fair"}, Selection: selection.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	if d := BuildDoc(one, ""); d.Panel != nil || one.PanelReason == "" {
		t.Errorf("one judge: panel %v, reason %q", d.Panel, one.PanelReason)
	}
}
