package selection

import (
	"fmt"
	"math"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/internal/calibtest"
	"github.com/plumb-eval/plumb/model"
)

// prefsBitsDiff says where two preference sets differ, comparing every R
// bit for bit (math.Float64bits, so −0 ≠ 0 and NaN payloads count), and
// Has and Gold; "" when they are identical.
func prefsBitsDiff(got, want calib.Prefs) string {
	if got.Len() != want.Len() || len(got.Has) != len(want.Has) || len(got.Gold) != len(want.Gold) {
		return fmt.Sprintf("lengths %d/%d/%d, want %d/%d/%d", len(got.R), len(got.Has), len(got.Gold), len(want.R), len(want.Has), len(want.Gold))
	}
	for i := range want.R {
		if got.Has[i] != want.Has[i] || got.Gold[i] != want.Gold[i] {
			return fmt.Sprintf("item %d: has %v gold %v, want %v %v", i, got.Has[i], got.Gold[i], want.Has[i], want.Gold[i])
		}
		for a := range want.R[i] {
			if math.Float64bits(got.R[i][a]) != math.Float64bits(want.R[i][a]) {
				return fmt.Sprintf("item %d arrangement %d: %v (%#x), want %v (%#x)", i, a, got.R[i][a], math.Float64bits(got.R[i][a]), want.R[i][a], math.Float64bits(want.R[i][a]))
			}
		}
	}
	return ""
}

// pinHash accumulates the bits of a fit (calibtest.PinHash, with fit and
// curve), as calibraeval's TestFitPinnedBits does.
type pinHash struct{ *calibtest.PinHash }

func newPinHash() *pinHash { return &pinHash{calibtest.NewPinHash()} }

func (p *pinHash) f(v ...float64) { p.F(v...) }

func (p *pinHash) s(v ...any) { p.S(v...) }

func (p *pinHash) sum() string { return p.Sum() }

func (p *pinHash) fit(r calibraeval.FitResult) {
	p.f(r.Lambda, r.Objective, r.GradNorm)
	p.f(r.D...)
	p.curve(r.Curve)
	p.s(r.Iterations, "|", r.Evals, "|", r.Converged, "|", r.Status, "|", r.Points)
}

func (p *pinHash) curve(c *calib.Curve) {
	if c == nil {
		p.s("nil curve")
		return
	}
	p.f(c.Z...)
	p.f(c.G...)
}

var (
	x0, x1, x2, x3 = model.X0, model.X1, model.X2, model.X3
)
