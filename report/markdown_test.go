package report

import (
	"testing"

	"github.com/plumb-eval/plumb/analysis"
)

// docJudge returns ja's part of the document BuildDoc makes of an analysis
// with ja as its one judge, for the tests of one section's Markdown.
func docJudge(t *testing.T, ja *analysis.JudgeAnalysis) *Judge {
	t.Helper()
	d := BuildDoc(&analysis.Analysis{Judges: []analysis.JudgeAnalysis{*ja}}, "test")
	j, ok := d.Judges[ja.Judge]
	if !ok {
		t.Fatalf("the document has no judge %q", ja.Judge)
	}
	return &j
}
