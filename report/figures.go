package report

import (
	"fmt"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/plot/figure"
	"github.com/plumb-eval/plumb/present"
)

// splitLabels names the budget splits of the reporting engine in the order
// of figure.SplitMarks, in the vocabulary's words (as every surface names them).
var splitLabels = [6]string{vocab.SplitCurrent, vocab.SplitEqual, vocab.SplitLeastVar, vocab.SplitProp2, vocab.SplitAdaptive, vocab.SplitNarrowest}

// ObservedPA returns every observed P(A) of pairs, over all their
// arrangements, for the histogram under the g* curve.
func ObservedPA(pairs []model.Pair) []float64 {
	var out []float64
	for i := range pairs {
		for _, a := range model.Arrangements {
			if pairs[i].Has[a] {
				out = append(out, pairs[i].S[a])
			}
		}
	}
	return out
}

// Figures returns the publication figures of an analysis: per judge the
// g* curve (with the histogram of observed(judge) P(A) values; observed may
// be nil), recall per arrangement, the forest plot of each method's change
// from raw, the LS–US scatter of every likelihood-bias result, the CI
// width against the budget split and, with a style analysis
// (JudgeAnalysis.Style), its length, self-preference and win-rate figures
// (figure.Style) and, with sampled scores, the K curve of Multiple
// Evidence Calibration (figure.KCurve); with several judges, one
// comparison figure. File stems
// are "<judge>.<figure>" and, per criterion,
// "<judge>.lsus.<criterion>", with judge names (among the analysed judges)
// and criterion names (among the judge's) made safe and unique by
// figure.Stems.
func Figures(an *analysis.Analysis, observed func(judge string) []float64) []figure.Figure {
	var figs []figure.Figure
	var rows []figure.JudgeRow
	judges := make([]string, len(an.Judges))
	for i := range an.Judges {
		judges[i] = an.Judges[i].Judge
	}
	judgeStems := figure.Stems(judges)
	for i := range an.Judges {
		ja := &an.Judges[i]
		stem := judgeStems[ja.Judge]
		if sel := ja.Selection; sel != nil {
			if curves := gCurves(sel); len(curves) > 0 {
				var obs []float64
				if observed != nil {
					obs = observed(ja.Judge)
				}
				figs = append(figs, figure.GCurve(stem+".gcurve", ja.Judge, curves, obs))
			}
			var arrs []model.Arrangement
			for _, a := range model.Arrangements {
				if sel.Arrangements[a] > 0 {
					arrs = append(arrs, a)
				}
			}
			if ms := figure.RecallMethods(sel, present.MethodTitle, nil); len(ms) > 0 {
				figs = append(figs, figure.Recall(stem+".recall", ja.Judge, arrs, ms))
			}
			if panels := forestPanels(sel, ja.Intervals); anyPoint(panels) {
				figs = append(figs, figure.Forest(stem+".forest", ja.Judge, panels, present.IntervalsText(ja.Intervals)))
			}
		}
		if l := ja.Likelihood; l != nil {
			results := append(append([]likelihood.BiasResult{}, l.Criteria...), l.Total)
			criteria := make([]string, len(results))
			for k := range results {
				criteria[k] = results[k].Criterion
			}
			critStems := figure.Stems(criteria)
			for _, b := range results {
				if len(b.Points) == 0 {
					continue
				}
				figs = append(figs, figure.LikelihoodScatter(stem+".lsus."+critStems[b.Criterion], ja.Judge, &b, an.Options.Likelihood.PerToken))
			}
		}
		if r := ja.Reporting; r != nil && len(r.WidthCurve) > 0 {
			figs = append(figs, figure.CIWidth(stem+".ciwidth", ja.Judge, r, figure.SplitMarks(r, splitLabels), an.Options.Reporting.Alpha))
		}
		figs = append(figs, figure.Style(stem, ja.Judge, ja.Style)...)
		figs = append(figs, evidenceFigures(stem, ja)...)
		rows = append(rows, judgeRow(ja))
	}
	if len(an.Judges) >= 2 {
		figs = append(figs, figure.Compare("judges", rows, an.Options.Reporting.Alpha))
	}
	figs = append(figs, conditionsFigures(an)...)
	if r := an.Panel; r != nil {
		figs = append(figs, figure.KappaMatrix("panel.kappa", r.Judges, r.Kappa))
	}
	return figs
}

