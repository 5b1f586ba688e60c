package report

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/present"
)

// Conditions is the Conditions view of one judge judged in several
// conditions (report JSON "conditions"; docs/report-json.md). The values
// of each condition are its judge's (judges[variant].selection): a
// condition is a judge of its own, never pooled with another.
type Conditions struct {
	// Judge is the judge as the log names it.
	Judge string `json:"judge"`
	// Conditions lists its conditions: the judge name each is analysed
	// under (a key of judges), its label, its condition object and its
	// pair items.
	Conditions []DocCondition `json:"conditions"`
	// SharedItems counts the items judged in every condition.
	SharedItems int `json:"shared_items"`
	// Across holds per method and metric (fleiss_kappa, icc2k, rstd,
	// accuracy_mean) the mean and spread over the conditions; null where
	// the method has the metric in no condition.
	Across map[string]map[string]*DocSpread `json:"across"`
	// Measure is the bias measure the ranking uses ("rstd" or
	// "fleiss_kappa"); Rank the conditions' judge names from least to
	// most biased by it.
	Measure string   `json:"measure"`
	Rank    []string `json:"rank"`
	// LeastBiased compares the two least biased conditions (null when it
	// cannot: Reason).
	LeastBiased *DocLeastBiased `json:"least_biased"`
	Reason      string          `json:"reason,omitempty"`
	// Sentence says it in words; SaysNothing is true when it names no
	// least biased condition (the difference is within noise or has no
	// interval).
	Sentence    string `json:"sentence"`
	SaysNothing bool   `json:"says_nothing"`

	md conditionsMarkdown
}

// conditionsMarkdown is what only the Markdown shows: present's rows.
type conditionsMarkdown struct {
	rows   []present.ConditionRow
	across []present.AcrossRow
}

// DocCondition is one condition of a Conditions view.
type DocCondition struct {
	Judge     string          `json:"judge"`
	Label     string          `json:"label"`
	Condition json.RawMessage `json:"condition"`
	Items     int             `json:"items"`
}

// DocSpread is a metric's mean, population sd, least and greatest over n
// conditions.
type DocSpread struct {
	N    int     `json:"n"`
	Mean float64 `json:"mean"`
	SD   float64 `json:"sd"`
	Min  float64 `json:"min"`
	Max  float64 `json:"max"`
}

// DocLeastBiased is the comparison of the least biased condition with the
// next: the measure in each over the items both share, and the difference
// (how much less biased the first is) with its paired item bootstrap
// interval (null with ci_reason when there is none). Clear is true when
// the interval lies above 0.
type DocLeastBiased struct {
	Best        string      `json:"best"`
	Next        string      `json:"next"`
	BestValue   float64     `json:"best_value"`
	NextValue   float64     `json:"next_value"`
	Difference  float64     `json:"difference"`
	CI95        *[2]float64 `json:"ci95"`
	CIReason    string      `json:"ci_reason,omitempty"`
	SharedItems int         `json:"shared_items"`
	Clear       bool        `json:"clear"`
}

// buildConditions converts the analysis's Conditions views.
func buildConditions(an *analysis.Analysis) []Conditions {
	var out []Conditions
	for i := range an.Conditions {
		c := &an.Conditions[i]
		dc := Conditions{Judge: c.Judge, SharedItems: c.Shared, Measure: c.Measure, Reason: c.Reason,
			Rank: []string{}, Across: map[string]map[string]*DocSpread{}}
		for k, v := range c.Variants {
			dc.Conditions = append(dc.Conditions, DocCondition{Judge: v, Label: c.Labels[k], Condition: c.Conditions[k], Items: c.Items[k]})
		}
		for _, k := range c.Rank {
			dc.Rank = append(dc.Rank, c.Variants[k])
		}
		for _, ms := range c.Across {
			m := map[string]*DocSpread{}
			for key, s := range ms.Metrics {
				if s.N > 0 {
					m[key] = &DocSpread{N: s.N, Mean: s.Mean, SD: s.SD, Min: s.Min, Max: s.Max}
				} else {
					m[key] = nil
				}
			}
			dc.Across[ms.Method] = m
		}
		if lb := c.Least; lb != nil {
			dc.LeastBiased = &DocLeastBiased{Best: c.Variants[lb.Best], Next: c.Variants[lb.Next],
				BestValue: lb.BestValue, NextValue: lb.NextValue, Difference: lb.Diff.Estimate,
				CIReason: lb.Diff.Reason, SharedItems: lb.Shared, Clear: lb.Clear}
			if lb.Diff.CI != nil {
				dc.LeastBiased.CI95 = &[2]float64{lb.Diff.CI.Lower, lb.Diff.CI.Upper}
			}
		}
		dc.Sentence, dc.SaysNothing = present.LeastBiasedSentence(c)
		dc.md = conditionsMarkdown{rows: present.ConditionRows(c, an.Judges), across: present.AcrossRows(c)}
		out = append(out, dc)
	}
	return out
}

