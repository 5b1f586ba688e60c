package calibraeval

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/calib/metrics"
)

// CalibraEval's fit path, on a NOA problem: the maps between "no
// calibration" (the identity) and the converged fit.
//
// Why a proximity homotopy and not the optimiser's iterates. The iterates of
// Fit depend on the solver (L-BFGS memory, preconditioner, when phase 2
// starts); a point "after 7 iterations" means nothing outside plumb. Point
// k of this path is instead the minimiser of
//
//	F_μ(g) = L(g)/K + μ·dist(g)²,  dist(g)² = Σ_k w_k (g(z_k) − z_k)²
//
// (w_k the share of the pooled P(A) values at knot z_k), which is, by the
// Lagrange conditions, a locally best map among those within distance
// dist(g) of the identity (the best one while F_μ is convex): a point with a
// meaning of its own. μ runs from +∞ (the identity)
// down; each point is warm-started from the previous one and solved by
// Fit's majorise-minimise method in g (the penalty is quadratic in g, so the
// bound, the Newton step over flat pieces and the stopping rules carry
// over), to the same tolerances as Fit. Along such a path the objective L
// cannot rise while the distance grows: the solver never raises F_μ' from
// the previous point g, so L' + μ'd'² ≤ L + μ'd², i.e. L' ≤ L when d' ≥ d.
// For large μ, F_μ is convex, so the start of the path does not depend on
// any choice; as μ → 0 it tracks one basin of the non-convex L, which need
// not be the one the cold fit (from the identity, L-BFGS first) reaches:
// the path's own end (μ = 0, warm) is kept and compared with the cold fit.
//
// Spacing. The points are spaced evenly in distance from the identity, not
// in μ: the targets are i·D/(n−1), D the cold fit's distance, and μ for the
// next target is predicted from the local slope of log dist against log μ
// (dist ≈ a/μ for large μ), then corrected by up to pathCorrections
// bisections in log μ. A target inside a jump of the path (a basin that
// ends) cannot be met; the point past the jump is kept and the skipped
// targets are dropped, so a path can have fewer points than asked for. When
// a smaller μ no longer moves the fit (the path's own end lies nearer the
// identity than the cold fit), the interior ends there.

// Limits of the path's μ search.
const (
	// pathCorrections is the number of extra fits allowed per point to
	// bring its distance near the target.
	pathCorrections = 4
	// pathTolerance: a point is accepted when its distance is within
	// pathTolerance·Δ of the target (Δ the spacing of the targets).
	pathTolerance = 0.35
	// pathMinMuRatio: μ below pathMinMuRatio·μ_1 counts as 0 (the penalty
	// no longer moves the fit).
	pathMinMuRatio = 1e-9
)

// pathFit is one solved point of a path on a NOA problem.
type pathFit struct {
	mu         float64
	g          []float64 // g(z_0..z_M)
	objective  float64   // L/K, without the penalty
	distance   float64
	iterations int
	converged  bool
	status     string
}

// pathSolve minimises F_μ from g (overwritten with the solution).
// Its work vectors come from opt.scratch (nil: allocated) and go back to it.
func (p *NOA) pathSolve(g []float64, mu, lam float64, opt FitOptions) pathFit {
	sc := opt.scratch
	defer sc.Release(sc.Mark())
	q := p
	if mu > 0 {
		q = p.withProx(mu, sc)
	}
	r := q.minimiseG(g, lam, opt, p.solver.window, p.solver.eps)
	return pathFit{
		mu: mu, g: g,
		objective: p.termsGrad(g, lam, nil) / float64(p.k), distance: p.distance(g, sc),
		iterations: r.iterations, converged: r.converged, status: r.status,
	}
}

