package calib

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/model"
)

// DefaultPathPoints is the number of points PathOptions asks for by default.
const DefaultPathPoints = 30

// The keys of Path.Peak.
const (
	PeakKappa    = "kappa"    // Fleiss' κ, highest
	PeakICC2k    = "icc2k"    // ICC(2,k), highest
	PeakRStd     = "rstd"     // RStd, lowest
	PeakAccuracy = "accuracy" // AccuracyMean, highest
)

// PathOptions configures SelectionEngine.Path.
type PathOptions struct {
	// Points is the number of points asked for, the two ends included
	// (default DefaultPathPoints, at least 2). A path that jumps (see
	// Path) has fewer.
	Points int
}

// PathPoint is one map on CalibraEval's fit path and its metrics.
type PathPoint struct {
	// Mu is the proximity weight μ: +Inf for the identity, 0 for the end.
	Mu float64
	// Objective is the unpenalised CalibraEval objective L/K at the map.
	Objective float64
	// Distance is the root-mean-square distance of g from the identity over
	// the pooled P(A) values of the estimation set, √(Σ_k w_k (g(z_k) − z_k)²).
	Distance float64
	// Curve is the map g*.
	Curve *Curve
	// All and Heldout are the metrics of the calibrated preferences, as in
	// the methods table (Heldout nil when no item is held out).
	All     Metrics
	Heldout *Metrics
	// Iterations and Converged describe the point's solve (0 and true for
	// the identity; the cold fit's own for the last point).
	Iterations int
	Converged  bool
	// Degenerate is true when g* is nearly constant on the judge's data
	// (the same test as the methods table's "degenerate fit").
	Degenerate bool
}

// Path is CalibraEval's fit path for one judge and one set of options: from
// the identity map (Points[0], the raw numbers) to the converged cold fit
// (the last point, exactly the CalibraEval row of Analyze with warm starts
// off), through minimisers of L/K + μ·dist² for decreasing μ (path.go says
// why this path and how it is spaced).
type Path struct {
	Lambda float64
	// Points runs from the identity to the converged fit.
	Points []PathPoint
	// Peak holds, per PeakKappa, PeakICC2k, PeakRStd and PeakAccuracy, the
	// index of the point where that metric (over all items) is best; a
	// metric undefined at every point has no entry. Collapsed points
	// (Degenerate) are never a peak: their agreement is that of a constant
	// map or of round-off. Ties go to the point nearer the identity.
	Peak map[string]int
	// WarmEnd is the path's own end: μ = 0 warm-started from the last
	// interior point. SameBasin reports whether it is the cold fit's
	// minimum (objectives within 1e-7 relative and g* within 1e-3 at every
	// knot); when not, Notes says which objective is lower (when the path's,
	// the objective rises at the last point, which is still the cold fit).
	WarmEnd   PathPoint
	SameBasin bool
	// Fits counts the penalised fits solved: the interior points, the
	// corrections of μ towards their distances, and the warm end (the cold
	// fit is not counted).
	Fits int
	// Notes holds remarks: a jump in the path, a different basin, points
	// that did not converge.
	Notes []string
}

