package calib

import (
	"reflect"
	"testing"

	"github.com/plumb-eval/plumb/calib/internal/calibtest"
	"github.com/plumb-eval/plumb/calib/internal/work"
)

// TestWorkspaceFitsBitIdentical: fits that take their vectors from a
// workspace (reused from fit to fit, and filled with garbage on every
// hand-out) give every bit of the fits that allocate them, cold and warm,
// below and above the coarse phase's threshold.
func TestWorkspaceFitsBitIdentical(t *testing.T) {
	problems := []struct {
		name string
		n    int
		p    func(n int) (*NOA, error)
	}{
		{"3,000 items x0..x3", 3000, func(n int) (*NOA, error) {
			return NewNOA(calibtest.GenPairs(n, sweepJudges()[0], calibtest.Has0123, 3), calibtest.AllIdx(n), ObjectiveBoth)
		}},
		{"6,000 items x0..x3, 6 digits (coarse phase)", 6000, func(n int) (*NOA, error) {
			return NewNOA(calibtest.LargePairs(n), calibtest.AllIdx(n), ObjectiveBoth)
		}},
		{"1,700 items x0..x2, l2", 1700, func(n int) (*NOA, error) {
			return NewNOA(calibtest.GenPairs(n, sweepJudges()[1], calibtest.Has012, 4), calibtest.AllIdx(n), ObjectiveL2)
		}},
	}
	for _, poison := range []int{1, 2} {
		ws := &work.Space{Poison: poison}
		for _, pr := range problems {
			p, err := pr.p(pr.n)
			if err != nil {
				t.Fatal(err)
			}
			if pr.n == 6000 && p.m <= coarseMinKnots {
				t.Fatalf("%s: %d knots, want more than %d", pr.name, p.m+1, coarseMinKnots)
			}
			var warm, warmWS *FitResult
			for _, lam := range []float64{0.5, 0, 2, 0.55} {
				want, err := p.Fit(FitOptions{Lambda: lam}, warm)
				if err != nil {
					t.Fatal(err)
				}
				got, err := p.Fit(FitOptions{Lambda: lam, work: ws}, warmWS)
				if err != nil {
					t.Fatal(err)
				}
				hw, hg := newPinHash(), newPinHash()
				hw.fit(want)
				hg.fit(got)
				if hw.sum() != hg.sum() {
					t.Errorf("poison %d, %s, λ %v: the fit with a workspace differs (objective %v, want %v)", poison, pr.name, lam, got.Objective, want.Objective)
				}
				warm, warmWS = &want, &got
			}
		}
	}
}

// TestWorkspaceEngineBitIdentical: an engine's analyses do not depend on
// what its workspace held: λ steps (warm starts), previews, held-out sets
// and the three objectives give the same Selection with a workspace that
// hands out NaN, one that hands out 1e300 and a fresh engine per step.
func TestWorkspaceEngineBitIdentical(t *testing.T) {
	pairs := calibtest.GenPairs(2500, sweepJudges()[0], calibtest.Has0123, 9)
	e1, e2 := NewSelectionEngine("j", pairs), NewSelectionEngine("j", pairs)
	e1.work, e2.work = &work.Space{Poison: 1}, &work.Space{Poison: 2}
	e1.SetPreviewMinKnots(0)
	e2.SetPreviewMinKnots(0)
	opt := DefaultSelectionOptions()
	for _, obj := range []Objective{ObjectiveBoth, ObjectiveL1, ObjectiveL2} {
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
				fresh := NewSelectionEngine("j", pairs)
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
	pairs := calibtest.GenPairs(2000, sweepJudges()[0], calibtest.Has0123, 11)
	opt := DefaultSelectionOptions()
	opt.EstFrac = 0.5
	fresh := NewSelectionEngine("j", pairs)
	want, err := fresh.Path(t.Context(), opt, PathOptions{Points: 7})
	if err != nil {
		t.Fatal(err)
	}
	for _, poison := range []int{1, 2} {
		e := NewSelectionEngine("j", pairs)
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
	pairs := calibtest.GenPairs(500, sweepJudges()[0], calibtest.Has0123, 12)
	e := NewSelectionEngine("j", pairs)
	if _, err := e.Analyze(DefaultSelectionOptions()); err != nil {
		t.Fatal(err)
	}
	own := e.work
	f := e.Fork()
	if own == nil || f.work != nil {
		t.Fatalf("engine workspace %p, fork's %p: want the engine's set and the fork's nil", own, f.work)
	}
	if _, err := f.Path(t.Context(), DefaultSelectionOptions(), PathOptions{Points: 4}); err != nil {
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