// muStart returns μ whose minimiser lies at about distance target from the
// identity, by the large-μ expansion g − z ≈ −∇_g(L/K)/(2μw):
// dist ≈ ½√(Σ_k ∇_k²/w_k)/μ at the identity.
// Its work vectors come from sc (nil: allocated) and go back to it.
func (p *NOA) muStart(lam, target float64, sc *work.Scratch) float64 {
	defer sc.Release(sc.Mark())
	dg := sc.Take(p.m + 1) // termsGrad clears it
	p.termsGrad(p.z, lam, dg)
	w := p.knotShares(sc)
	s := 0.0
	for j := 1; j < p.m; j++ {
		if w[j] > 0 {
			v := dg[j] / float64(p.k)
			s += v * v / w[j]
		}
	}
	a := 0.5 * math.Sqrt(s)
	if !(a > 0) || !(target > 0) {
		return 1
	}
	return a / target
}

// interiorPath solves the path's points strictly between the identity and
// the end, aiming at distances i·end/(n−1) for i = 1..n−2, and then the
// path's own end (μ = 0, warm-started from the last point), and how many
// penalised fits it solved. It stops early, with ctx's error, when ctx is
// done.
//
// The maps g of the points and of warmEnd, and every candidate's, are
// taken from opt.work (nil: allocated): those of the points returned are
// the caller's to give back (putPathMaps) once it has built their curves;
// the others go back here.
func (p *NOA) interiorPath(ctx context.Context, lam, end float64, n int, opt FitOptions) (pts []pathFit, warmEnd pathFit, solves int, err error) {
	ws := opt.Work
	identity := ws.Floats(p.m + 1)
	copy(identity, p.z)
	defer ws.PutFloats(identity)
	cur := pathFit{mu: math.Inf(1), g: identity, objective: p.termsGrad(identity, lam, nil) / float64(p.k)}
	// from returns a copy of cur's map, for a solve to start from.
	from := func() []float64 {
		g := ws.Floats(p.m + 1)
		copy(g, cur.g)
		return g
	}
	step := end / float64(n-1)
	slope := -1.0 // d log dist / d log μ; −1 for large μ
	var mu0 float64
	for i := 1; i <= n-2 && step > 0; i++ {
		target := float64(i) * step
		if cur.distance >= target-pathTolerance*step {
			continue // passed by a jump
		}
		if err := ctx.Err(); err != nil {
			return nil, pathFit{}, solves, err
		}
		// Predict μ for the target, then bracket in log μ.
		var mu float64
		if math.IsInf(cur.mu, 1) {
			mu = p.muStart(lam, target, opt.scratch)
			mu0 = mu
		} else {
			ratio := math.Pow(target/math.Max(cur.distance, 1e-300), 1/slope)
			mu = cur.mu * min(max(ratio, 1e-3), 0.999)
		}
		hi := cur.mu // μ above the target's (distance too small)
		lo := 0.0    // μ below it (distance too large); 0 = unknown
		// Keep the candidate that met the target; failing that, the one
		// just past it (a jump: the nearest point beyond), or the farthest
		// one short of it.
		var best, over, short pathFit
		for try := 0; ; try++ {
			cand := p.pathSolve(from(), mu, lam, opt)
			solves++
			if math.Abs(cand.distance-target) <= pathTolerance*step {
				best = cand
				break
			}
			if cand.distance < target {
				hi = mu
				if short.g == nil || cand.distance > short.distance {
					ws.PutFloats(short.g)
					short = cand
				} else {
					ws.PutFloats(cand.g)
				}
			} else {
				lo = mu
				if over.g == nil || cand.distance < over.distance {
					ws.PutFloats(over.g)
					over = cand
				} else {
					ws.PutFloats(cand.g)
				}
			}
			if try == pathCorrections {
				break
			}
			switch {
			case lo == 0:
				// Still short of the target: go further, by the slope.
				r := math.Pow(target/math.Max(cand.distance, 1e-300), 1/slope)
				mu *= min(max(r, 1e-3), 0.5)
			case math.IsInf(hi, 1):
				mu = lo * 4
			default:
				mu = math.Sqrt(lo * hi)
			}
		}
		switch {
		case best.g != nil:
			ws.PutFloats(over.g, short.g)
		case over.g != nil:
			best = over
			ws.PutFloats(short.g)
		default:
			best = short
		}
		if best.distance < cur.distance+0.05*step || best.mu < pathMinMuRatio*mu0 {
			// The penalty no longer moves the fit (the target is beyond
			// the path's own end): the path has ended.
			ws.PutFloats(best.g)
			break
		}
		if !math.IsInf(cur.mu, 1) && cur.distance > 0 && best.distance > cur.distance {
			s := math.Log(best.distance/cur.distance) / math.Log(best.mu/cur.mu)
			if s < 0 && !math.IsInf(s, 0) {
				slope = min(max(s, -20), -0.05)
			}
		}
		pts = append(pts, best)
		cur = best
	}
	if err := ctx.Err(); err != nil {
		return nil, pathFit{}, solves, err
	}
	warmEnd = p.pathSolve(from(), 0, lam, opt)
	if err := ctx.Err(); err != nil { // it may have been stopped (opt's stop)
		return nil, pathFit{}, solves + 1, err
	}
	return pts, warmEnd, solves + 1, nil
}

