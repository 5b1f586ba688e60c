package selection

import (
	"context"
	"math"

	"github.com/plumb-eval/plumb/calib/calibraeval"
)

// PreviewMinKnots is the smallest CalibraEval problem (knots) Preview
// answers: below it a cold fit takes about as long as a warm one plus a
// frame, so a preview would only delay the exact numbers (the demo's
// 3,000 items × x0..x3, ≈ 12,000 knots: key → exact numbers p50 15 ms
// without a preview, 33 ms behind one; at 100,000 items, 400,001 knots,
// the preview costs ≈ 110 ms of CPU and the cold step ≈ 190 ms).
const PreviewMinKnots = 30000

// PreviewMaxIter is the most iterations a preview's warm fit takes. On
// the 100,000-item simulated judge a λ step's warm fit converges in 1–3
// iterations (≈ 45–60 ms with the rest of the analysis) and a few take
// 6–11 (120–210 ms); stopped at 4 they answer within the step's usual time,
// and the exact fit follows.
const PreviewMaxIter = 4

// Preview is Analyze with CalibraEval's fit warm-started from the fit of
// the nearest λ the engine holds for the same problem (estimation set and
// objective): a cached fit or the last preview. It is a quick answer to a
// λ change that the exact (cold) fit of Analyze then replaces: a warm fit
// needs a few iterations instead of tens, but the objective is not convex
// for λ > 0, so it may end in another local minimum than the cold fit, and
// even in the same one its digits differ; and it stops after
// PreviewMaxIter iterations, converged or not (a note says so). The result
// has Preview, WarmStarted and WarmFrom set.
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
func (e *Engine) Preview(ctx context.Context, opt Options) (*Result, error) {
	warm := e.previewStart(opt)
	if warm == nil {
		return nil, nil
	}
	return e.analyze(ctx, opt, warm)
}

// SetPreviewMinKnots sets the smallest problem Preview answers (default
// PreviewMinKnots; 0 previews every problem, as tests of the preview on
// small data do).
func (e *Engine) SetPreviewMinKnots(n int) { e.previewMin = n }

// previewStart returns the fit a preview for opt starts from, or nil when
// there is no preview (see Preview).
func (e *Engine) previewStart(opt Options) *calibraeval.FitResult {
	if err := opt.validate(); err != nil || len(e.pairs) == 0 || !e.ready || e.info.hard > 0 {
		return nil
	}
	if !opt.Solver.Converged() || opt.StopAt != StopEnd || (opt.Solver.Published() && e.pubFor(opt) == nil) {
		return nil
	}
	ent := e.cachedNOA(opt)
	if ent == nil || ent.err != nil || ent.noa.M()+1 < e.previewMin {
		return nil
	}
	fk := fitKey{lambda: opt.Lambda, maxIter: opt.MaxIter}
	var best *calibraeval.FitResult
	dist := math.Inf(1)
	consider := func(c *cachedFit) {
		if c == nil || c.degenerate || c.key.maxIter != opt.MaxIter {
			return
		}
		if d := math.Abs(c.fit.Lambda - opt.Lambda); d < dist {
			best, dist = &c.fit, d
		}
	}
	for i := range ent.fits {
		if ent.fits[i].key == fk {
			return nil // cached: Analyze answers at once
		}
		consider(&ent.fits[i])
	}
	consider(ent.preview)
	return best
}
