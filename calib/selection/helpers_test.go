package selection

import (
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/model"
)

// pinFit adds the bits of a fit to p, as calibraeval's TestFitPinnedBits
// does.
func pinFit(p *calibtest.PinHash, r calibraeval.FitResult) {
	p.F(r.Lambda, r.Objective, r.GradNorm)
	p.F(r.D...)
	p.Curve(r.Curve)
	p.S(r.Iterations, "|", r.Evals, "|", r.Converged, "|", r.Status, "|", r.Points)
}

var (
	x0, x1, x2, x3 = model.X0, model.X1, model.X2, model.X3
)
