package calib

import (
	"math"
	"sort"

	"github.com/plumb-eval/plumb/model"
)

// Curve is a continuous, non-decreasing calibration map g* given by knots
// (docs/methods.md §3 "Continuous g*"): Z is strictly increasing, G is
// non-decreasing and has the same length.
type Curve struct {
	Z, G []float64
}

// IdentityCurve returns the map g*(s) = s (no calibration).
func IdentityCurve() *Curve { return &Curve{Z: []float64{0, 1}, G: []float64{0, 1}} }

// Apply evaluates g*(s): linear interpolation between knots, and the end
// values held outside [Z[0], Z[len−1]] (sklearn's out_of_bounds="clip").
// A curve without knots is the identity; a NaN s gives NaN.
func (c *Curve) Apply(s float64) float64 {
	n := min(len(c.Z), len(c.G))
	if n == 0 || math.IsNaN(s) {
		return s
	}
	if s <= c.Z[0] {
		return c.G[0]
	}
	if s >= c.Z[n-1] {
		return c.G[n-1]
	}
	// First knot strictly greater than s; 1 ≤ i ≤ n−1 here.
	return c.between(s, sort.SearchFloat64s(c.Z[:n], s))
}

// between interpolates at s given i, the first knot ≥ s (Z[0] < s <
// Z[len−1]).
func (c *Curve) between(s float64, i int) float64 {
	if c.Z[i] == s {
		return c.G[i]
	}
	z0, z1 := c.Z[i-1], c.Z[i]
	g0, g1 := c.G[i-1], c.G[i]
	t := (s - z0) / (z1 - z0)
	return g0 + t*(g1-g0)
}

// Sample returns g* at n evenly spaced points i/(n−1), i = 0..n−1, on
// [0, 1] (the report uses n = 101). n = 1 gives g*(0); n ≤ 0 gives nil.
func (c *Curve) Sample(n int) []float64 {
	if n <= 0 {
		return nil
	}
	out := make([]float64, n)
	if n == 1 {
		out[0] = c.Apply(0)
		return out
	}
	for i := range out {
		out[i] = c.Apply(float64(i) / float64(n-1))
	}
	return out
}

// CalibratedPrefs applies g* to every observed P(A) and returns the
// calibrated preferences (docs/methods.md §1): r_j = g*(s_j) for x0, x1 and
// 1 − g*(s_j) for x2, x3. Arrangements an item lacks stay absent.
func CalibratedPrefs(pairs []model.Pair, c *Curve) Prefs { return MappedPrefs(pairs, c.Applier()) }
