package calibraeval

import (
	"testing"

	"github.com/plumb-eval/plumb/calib/calibtest"
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
			return NewNOA(calibtest.GenPairs(n, calibtest.SweepJudges()[0], calibtest.Has0123, 3), calibtest.AllIdx(n), ObjectiveBoth)
		}},
		{"6,000 items x0..x3, 6 digits (coarse phase)", 6000, func(n int) (*NOA, error) {
			return NewNOA(calibtest.LargePairs(n), calibtest.AllIdx(n), ObjectiveBoth)
		}},
		{"1,700 items x0..x2, l2", 1700, func(n int) (*NOA, error) {
			return NewNOA(calibtest.GenPairs(n, calibtest.SweepJudges()[1], calibtest.Has012, 4), calibtest.AllIdx(n), ObjectiveL2)
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
				got, err := p.Fit(FitOptions{Lambda: lam, Work: ws}, warmWS)
				if err != nil {
					t.Fatal(err)
				}
				hw, hg := calibtest.NewPinHash(), calibtest.NewPinHash()
				pinFit(hw, want)
				pinFit(hg, got)
				if hw.Sum() != hg.Sum() {
					t.Errorf("poison %d, %s, λ %v: the fit with a workspace differs (objective %v, want %v)", poison, pr.name, lam, got.Objective, want.Objective)
				}
				warm, warmWS = &want, &got
			}
		}
	}
}

// TestFitTakesVectorsOnce: a fit takes its work vectors from the workspace
// once and reuses them in every phase (issue 18: "a fit takes its work
// vectors once per fit, not once per phase"), so it enters the workspace at
// most as often as it holds vectors at its busiest phase. Before, every
// phase took its own: a warm fit (phase 2, the final check at d, the
// curve) entered it 21 times on this problem and a cold fit 46 times.
func TestFitTakesVectorsOnce(t *testing.T) {
	p, err := NewNOA(calibtest.GenPairs(3000, calibtest.SweepJudges()[0], calibtest.Has0123, 3), calibtest.AllIdx(3000), ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	// A cold fit is busiest in phase 1: the evaluation's 3 vectors,
	// L-BFGS's 7 + 2·memory + 3 and the constant-map candidate's 5 floats,
	// 1 int and 1 int32 vector.
	coldMost := 3 + 7 + 2*p.solver.memory + 3 + 5 + 1 + 1
	// A warm fit is busiest in phase 2: the map g and minimiseG's 8 floats,
	// 1 int and 1 int32 vector.
	warmMost := 1 + 8 + 1 + 1
	ws := &work.Space{}
	cold, err := p.Fit(FitOptions{Lambda: 0.5, Work: ws}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ws.Taken > coldMost {
		t.Errorf("a cold fit entered the workspace %d times, want at most %d", ws.Taken, coldMost)
	}
	t.Logf("cold fit (%d iterations): %d entries", cold.Iterations, ws.Taken)
	ws = &work.Space{}
	warm, err := p.Fit(FitOptions{Lambda: 0.55, Work: ws}, &cold)
	if err != nil {
		t.Fatal(err)
	}
	if ws.Taken > warmMost {
		t.Errorf("a warm fit entered the workspace %d times, want at most %d", ws.Taken, warmMost)
	}
	t.Logf("warm fit (%d iterations): %d entries", warm.Iterations, ws.Taken)
}
