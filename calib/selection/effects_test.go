package selection

import (
	"testing"

	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/calib/identify"
)

// TestSelectionEffects: the selection engine fills Result.Effects once,
// for any options, and each Result owns its copy.
func TestSelectionEffects(t *testing.T) {
	ps := calibtest.ExactPairs(30, 0.7, 0.1, x0, x1, x2, x3)
	ps[0].S[x0] = 1 // a clipped value, so that Notes is not empty
	e := NewEngine("j", ps)
	a, err := e.Analyze(DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	opt := DefaultOptions()
	opt.Lambda = 2
	b, err := e.Analyze(opt)
	if err != nil {
		t.Fatal(err)
	}
	want := identify.Bias(ps)
	if a.Effects.Position.Estimate.Value != want.Position.Estimate.Value || a.Effects.Advice != want.Advice ||
		b.Effects.Token.Estimate.Value != want.Token.Estimate.Value || len(a.Effects.Notes) == 0 {
		t.Fatalf("effects %+v, want %+v", a.Effects, want)
	}
	a.Effects.Notes[0] = "changed"
	a.Effects.Position.Estimate.CI.Lower = 99
	if b.Effects.Notes[0] == "changed" || b.Effects.Position.Estimate.CI.Lower == 99 {
		t.Fatal("Selections share their effects")
	}
}
