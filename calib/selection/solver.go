package selection

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/metrics"
)

// MethodCalibraEvalPublished is the method name of CalibraEval's published
// code (FitPublished) in Result.Methods, present when
// Options.Solver is SolverPublished or SolverBoth.
const MethodCalibraEvalPublished = "calibraeval_published"

// Solver picks which CalibraEval fit(s) the methods table shows.
type Solver int

// The solvers. The zero value is SolverConverged, plumb's own fit of the
// paper's objective to convergence.
const (
	SolverConverged Solver = iota // minimise eq. 10 to convergence (NOA.Fit)
	SolverPublished               // the published script's one epoch (FitPublished)
	SolverBoth                    // both rows, converged first
)

// ParseSolver parses "converged", "published" or "both".
func ParseSolver(s string) (Solver, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "converged":
		return SolverConverged, nil
	case "published":
		return SolverPublished, nil
	case "both":
		return SolverBoth, nil
	}
	return 0, fmt.Errorf("unknown CalibraEval solver %q (want converged, published or both)", s)
}

// String returns "converged", "published" or "both".
func (s Solver) String() string {
	switch s {
	case SolverConverged:
		return "converged"
	case SolverPublished:
		return "published"
	case SolverBoth:
		return "both"
	}
	return fmt.Sprintf("Solver(%d)", int(s))
}

// Converged reports whether the solver runs the converged fit.
func (s Solver) Converged() bool { return s == SolverConverged || s == SolverBoth }

// Published reports whether the solver runs the published code.
func (s Solver) Published() bool { return s == SolverPublished || s == SolverBoth }

// PathStop says which point of the fit path the converged CalibraEval row
// uses. The zero value, StopEnd, is the converged fit itself; StopAtPoint(i)
// is point i (0 = the identity).
type PathStop int

// StopEnd is the converged end of the path (today's numbers).
const StopEnd PathStop = 0

// StopAtPoint returns the stop at path point i ≥ 0.
func StopAtPoint(i int) PathStop { return PathStop(i + 1) }

// Point returns the point index, and false for StopEnd.
func (s PathStop) Point() (int, bool) { return int(s) - 1, s > 0 }

// String returns "end" or the point index.
func (s PathStop) String() string {
	if i, ok := s.Point(); ok {
		return fmt.Sprint(i)
	}
	return "end"
}

// ParsePathStop parses "end" or a point index ≥ 0.
func ParsePathStop(s string) (PathStop, error) {
	s = strings.TrimSpace(s)
	if strings.EqualFold(s, "end") || s == "-1" {
		return StopEnd, nil
	}
	var i int
	if _, err := fmt.Sscanf(s, "%d", &i); err != nil || fmt.Sprint(i) != s || i < 0 {
		return 0, fmt.Errorf("stop at %q: want end or a path point index ≥ 0", s)
	}
	return StopAtPoint(i), nil
}

// validateSolver checks the solver, published λ and stop options.
func (o Options) validateSolver() error {
	if o.Solver < SolverConverged || o.Solver > SolverBoth {
		return fmt.Errorf("unknown CalibraEval solver %d", int(o.Solver))
	}
	if o.Solver.Published() && !(o.PublishedLambda >= 0 && o.PublishedLambda <= calibraeval.MaxLambda) {
		return fmt.Errorf("published λ = %v, want a number in [0, %d]", o.PublishedLambda, calibraeval.MaxLambda)
	}
	if o.StopAt < 0 {
		return fmt.Errorf("stop at %d, want end or a point index ≥ 0", int(o.StopAt)-1)
	}
	return nil
}

// pathKey returns the options a path depends on.
func (o Options) pathKey() Options {
	return Options{Lambda: o.Lambda, EstFrac: o.EstFrac, Objective: o.Objective, Seed: o.Seed, MaxIter: o.MaxIter}
}

