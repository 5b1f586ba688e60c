package report

import (
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
)

// TestReasonsEndOneSentence: a reason that already ends in a full stop
// (an error text, say) is put into a Markdown sentence that ends with its
// own, once: "not available — too few items." and never "items..".
func TestReasonsEndOneSentence(t *testing.T) {
	ja := &analysis.JudgeAnalysis{Judge: "j", SelectionReason: "too few items.", ReportingReason: "no gold labels.", LikelihoodReason: "no texts."}
	var b strings.Builder
	writeSelection(&b, docJudge(t, ja))
	writeReporting(&b, docJudge(t, ja))
	writeLikelihood(&b, docJudge(t, ja))
	out := b.String()
	for _, want := range []string{"too few items.\n", "no gold labels.\n", "no texts.\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "..") {
		t.Errorf("a doubled full stop:\n%s", out)
	}
}