// putPathMaps gives the maps of interiorPath's points and warmEnd back to
// ws once nothing reads them.
func putPathMaps(ws *work.Space, pts []pathFit, warmEnd pathFit) {
	for _, f := range pts {
		ws.PutFloats(f.g)
	}
	ws.PutFloats(warmEnd.g)
}

// The keys of Path.Peak.
const (
	PeakKappa    = "kappa"    // Fleiss' κ, highest
	PeakICC2k    = "icc2k"    // ICC(2,k), highest
	PeakRStd     = "rstd"     // RStd, lowest
	PeakAccuracy = "accuracy" // AccuracyMean, highest
)

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
	Curve *calib.Curve
	// All and Heldout are the metrics of the calibrated preferences, as in
	// the methods table (Heldout nil when no item is held out).
	All     metrics.Metrics
	Heldout *metrics.Metrics
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

// PointMetrics are the metrics of a path point's map, computed by the
// caller of NOA.Path (the selection engine): over every item and over the
// held-out items (nil when none), and whether the map collapsed.
type PointMetrics struct {
	All        metrics.Metrics
	Heldout    *metrics.Metrics
	Degenerate bool
}

// PathSpec describes the fit path NOA.Path computes.
type PathSpec struct {
	// Lambda is λ and MaxIter the iteration limit of every solve (0:
	// DefaultMaxIter), as for the cold fit End.
	Lambda  float64
	MaxIter int
	// Points is the number of points asked for, the two ends included
	// (at least 2).
	Points int
	// End is the cold fit from the identity for Lambda and MaxIter: the
	// path's last point.
	End *FitResult
	// Identity and EndMetrics are the metrics of the two ends (the raw
	// preferences and the cold fit's); Identity's Degenerate is not used.
	Identity, EndMetrics PointMetrics
	// Metrics returns the metrics of an interior point's map (and of the
	// path's own end, WarmEnd).
	Metrics func(c *calib.Curve) PointMetrics
	// Work, when not nil, provides the solves' work vectors.
	Work *work.Space
}