// StopInfo describes the path point the converged CalibraEval row uses
// when Options.StopAt is not StopEnd.
type StopInfo struct {
	// Point is the index, Points the number of points of the path.
	Point, Points int
	// Mu, Objective and Distance are the point's (PathPoint).
	Mu, Objective, Distance float64
}

// cachedPub is a cached published fit and the metrics of its map.
type cachedPub struct {
	frac, lambda float64
	seed         uint64
	fit          *calibraeval.PublishedFit
	err          error
	res          MethodResult
}

// cachedPath is a cached fit path.
type cachedPath struct {
	key  Options
	path *calibraeval.Path
	err  error
}

// CachedPath returns the fit path for opt, computed once per set of the
// options it depends on (λ, EstFrac, Objective, Seed, MaxIter; not Solver,
// PublishedLambda, StopAt or Path) and kept for the engine's last few.
// The path is shared with the cache: do not change it.
func (e *Engine) CachedPath(opt Options) (*calibraeval.Path, error) {
	k := opt.pathKey()
	for _, c := range e.paths {
		if c.key == k {
			return c.path, c.err
		}
	}
	p, err := e.Path(context.Background(), k, PathOptions{})
	if len(e.paths) >= noaCacheSize {
		e.paths = e.paths[1:]
	}
	e.paths = append(e.paths, cachedPath{key: k, path: p, err: err})
	return p, err
}

// pubFor returns the cached published fit for opt, or nil.
func (e *Engine) pubFor(opt Options) *cachedPub {
	for i := range e.pubs {
		if c := &e.pubs[i]; c.frac == opt.EstFrac && c.seed == opt.Seed && c.lambda == opt.PublishedLambda {
			return c
		}
	}
	return nil
}

// published runs (or reuses) the published code's fit on the estimation
// items in file order and returns its row; it sets sel.Published.
func (e *Engine) published(sel *Result, opt Options, est, heldout []int) MethodResult {
	if c := e.pubFor(opt); c != nil {
		sel.Published = c.fit
		return c.res.clone()
	}
	c := cachedPub{frac: opt.EstFrac, seed: opt.Seed, lambda: opt.PublishedLambda}
	c.res = MethodResult{Name: MethodCalibraEvalPublished}
	switch {
	case e.info.hard > 0:
		c.res.Reason = fmt.Sprintf("CalibraEval needs probabilities; %d of %d records give hard choices", e.info.hard, len(e.pairs))
	default:
		po := calibraeval.DefaultPublishedOptions()
		po.Lambda = opt.PublishedLambda
		ordered := slices.Clone(est)
		slices.Sort(ordered) // the script reads its items in file order
		c.fit, c.err = calibraeval.FitPublished(e.pairs, ordered, po)
		if c.err != nil {
			c.res.Reason = c.err.Error()
			break
		}
		prefs := calib.CalibratedPrefs(e.pairs, c.fit.Curve)
		c.res.Available = true
		c.res.All = metrics.Compute(prefs)
		if len(heldout) > 0 {
			m := metrics.ComputeIn(prefs, heldout, nil)
			c.res.Heldout = &m
		}
		c.res.Notes = append(c.res.Notes, c.fit.Notes...)
		c.res.Notes = append(c.res.Notes, fmt.Sprintf("the published code (CSHaitao/CalibraEval src/CalibraEval.py), λ = %g, "+
			"%d epoch, batch %d, learning rate %g: %d items; g moved at most %.4f from the rank transform it starts at; eq. 10 objective %.6g",
			po.Lambda, po.Epochs, po.BatchSize, po.LR, c.fit.Items, c.fit.RankShift, c.fit.Final.Objective))
		if bad, why := calib.Collapsed(e.raw, prefs, c.fit.Curve); bad {
			c.res.Degenerate, c.res.DegenerateReason = true, why
			c.res.Notes = append(c.res.Notes, "degenerate fit (collapsed): "+why+"; its metrics say nothing about the judge and are not shown")
			c.res.All.Collapse(why)
			if c.res.Heldout != nil {
				c.res.Heldout.Collapse(why)
			}
		}
	}
	if len(e.pubs) >= noaCacheSize {
		e.pubs = e.pubs[1:]
	}
	e.pubs = append(e.pubs, c)
	sel.Published = c.fit
	return c.res.clone()
}

