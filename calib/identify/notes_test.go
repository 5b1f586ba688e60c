package identify

import (
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// TestNotesAreWholeSentences reproduces issue 19 item 5's cut-off note:
// on a log whose items have x0 without x2 (PandaLM, x0 only) the note on
// unbalanced cells ended "…the effects use within-item contrasts and do
// not". Every note must end in a whole clause.
func TestNotesAreWholeSentences(t *testing.T) {
	var pairs []model.Pair
	for i := range 20 {
		p := model.Pair{ID: string(rune('a' + i)), Judge: "j", Source: model.SourceChoice}
		p.Has[model.X0], p.S[model.X0] = true, float64(i%2)
		if i < 5 {
			p.Has[model.X2], p.S[model.X2] = true, float64((i+1)%2)
		}
		pairs = append(pairs, p)
	}
	e := Bias(pairs)
	found := false
	for _, n := range e.Notes {
		found = found || strings.Contains(n, "within-item contrasts")
		last := n[strings.LastIndex(n, " ")+1:]
		switch last {
		case "and", "or", "not", "do", "the", "a", "of", "to":
			t.Errorf("note cut off after %q: %q", last, n)
		}
	}
	if !found {
		t.Fatalf("no note on unbalanced cells: %q", e.Notes)
	}
}
