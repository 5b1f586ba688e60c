package report

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/present"
)

// Summary returns one row per judge, in the report's order.
func Summary(an *analysis.Analysis) []present.SummaryRow {
	rows := make([]present.SummaryRow, 0, len(an.Judges))
	for i := range an.Judges {
		rows = append(rows, present.SummaryOf(&an.Judges[i]))
	}
	return rows
}

// writeSummary writes the cross-judge table of the document's summary
// rows when there are two judges or more, before the per-judge sections.
func writeSummary(b *strings.Builder, d *Doc) {
	if len(d.md.judges) < 2 {
		return
	}
	rows := d.Summary
	bias := false
	for _, r := range rows {
		bias = bias || r.BiasScore != nil
	}
	fmt.Fprintf(b, "\n## Judges at a glance\n\nConsistency, first-position rate and accuracy are the raw pair judgments'; "+
		"the verdict rate is the %s %s and the %s %s with its %g%% interval, of the target each row names (what z = 1 means)",
		vocab.NaiveRate, vocab.NaiveRateSym, vocab.CorrectedRate, vocab.CorrectedRateSym, 100*(1-alphaOf(d.Options.Alpha)))
	if bias {
		b.WriteString("; BiasScore is the likelihood bias over all criteria (total, micro)")
	}
	b.WriteString(". — where a judge has no such result.\n\n")
	b.WriteString("| judge | pair items | consistency | first-pos. rate | acc. (mean) | target | naive p̂ | corrected θ̂ [CI] |")
	sep := "|---|---:|---:|---:|---:|---|---:|---|"
	if bias {
		b.WriteString(" BiasScore |")
		sep += "---:|"
	}
	b.WriteString("\n" + sep + "\n")
	var arbitrary []string
	for k := range rows {
		r := &rows[k]
		c := r.Cells()
		if r.Arbitrary() {
			arbitrary = append(arbitrary, md(r.Judge))
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s | %s | %s |", md(r.Judge), c.Items, c.Consistency,
			c.FirstPositionRate, c.Accuracy, c.Target, c.PHat, c.Theta)
		if bias {
			fmt.Fprintf(b, " %s |", c.BiasScore)
		}
		b.WriteString("\n")
	}
	if len(arbitrary) > 0 {
		fmt.Fprintf(b, "\n— (order): not shown for %s, whose pair records' response order is arbitrary, so %s describes how the log "+
			"ordered its pairs, not a model (the judge's section has the numbers, as a check of the correction).\n",
			strings.Join(arbitrary, ", "), vocab.TargetPair)
	}
}

// alphaOf is the reporting α a report ran with: alpha, or the default
// when it is 0.
func alphaOf(alpha float64) float64 {
	if alpha > 0 {
		return alpha
	}
	return reporting.DefaultAlpha
}