// FitPath computes the path for one judge's pairs (a fresh engine, cold
// fits, as AnalyzeSelection).
func FitPath(ctx context.Context, judge string, pairs []model.Pair, opt SelectionOptions, popt PathOptions) (*Path, error) {
	e := NewSelectionEngine(judge, pairs)
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
func (e *SelectionEngine) Path(ctx context.Context, opt SelectionOptions, popt PathOptions) (*Path, error) {
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
	var cold *selCachedFit
	for i := range ent.fits {
		f := &ent.fits[i]
		if f.key == (selFitKey{lambda: opt.Lambda, maxIter: opt.MaxIter}) && !f.warm {
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
	ws := e.ws()
	endG := ws.Floats(noa.m + 1)
	for j, z := range noa.z {
		endG[j] = cold.fit.Curve.Apply(z)
	}
	endDist := noa.distance(endG, ws)
	ws.PutFloats(endG)

	fopt := FitOptions{Lambda: opt.Lambda, MaxIter: opt.MaxIter, GradTol: DefaultGradTol, RelTol: DefaultRelTol}
	if fopt.MaxIter == 0 {
		fopt.MaxIter = DefaultMaxIter
	}
	fopt.stop = ctxStop(ctx) // a stopped solve ends at once; interiorPath then returns ctx's error
	fopt.work = ws
	inner, warm, solves, err := noa.interiorPath(ctx, opt.Lambda, endDist, n, fopt)
	if err != nil {
		return nil, fmt.Errorf("fit path of judge %q: %w", e.judge, err)
	}
	// The points' maps and the calibrated preferences are read only while
	// the points are built (their curves and metrics are new arrays).
	pp := &pathPrefs{noa: noa, pairs: e.pairs, raw: &e.raw, ws: ws}
	defer func() {
		putPathMaps(ws, inner, warm)
		putPrefs(ws, pp.buf)
	}()

	path := &Path{Lambda: opt.Lambda, Points: make([]PathPoint, 0, len(inner)+2), Fits: solves}
	id := PathPoint{
		Mu: math.Inf(1), Objective: noa.termsGrad(noa.z, opt.Lambda, nil) / float64(noa.k),
		Curve: IdentityCurve(), All: e.rawAll.clone(), Converged: true,
	}
	if sp.rawH != nil {
		h := sp.rawH.clone()
		id.Heldout = &h
	}
	path.Points = append(path.Points, id)
	notConverged := 0
	for _, f := range inner {
		pt, err := pathPoint(noa, f, pp, sp.heldout)
		if err != nil {
			return nil, fmt.Errorf("fit path of judge %q: %w", e.judge, err)
		}
		if !pt.Converged {
			notConverged++
		}
		path.Points = append(path.Points, pt)
	}
	end := PathPoint{
		Mu: 0, Objective: cold.fit.Objective, Distance: endDist,
		Curve: &Curve{Z: slices.Clone(cold.fit.Curve.Z), G: slices.Clone(cold.fit.Curve.G)},
		All:   cold.all.clone(), Iterations: cold.fit.Iterations, Converged: cold.fit.Converged, Degenerate: cold.degenerate,
	}
	if cold.heldout != nil {
		h := cold.heldout.clone()
		end.Heldout = &h
	}
	path.Points = append(path.Points, end)

	path.WarmEnd, err = pathPoint(noa, warm, pp, sp.heldout)
	if err != nil {
		return nil, fmt.Errorf("fit path of judge %q: %w", e.judge, err)
	}
	path.SameBasin = sameBasin(path.WarmEnd, end, noa)
	if !path.SameBasin {
		w, c := path.WarmEnd, end
		var which string
		switch {
		case sameObjective(w.Objective, c.Objective):
			which = "the same objective: the minimum is not unique"
		case w.Objective < c.Objective:
			which = "the path's is lower, so the objective rises at the last point"
		default:
			which = "the cold fit's is lower"
		}
		path.Notes = append(path.Notes, fmt.Sprintf("the path ends in a different map than the cold fit: "+
			"L/K %.6g at distance %.4f against the cold fit's %.6g at %.4f (%s); the last point is the cold fit",
			w.Objective, w.Distance, c.Objective, c.Distance, which))
	}
	if got := len(path.Points); got < n {
		path.Notes = append(path.Notes, fmt.Sprintf("%d of %d points: some distances from the identity are not on the path "+
			"(it jumps where a minimum ends, or ends before the cold fit's distance)", got, n))
	}
	if notConverged > 0 {
		path.Notes = append(path.Notes, fmt.Sprintf("%d path points stopped at the iteration limit", notConverged))
	}
	path.Peak = pathPeaks(path.Points, func(pt *PathPoint) *Metrics { return &pt.All })
	return path, nil
}

// pathPrefs computes the calibrated preferences of the path's curves,
// reusing one buffer, by the NOA problem's gather (every point's curve has
// the problem's knots).
type pathPrefs struct {
	noa   *NOA
	pairs []model.Pair
	buf   Prefs
	// raw holds the uncalibrated preferences, for the collapse check
	// (computed on first use).
	raw *Prefs
	// ws, when not nil, provides buf and the points' work vectors.
	ws *work.Space
}

// rawPrefs returns the uncalibrated preferences of the pairs.
func (pp *pathPrefs) rawPrefs() Prefs {
	if pp.raw == nil {
		r := RawPrefs(pp.pairs)
		pp.raw = &r
	}
	return *pp.raw
}

// of returns CalibratedPrefs(pairs, c), in a buffer the next call reuses.
func (pp *pathPrefs) of(c *Curve) Prefs {
	if pp.buf.R == nil {
		pp.buf = prefsIn(len(pp.pairs), pp.ws) // gatherInto writes every element
	}
	if pp.noa != nil && pp.noa.gatherInto(pp.pairs, c, &pp.buf) {
		return pp.buf
	}
	return CalibratedPrefs(pp.pairs, c)
}

// pathPoint builds the curve and metrics of a solved path point.
func pathPoint(noa *NOA, f pathFit, pp *pathPrefs, heldout []int) (PathPoint, error) {
	curve, err := noa.curveOf(f.g, pp.ws)
	if err != nil {
		return PathPoint{}, err
	}
	prefs := pp.of(curve)
	pt := PathPoint{
		Mu: f.mu, Objective: f.objective, Distance: f.distance, Curve: curve,
		All: computeMetrics(prefs, nil, pp.ws), Iterations: f.iterations, Converged: f.converged,
	}
	pt.Degenerate, _ = Collapsed(pp.rawPrefs(), prefs, curve)
	if len(heldout) > 0 {
		m := computeMetrics(prefs, heldout, pp.ws)
		pt.Heldout = &m
	}
	return pt, nil
}

// sameBasin reports whether two fits are the same minimum: the same
// objective (sameObjective) and g* within 1e-3 at every knot.
func sameBasin(a, b PathPoint, noa *NOA) bool {
	if !sameObjective(a.Objective, b.Objective) {
		return false
	}
	for _, z := range noa.z {
		if math.Abs(a.Curve.Apply(z)-b.Curve.Apply(z)) > 1e-3 {
			return false
		}
	}
	return true
}

// sameObjective reports whether two objective values agree within 1e-7
// (relative, at least 1e-12 absolute).
func sameObjective(a, b float64) bool {
	return math.Abs(a-b) <= max(1e-7*math.Max(math.Abs(a), math.Abs(b)), 1e-12)
}

// HeldoutPeak returns Peak computed over the held-out metrics of the points
// (empty when no item is held out).
func (p *Path) HeldoutPeak() map[string]int {
	return pathPeaks(p.Points, func(pt *PathPoint) *Metrics { return pt.Heldout })
}

// pathPeaks returns the index of the best point per metric of the metrics
// of(pt) (nil: none).
func pathPeaks(pts []PathPoint, of func(*PathPoint) *Metrics) map[string]int {
	peak := make(map[string]int)
	pick := func(key string, get func(*Metrics) Stat, lower bool) {
		best, bv := -1, 0.0
		for i := range pts {
			m := of(&pts[i])
			if m == nil || pts[i].Degenerate {
				continue // a collapsed point's numbers say nothing
			}
			s := get(m)
			if !s.OK() {
				continue
			}
			if best < 0 || (lower && s.Value < bv) || (!lower && s.Value > bv) {
				best, bv = i, s.Value
			}
		}
		if best >= 0 {
			peak[key] = best
		}
	}
	pick(PeakKappa, func(m *Metrics) Stat { return m.FleissKappa }, false)
	pick(PeakICC2k, func(m *Metrics) Stat { return m.ICC2k }, false)
	pick(PeakRStd, func(m *Metrics) Stat { return m.RStd }, true)
	pick(PeakAccuracy, func(m *Metrics) Stat { return m.AccuracyMean }, false)
	return peak
}
