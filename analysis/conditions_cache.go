package analysis

import "context"

// HasConditions reports whether some judge of the log was judged in two
// or more conditions (a Conditions view to show).
func (e *Engine) HasConditions() bool {
	n := map[string]int{}
	for _, v := range e.variants {
		if n[v.Judge]++; n[v.Judge] == 2 {
			return true
		}
	}
	return false
}

// CompareConditions returns the Conditions views of the comparison of
// every judge under opt (Compare, computed first when it is not cached),
// and caches them. Their per-condition values come from the comparison,
// which has no bootstrap intervals (ConditionIntervals adds them); the
// least biased condition's difference has its own (opt.Bootstrap's
// resamples). A done ctx stops it
// with ctx.Err(), and nothing is cached.
func (e *Engine) CompareConditions(ctx context.Context, opt Options) ([]Conditions, error) {
	k := compareKeyOf(opt)
	if c, ok := e.conds.get(k); ok {
		return c, nil
	}
	judges, err := e.Compare(ctx, opt, nil)
	if err != nil {
		return nil, err
	}
	c := e.conditionsOf(judges, CompareOptions(opt))
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	e.conds.put(k, c)
	return c, nil
}

// CachedConditions returns what CompareConditions computed for opt, with
// the comparison's judges (ok false when it has not); it computes nothing
// and never waits.
func (e *Engine) CachedConditions(opt Options) (conds []Conditions, judges []JudgeAnalysis, ok bool) {
	k := compareKeyOf(opt)
	c, ok := e.conds.get(k)
	if !ok {
		return nil, nil, false
	}
	judges, ok, err := e.CachedCompare(opt)
	if !ok || err != nil {
		return nil, nil, false
	}
	return c, judges, true
}