// Path computes CalibraEval's fit path on the problem (see Path): the
// identity, up to s.Points−2 interior points and the cold fit s.End. It
// stops with ctx's error when ctx is done (checked between points and
// before every iteration of a solve).
func (p *NOA) Path(ctx context.Context, s PathSpec) (*Path, error) {
	ws := s.Work
	// The path takes its solves' work vectors once (sc), as a fit does;
	// the maps of its points and candidates come from ws (they are given
	// back in no fixed order).
	sc := ws.Scratch()
	defer ws.PutScratch(sc)
	endG := ws.Floats(p.m + 1)
	for j, z := range p.z {
		endG[j] = s.End.Curve.Apply(z)
	}
	endDist := p.distance(endG, sc)
	ws.PutFloats(endG)

	fopt := FitOptions{Lambda: s.Lambda, MaxIter: s.MaxIter, GradTol: DefaultGradTol, RelTol: DefaultRelTol}
	if fopt.MaxIter == 0 {
		fopt.MaxIter = DefaultMaxIter
	}
	fopt.stop = ctxStop(ctx) // a stopped solve ends at once; interiorPath then returns ctx's error
	fopt.Work = ws
	fopt.scratch = sc
	inner, warm, solves, err := p.interiorPath(ctx, s.Lambda, endDist, s.Points, fopt)
	if err != nil {
		return nil, err
	}
	// The points' maps are read only while the points are built (their
	// curves are new arrays).
	defer putPathMaps(ws, inner, warm)

	path := &Path{Lambda: s.Lambda, Points: make([]PathPoint, 0, len(inner)+2), Fits: solves}
	id := PathPoint{
		Mu: math.Inf(1), Objective: p.termsGrad(p.z, s.Lambda, nil) / float64(p.k),
		Curve: calib.IdentityCurve(), All: s.Identity.All, Heldout: s.Identity.Heldout, Converged: true,
	}
	path.Points = append(path.Points, id)
	notConverged := 0
	for _, f := range inner {
		pt, err := p.pathPoint(f, s.Metrics, sc)
		if err != nil {
			return nil, err
		}
		if !pt.Converged {
			notConverged++
		}
		path.Points = append(path.Points, pt)
	}
	cold := s.End
	end := PathPoint{
		Mu: 0, Objective: cold.Objective, Distance: endDist,
		Curve: &calib.Curve{Z: slices.Clone(cold.Curve.Z), G: slices.Clone(cold.Curve.G)},
		All:   s.EndMetrics.All, Heldout: s.EndMetrics.Heldout,
		Iterations: cold.Iterations, Converged: cold.Converged, Degenerate: s.EndMetrics.Degenerate,
	}
	path.Points = append(path.Points, end)

	path.WarmEnd, err = p.pathPoint(warm, s.Metrics, sc)
	if err != nil {
		return nil, err
	}
	path.SameBasin = sameBasin(path.WarmEnd, end, p)
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
	if got, n := len(path.Points), s.Points; got < n {
		path.Notes = append(path.Notes, fmt.Sprintf("%d of %d points: some distances from the identity are not on the path "+
			"(it jumps where a minimum ends, or ends before the cold fit's distance)", got, n))
	}
	if notConverged > 0 {
		path.Notes = append(path.Notes, fmt.Sprintf("%d path points stopped at the iteration limit", notConverged))
	}
	path.Peak = pathPeaks(path.Points, func(pt *PathPoint) *metrics.Metrics { return &pt.All })
	return path, nil
}

// pathPoint builds the curve of a solved path point and its metrics
// (metricsAt).
func (p *NOA) pathPoint(f pathFit, metricsAt func(*calib.Curve) PointMetrics, sc *work.Scratch) (PathPoint, error) {
	curve, err := p.curveOf(f.g, sc)
	if err != nil {
		return PathPoint{}, err
	}
	m := metricsAt(curve)
	return PathPoint{
		Mu: f.mu, Objective: f.objective, Distance: f.distance, Curve: curve,
		All: m.All, Heldout: m.Heldout, Iterations: f.iterations, Converged: f.converged, Degenerate: m.Degenerate,
	}, nil
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
	return pathPeaks(p.Points, func(pt *PathPoint) *metrics.Metrics { return pt.Heldout })
}

// pathPeaks returns the index of the best point per metric of the metrics
// of(pt) (nil: none).
func pathPeaks(pts []PathPoint, of func(*PathPoint) *metrics.Metrics) map[string]int {
	peak := make(map[string]int)
	pick := func(key string, get func(*metrics.Metrics) calib.Stat, lower bool) {
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
	pick(PeakKappa, func(m *metrics.Metrics) calib.Stat { return m.FleissKappa }, false)
	pick(PeakICC2k, func(m *metrics.Metrics) calib.Stat { return m.ICC2k }, false)
	pick(PeakRStd, func(m *metrics.Metrics) calib.Stat { return m.RStd }, true)
	pick(PeakAccuracy, func(m *metrics.Metrics) calib.Stat { return m.AccuracyMean }, false)
	return peak
}
