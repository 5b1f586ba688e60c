package importer

import (
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// TestPandaLMAnnotators: with Options.Annotators the test set's three
// people are judges annotator-1..3, one x0 choice per label (testdata's
// idx 0 has labels 2, 2, 1: annotator-1 and -2 choose B, annotator-3 A),
// with the item's gold, group and texts; without it there are none. The
// test set alone is enough.
func TestPandaLMAnnotators(t *testing.T) {
	lg, err := Load([]string{"testdata/pandalm"}, "", model.ReadOptions{}, Options{Annotators: true})
	if err != nil {
		t.Fatal(err)
	}
	plain := load(t, "testdata/pandalm")
	if got, want := len(lg.Pairs), len(plain.Pairs)+12; got != want {
		t.Errorf("%d pairs, want %d: the judges' and 3 annotators × 4 items", got, want)
	}
	for k, want := range []float64{0, 0, 1} {
		p := pairOf(t, lg, "annotator-"+itoa(k+1), "0")
		wantArr(t, p, want)
		if p.Gold != model.Gold2 || p.Group != "Grammarly" || p.Source != model.SourceChoice || p.Response1 != "Questions about my rate? Ask me." {
			t.Errorf("annotator-%d on idx 0: %+v", k+1, p)
		}
	}
	for i := range plain.Pairs {
		if j := plain.Pairs[i].Judge; len(j) > 9 && j[:9] == "annotator" {
			t.Errorf("annotator %s without the option", j)
		}
	}
	alone, err := Load([]string{"testdata/pandalm/testset-v1.json"}, "", model.ReadOptions{}, Options{Annotators: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(alone.Pairs) != 12 {
		t.Errorf("the test set alone: %d pairs, want 12", len(alone.Pairs))
	}
	found := false
	for _, n := range lg.Notes {
		found = found || strings.Contains(n, "the annotators of 4 items are judges annotator-1, annotator-2 and annotator-3 (--annotators); the gold is their majority")
	}
	if !found {
		t.Errorf("no note on the annotators' gold among %q", lg.Notes)
	}
	roundTrip(t, lg)
}
