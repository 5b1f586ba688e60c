package selection

import (
	"reflect"
	"testing"

	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/calib/internal/work"
)

// TestWorkspaceEngineBitIdentical: an engine's analyses do not depend on
// what its workspace held: λ steps (warm starts), previews, held-out sets
// and the three objectives give the same Result with a workspace that
// hands out NaN, one that hands out 1e300 and a fresh engine per step.
func TestWorkspaceEngineBitIdentical(t *testing.T) {
	pairs := calibtest.GenPairs(2500, calibtest.SweepJudges()[0], calibtest.Has0123, 9)
	e1, e2 := NewEngine("j", pairs), NewEngine("j", pairs)
	e1.work, e2.work = &work.Space{Poison: 1}, &work.Space{Poison: 2}
	e1.SetPreviewMinKnots(0)
	e2.SetPreviewMinKnots(0)
	opt := DefaultOptions()
	for _, obj := range []calibraeval.Objective{calibraeval.ObjectiveBoth, calibraeval.ObjectiveL1, calibraeval.ObjectiveL2} {
		for _, frac := range []float64{1, 0.5} {
			for _, lam := range []float64{0.5, 0.55, 2, 0} {
				opt.Objective, opt.EstFrac, opt.Lambda = obj, frac, lam
				p1, err1 := e1.Preview(t.Context(), opt)
				p2, err2 := e2.Preview(t.Context(), opt)
				if err1 != nil || err2 != nil || !reflect.DeepEqual(p1, p2) {
					t.Errorf("%v, frac %v, λ %v: previews differ (%v, %v)", obj, frac, lam, err1, err2)
				}
				s1, err1 := e1.Analyze(opt)
				s2, err2 := e2.Analyze(opt)
				if err1 != nil || err2 != nil {
					t.Fatal(err1, err2)
				}
				if !reflect.DeepEqual(s1, s2) {
					t.Errorf("%v, frac %v, λ %v: analyses differ between workspaces", obj, frac, lam)
				}
				fresh := NewEngine("j", pairs)
				if !s1.WarmStarted {
					s3, err := fresh.Analyze(opt)
					if err != nil {
						t.Fatal(err)
					}
					if !reflect.DeepEqual(s1, s3) {
						t.Errorf("%v, frac %v, λ %v: the analysis differs from a fresh engine's", obj, frac, lam)
					}
				}
			}
		}
	}
}

// TestWorkspacePathBitIdentical: the fit path (its penalised fits, their
// candidates' maps and the points' preferences come from the workspace) is
// the same with workspaces that hand out garbage as with a fresh engine.
func TestWorkspacePathBitIdentical(t *testing.T) {
	pairs := calibtest.GenPairs(2000, calibtest.SweepJudges()[0], calibtest.Has0123, 11)
	opt := DefaultOptions()
	opt.EstFrac = 0.5
	fresh := NewEngine("j", pairs)
	want, err := fresh.Path(t.Context(), opt, PathOptions{Points: 7})
	if err != nil {
		t.Fatal(err)
	}
	for _, poison := range []int{1, 2} {
		e := NewEngine("j", pairs)
		e.work = &work.Space{Poison: poison}
		for range 2 { // the second path reuses the first one's arrays
			got, err := e.Path(t.Context(), opt, PathOptions{Points: 7})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("poison %d: the path differs from a fresh engine's", poison)
			}
			e.paths = nil // compute it again
		}
	}
}

// TestForkRejoinWorkspace: a workspace has one owner at a time. A fork
// starts without the engine's own; Rejoin hands a finished fork's back to
// the engine for its next fork only.
func TestForkRejoinWorkspace(t *testing.T) {
	pairs := calibtest.GenPairs(500, calibtest.SweepJudges()[0], calibtest.Has0123, 12)
	e := NewEngine("j", pairs)
	if _, err := e.Analyze(DefaultOptions()); err != nil {
		t.Fatal(err)
	}
	own := e.work
	f := e.Fork()
	if own == nil || f.work != nil {
		t.Fatalf("engine workspace %p, fork's %p: want the engine's set and the fork's nil", own, f.work)
	}
	if _, err := f.Path(t.Context(), DefaultOptions(), PathOptions{Points: 4}); err != nil {
		t.Fatal(err)
	}
	w := f.work
	e.Rejoin(f)
	if w == nil || f.work != nil || e.spare != w || e.work != own {
		t.Fatal("Rejoin did not move the fork's workspace to the engine's spare")
	}
	g, h := e.Fork(), e.Fork()
	if g.work != w || h.work != nil || e.spare != nil || g.spare != nil || e.work != own {
		t.Fatal("the spare workspace went to more than the next fork, or the engine's own moved")
	}
}

// TestPreviewWorkspaceEntries counts how often one λ preview on the demo's
// judge-tokenA enters the engine's workspace (issue 18): the warm fit takes
// its vectors once (at most 11, calibraeval's TestFitTakesVectorsOnce), the
// calibrated preferences 3 arrays (rows, flags, golds) and each set of
// metrics 2 (κ's counts and the ICCs' matrix), over all items and, with
// half the items held out, over those too. Before a fit took its vectors
// once per fit, the preview entered it 26 and 28 times.
func TestPreviewWorkspaceEntries(t *testing.T) {
	pairs := calibtest.DemoPairs(t, "judge-tokenA")
	for _, frac := range []float64{1, 0.5} {
		e := NewEngine("judge-tokenA", pairs)
		e.SetWarmStart(false)
		e.SetPreviewMinKnots(0) // the demo is below the default threshold
		e.work = &work.Space{}
		opt := DefaultOptions()
		opt.EstFrac = frac
		if _, err := e.Analyze(opt); err != nil {
			t.Fatal(err)
		}
		opt.Lambda = 0.55
		before := e.work.Taken
		pv, err := e.Preview(t.Context(), opt)
		if err != nil || pv == nil {
			t.Fatalf("frac %v: preview = %v, %v", frac, pv != nil, err)
		}
		n := e.work.Taken - before
		sets := 1
		if pv.HeldoutSize > 0 {
			sets = 2
		}
		if most := 11 + 3 + 2*sets; n > most {
			t.Errorf("frac %v: the preview entered the workspace %d times, want at most %d", frac, n, most)
		}
		t.Logf("estimation fraction %v: one λ preview entered the workspace %d times (fit: %d iterations)", frac, n, pv.Fit.Iterations)
	}
}
