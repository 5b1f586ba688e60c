package analysis

import (
	"context"
)

// JudgeContext is Judge, stopped with an error wrapping ctx's when ctx is
// done during CalibraEval's fit (selection.Engine.AnalyzeContext);
// nothing of a stopped fit is kept.
func (e *Engine) JudgeContext(ctx context.Context, judge string, opt Options) (JudgeAnalysis, error) {
	if err := checkTarget(&opt); err != nil {
		return JudgeAnalysis{}, err
	}
	st, err := e.stateFor(judge, opt.Group)
	if err != nil {
		return JudgeAnalysis{}, err
	}
	return analyzeJudge(ctx, judge, st, opt)
}

// SetPreviewMinKnots sets the smallest CalibraEval problem Preview answers
// (default selection.PreviewMinKnots; 0 previews every problem, as tests of
// the preview on small data do).
func (e *Engine) SetPreviewMinKnots(n int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.previewMin = n
	for _, st := range e.state {
		st.mu.Lock()
		st.previewMin = n
		if st.sel != nil {
			st.sel.SetPreviewMinKnots(n)
		}
		st.mu.Unlock()
	}
}

// Preview is a quick, provisional answer to a λ change for one judge: its
// analysis with CalibraEval's fit warm-started from the judge's nearest
// fit (selection.Engine.Preview), everything else as Judge gives it.
// ok is false when there is no preview (no fit to start from, the fit is
// cached, or a preview would not be quicker; see calib's Preview): Judge
// then answers. The preview's Selection has Preview set; Judge with the
// same options gives the exact numbers, which `plumb report` reproduces.
// The likelihood analysis is the one cached for the options, computed
// here only when missing.
func (e *Engine) Preview(ctx context.Context, judge string, opt Options) (ja JudgeAnalysis, ok bool, err error) {
	if err := checkTarget(&opt); err != nil {
		return JudgeAnalysis{}, false, err
	}
	st, err := e.stateFor(judge, opt.Group)
	if err != nil {
		return JudgeAnalysis{}, false, err
	}
	if ja, ok, err = previewSelection(ctx, judge, st, opt); !ok || err != nil {
		return JudgeAnalysis{}, false, err
	}
	lik := analyzeJudgeLikelihood(judge, st, opt)
	ja.Likelihood, ja.LikelihoodReason = lik.Likelihood, lik.LikelihoodReason
	return ja, true, nil
}

// previewSelection is analyzeJudgeSelection with the selection engine's
// preview (ok false when it has none). It takes st.mu.
func previewSelection(ctx context.Context, judge string, st *judgeState, opt Options) (ja JudgeAnalysis, ok bool, err error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.sel == nil || len(st.recs.pairs) == 0 {
		return JudgeAnalysis{}, false, nil
	}
	sel, err := st.sel.Preview(ctx, opt.Selection)
	if sel == nil || err != nil {
		return JudgeAnalysis{}, false, err
	}
	ja = newJudgeAnalysis(judge, st)
	ja.Selection = sel
	analyzeReporting(&ja, st.recs, opt)
	return ja, true, nil
}
