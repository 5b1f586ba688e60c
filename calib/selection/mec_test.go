package selection

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// TestMECRows: a judge with sampled scores gets the MEC rows after the
// others, with held-out rows when items are held out; one without gets
// none (and no MEC result).
func TestMECRows(t *testing.T) {
	lg := simtest.EvidenceLog(80, 3, 1, 1.5, 2)
	opt := DefaultOptions()
	opt.EstFrac = 0.5
	sel, err := Analyze("mec", lg.Pairs, opt)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range sel.Methods {
		names = append(names, m.Name)
	}
	want := append(MethodNames(), MethodMEC, MethodBPCScores, MethodMECBPC)
	if !slices.Equal(names, want) {
		t.Fatalf("methods %v, want %v", names, want)
	}
	for _, name := range []string{MethodMEC, MethodBPCScores, MethodMECBPC} {
		m := sel.Method(name)
		if !m.Available || m.Heldout == nil || m.Heldout.N != sel.HeldoutSize || m.All.N != 80 {
			t.Errorf("%s: %+v", name, m)
		}
	}
	if sel.MEC == nil || sel.MEC.Items != 80 {
		t.Errorf("MEC result %+v", sel.MEC)
	}
	plain := simtest.Log(t, 50, 0, 0)
	sel, err = Analyze("j", plain.Pairs[:50], DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if len(sel.Methods) != len(MethodNames()) || sel.MEC != nil {
		t.Errorf("a judge without samples has %d methods, MEC %v", len(sel.Methods), sel.MEC)
	}
}

// TestSampledNote: the analysis says how P(A) was obtained when records
// give it from samples: simtest.EvidenceLog's 80 records, 3 samples per
// arrangement of which every seventh is unread (so at most one of an
// arrangement's three: 2 to 3 read).
func TestSampledNote(t *testing.T) {
	lg := simtest.EvidenceLog(80, 3, 1, 1.5, 2)
	unread := 0
	for _, p := range lg.Pairs {
		for _, list := range p.Samples {
			for _, s := range list {
				if s.Kind == model.SampleUnread {
					unread++
				}
			}
		}
	}
	sel, err := Analyze("mec", lg.Pairs, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("P(A) of %d of %d records is the share of A among sampled judgments (2 to 3 read per arrangement; %d samples unread)", len(lg.Pairs), len(lg.Pairs), unread)
	if len(sel.Notes) == 0 || !strings.HasPrefix(sel.Notes[0], want) {
		t.Errorf("notes %q, want one starting %q", sel.Notes, want)
	}
	// The intervals carry the samples' noise (TestSampledPABootstrapCoverage),
	// the MEC rows' too: the note says so and no longer that they leave it out.
	noise := "every interval (the MEC rows' too) includes the samples' Monte Carlo noise"
	if len(sel.Notes) == 0 || !strings.Contains(sel.Notes[0], noise) || strings.Contains(sel.Notes[0], "leave out") {
		t.Errorf("note %q, want it to say %q", sel.Notes, noise)
	}
}
