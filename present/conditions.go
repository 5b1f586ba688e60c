package present

import (
	"fmt"
	"math"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// ConditionColumn is one metric column of the Conditions view: a column of
// the methods table (SelectionColumns) by its bootstrap key.
type ConditionColumn struct {
	Key string // analysis.ConditionMetrics
	Column
}

// ConditionColumns are the Conditions view's metric columns, in
// analysis.ConditionMetrics order: κ, ICC(2,k), RStd, accuracy (mean).
func ConditionColumns() []ConditionColumn {
	var out []ConditionColumn
	for _, k := range analysis.ConditionMetrics {
		for _, c := range selectionColumns {
			if BootKey(c) == k {
				out = append(out, ConditionColumn{Key: k, Column: c})
			}
		}
	}
	return out
}

// ConditionRow is one method's row in one condition: its values and their
// bootstrap intervals per ConditionColumns.
type ConditionRow struct {
	// Condition is the condition's label (analysis.Variant.Label), Variant
	// the name its records were analysed under.
	Condition, Variant string
	// Method is the method's name and Title its display name.
	Method, Title string
	// Available is false when the method did not run on this condition
	// (every cell "—"); Collapsed when it collapsed (every cell
	// "collapsed").
	Available, Collapsed bool
	// Values has a value per column at its decimals ("—" undefined);
	// Intervals its bootstrap interval (Text "—" when none).
	Values    []string
	Intervals []IntervalCell
}

// ConditionRows are the rows of the Conditions view's table: for each
// condition (in c's order), one row per method of the condition's
// analysis, in the methods table's order. judges are the Analysis's.
func ConditionRows(c *analysis.Conditions, judges []analysis.JudgeAnalysis) []ConditionRow {
	cols := ConditionColumns()
	var rows []ConditionRow
	for i, name := range c.Variants {
		ja := judgeNamed(judges, name)
		if ja == nil || ja.Selection == nil {
			continue
		}
		for k := range ja.Selection.Methods {
			mr := &ja.Selection.Methods[k]
			row := ConditionRow{Condition: c.Labels[i], Variant: name, Method: mr.Name, Title: MethodTitle(mr.Name),
				Available: mr.Available, Collapsed: mr.Available && mr.Degenerate}
			var mi *selection.MethodIntervals
			if ja.Intervals != nil {
				mi = ja.Intervals.Method(mr.Name)
			}
			for _, col := range cols {
				v := "—"
				switch {
				case row.Collapsed:
					v = "collapsed"
				case mr.Available:
					v = FmtStat(col.Get(&mr.All), col.Decimals)
				}
				row.Values = append(row.Values, v)
				cell := IntervalCell{}
				if mi != nil && mr.Available && !row.Collapsed {
					cell = intervalCell(mi.Value, col.Column, false)
				}
				row.Intervals = append(row.Intervals, cell)
			}
			rows = append(rows, row)
		}
	}
	return rows
}

// judgeNamed finds a judge's analysis by name.
func judgeNamed(judges []analysis.JudgeAnalysis, name string) *analysis.JudgeAnalysis {
	for i := range judges {
		if judges[i].Judge == name {
			return &judges[i]
		}
	}
	return nil
}

// AcrossRow is one method's row of the across-conditions table: per
// ConditionColumns, the mean and spread of its values over the conditions.
type AcrossRow struct {
	Method, Title string
	// Cells are "mean ± sd (min–max, n conditions)" at the column's
	// decimals; "—" when the method has the metric in no condition.
	Cells []string
}

// AcrossRows are the across-conditions rows, one per method in
// selection.MethodNames order, leaving out methods with no value anywhere.
func AcrossRows(c *analysis.Conditions) []AcrossRow {
	cols := ConditionColumns()
	var rows []AcrossRow
	for _, ms := range c.Across {
		row := AcrossRow{Method: ms.Method, Title: MethodTitle(ms.Method)}
		has := false
		for _, col := range cols {
			s := ms.Metrics[col.Key]
			if s.N == 0 {
				row.Cells = append(row.Cells, "—")
				continue
			}
			has = true
			row.Cells = append(row.Cells, SpreadText(s, col.Decimals))
		}
		if has {
			rows = append(rows, row)
		}
	}
	return rows
}

// SpreadText writes a Spread: "mean ± sd (min–max, n)".
func SpreadText(s analysis.Spread, dec int) string {
	return fmt.Sprintf("%s ± %s (%s–%s, %d)", Minus(s.Mean, dec), Minus(s.SD, dec), Minus(s.Min, dec), Minus(s.Max, dec), s.N)
}

// MeasureTitle names a bias measure of the Conditions view.
func MeasureTitle(measure string) string {
	if measure == analysis.MeasureRStd {
		return "RStd"
	}
	return "Fleiss κ"
}

// measureDecimals are the decimals of a bias measure.
func measureDecimals(measure string) int {
	if measure == analysis.MeasureRStd {
		return 2
	}
	return 3
}

// LeastBiasedSentence is the plain sentence naming the condition in which
// the judge is least biased and by how much, with the interval of the
// difference; saysNothing is true when the comparison says nothing (the
// interval does not lie above 0, or there is none), and the sentence then
// says so instead of naming a winner. Labels are user strings: a surface
// sanitises the sentence as it lays it out.
func LeastBiasedSentence(c *analysis.Conditions) (sentence string, saysNothing bool) {
	if c.Least == nil {
		return "No condition can be named least biased: " + c.Reason + ".", true
	}
	lb := c.Least
	m, dec := MeasureTitle(c.Measure), measureDecimals(c.Measure)
	best, next := c.Labels[lb.Best], c.Labels[lb.Next]
	vals := fmt.Sprintf("%s %s in %s, %s in %s, over the %s both share", m, Minus(lb.BestValue, dec), best,
		Minus(lb.NextValue, dec), next, vocab.Plural(lb.Shared, "item"))
	if lb.Diff.CI == nil {
		return fmt.Sprintf("No condition is clearly least biased: %s (a difference of %s, no interval: %s).",
			vals, Signed(lb.Diff.Estimate, dec), lb.Diff.Reason), true
	}
	ci := fmt.Sprintf("[%s, %s]", Signed(lb.Diff.CI.Lower, dec), Signed(lb.Diff.CI.Upper, dec))
	if !lb.Clear {
		return fmt.Sprintf("No condition is clearly least biased: %s; the difference, %s %s, is within noise (its interval contains 0).",
			vals, Signed(lb.Diff.Estimate, dec), ci), true
	}
	return fmt.Sprintf("%s is least biased in %s: %s lower by %s %s than in %s, the next least biased (%s; %d%% paired item bootstrap interval).",
		c.Judge, best, biasWord(c.Measure), Minus(lb.Diff.Estimate, dec), ci, next, vals, int(math.Round(analysis.BootLevel*100))), false
}

// biasWord names what "lower" is of a measure in the sentence.
func biasWord(measure string) string {
	if measure == analysis.MeasureRStd {
		return "its RStd is"
	}
	return "its disagreement across arrangements (1 − κ) is"
}
