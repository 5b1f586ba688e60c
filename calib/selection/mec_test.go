package selection

import (
	"slices"
	"testing"

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