// stopAt replaces the converged CalibraEval row (res, and sel.Fit's curve
// and sel.Curve) with path point opt.StopAt.
func (e *Engine) stopAt(sel *Result, opt Options, res *MethodResult) error {
	i, ok := opt.StopAt.Point()
	if !ok || !res.Available {
		return nil
	}
	p, err := e.CachedPath(opt)
	if err != nil {
		return err
	}
	if i >= len(p.Points) {
		return fmt.Errorf("stop at point %d: the fit path has %d points (0 to %d)", i, len(p.Points), len(p.Points)-1)
	}
	pt := &p.Points[i]
	r := MethodResult{Name: MethodCalibraEval, Available: true, All: pt.All.Clone()}
	if pt.Heldout != nil {
		h := pt.Heldout.Clone()
		r.Heldout = &h
	}
	r.Notes = append(r.Notes, fmt.Sprintf("stopped at point %d of %d of the fit path, distance %.4f from the identity (objective %.6g; the converged fit's is %.6g)",
		i, len(p.Points), pt.Distance, pt.Objective, p.Points[len(p.Points)-1].Objective))
	if bad, why := calib.Collapsed(e.raw, e.cachedPrefs(opt, pt.Curve), pt.Curve); bad {
		r.Degenerate, r.DegenerateReason = true, why
		r.Notes = append(r.Notes, "degenerate fit (collapsed): "+why+"; its metrics say nothing about the judge and are not shown; "+calib.CollapseAdvice)
		r.All.Collapse(why)
		if r.Heldout != nil {
			r.Heldout.Collapse(why)
		}
	}
	*res = r
	curve := &calib.Curve{Z: slices.Clone(pt.Curve.Z), G: slices.Clone(pt.Curve.G)}
	if sel.Fit != nil {
		sel.Fit.Curve = curve
	}
	sel.Curve = curve.Sample(CurvePoints)
	sel.Stop = &StopInfo{Point: i, Points: len(p.Points), Mu: pt.Mu, Objective: pt.Objective, Distance: pt.Distance}
	return nil
}

// StorePath puts a path computed elsewhere (FitPath on the same pairs,
// with warm starts off, as this engine must have) into the cache used by
// CachedPath and Analyze, unless one for the same options is there. It
// lets a caller compute the path without holding the engine.
func (e *Engine) StorePath(opt Options, p *calibraeval.Path) {
	k := opt.pathKey()
	for _, c := range e.paths {
		if c.key == k {
			return
		}
	}
	if len(e.paths) >= noaCacheSize {
		e.paths = e.paths[1:]
	}
	e.paths = append(e.paths, cachedPath{key: k, path: p})
}

// PathCached returns the cached path for opt, if there is one (it computes
// nothing).
func (e *Engine) PathCached(opt Options) (*calibraeval.Path, bool) {
	k := opt.pathKey()
	for _, c := range e.paths {
		if c.key == k && c.err == nil {
			return c.path, true
		}
	}
	return nil, false
}

// cachedPrefs returns CalibratedPrefs(e.pairs, c), by the gather of the
// engine's cached NOA problem for opt's estimation set and objective when
// there is one and c is one of its curves (a fit path's point); it builds
// no problem.
func (e *Engine) cachedPrefs(opt Options, c *calib.Curve) calib.Prefs {
	if n := e.cachedNOA(opt); n != nil && n.noa != nil {
		return n.noa.CalibratedPrefs(e.pairs, c, nil)
	}
	return calib.CalibratedPrefs(e.pairs, c)
}
