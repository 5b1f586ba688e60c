package analysis

import (
	"context"
	"slices"
)

// ConditionIntervals computes the bootstrap intervals of every condition's
// methods table in the comparison under opt (CompareConditions, computed
// first when it is not cached): each variant's Intervals under
// CompareOptions(opt), the intervals Report gives the same judge under
// the same options. It reports progress (done of total resamples over
// every condition) when progress is not nil, and caches the comparison's
// judges with their intervals (CachedConditionIntervals). A variant whose
// bootstrap fails carries the error in IntervalsReason, as Report's do. A
// done ctx stops it with an error, and nothing is cached. With the
// bootstrap off, or no judge in several conditions, it computes nothing.
func (e *Engine) ConditionIntervals(ctx context.Context, opt Options, progress func(done, total int)) ([]JudgeAnalysis, error) {
	k := compareKeyOf(opt)
	if js, ok := e.condIvs.get(k); ok {
		return js, nil
	}
	conds, err := e.CompareConditions(ctx, opt)
	if err != nil {
		return nil, err
	}
	judges, _, err := e.CachedCompare(opt)
	if err != nil || judges == nil {
		return nil, err
	}
	o := CompareOptions(opt)
	if o.Bootstrap.Resamples <= 0 || len(conds) == 0 {
		return judges, nil
	}
	out := slices.Clone(judges)
	var at []int // the conditions' judges, by index of out
	total := 0
	for i := range out {
		if conditionOf(conds, out[i].Judge) && out[i].Selection != nil {
			at = append(at, i)
			total += o.Bootstrap.Plan(out[i].Selection.N, out[i].Selection.EstSize).Resamples
		}
	}
	base := 0
	for _, i := range at {
		ja := &out[i]
		var report func(done, n int)
		if progress != nil {
			report = func(done, _ int) { progress(base+done, total) }
		}
		iv, err := e.Intervals(ctx, ja, o, report)
		if stopped(ctx, err) {
			return nil, ctx.Err()
		}
		if err != nil {
			ja.IntervalsReason = err.Error()
		} else {
			ja.Intervals = iv
		}
		base += o.Bootstrap.Plan(ja.Selection.N, ja.Selection.EstSize).Resamples
		if progress != nil {
			progress(base, total)
		}
	}
	e.condIvs.put(k, out)
	return out, nil
}

// CachedConditionIntervals returns what ConditionIntervals computed for
// opt (ok false when it has not); it computes nothing and never waits.
func (e *Engine) CachedConditionIntervals(opt Options) (judges []JudgeAnalysis, ok bool) {
	return e.condIvs.get(compareKeyOf(opt))
}

// conditionOf reports whether judge is a variant of one of conds.
func conditionOf(conds []Conditions, judge string) bool {
	for i := range conds {
		if slices.Contains(conds[i].Variants, judge) {
			return true
		}
	}
	return false
}
