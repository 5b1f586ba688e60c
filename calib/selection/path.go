package selection

import (
	"context"
	"fmt"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// DefaultPathPoints is the number of points PathOptions asks for by default.
const DefaultPathPoints = 30

// PathOptions configures Engine.Path.
type PathOptions struct {
	// Points is the number of points asked for, the two ends included
	// (default DefaultPathPoints, at least 2). A path that jumps (see
	// Path) has fewer.
	Points int
}

// FitPath computes the path for one judge's pairs (a fresh engine, cold
// fits, as Analyze).
func FitPath(ctx context.Context, judge string, pairs []model.Pair, opt Options, popt PathOptions) (*calibraeval.Path, error) {
	e := NewEngine(judge, pairs)
	e.SetWarmStart(false)
	return e.Path(ctx, opt, popt)
}

// Path computes CalibraEval's fit path for the options: the identity, up to
// Points−2 interior points, and the cold converged fit. It returns an error
// when the options are invalid, CalibraEval is unavailable for this judge
// (the error says why, as the methods table's reason), or ctx is done. The
// engine's caches are used but not changed, except that the estimation set
// and NOA problem are built and cached as Analyze would; like Analyze, Path
// must not run concurrently with another call on the same engine (a
// background computation should use FitPath, which has its own engine).
// ctx is checked between points.
func (e *Engine) Path(ctx context.Context, opt Options, popt PathOptions) (*calibraeval.Path, error) {
	if err := opt.validate(); err != nil {
		return nil, fmt.Errorf("fit path of judge %q: %w", e.judge, err)
	}
	n := popt.Points
	if n == 0 {
		n = DefaultPathPoints
	}
	if n < 2 {
		return nil, fmt.Errorf("fit path of judge %q: %d points, want at least 2", e.judge, n)
	}
	if len(e.pairs) == 0 {
		return nil, fmt.Errorf("fit path of judge %q: no pair items", e.judge)
	}
	e.prepare()
	if e.info.hard > 0 {
		return nil, fmt.Errorf("fit path of judge %q: CalibraEval needs probabilities; %d of %d records give hard choices", e.judge, e.info.hard, len(e.pairs))
	}
	sp, err := e.split(opt.EstFrac, opt.Seed)
	if err != nil {
		return nil, fmt.Errorf("fit path of judge %q: %w", e.judge, err)
	}
	e.splitResults(sp)
	ent := e.noaFor(opt, sp.est)
	if ent.err != nil {
		return nil, fmt.Errorf("fit path of judge %q: %w", e.judge, ent.err)
	}
	noa := ent.noa

	// The end: the cold fit, reused from the cache when there.
	var cold *cachedFit
	for i := range ent.fits {
		f := &ent.fits[i]
		if f.key == (fitKey{lambda: opt.Lambda, maxIter: opt.MaxIter}) && !f.warm {
			cold = f
			break
		}
	}
	if cold == nil {
		c, err := e.fitOnce(ctx, noa, opt, nil, sp.heldout)
		if err != nil {
			return nil, fmt.Errorf("fit path of judge %q: %w", e.judge, err)
		}
		cold = &c
	}
	// The points' calibrated preferences are read only while the points
	// are built (their metrics are new arrays).
	ws := e.ws()
	pp := &pathPrefs{noa: noa, pairs: e.pairs, raw: &e.raw, ws: ws}
	defer func() { calib.PutPrefs(ws, pp.buf) }()
	spec := calibraeval.PathSpec{
		Lambda: opt.Lambda, MaxIter: opt.MaxIter, Points: n, End: &cold.fit,
		Identity:   calibraeval.PointMetrics{All: e.rawAll.Clone()},
		EndMetrics: calibraeval.PointMetrics{All: cold.all.Clone(), Degenerate: cold.degenerate},
		Metrics:    func(c *calib.Curve) calibraeval.PointMetrics { return pp.metrics(c, sp.heldout) },
		Work:       ws,
	}
	if sp.rawH != nil {
		h := sp.rawH.Clone()
		spec.Identity.Heldout = &h
	}
	if cold.heldout != nil {
		h := cold.heldout.Clone()
		spec.EndMetrics.Heldout = &h
	}
	path, err := noa.Path(ctx, spec)
	if err != nil {
		return nil, fmt.Errorf("fit path of judge %q: %w", e.judge, err)
	}
	return path, nil
}

// pathPrefs computes the calibrated preferences of the path's curves,
// reusing one buffer, by the NOA problem's gather (every point's curve has
// the problem's knots).
type pathPrefs struct {
	noa   *calibraeval.NOA
	pairs []model.Pair
	buf   calib.Prefs
	// raw holds the uncalibrated preferences, for the collapse check
	// (computed on first use).
	raw *calib.Prefs
	// ws, when not nil, provides buf and the points' work vectors.
	ws *work.Space
}

// rawPrefs returns the uncalibrated preferences of the pairs.
func (pp *pathPrefs) rawPrefs() calib.Prefs {
	if pp.raw == nil {
		r := calib.RawPrefs(pp.pairs)
		pp.raw = &r
	}
	return *pp.raw
}

// of returns CalibratedPrefs(pairs, c), in a buffer the next call reuses.
func (pp *pathPrefs) of(c *calib.Curve) calib.Prefs {
	if pp.buf.R == nil {
		pp.buf = calib.PrefsIn(len(pp.pairs), pp.ws) // gatherInto writes every element
	}
	if pp.noa != nil && pp.noa.PrefsInto(pp.pairs, c, &pp.buf) {
		return pp.buf
	}
	return calib.CalibratedPrefs(pp.pairs, c)
}

// metrics returns the metrics of the calibrated preferences of c, over
// every item and over the items heldout (none when empty), and whether c
// collapsed (Collapsed).
func (pp *pathPrefs) metrics(c *calib.Curve, heldout []int) calibraeval.PointMetrics {
	prefs := pp.of(c)
	m := calibraeval.PointMetrics{All: metrics.ComputeIn(prefs, nil, pp.ws)}
	m.Degenerate, _ = calib.Collapsed(pp.rawPrefs(), prefs, c)
	if len(heldout) > 0 {
		h := metrics.ComputeIn(prefs, heldout, pp.ws)
		m.Heldout = &h
	}
	return m
}
