package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/model"
)

// constantLog is a judge whose P(A) is 0.8 whatever it is shown (x0 and
// x2), on 60 items with alternating gold.
func constantLog() *model.Log {
	lg := &model.Log{}
	for i := range 60 {
		p := model.Pair{ID: fmt.Sprintf("q%03d", i), Judge: "j", Source: model.SourceProb, Gold: model.Gold1 + model.Gold(i%2)}
		p.Has[model.X0], p.S[model.X0] = true, 0.8
		p.Has[model.X2], p.S[model.X2] = true, 0.8
		lg.Pairs = append(lg.Pairs, p)
	}
	return lg
}

// TestDegenerateBaselinesNotShownAsGains reproduces issue 19 item 5 in the
// report: on a judge whose preference is all for the token A in the first
// place, Pride's and BPC's results are all ties, and their rows read
// "1.000 (+1.000 ▲)" and "0.00 (−50.00 ▲)". They are now collapsed rows
// with the reason in the notes, and no mark.
func TestDegenerateBaselinesNotShownAsGains(t *testing.T) {
	an, err := analysis.Analyze(constantLog(), bootOptions(100))
	if err != nil {
		t.Fatal(err)
	}
	var md bytes.Buffer
	if err := WriteMarkdown(&md, an); err != nil {
		t.Fatal(err)
	}
	s := md.String()
	for _, row := range []string{"| Pride (collapsed) | collapsed |", "| BPC (collapsed) | collapsed |"} {
		if !strings.Contains(s, row) {
			t.Errorf("Markdown lacks %q", row)
		}
	}
	for _, l := range strings.Split(s, "\n") {
		if (strings.HasPrefix(l, "| Pride") || strings.HasPrefix(l, "| BPC")) && strings.ContainsAny(l, "▲▼") {
			t.Errorf("a degenerate result marked as a change: %s", l)
		}
	}
	for _, want := range []string{"Pride: degenerate (collapsed): 100.0% of the calibrated preferences are within 1e-09 of 0.5",
		"BPC: degenerate (collapsed): every BPC decision is a tie (60 of 60"} {
		if !strings.Contains(s, want) {
			t.Errorf("Markdown lacks %q", want)
		}
	}
}
