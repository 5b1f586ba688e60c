package calib

import (
	"context"
	"math"
)

// PreviewMinKnots is the smallest CalibraEval problem (knots) Preview
// answers: below it a cold fit takes about as long as a warm one plus a
// frame, so a preview would only delay the exact numbers (the demo's
// 3,000 items × x0..x3, ≈ 12,000 knots: key → exact numbers p50 15 ms
// without a preview, 33 ms behind one; at 100,000 items, 400,001 knots,
// the preview costs ≈ 110 ms of CPU and the cold step ≈ 190 ms).
const PreviewMinKnots = 30000

// previewPlan is what Preview decided: the fit CalibraEval's warm start
// begins from.
type previewPlan struct {
	warm *FitResult
}

// Preview is Analyze with CalibraEval's fit warm-started from the fit of
// the nearest λ the engine holds for the same problem (estimation set and
// objective): a cached fit or the last preview. It is a quick answer to a
// λ change that the exact (cold) fit of Analyze then replaces: a warm fit
// needs a few iterations instead of tens, but the objective is not convex
// for λ > 0, so it may end in another local minimum than the cold fit, and
// even in the same one its digits differ. The result has Preview,
// WarmStarted and WarmFrom set.
//
// Preview returns nil, nil when it would not be quicker than Analyze or
// cannot start warm: CalibraEval does not run or is unavailable, the
// problem has fewer than PreviewMinKnots knots, the fit for the options is
// cached, the problem has no fit to start from (or only
// collapsed ones: a nearly constant g is stationary for every λ), or the
// options need work a preview would not save (a StopAt point's fit path,
// the published solver's uncached fit). A preview has no fit path (Path is
// nil whatever opt.Path says). Its fit is not cached for Analyze; it is
// kept only as the next preview's start. ctx stops the fit, as in
// AnalyzeContext.
func (e *SelectionEngine) Preview(ctx context.Context, opt SelectionOptions) (*Selection, error) {
	pv, err := e.previewPlan(opt)
	if pv == nil || err != nil {
		return nil, err
	}
	return e.analyze(ctx, opt, pv)
}

// SetPreviewMinKnots sets the smallest problem Preview answers (default
// PreviewMinKnots; 0 previews every problem, as tests of the preview on
// small data do).
func (e *SelectionEngine) SetPreviewMinKnots(n int) { e.previewMin = &n }

// previewPlan returns the warm start of a preview for opt, or nil when
// there is none (see Preview).
func (e *SelectionEngine) previewPlan(opt SelectionOptions) (*previewPlan, error) {
	if err := opt.validate(); err != nil || len(e.pairs) == 0 || !e.ready || e.info.hard > 0 {
		return nil, nil
	}
	if !opt.Solver.Converged() || opt.StopAt != StopEnd || (opt.Solver.Published() && !e.pubCached(opt)) {
		return nil, nil
	}
	key := selNOAKey{frac: opt.EstFrac, seed: opt.Seed, obj: opt.Objective}
	var ent *selNOAEntry
	for _, n := range e.noas {
		if n.key == key {
			ent = n
		}
	}
	min := PreviewMinKnots
	if e.previewMin != nil {
		min = *e.previewMin
	}
	if ent == nil || ent.err != nil || ent.noa.m+1 < min {
		return nil, nil
	}
	fk := selFitKey{lambda: opt.Lambda, maxIter: opt.MaxIter}
	var best *FitResult
	dist := math.Inf(1)
	consider := func(c *selCachedFit) {
		if c == nil || c.degenerate || c.key.maxIter != opt.MaxIter {
			return
		}
		if d := math.Abs(c.fit.Lambda - opt.Lambda); d < dist {
			best, dist = &c.fit, d
		}
	}
	for i := range ent.fits {
		if ent.fits[i].key == fk {
			return nil, nil // cached: Analyze answers at once
		}
		consider(&ent.fits[i])
	}
	consider(ent.preview)
	if best == nil {
		return nil, nil
	}
	return &previewPlan{warm: best}, nil
}

// pubCached reports whether the published solver's result for opt is
// cached.
func (e *SelectionEngine) pubCached(opt SelectionOptions) bool {
	for _, c := range e.pubs {
		if c.frac == opt.EstFrac && c.seed == opt.Seed && c.lambda == opt.PublishedLambda {
			return true
		}
	}
	return false
}