// writeConditions writes each Conditions view: the sentence, the methods
// across conditions and, per condition and method, the values with their
// intervals.
func writeConditions(b *strings.Builder, d *Doc) {
	for i := range d.Conditions {
		c := &d.Conditions[i]
		fmt.Fprintf(b, "\n## Conditions: judge %s\n\n", md(c.Judge))
		fmt.Fprintf(b, "%s judged in %s (%d items in every one); each condition is analysed as a judge of its own, never pooled.\n\n",
			md(c.Judge), pluralConditions(len(c.Conditions)), c.SharedItems)
		mark := ""
		if c.SaysNothing {
			mark = " (says nothing)"
		}
		fmt.Fprintf(b, "**Least biased%s.** %s\n", mark, mdMsg(c.Sentence))
		cols := present.ConditionColumns()
		if len(c.md.across) > 0 {
			b.WriteString("\nEach method across the conditions (mean ± sd (least–greatest, conditions)):\n\n| method |")
			for _, col := range cols {
				b.WriteString(" " + col.Title + " |")
			}
			b.WriteString("\n|---|" + strings.Repeat("---:|", len(cols)) + "\n")
			for _, r := range c.md.across {
				fmt.Fprintf(b, "| %s | %s |\n", r.Title, strings.Join(r.Cells, " | "))
			}
		}
		if len(c.md.rows) > 0 {
			b.WriteString("\nPer condition and method, over every item" + intervalsNote(c.md.rows) + ":\n\n| condition | method |")
			for _, col := range cols {
				b.WriteString(" " + col.Title + " |")
			}
			b.WriteString("\n|---|---|" + strings.Repeat("---:|", len(cols)) + "\n")
			for _, r := range c.md.rows {
				fmt.Fprintf(b, "| %s | %s |", md(r.Condition), r.Title)
				for k, v := range r.Values {
					cell := v
					if iv := r.Intervals[k]; iv.Lo != "" {
						cell += " " + iv.Text()
					}
					b.WriteString(" " + cell + " |")
				}
				b.WriteString("\n")
			}
		}
	}
}

// pluralConditions is "N conditions".
func pluralConditions(n int) string {
	if n == 1 {
		return "1 condition"
	}
	return fmt.Sprintf("%d conditions", n)
}

// csvConditionsRows are the Conditions views' rows (section "conditions"):
// per condition its rank by the bias measure (judge: the condition's
// judge name; note: its label), per method and metric the mean, sd, min
// and max across conditions (judge: the log's judge), and the least
// biased condition's difference with its interval (note: the sentence).
func csvConditionsRows(d *Doc) []csvRow {
	var rows []csvRow
	for i := range d.Conditions {
		c := &d.Conditions[i]
		for k, v := range c.Rank {
			rank := float64(k + 1)
			rows = append(rows, csvRow{section: "conditions", judge: v, method: "raw", metric: c.Measure + "_rank", value: &rank, note: "condition: " + labelOf(c, v)})
		}
		for _, name := range selection.MethodNames() {
			for _, key := range analysis.ConditionMetrics {
				s := c.Across[name][key]
				if s == nil {
					continue
				}
				n := s.N
				for _, st := range []struct {
					what string
					v    float64
				}{{"mean", s.Mean}, {"sd", s.SD}, {"min", s.Min}, {"max", s.Max}} {
					v := st.v
					rows = append(rows, csvRow{section: "conditions", judge: c.Judge, method: name, metric: key + "_" + st.what, value: &v, n: &n})
				}
			}
		}
		r := csvRow{section: "conditions", judge: c.Judge, method: "raw", metric: c.Measure + "_least_biased_difference", note: c.Sentence}
		if lb := c.LeastBiased; lb != nil {
			v, n := lb.Difference, lb.SharedItems
			r.value, r.n = &v, &n
			if lb.CI95 != nil {
				lo, hi := lb.CI95[0], lb.CI95[1]
				r.ciLow, r.ciHigh = &lo, &hi
			}
		}
		rows = append(rows, r)
	}
	return rows
}

// labelOf is the label of a condition's judge name.
func labelOf(c *Conditions, judge string) string {
	for _, dc := range c.Conditions {
		if dc.Judge == judge {
			return dc.Label
		}
	}
	return ""
}

// intervalsNote says what the brackets of the per-condition table are,
// when any cell has one.
func intervalsNote(rows []present.ConditionRow) string {
	for _, r := range rows {
		for _, iv := range r.Intervals {
			if iv.Lo != "" {
				return " (in brackets, each condition's 95% paired item bootstrap interval)"
			}
		}
	}
	return ""
}
