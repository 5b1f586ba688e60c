package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/model"
)

// TestOneOrderHeadline reproduces issue 19 item 5 on the Overview: on an
// x0-only log (PandaLM's) the headline said the judge "prefers the first
// answer 49% of the time (… 0.50 is fair)", a position-bias claim from a
// rate that measures how good the first-shown answers are. It now says
// what the rate mixes, and the Selection notes say why.
func TestOneOrderHeadline(t *testing.T) {
	frameTest(t)
	t.Parallel()
	lg := &model.Log{}
	for i := range 40 {
		p := model.Pair{ID: fmt.Sprintf("q%02d", i), Judge: "j", Source: model.SourceChoice, Gold: model.Gold1 + model.Gold(i%2)}
		p.Has[model.X0], p.S[model.X0] = true, float64(i%3%2)
		lg.Pairs = append(lg.Pairs, p)
	}
	an, err := analysis.Analyze(lg, startOptions())
	if err != nil {
		t.Fatal(err)
	}
	h := strings.Join(headlines(&an.Judges[0]), "\n")
	if strings.Contains(h, "prefers the first answer") || !strings.Contains(h, "but no item was shown both ways round") {
		t.Errorf("headlines:\n%s", h)
	}
	notes := strings.Join(selectionNotes(an.Judges[0].Selection), "\n")
	if !strings.Contains(notes, "raw: first-pos. rate — no item was shown both ways round") {
		t.Errorf("selection notes:\n%s", notes)
	}
}
