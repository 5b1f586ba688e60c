package calibraeval

import (
	"math"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/internal/lbfgs"
)

// StartFrom returns a warm start for Fit (its warm argument) read off the
// curve c, typically the fit of the same judge on other items: a bootstrap
// resample's problem starts from the full data's fit, whose knots include
// every knot of the resample's. g(z_k) = c(z_k) at p's interior knots
// (Curve.Apply's interpolation, clipped outside c's knots; g(z_0) = 0 and
// g(z_M) = 1 as always), turned into parameters d_k = log max(g(z_k) −
// g(z_{k−1}), 1e-20), centred, as the fit turns its g into d. Only D is
// set, with Lambda = lambda. A nil or empty c starts from the identity.
func (p *NOA) StartFrom(c *calib.Curve, lambda float64) *FitResult {
	g := make([]float64, p.m+1)
	curveAt(c, p.z, g)
	d := make([]float64, p.m)
	startD(g, d, p.solver.eps)
	return &FitResult{Lambda: lambda, D: d}
}

// curveAt sets g[k] = c(z[k]) at the interior knots z_1..z_{M−1} (a merge
// of the two sorted knot lists, with Curve.Apply's interpolation and
// clipping; z_k itself without a curve), g[0] = 0 and g[M] = 1.
func curveAt(c *calib.Curve, z, g []float64) {
	m := len(z) - 1
	g[0], g[m] = 0, 1
	n := 0
	if c != nil {
		n = min(len(c.Z), len(c.G))
	}
	j := 0 // the first knot of c ≥ z[k] (z increases with k)
	for k := 1; k < m; k++ {
		if n == 0 {
			g[k] = z[k]
			continue
		}
		for j < n && c.Z[j] < z[k] {
			j++
		}
		switch {
		case j == 0:
			g[k] = c.G[0]
		case j == n:
			g[k] = c.G[n-1]
		case c.Z[j] == z[k]:
			g[k] = c.G[j]
		default:
			z0, z1 := c.Z[j-1], c.Z[j]
			g[k] = c.G[j-1] + (z[k]-z0)/(z1-z0)*(c.G[j]-c.G[j-1])
		}
	}
}

// startD sets d_k = log max(g_k − g_{k−1}, eps) from g made non-decreasing
// in [0, 1] (g is changed), centred.
func startD(g, d []float64, eps float64) {
	for k := 1; k < len(g)-1; k++ {
		g[k] = min(max(g[k], g[k-1], 0), 1)
	}
	for k := range d {
		d[k] = math.Log(max(g[k+1]-g[k], eps))
	}
	lbfgs.Centre(d)
}
