package calibraeval

import (
	"math"
	"sync"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/model"
)

// Applying a NOA problem's fits as a gather.
//
// Every curve a NOA problem gives (curveOf: each fit, each path point) has
// the same knots, p.z[lo..hi] (curveRange), whatever λ is: only G changes.
// So where each observed P(A) of the problem's pairs falls among the knots —
// the knot index Curve.Apply's binary search finds, and which of Apply's
// cases holds — is fixed, and is found once (curveGather). Each later
// application is then a gather from G with Apply's arithmetic, operation for
// operation: the same bits as CalibratedPrefs, without a search per value.
// At 100,000 items × x0..x3 (≈ 400,000 knots) that is the difference between
// ≈ 35 ms and ≈ 3 ms per λ step (docs/performance.md).

// gatherNaN marks a value for which Apply returns s itself (NaN).
const gatherNaN = math.MinInt32

// curveGather locates the observed P(A) of the pairs a NOA problem was built
// from among the problem's curve knots. It is built on first use, once, and
// is safe for concurrent use (copies of the NOA, such as withProx's, share
// it).
type curveGather struct {
	pairs []model.Pair // the pairs NewNOA was given (compared by identity)

	once sync.Once
	z    []float64 // the curves' knots, p.z[lo:hi+1] (shared, never written)
	// For each observed value, item-major in model.Arrangements order (the
	// order of MappedPrefs): at[k] < 0 (and ≠ gatherNaN) means G[^at[k]]
	// (below the first knot, above the last, or exactly on a knot);
	// at[k] ≥ 1 means interpolation between knots at[k]−1 and at[k] with
	// weight t[k], which is Curve.between's t bit for bit.
	at []int32
	t  []float64
}

// curveRange returns the knots of the problem's curves: p.z[lo:hi+1], the
// interior knots plus z_0 = 0 or z_M = 1 when some pooled value equals them
// (docs/methods.md §3 "Continuous g*").
func (p *NOA) curveRange() (lo, hi int) {
	lo, hi = 1, p.m-1
	if p.count[0] > 0 {
		lo = 0
	}
	if p.count[p.m] > 0 {
		hi = p.m
	}
	return lo, hi
}

// build locates every observed value of g.pairs among p's curve knots z, as
// Curve.Apply would: the same comparisons in the same order, and the first
// knot ≥ s (Apply's search) by the knot index NewNOA uses (a binary search
// narrowed to a bucket of [0, 1]).
func (g *curveGather) build(p *NOA) {
	lo, hi := p.curveRange()
	z := p.z[lo : hi+1]
	n := len(z)
	knot := newKnotIndex(z, nil)
	total := 0
	for i := range g.pairs {
		for _, h := range g.pairs[i].Has {
			if h {
				total++
			}
		}
	}
	at := make([]int32, total)
	t := make([]float64, total)
	k := 0
	for i := range g.pairs {
		pr := &g.pairs[i]
		for _, arr := range model.Arrangements {
			if !pr.Has[arr] {
				continue
			}
			s := pr.S[arr]
			switch {
			case n == 0 || math.IsNaN(s):
				at[k] = gatherNaN
			case s <= z[0]:
				at[k] = ^int32(0)
			case s >= z[n-1]:
				at[k] = ^int32(n - 1)
			default:
				// z[0] < s < z[n−1] ≤ 1: the first knot ≥ s is one of
				// z[1..n−1].
				i := int(knot.find(s))
				if z[i] == s {
					at[k] = ^int32(i)
				} else {
					at[k] = int32(i)
					z0, z1 := z[i-1], z[i]
					t[k] = (s - z0) / (z1 - z0)
				}
			}
			k++
		}
	}
	g.z, g.at, g.t = z, at, t
}

// Gathered reports whether the problem has located its pairs' P(A) among
// its curve knots (done once, on the first CalibratedPrefs or PrefsInto
// with the problem's pairs): tests use it to see that a caller's fits took
// the gather.
func (p *NOA) Gathered() bool { return p.gather != nil && p.gather.at != nil }

// CalibratedPrefs returns CalibratedPrefs(pairs, c), bit for bit: by a
// gather when pairs are the ones the problem was built from (the same
// slice) and c has the problem's curve knots (any fit or path point of p),
// otherwise by CalibratedPrefs itself. The pairs must not have changed since
// NewNOA. Its arrays come from ws (nil: allocated); give them back with
// calib.PutPrefs once nothing reads them.
func (p *NOA) CalibratedPrefs(pairs []model.Pair, c *calib.Curve, ws *work.Space) calib.Prefs {
	out := calib.PrefsIn(len(pairs), ws)
	if p.PrefsInto(pairs, c, &out) {
		return out
	}
	calib.PutPrefs(ws, out)
	return calib.CalibratedPrefs(pairs, c)
}

// PrefsInto fills out (allocated for len(pairs) items; every element is
// overwritten) with CalibratedPrefs(pairs, c) by the gather, and reports
// whether it could: false, with out untouched, when pairs or c's knots are
// not the problem's.
func (p *NOA) PrefsInto(pairs []model.Pair, c *calib.Curve, out *calib.Prefs) bool {
	g := p.gather
	if g == nil || c == nil || len(pairs) != len(g.pairs) || len(pairs) == 0 || &pairs[0] != &g.pairs[0] {
		return false
	}
	g.once.Do(func() { g.build(p) })
	if len(c.Z) != len(g.z) || len(c.G) != len(c.Z) {
		return false
	}
	if len(c.Z) > 0 && &c.Z[0] != &g.z[0] { // the problem's own fits share its knots
		for i, v := range c.Z {
			if math.Float64bits(v) != math.Float64bits(g.z[i]) {
				return false
			}
		}
	}
	gv, at, t := c.G, g.at, g.t
	k := 0
	for i := range pairs {
		pr := &pairs[i]
		out.Has[i] = pr.Has
		out.Gold[i] = pr.Gold
		var r [model.NumArrangements]float64
		for _, arr := range model.Arrangements {
			if !pr.Has[arr] {
				continue
			}
			var v float64
			switch a := at[k]; {
			case a == gatherNaN:
				v = pr.S[arr]
			case a < 0:
				v = gv[^a]
			default:
				// Curve.between's interpolation, the same operations.
				g0, g1 := gv[a-1], gv[a]
				v = g0 + t[k]*(g1-g0)
			}
			r[arr] = arr.Preference(v)
			k++
		}
		out.R[i] = r
	}
	return true
}
