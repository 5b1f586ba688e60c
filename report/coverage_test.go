package report

import (
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/reporting"
)

// barelyBetterThanChance are verdict items of a judge with q̂0 + q̂1 = 1.03
// (JudgeBench's claude-3-haiku): 100 unlabelled test items whose truth is
// known, and 100 calibration items per class.
func barelyBetterThanChance() []reporting.BinaryItem {
	var items []reporting.BinaryItem
	for i := range 100 {
		items = append(items, reporting.BinaryItem{Pred: i < 40, Gold: -1, Truth: int8(min(1, max(0, 57-i)))})
	}
	for i := range 100 {
		items = append(items, reporting.BinaryItem{Pred: i >= 53, Gold: 0, Truth: 0})
		items = append(items, reporting.BinaryItem{Pred: i < 50, Gold: 1, Truth: 1})
	}
	return items
}

// TestReportingUninformativeInterval reproduces issue 19 item 4 in the
// report: "θ̂ = 0.000, CI [0.000, 1.000] … (covered)" for a judge barely
// better than chance. The Markdown calls the interval uninformative and
// says why, claims no coverage, and the JSON has covered = null with a
// note.
func TestReportingUninformativeInterval(t *testing.T) {
	r, err := reporting.Compute(barelyBetterThanChance(), reporting.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	ja := &analysis.JudgeAnalysis{Judge: "j", Target: analysis.TargetVerdict, Reporting: r}
	var b strings.Builder
	writeReporting(&b, docJudge(t, ja))
	md := b.String()
	for _, want := range []string{"CI [0.000, 1.000]", "Uninformative interval: it is all of [0, 1], so it excludes no rate: q̂0 + q̂1 − 1 = 0.030",
		"True rate θ of the test set: 0.570 (no coverage claim: the interval is all of [0, 1])", "Target: acceptance rate — verdict records"} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "covered by the CI") {
		t.Errorf("Markdown claims coverage:\n%s", md)
	}
	j := buildReporting(ja, 0.05)
	if j.Covered != nil {
		t.Errorf("JSON covered = %v, want null", *j.Covered)
	}
	found := false
	for _, n := range j.Notes {
		found = found || strings.HasPrefix(n, "ci: uninformative interval — it is all of [0, 1]")
	}
	if !found {
		t.Errorf("JSON notes %q lack the uninformative interval", j.Notes)
	}
}
