package selection

import (
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/baseline"
	"github.com/plumb-eval/plumb/calib/calibtest"
)

// TestDiscardHeldoutKept: with EstFrac < 1 the held-out discard row carries
// the share kept among the held-out items (issue 10, item 18: it showed the
// all-items share), counted here independently with ConsistentItems.
func TestDiscardHeldoutKept(t *testing.T) {
	pairs := calibtest.Simulate(8, calibtest.BiasedJudge)
	opt := DefaultOptions()
	opt.EstFrac = 0.5
	sel, err := Analyze("biased", pairs, opt)
	if err != nil {
		t.Fatal(err)
	}
	d := sel.Method(MethodDiscard)
	if d.Heldout == nil || d.HeldoutKept == nil || !d.HeldoutKept.OK() {
		t.Fatalf("no held-out kept share: %+v", d.HeldoutKept)
	}
	kept, multi := baseline.ConsistentItems(calib.RawPrefs(pairs), selHeldoutOf(t, len(pairs), opt))
	want := float64(len(kept)) / float64(multi)
	if got := d.HeldoutKept.Value; got != want || d.HeldoutKept.N != multi {
		t.Errorf("held-out kept %v of %d, want %d/%d = %v", got, d.HeldoutKept.N, len(kept), multi, want)
	}
	if d.Kept.Value == want {
		t.Fatalf("test data cannot tell the shares apart: both %v", want)
	}
	if k := d.KeptFor(d.Heldout); k != d.HeldoutKept {
		t.Errorf("KeptFor(Heldout) = %v, want HeldoutKept", k)
	}
	if k := d.KeptFor(&d.All); k != d.Kept {
		t.Errorf("KeptFor(All) = %v, want Kept", k)
	}
	if raw := sel.Method(MethodRaw); raw.KeptFor(raw.Heldout) != nil {
		t.Errorf("raw has a kept share")
	}
}
