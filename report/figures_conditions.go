package report

import (
	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/plot/figure"
	"github.com/plumb-eval/plumb/present"
)

// conditionsFigures returns the conditions figure of each Conditions view
// of an (figure.Conditions, stem "<judge>.conditions"): per metric of the
// view, each method's value in each condition, with its bootstrap
// interval when the condition's judge has intervals.
func conditionsFigures(an *analysis.Analysis) []figure.Figure {
	if len(an.Conditions) == 0 {
		return nil
	}
	bases := make([]string, len(an.Conditions))
	for i := range an.Conditions {
		bases[i] = an.Conditions[i].Judge
	}
	stems := figure.Stems(bases)
	var figs []figure.Figure
	for i := range an.Conditions {
		c := &an.Conditions[i]
		jas := make([]*analysis.JudgeAnalysis, len(c.Variants))
		ciText := ""
		for k, v := range c.Variants {
			for j := range an.Judges {
				if an.Judges[j].Judge == v {
					jas[k] = &an.Judges[j]
					if t := present.IntervalsText(an.Judges[j].Intervals); t != "" {
						ciText = t
					}
				}
			}
		}
		var panels []figure.ConditionPanel
		for _, col := range present.ConditionColumns() {
			cp := figure.ConditionPanel{Metric: col.Title, Better: betterText(col.Better)}
			for _, name := range selection.MethodNames() {
				cm := figure.ConditionMethod{Method: present.MethodTitle(name), Series: figure.MethodSeries(name)}
				has := false
				for _, ja := range jas {
					cm.Points = append(cm.Points, conditionPoint(ja, name, col))
					has = has || cm.Points[len(cm.Points)-1].OK
				}
				if has {
					cp.Methods = append(cp.Methods, cm)
				}
			}
			panels = append(panels, cp)
		}
		sentence, _ := present.LeastBiasedSentence(c)
		figs = append(figs, figure.Conditions(stems[c.Judge]+".conditions", c.Judge, c.Labels, panels, ciText, sentence))
	}
	return figs
}

// conditionPoint is one method's value of a column in one condition's
// analysis (not OK when unavailable, collapsed or undefined).
func conditionPoint(ja *analysis.JudgeAnalysis, name string, col present.ConditionColumn) figure.ConditionPoint {
	if ja == nil || ja.Selection == nil {
		return figure.ConditionPoint{}
	}
	m := ja.Selection.Method(name)
	if m == nil || !m.Available || m.Degenerate {
		return figure.ConditionPoint{}
	}
	s := col.Get(&m.All)
	if !s.OK() {
		return figure.ConditionPoint{}
	}
	pt := figure.ConditionPoint{Value: s.Value, OK: true}
	if ja.Intervals != nil {
		if mi := ja.Intervals.Method(name); mi != nil {
			if x, ok := mi.Value[col.Key]; ok && x.CI != nil {
				pt.CI = &[2]float64{x.CI.Lower, x.CI.Upper}
			}
		}
	}
	return pt
}
