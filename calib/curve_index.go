package calib

import (
	"math"
	"sort"
)

// curveIndexMin is the fewest knots for which applier builds an index: a
// binary search over a few thousand knots stays in cache.
const curveIndexMin = 4096

// Applier returns a function equal to c.Apply (the same knot, the same
// arithmetic, so the same bits) that is faster when applied to many
// values: over a large curve (a 1M-record log's fit has ≈ 450,000 knots)
// each value's binary search starts from a bucket of evenly spaced
// starting points instead of the whole knot slice, and any answer outside
// its bucket is checked and searched again in full. Building it costs
// about one search per bucket (a quarter of the knots), so a caller that
// applies c in chunks builds it once (MappedPrefs(chunk, c.Applier())).
// c must not change while the function is in use.
func (c *Curve) Applier() func(float64) float64 {
	n := min(len(c.Z), len(c.G))
	if n < curveIndexMin {
		return c.Apply
	}
	z := c.Z[:n]
	lo, hi := z[0], z[n-1]
	if !(hi > lo) || math.IsInf(hi-lo, 0) {
		return c.Apply
	}
	buckets := n / 4
	scale := float64(buckets) / (hi - lo)
	start := make([]int32, buckets+2)
	for b := range start {
		start[b] = int32(sort.SearchFloat64s(z, lo+float64(b)/scale))
	}
	return func(s float64) float64 {
		if math.IsNaN(s) || s <= lo || s >= hi {
			return c.Apply(s)
		}
		b := int((s - lo) * scale)
		b = max(0, min(b, buckets))
		from, to := int(start[max(b-1, 0)]), int(start[min(b+2, buckets+1)])
		// First knot ≥ s within [from, to]; it is the global one when
		// the knot before it (if any) is < s and it is ≥ s.
		i := from + sort.SearchFloat64s(z[from:to], s)
		if i >= n || z[i] < s || (i > 0 && z[i-1] >= s) {
			i = sort.SearchFloat64s(z, s)
		}
		return c.between(s, i)
	}
}
