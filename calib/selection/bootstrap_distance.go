package selection

import (
	"math"
	"slices"

	"github.com/plumb-eval/plumb/calib/bootstrap"
)

// DistanceKeys are the bootstrapped metrics (BootMetric.Key) whose fair
// value is ½ — the first-position rate: a judge without position bias picks
// the answer shown first half the time — so a method does better when its
// value ends nearer ½ than raw's, whichever side of ½ either lies. For
// these the bootstrap also gives the interval of the change in the distance
// from ½ (MethodIntervals.DistanceDelta), which is what decides better or
// worse; the signed change's interval cannot (raw 0.487 → 0.511 is a signed
// change of +0.024 but a change of −0.002 in the distance from ½).
func DistanceKeys() []string { return []string{"first_position_rate"} }

// Fair is the fair value of the DistanceKeys' metrics.
const Fair = 0.5

// DistanceChange is the change in the distance from ½ of a method's value
// v from raw's: |v − ½| − |raw − ½| (negative: nearer ½ than raw). NaN when
// either is.
func DistanceChange(raw, v float64) float64 { return math.Abs(v-Fair) - math.Abs(raw-Fair) }

// distanceStats are the bootstrap's statistics of the change in the
// distance from ½ (DistanceChange) of every method after raw, on the
// DistanceKeys: laid out after the value and change of every method and
// metric, from base, one per method (j ≥ 1) and key, computed from the
// resample's values of the same method and of raw (so on the same
// resample, paired like the signed change).
type distanceStats struct {
	// base is the first statistic's index; at is the index in BootMetrics
	// of each key; K is the number of BootMetrics and methods the number of
	// methods (raw first).
	base, K, methods int
	at               []int
	keys             []string
}

// newDistanceStats lays the statistics out after the first base ones, for
// the methods' names (raw first) and the bootstrap's metrics keys, and
// returns their names.
func newDistanceStats(methods []string, keys []BootMetric, base int) (distanceStats, []string) {
	d := distanceStats{base: base, K: len(keys), methods: len(methods)}
	for k, bm := range keys {
		if slices.Contains(DistanceKeys(), bm.Key) {
			d.at, d.keys = append(d.at, k), append(d.keys, bm.Key)
		}
	}
	var names []string
	for _, m := range methods[1:] {
		for _, key := range d.keys {
			names = append(names, m+"/"+key+"/distance_delta")
		}
	}
	return d, names
}

// fill computes the statistics into v from the values already in v (method
// j's value of metric k at (j·K + k)·2, raw being j = 0).
func (d distanceStats) fill(v []float64) {
	for j := 1; j < d.methods; j++ {
		for i, k := range d.at {
			v[d.base+(j-1)*len(d.at)+i] = DistanceChange(v[2*k], v[2*(j*d.K+k)])
		}
	}
}

// intervals are method j's (j ≥ 1) intervals of the change in the distance
// from ½, by key, out of the bootstrap's results res; a change undefined
// on the data has none (as for Delta).
func (d distanceStats) intervals(res []bootstrap.Interval, j int) map[string]bootstrap.Interval {
	out := map[string]bootstrap.Interval{}
	for i, key := range d.keys {
		if r := res[d.base+(j-1)*len(d.at)+i]; r.Reason != "undefined on the data" {
			out[key] = r
		}
	}
	return out
}

// bootMethodNames are the names of the bootstrapped methods, in order.
func bootMethodNames(methods []bootMethod) []string {
	out := make([]string, len(methods))
	for i, m := range methods {
		out[i] = m.name
	}
	return out
}
