package calibraeval

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plumb-eval/plumb/calib/calibtest"
)

// TestPathProxGradient extends TestNOAGradient to the penalised objective
// of the path: L/K + μ·dist², its exact gradient against central finite
// differences, and the penalty against μ·dist² computed directly.
func TestPathProxGradient(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	worst := 0.0
	for trial := range 10 {
		pairs := calibtest.RandomProblem(rng, 5+rng.IntN(25))
		for _, obj := range []Objective{ObjectiveBoth, ObjectiveL1, ObjectiveL2} {
			p, err := NewNOA(pairs, calibtest.AllIdx(len(pairs)), obj)
			if err != nil {
				continue
			}
			d := make([]float64, p.M())
			for i := range d {
				d[i] = 1.5 * rng.NormFloat64()
			}
			for _, mu := range []float64{0.3, 5, 200} {
				q := p.withProx(mu, nil)
				for _, lam := range []float64{0, 0.5, 2} {
					pen := q.Objective(d, lam, nil) - p.Objective(d, lam, nil)
					dist := p.distance(p.G(d), nil)
					if want := mu * dist * dist; math.Abs(pen-want) > 1e-12*max(1, want) {
						t.Errorf("trial %d %s μ=%v: penalty %v, μ·dist² %v", trial, obj, mu, pen, want)
					}
					grad := make([]float64, p.M())
					q.Objective(d, lam, grad)
					const h = 1e-5
					maxAbs, maxErr, sum := 0.0, 0.0, 0.0
					x := slices.Clone(d)
					for k := range d {
						x[k] = d[k] + h
						fp := q.Objective(x, lam, nil)
						x[k] = d[k] - h
						fm := q.Objective(x, lam, nil)
						x[k] = d[k]
						fd := (fp - fm) / (2 * h)
						maxAbs = max(maxAbs, math.Abs(grad[k]))
						maxErr = max(maxErr, math.Abs(fd-grad[k]))
						sum += grad[k]
					}
					worst = max(worst, maxErr/maxAbs)
					if maxErr > 1e-6*max(maxAbs, 1e-6) {
						t.Errorf("trial %d %s μ=%v λ=%v: max |fd − grad| = %.3g, max |grad| = %.3g", trial, obj, mu, lam, maxErr, maxAbs)
					}
					if math.Abs(sum) > 1e-10*max(1, maxAbs) {
						t.Errorf("trial %d %s μ=%v λ=%v: Σ grad = %v, want 0", trial, obj, mu, lam, sum)
					}
				}
			}
		}
	}
	t.Logf("worst max|fd − grad| / max|grad| = %.2g", worst)
}
