package analysis

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// sharedIDs are the item IDs judged in every one of conds, sorted.
func sharedIDs(conds [][]model.Pair) []string {
	if len(conds) == 0 {
		return nil
	}
	count := map[string]int{}
	for _, ps := range conds {
		for i := range ps {
			count[ps[i].ID]++ // one record per item and condition (the reader's duplicate check)
		}
	}
	var ids []string
	for id, n := range count {
		if n == len(conds) {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// pairsOf returns the records of ps with the given IDs, in that order.
func pairsOf(ps []model.Pair, ids []string) []model.Pair {
	at := make(map[string]int, len(ps))
	for i := range ps {
		at[ps[i].ID] = i
	}
	out := make([]model.Pair, len(ids))
	for k, id := range ids {
		out[k] = ps[at[id]]
	}
	return out
}

// leastBiased compares conditions best and next (indices of pairs) on the
// raw judge's measure over the items both share, with a paired item
// bootstrap of the difference: one resample of the shared items is
// applied to both conditions, so the interval reflects the items' own
// variability once, not twice.
func leastBiased(pairs [][]model.Pair, best, next int, measure string, opt Options) (*LeastBiased, string) {
	ids := sharedIDs([][]model.Pair{pairs[best], pairs[next]})
	if len(ids) < 2 {
		return nil, fmt.Sprintf("the two least biased conditions share %d items", len(ids))
	}
	pa, pb := calib.RawPrefs(pairsOf(pairs[best], ids)), calib.RawPrefs(pairsOf(pairs[next], ids))
	// κ needs the agreement; RStd only the counts (ComputeCounts's RStd
	// equals ComputeValues').
	compute := func(p calib.Prefs, idx []int) metrics.Metrics { return metrics.ComputeValues(p, idx, nil) }
	if measure == MeasureRStd {
		compute = metrics.ComputeCounts
	}
	diff := func(idx []int) []float64 {
		a, okA := measureOf(ptr(compute(pa, idx)), measure)
		b, okB := measureOf(ptr(compute(pb, idx)), measure)
		if !okA || !okB {
			return []float64{math.NaN()}
		}
		return []float64{b - a}
	}
	lb := &LeastBiased{Best: best, Next: next, Shared: len(ids)}
	all := make([]int, len(ids))
	for i := range all {
		all[i] = i
	}
	a, okA := measureOf(ptr(compute(pa, all)), measure)
	b, okB := measureOf(ptr(compute(pb, all)), measure)
	if !okA || !okB {
		return nil, fmt.Sprintf("the bias measure (%s) is undefined over the items the two least biased conditions share", measure)
	}
	lb.BestValue, lb.NextValue = a, b
	if measure == MeasureKappa { // measureOf negates κ
		lb.BestValue, lb.NextValue = -a, -b
	}
	lb.Diff = bootstrap.Interval{Estimate: b - a}
	bo := opt.Bootstrap
	if bo.Resamples <= 0 {
		lb.Diff.Reason = "the bootstrap is off (--bootstrap 0)"
		return lb, ""
	}
	plan := bo.Plan(len(ids), 0) // fewer resamples on a large log, as the methods table's
	if plan.Resamples == 0 {
		lb.Diff.Reason = strings.Join(plan.Notes, "; ")
		return lb, ""
	}
	iv, err := bootstrap.Run(len(ids), []string{measure}, diff, bootstrap.Options{
		Resamples: plan.Resamples, Seed: opt.Selection.Seed, Level: BootLevel, Kind: bo.Kind, Workers: bo.Workers,
	})
	if err != nil {
		lb.Diff.Reason = err.Error()
		return lb, ""
	}
	lb.Diff = iv[0]
	lb.Clear = lb.Diff.CI != nil && lb.Diff.CI.Lower > 0
	return lb, ""
}

func ptr[T any](v T) *T { return &v }
