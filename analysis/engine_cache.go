package analysis

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/calib/style"
)

// results is the Engine's cache of the results a session asks for again
// as its options come back (the TUI's knobs): fit paths, bootstrap
// intervals, style analyses, the items' base and the comparison of every
// judge, each keyed by the options that produced it, each a fifo that
// guards itself.
type results struct {
	paths     *fifo[PathKey, pathResult]
	intervals byAnalysis[intervalsKey, selection.Intervals]
	styles    byAnalysis[styleKey, style.Result]
	compared  *fifo[compareKey, comparison]
	panels    *fifo[panelKey, panelResult]
}

// byAnalysis caches a result of one judge's analysis by the options it
// depends on: keyOf names it, or says that it is not cached (a
// preview's fit is provisional).
type byAnalysis[K comparable, T any] struct {
	f     *fifo[K, *T]
	keyOf func(*JudgeAnalysis, Options) (K, bool)
}

// newByAnalysis returns an empty cache of maxCached entries keyed by keyOf.
func newByAnalysis[K comparable, T any](keyOf func(*JudgeAnalysis, Options) (K, bool)) byAnalysis[K, T] {
	return byAnalysis[K, T]{f: newFIFO[K, *T](maxCached), keyOf: keyOf}
}

// get returns the result of ja under opt when it is cached, or nil; it
// computes nothing and never waits for a computation.
func (c byAnalysis[K, T]) get(ja *JudgeAnalysis, opt Options) *T {
	k, ok := c.keyOf(ja, opt)
	if !ok {
		return nil
	}
	v, _ := c.f.get(k)
	return v
}

// getOr returns the result of ja under opt from the cache, or computes it
// and caches it unless compute fails (or returns nil).
func (c byAnalysis[K, T]) getOr(ja *JudgeAnalysis, opt Options, compute func() (*T, error)) (*T, error) {
	if v := c.get(ja, opt); v != nil {
		return v, nil
	}
	v, err := compute()
	if k, ok := c.keyOf(ja, opt); ok && err == nil && v != nil {
		c.f.put(k, v)
	}
	return v, err
}

// maxCached bounds each of the caches of paths, intervals and style
// analyses (a knob swept over its range makes one entry per step); past
// it, the oldest entry goes.
const maxCached = 64

// pathResult is a computed fit path, or why there is none.
type pathResult struct {
	path *calibraeval.Path
	err  error
}

// newResults returns an empty cache.
func newResults() *results {
	return &results{paths: newFIFO[PathKey, pathResult](maxCached), intervals: newByAnalysis[intervalsKey, selection.Intervals](intervalsKeyOf),
		styles: newByAnalysis[styleKey, style.Result](styleKeyOf), compared: newFIFO[compareKey, comparison](maxCompared),
		panels: newFIFO[panelKey, panelResult](maxCompared)}
}

// stopped reports whether err ended a computation early (ctx done): such
// a result is never cached, the next ask computes it again.
func stopped(ctx context.Context, err error) bool {
	return err != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) ||
		(ctx != nil && ctx.Err() != nil))
}

// PathKey names a fit path: a judge's pairs under a group filter and the
// selection options a path depends on (λ, the estimation fraction, the
// objective, the seed and the iteration cap).
type PathKey struct {
	Judge, Group string
	Selection    selection.Options
}

// NewPathKey returns the key of the path of a judge and group for so.
func NewPathKey(judge, group string, so selection.Options) PathKey {
	return PathKey{Judge: judge, Group: group, Selection: selection.Options{
		Lambda: so.Lambda, EstFrac: so.EstFrac, Objective: so.Objective, Seed: so.Seed, MaxIter: so.MaxIter,
	}}
}

// CachedPath returns the fit path of key when Path has computed it (ok),
// or the error it ended with; it computes nothing and never waits for a
// computation.
func (e *Engine) CachedPath(key PathKey) (p *calibraeval.Path, ok bool, err error) {
	r, ok := e.cache.paths.get(key)
	return r.path, ok, r.err
}

// storePath caches the path of key (or its error) unless ctx stopped it.
func (e *Engine) storePath(ctx context.Context, key PathKey, p *calibraeval.Path, err error) {
	if stopped(ctx, err) {
		return
	}
	e.cache.paths.put(key, pathResult{path: p, err: err})
}

// intervalsKey names the bootstrap intervals of a judge's methods table:
// the judge, the group, the selection options of its analysis (without
// Path, which the intervals do not read) and the bootstrap options
// (without Workers, on which they never depend).
type intervalsKey struct {
	judge, group string
	sel          selection.Options
	boot         BootstrapOptions
}

// intervalsKeyOf returns the key of the intervals of ja under opt; ok is
// false when they are not cached (a preview's fit is provisional).
func intervalsKeyOf(ja *JudgeAnalysis, opt Options) (intervalsKey, bool) {
	if ja.Selection == nil || ja.Selection.Preview {
		return intervalsKey{}, false
	}
	k := intervalsKey{judge: ja.Judge, group: ja.Group, sel: opt.Selection, boot: opt.Bootstrap}
	k.sel.Path, k.boot.Workers = false, 0
	return k, true
}

// CachedIntervals returns the bootstrap intervals of ja's methods table
// under opt when Intervals has computed them, or nil; it computes nothing
// and never waits for a computation.
func (e *Engine) CachedIntervals(ja *JudgeAnalysis, opt Options) *selection.Intervals {
	return e.cache.intervals.get(ja, opt)
}

// styleKey names a style analysis (Engine.Style): the judge, the group,
// the style, reporting and bootstrap options (without Workers), the seed,
// and what gives the calibrated preferences: the selection options of
// CalibraEval's curve (without Path; warm starts are off, so they
// determine it), or, without a usable curve, the reason there is none.
type styleKey struct {
	judge, group string
	mode         StyleMode
	pref         style.Pref
	self         string
	difficulty   string // --instruction-difficulty
	seed         uint64
	boot         BootstrapOptions
	rep          reporting.Options
	curve        selection.Options
	curveReason  string
}

// styleKeyOf returns the key of the style analysis of ja under opt; ok is
// false when it is not cached (a preview's fit is provisional).
func styleKeyOf(ja *JudgeAnalysis, opt Options) (styleKey, bool) {
	if ja.Selection != nil && ja.Selection.Preview {
		return styleKey{}, false
	}
	k := styleKey{judge: ja.Judge, group: ja.Group, mode: opt.Style.Mode, pref: opt.Style.Pref,
		self: selfKey(opt.Style.Self), difficulty: opt.Style.DifficultyFile, seed: opt.Selection.Seed, boot: opt.Bootstrap, rep: opt.Reporting}
	k.boot.Workers = 0
	if curve, reason := StyleCurve(ja.Selection); curve != nil {
		k.curve = opt.Selection
		k.curve.Path = false
	} else {
		k.curveReason = reason
	}
	return k, true
}

// selfKey writes --self's map as one comparable string.
func selfKey(self map[string]string) string {
	var b strings.Builder
	for _, j := range slices.Sorted(maps.Keys(self)) {
		b.WriteString(j + "\x00" + self[j] + "\x00")
	}
	return b.String()
}

// CachedStyle returns the style analysis of ja under opt when Style has
// computed it, or nil; it computes nothing and never waits for a
// computation.
func (e *Engine) CachedStyle(ja *JudgeAnalysis, opt Options) *style.Result {
	return e.cache.styles.get(ja, opt)
}
