package report

import (
	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/plot/figure"
	"github.com/plumb-eval/plumb/present"
)

// evidenceFigures returns the K-curve figure of a judge with sampled scores
// (figure.KCurve, stem "<judge>.evidence"): none without samples, or when
// the samples give one K only (a curve of one point shows nothing about K)
// or no value of the curve is defined.
func evidenceFigures(stem string, ja *analysis.JudgeAnalysis) []figure.Figure {
	if ja.Selection == nil || ja.Selection.MEC == nil {
		return nil
	}
	r := ja.Selection.MEC
	if len(r.Curve) < 2 {
		return nil
	}
	defined := false
	for _, p := range r.Curve {
		defined = defined || p.MEC.OK() || p.MECBPC.OK() || p.Conflict.OK()
	}
	if !defined {
		return nil
	}
	return []figure.Figure{figure.KCurve(stem+".evidence", ja.Judge, r, present.MethodTitle)}
}
