package present

import (
	"fmt"

	"github.com/plumb-eval/plumb/analysis"
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

// SummaryOf is the summary row of one judge's analysis.
func SummaryOf(ja *analysis.JudgeAnalysis) SummaryRow {
	r := SummaryRow{Judge: ja.Judge}
	if sel := ja.Selection; sel != nil {
		r.Items = sel.N
		if raw := sel.Method(selection.MethodRaw); raw != nil && raw.Available {
			r.Consistency = Value(raw.All.Consistency)
			r.FirstPositionRate = Value(raw.All.FirstPositionRate)
			r.Accuracy = Value(raw.All.AccuracyMean)
		}
	}
	if rep := ja.Reporting; rep != nil {
		r.Target = ja.Target
		r.PHat = Value(rep.PHat)
		r.ThetaHat = Value(rep.ThetaHat)
		if rep.ThetaHat.OK() && rep.ThetaHat.CI != nil {
			r.ThetaCI = &[2]float64{rep.ThetaHat.CI.Lower, rep.ThetaHat.CI.Upper}
		}
		r.reported, r.uninformative, r.arbitrary = true, rep.Uninformative != "", ja.ArbitraryOrder != ""
	}
	if l := ja.Likelihood; l != nil {
		r.BiasScore = Value(l.Total.BiasScore)
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
