package report

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// SummaryDecimals is how many decimals a summary row's numbers are printed
// with, in the Markdown table and in the TUI's comparison.
const SummaryDecimals = 3

// SummaryRow is one judge's headline numbers: a row of the cross-judge
// table at the top of the report (Markdown, with two judges or more), of
// the JSON "summary" and of the TUI Overview's comparison. A number is null
// when the judge has no such result.
type SummaryRow struct {
	Judge string `json:"judge"`
	// Items is the number of pair items of the selection-bias analysis.
	Items int `json:"items"`
	// Consistency, FirstPositionRate and Accuracy (accuracy_mean) are the
	// raw judgments' selection-bias metrics.
	Consistency       *float64 `json:"consistency"`
	FirstPositionRate *float64 `json:"first_position_rate"`
	Accuracy          *float64 `json:"accuracy_mean"`
	// Target is the verdict-rate target; PHat the naive rate, ThetaHat the
	// corrected one with its interval ThetaCI.
	Target   string      `json:"target"`
	PHat     *float64    `json:"p_hat"`
	ThetaHat *float64    `json:"theta_hat"`
	ThetaCI  *[2]float64 `json:"theta_ci"`
	// BiasScore is the likelihood-bias BiasScore of "total (micro)".
	BiasScore *float64 `json:"bias_score"`

	// reported says the judge has a verdict-rate analysis; uninformative
	// that its interval says nothing; arbitrary that its pair records'
	// response order is arbitrary, so its rates are not headlined.
	reported, uninformative, arbitrary bool
}

// SummaryCells are a summary row's cells as every surface prints them:
// numbers to SummaryDecimals decimals, "—" where there is none, θ̂ with its
// interval, and "— (order)" for the rates of a judge whose response order
// is arbitrary. The judge's name is left to each surface to escape.
type SummaryCells struct {
	Items, Consistency, FirstPositionRate, Accuracy string
	Target, PHat, Theta, BiasScore                  string
}

// Summary returns one row per judge, in the report's order.
func Summary(an *Analysis) []SummaryRow {
	rows := make([]SummaryRow, 0, len(an.Judges))
	for i := range an.Judges {
		rows = append(rows, SummaryOf(&an.Judges[i]))
	}
	return rows
}

// SummaryOf is the summary row of one judge's analysis.
func SummaryOf(ja *JudgeAnalysis) SummaryRow {
	r := SummaryRow{Judge: ja.Judge}
	if sel := ja.Selection; sel != nil {
		r.Items = sel.N
		if raw := sel.Method(selection.MethodRaw); raw != nil && raw.Available {
			r.Consistency = value(raw.All.Consistency)
			r.FirstPositionRate = value(raw.All.FirstPositionRate)
			r.Accuracy = value(raw.All.AccuracyMean)
		}
	}
	if rep := ja.Reporting; rep != nil {
		r.Target = ja.Target
		r.PHat = value(rep.PHat)
		r.ThetaHat = value(rep.ThetaHat)
		if rep.ThetaHat.OK() && rep.ThetaHat.CI != nil {
			r.ThetaCI = &[2]float64{rep.ThetaHat.CI.Lower, rep.ThetaHat.CI.Upper}
		}
		r.reported, r.uninformative, r.arbitrary = true, rep.Uninformative != "", ja.ArbitraryOrder != ""
	}
	if l := ja.Likelihood; l != nil {
		r.BiasScore = value(l.Total.BiasScore)
	}
	return r
}

// Arbitrary reports whether the row's rates are not headlined because the
// judge's pair records' response order is arbitrary.
func (r *SummaryRow) Arbitrary() bool { return r.arbitrary }

// Cells returns the row's cells.
func (r *SummaryRow) Cells() SummaryCells {
	num := func(v *float64) string {
		if v == nil {
			return "—"
		}
		return fmt.Sprintf("%.*f", SummaryDecimals, *v)
	}
	c := SummaryCells{Items: fmt.Sprint(r.Items), Consistency: num(r.Consistency), FirstPositionRate: num(r.FirstPositionRate),
		Accuracy: num(r.Accuracy), Target: "—", PHat: num(r.PHat), Theta: num(r.ThetaHat), BiasScore: num(r.BiasScore)}
	if r.ThetaCI != nil {
		c.Theta += fmt.Sprintf(" [%.*f, %.*f]", SummaryDecimals, r.ThetaCI[0], SummaryDecimals, r.ThetaCI[1])
	}
	if r.reported {
		c.Target = TargetName(r.Target)
		if r.uninformative {
			c.Theta += " (" + vocab.Uninformative + ")"
		}
	}
	if r.arbitrary {
		// Not a headline number: the judge's section says why.
		c.PHat, c.Theta = "— (order)", "— (order)"
	}
	return c
}

// writeSummary writes the cross-judge table when there are two judges or
// more, before the per-judge sections.
func writeSummary(b *strings.Builder, an *Analysis) {
	if len(an.Judges) < 2 {
		return
	}
	rows := Summary(an)
	bias := false
	for _, r := range rows {
		bias = bias || r.BiasScore != nil
	}
	fmt.Fprintf(b, "\n## Judges at a glance\n\nConsistency, first-position rate and accuracy are the raw pair judgments'; "+
		"the verdict rate is the %s %s and the %s %s with its %g%% interval, of the target each row names (what z = 1 means)",
		vocab.NaiveRate, vocab.NaiveRateSym, vocab.CorrectedRate, vocab.CorrectedRateSym, 100*(1-alphaOf(an)))
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

// alphaOf is the reporting α the analysis ran with (0 means the default).
func alphaOf(an *Analysis) float64 {
	if a := an.Options.Reporting.Alpha; a > 0 {
		return a
	}
	return reporting.DefaultAlpha
}