// forestPanels returns one panel per metric of the methods table with each
// available method's change from raw and, when iv is not nil, its
// bootstrap interval: the change its mark reads (present.MarkChange), so
// the first-position rate's panel is the change in its distance from 0.5,
// lower being better, with that change's interval.
func forestPanels(sel *selection.Result, iv *selection.Intervals) []figure.ForestPanel {
	raw := sel.Method(selection.MethodRaw)
	if raw == nil {
		return nil
	}
	var panels []figure.ForestPanel
	for _, col := range present.SelectionColumns() {
		base := col.Get(&raw.All)
		if !base.OK() {
			continue
		}
		fp := figure.ForestPanel{Metric: col.Title, Better: betterText(col.Better)}
		if col.Better == 0 {
			fp = figure.ForestPanel{Metric: present.DistanceTitle, Better: "lower is better: nearer 0.5 than raw"}
		}
		for i := range sel.Methods {
			m := &sel.Methods[i]
			if m.Name == selection.MethodRaw || !m.Available {
				continue
			}
			row := figure.ForestRow{Method: present.MethodTitle(m.Name), Series: figure.MethodSeries(m.Name)}
			if m.Degenerate {
				// A collapsed fit says nothing about the judge: no point.
				row.Missing = "collapsed"
				fp.Rows = append(fp.Rows, row)
				continue
			}
			if v := col.Get(&m.All); v.OK() {
				row.Delta = present.MarkChange(col, base.Value, v.Value)
			} else {
				continue
			}
			row.CI, row.NoInterval = present.ForestCI(iv, m.Name, col)
			fp.Rows = append(fp.Rows, row)
		}
		if len(fp.Rows) > 0 {
			panels = append(panels, fp)
		}
	}
	return panels
}

// anyPoint reports whether some row of the panels has a value to draw (a
// forest of collapsed methods only would be an empty figure).
func anyPoint(panels []figure.ForestPanel) bool {
	for _, fp := range panels {
		for _, r := range fp.Rows {
			if r.Missing == "" {
				return true
			}
		}
	}
	return false
}

// betterText says which way a column's metric is better (a column whose
// fair value is ½ has its own panel, of the distance from ½).
func betterText(better int) string {
	if better > 0 {
		return "higher is better"
	}
	return "lower is better"
}

// judgeRow is a judge's row of the comparison figure.
func judgeRow(ja *analysis.JudgeAnalysis) figure.JudgeRow {
	row := figure.JudgeRow{Judge: ja.Judge}
	none := calib.Undefined(0, "not computed")
	row.Naive, row.Corrected, row.Consistency, row.Accuracy = none, none, none, none
	if r := ja.Reporting; r != nil && ja.ArbitraryOrder != "" {
		// Not a headline number (ja.ArbitraryOrder says why).
		row.Naive = calib.Undefined(0, "not shown: response order is arbitrary, so "+vocab.TargetPair+" describes the log, not a model")
		row.Corrected = row.Naive
	} else if r != nil {
		row.Naive, row.Corrected = r.PHat, r.ThetaHat
		row.Target = present.TargetName(ja.Target)
	} else {
		row.Naive = calib.Undefined(0, ja.ReportingReason)
		row.Corrected = row.Naive
	}
	if sel := ja.Selection; sel != nil {
		if raw := sel.Method(selection.MethodRaw); raw != nil {
			row.Consistency, row.Accuracy = raw.All.Consistency, raw.All.AccuracyMean
		}
	}
	return row
}

// gCurves returns the calibration maps of sel to draw: the converged fit
// (or the fit-path point the row stops at) and the published code's fit,
// each labelled with its settings, and "collapsed" where it collapsed.
func gCurves(sel *selection.Result) []figure.CurveSeries {
	var out []figure.CurveSeries
	collapsed := func(name string) string {
		if _, ok := sel.Collapsed(name); ok {
			return ", collapsed"
		}
		return ""
	}
	if g := sel.FitCurve(); g != nil {
		label := fmt.Sprintf("CalibraEval, converged (λ = %g, objective %s", sel.Options.Lambda, sel.Options.Objective)
		if sel.Stop != nil {
			label += fmt.Sprintf(", stopped at path point %d of %d", sel.Stop.Point, sel.Stop.Points-1)
		}
		out = append(out, figure.CurveSeries{Label: label + collapsed(selection.MethodCalibraEval) + ")", Series: figure.MethodSeries(selection.MethodCalibraEval), Curve: g})
	}
	if p := sel.Published; p != nil && p.Curve != nil {
		label := fmt.Sprintf("CalibraEval, published code (λ = %g, %d epoch, batch %d, lr %g", p.Options.Lambda, p.Options.Epochs, p.Options.BatchSize, p.Options.LR)
		out = append(out, figure.CurveSeries{Label: label + collapsed(selection.MethodCalibraEvalPublished) + ")", Series: figure.MethodSeries(selection.MethodCalibraEvalPublished), Curve: p.Curve})
	}
	return out
}
