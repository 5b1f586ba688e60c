package tui

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/present"
)

// conditionsLines is the Selection pane's Conditions sub-view, drawn under
// the methods table when the judge on screen is a judge in one of several
// conditions: the sentence naming the condition in which the judge is
// least biased, each method across the conditions and, per condition, the
// methods' κ, ICC(2,k), RStd and accuracy (present's rows, as the
// Markdown's). It comes with the comparison of every judge (the Overview's,
// computed in the background); nil for a judge without conditions.
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
	for _, r := range present.ConditionRows(view, judges) {
		rows = append(rows, append([]string{clean(r.Condition) + " · " + r.Title}, r.Values...))
	}
	out = append(out, "")
	out = append(out, indent(p.cols.fit(st, head, rows, prioOf(head, methodsPrio), w-1), " ")...)
	out = append(out, wrap(fmt.Sprintf("%s, %d shared by every condition; values over every item without intervals here (plumb report has them)",
		strings.Join(itemCounts(view), ", "), view.Shared), w, " ")...)
	return out
}

// itemCounts are "label: N items" per condition.
func itemCounts(c *analysis.Conditions) []string {
	var out []string
	for i, l := range c.Labels {
		out = append(out, l+": "+vocab.Plural(c.Items[i], "item"))
	}
	return out
}
