package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
)

// TestMarkdownEscapesUserStrings (issue 10, item 9): a judge name with a
// newline, |, backticks or a leading # keeps the report's structure: one
// heading line, table rows with their cell count.
func TestMarkdownEscapesUserStrings(t *testing.T) {
	judge := "# evil\njudge | `x` *y*"
	lg := &model.Log{Files: []model.FileInfo{{Name: "a|b.jsonl", Verdicts: 40}}}
	for i := range 40 {
		v := i%3 == 0
		h := i%2 == 0
		lg.Verdicts = append(lg.Verdicts, model.Verdict{ID: fmt.Sprintf("v%d", i), Judge: judge, Verdict: v, Human: &h})
	}
	an, err := analysis.Analyze(lg, analysis.Options{Selection: selection.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteMarkdown(&b, an); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	want := "## Judge \\# evil\\njudge \\| \\`x\\` \\*y\\*\n"
	if !strings.Contains(out, want) {
		t.Errorf("heading not escaped; want %q in\n%s", want, out)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "judge") || strings.HasPrefix(line, "# evil") {
			t.Errorf("the judge name broke a line: %q", line)
		}
	}
	if !strings.Contains(out, `a\|b.jsonl`) {
		t.Error("file name not escaped")
	}
}
