package analysis

import (
	"context"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
)

// maxCompared bounds the cache of comparisons (each holds every judge's
// analysis); past it, the oldest entry goes.
const maxCompared = 16

// compareKey names a comparison of every judge (Engine.Compare): the
// options a judge's analysis reads, without the judge list, the fit path
// and the early stop (a comparison has none of them) and the bootstrap's
// workers (on which it never depends). The style options are not part
// of it: Judge does not read them.
type compareKey struct {
	group       string
	sel         selection.Options
	target      string
	verdictFrom reporting.VerdictFrom
	rep         reporting.Options
	lik         likelihood.Options
	boot        BootstrapOptions
}

// comparison is a computed comparison, or why there is none.
type comparison struct {
	judges []JudgeAnalysis
	err    error
}

// CompareOptions returns the options a comparison of every judge under
// opt analyses each judge with: every judge, no fit path, no early stop.
func CompareOptions(opt Options) Options {
	opt.Judges = nil
	opt.Selection.Path, opt.Selection.StopAt = false, selection.StopEnd
	return opt
}

// compareKeyOf returns the key of the comparison under opt.
func compareKeyOf(opt Options) compareKey {
	o := CompareOptions(opt)
	k := compareKey{group: o.Group, sel: o.Selection, target: o.Target, verdictFrom: o.VerdictFrom,
		rep: o.Reporting, lik: o.Likelihood, boot: o.Bootstrap}
	k.boot.Workers = 0
	return k
}

// CachedCompare returns every judge's analysis under opt when Compare has
// computed it (ok), or the error it ended with; it computes nothing and
// never waits for a computation.
func (e *Engine) CachedCompare(opt Options) (judges []JudgeAnalysis, ok bool, err error) {
	c, ok := e.cache.compared.get(compareKeyOf(opt))
	return c.judges, ok, c.err
}

// Compare analyses every judge, one at a time, under CompareOptions(opt)
// (the Overview's comparison table), and caches the result. have, when
// not nil, is a judge's analysis already computed under options equal to
// CompareOptions(opt) but for the fit path, used instead of computing it
// again. A done ctx stops it after the judge being analysed, with
// ctx.Err(); such a result is not cached. The slice returned is shared
// with the cache: callers must not modify it.
func (e *Engine) Compare(ctx context.Context, opt Options, have *JudgeAnalysis) ([]JudgeAnalysis, error) {
	if c, ok, err := e.CachedCompare(opt); ok {
		return c, err
	}
	o := CompareOptions(opt)
	out := make([]JudgeAnalysis, len(e.judges))
	for i, j := range e.judges {
		if have != nil && have.Judge == j {
			out[i] = *have
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		ja, err := e.Judge(j, o)
		if err != nil {
			e.storeCompare(ctx, opt, nil, err)
			return nil, err
		}
		out[i] = ja
	}
	e.storeCompare(ctx, opt, out, nil)
	return out, nil
}

// storeCompare caches the comparison under opt (or its error) unless ctx
// stopped it.
func (e *Engine) storeCompare(ctx context.Context, opt Options, judges []JudgeAnalysis, err error) {
	if stopped(ctx, err) {
		return
	}
	e.cache.compared.put(compareKeyOf(opt), comparison{judges: judges, err: err})
}
