package tui

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/present"
)

// conditionsLines is the Selection pane's Conditions sub-view, drawn under
// the methods table when the judge on screen is a judge in one of several
// conditions: the sentence naming the condition in which the judge is
// least biased, each method across the conditions and, per condition, the
// methods' κ, ICC(2,k), RStd and accuracy with their bootstrap intervals
// (present's rows, as the Markdown's). It comes with the comparison of
// every judge (the Overview's, computed in the background), and the
// intervals follow it (conditions_boot.go); nil for a judge without
// conditions.
func (p *selectionPane) conditionsLines(w int) []string {
	c := p.c
	v, ok := c.eng.Variant(c.judgeName())
	if !ok || len(c.eng.VariantsOf(v.Judge)) < 2 {
		return nil
	}
	st := &c.st
	out := []string{""}
	out = append(out, st.heading("Conditions — judge "+v.Judge, "each condition is a judge of its own, never pooled", w)...)
	var view *analysis.Conditions
	var judges []analysis.JudgeAnalysis
	if c.compared.ok {
		conds, js, ok := c.compared.eng.CachedConditions(c.compared.opt)
		if ok {
			judges = js
			for i := range conds {
				if conds[i].Judge == v.Judge {
					view = &conds[i]
				}
			}
		}
	}
	if view == nil {
		return append(out, st.Computing.Render(" analysing every condition of "+clean(v.Judge)+"…"))
	}
	sentence, nothing := present.LeastBiasedSentence(view)
	if nothing {
		sentence = "(says nothing) " + sentence
	}
	out = append(out, wrap(sentence, w, " ")...)
	cols := present.ConditionColumns()
	head := []string{"across conditions"}
	for _, col := range cols {
		head = append(head, col.Title)
	}
	var rows [][]string
	for _, r := range present.AcrossRows(view) {
		rows = append(rows, append([]string{r.Title}, r.Cells...))
	}
	out = append(out, "", st.Faint.Render(" mean ± sd (least–greatest, conditions)"))
	out = append(out, indent(p.cols.fit(st, head, rows, prioOf(head, methodsPrio), w-1), " ")...)
	head[0] = "condition · method"
	rows = rows[:0]
	judges, ivs := c.conditionJudges(judges)
	crs := present.ConditionRows(view, judges)
	for _, r := range crs {
		rows = append(rows, append([]string{clean(r.Condition) + " · " + r.Title}, conditionCells(r)...))
	}
	out = append(out, "")
	out = append(out, indent(p.cols.fit(st, head, rows, prioOf(head, methodsPrio), w-1), " ")...)
	out = append(out, wrap(fmt.Sprintf("%s, %d shared by every condition; values over every item%s",
		strings.Join(itemCounts(view), ", "), view.Shared, c.conditionsIntervalsNote(crs, judges, ivs)), w, " ")...)
	if c.condBoot.running {
		out = append(out, st.Computing.Render(condBootCaption(c.condBoot.done, c.condBoot.total)))
	}
	return out
}

// conditionCells are a condition row's cells: each value with its
// bootstrap interval beside it when it has one (as the Markdown's).
func conditionCells(r present.ConditionRow) []string {
	out := make([]string, len(r.Values))
	for k, v := range r.Values {
		out[k] = v
		if iv := r.Intervals[k]; iv.Lo != "" {
			out[k] += " " + iv.Text()
		}
	}
	return out
}

// conditionsIntervalsNote says what the rows' brackets are, or why there
// are none: the bootstrap running, off, failed or skipped (its notes).
func (c *common) conditionsIntervalsNote(rows []present.ConditionRow, judges []analysis.JudgeAnalysis, ivs bool) string {
	for _, r := range rows {
		for _, iv := range r.Intervals {
			if iv.Lo != "" {
				return fmt.Sprintf(" (in brackets, each condition's %d%% paired item bootstrap interval)", int(math.Round(analysis.BootLevel*100)))
			}
		}
	}
	switch {
	case c.condBoot.running:
		return "; their intervals are being computed"
	case c.condBoot.err != nil:
		return "; no intervals: " + c.condBoot.err.Error()
	case c.compared.opt.Bootstrap.Resamples <= 0:
		return "; no intervals: the bootstrap is off (--bootstrap 0)"
	case !ivs:
		return ""
	}
	for i := range judges {
		if ja := &judges[i]; slices.ContainsFunc(rows, func(r present.ConditionRow) bool { return r.Variant == ja.Judge }) {
			if ja.IntervalsReason != "" {
				return "; no intervals: " + ja.IntervalsReason
			}
			if ja.Intervals != nil && len(ja.Intervals.Notes) > 0 {
				return "; no intervals: " + ja.Intervals.Notes[0]
			}
		}
	}
	return "; no intervals"
}

// itemCounts are "label: N items" per condition.
func itemCounts(c *analysis.Conditions) []string {
	var out []string
	for i, l := range c.Labels {
		out = append(out, l+": "+vocab.Plural(c.Items[i], "item"))
	}
	return out
}
