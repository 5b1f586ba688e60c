package report

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/selection"
)

// changeMark is the mark of a change from raw in the methods table: " ▲"
// (better) or " ▼" (worse) when its bootstrap interval excludes 0, " ="
// when it contains 0 (within noise), and nothing when there are no
// intervals.
func changeMark(iv *selection.Intervals, method string, c Column, raw, v float64) string {
	if iv == nil {
		return ""
	}
	mi := iv.Method(method)
	if mi == nil {
		return ""
	}
	d, ok := mi.Delta[BootKey(c)]
	if !ok {
		return ""
	}
	switch IntervalChange(c.Better, d, raw, v) {
	case +1:
		return " ▲"
	case -1:
		return " ▼"
	}
	return " ="
}

// IntervalsText describes a judge's bootstrap intervals in a phrase, e.g.
// "95% paired item bootstrap percentile intervals, 1000 resamples (seed 1),
// CalibraEval re-fitted per resample"; "" when iv is nil.
func IntervalsText(iv *selection.Intervals) string {
	if iv == nil || iv.Options.Resamples == 0 {
		return ""
	}
	o := iv.Options
	fit := "CalibraEval's fit and Pride's prior held fixed"
	if o.Refit {
		fit = "CalibraEval re-fitted and Pride's prior re-estimated per resample"
	}
	kind := "percentile"
	if o.Kind == bootstrap.BCa {
		kind = "BCa"
	}
	return fmt.Sprintf("%g%% paired item bootstrap %s intervals, %d resamples (seed %d), %s",
		100*o.Level, kind, o.Resamples, o.Seed, fit)
}

// writeIntervals writes the bootstrap intervals of the methods table: a
// sentence saying how they were made, then the intervals of the values
// and of the changes from raw.
func writeIntervals(b *strings.Builder, ja *JudgeAnalysis) {
	iv := ja.Intervals
	if iv == nil {
		if ja.IntervalsReason != "" {
			fmt.Fprintf(b, "No bootstrap intervals: %s.\n", mdMsg(strings.TrimSuffix(ja.IntervalsReason, ".")))
		}
		return
	}
	if iv.Options.Resamples == 0 {
		for _, n := range iv.Notes {
			fmt.Fprintf(b, "Bootstrap note: %s.\n", mdMsg(strings.TrimSuffix(n, ".")))
		}
		return
	}
	fmt.Fprintf(b, "Marks: ▲/▼ the change's interval excludes 0 (better/worse); = within noise (its interval contains 0). "+
		"Intervals: %s; resampling unit: the item (all its arrangements move together, every method on the same resample).\n",
		IntervalsText(iv))
	sel := ja.Selection
	table := func(title string, delta bool, get func(mi *selection.MethodIntervals) map[string]bootstrap.Interval) {
		fmt.Fprintf(b, "\n%s\n\n| method |", title)
		for _, c := range selectionColumns {
			b.WriteString(" " + c.Title + " |")
		}
		b.WriteString("\n|---|")
		for range selectionColumns {
			b.WriteString("---:|")
		}
		b.WriteString("\n")
		for i := range sel.Methods {
			mi := iv.Method(sel.Methods[i].Name)
			if mi == nil || get(mi) == nil {
				continue
			}
			fmt.Fprintf(b, "| %s |", methodTitles[mi.Name])
			for _, c := range selectionColumns {
				cell := "—"
				if x, ok := get(mi)[BootKey(c)]; ok && x.CI != nil {
					cell = fmt.Sprintf("[%s, %s]", signedIf(x.CI.Lower, c.Decimals, delta), signedIf(x.CI.Upper, c.Decimals, delta))
				}
				b.WriteString(" " + cell + " |")
			}
			b.WriteString("\n")
		}
	}
	table("Intervals of the values (all items):", false, func(mi *selection.MethodIntervals) map[string]bootstrap.Interval { return mi.Value })
	table("Intervals of the change from raw (all items):", true, func(mi *selection.MethodIntervals) map[string]bootstrap.Interval { return mi.Delta })
	if len(iv.Notes) > 0 {
		b.WriteString("\n")
	}
	for _, n := range iv.Notes {
		fmt.Fprintf(b, "Bootstrap note: %s.\n", mdMsg(strings.TrimSuffix(n, ".")))
	}
}

// signedIf formats x with a sign (a change) or plainly (a value).
func signedIf(x float64, dec int, sign bool) string {
	if sign {
		return signed(x, dec)
	}
	return strings.Replace(fmt.Sprintf("%.*f", dec, x), "-", "−", 1)
}

// biasCIText is BiasScore's bootstrap interval, " [lo, hi]", or "".
func biasCIText(r *likelihood.BiasResult) string {
	if !r.BiasScore.OK() || r.BiasScore.CI == nil {
		return ""
	}
	return fmt.Sprintf(" [%s, %s]", signedIf(r.BiasScore.CI.Lower, 3, false), signedIf(r.BiasScore.CI.Upper, 3, false))
}

// pSEText is the permutation p-value's Monte Carlo standard error, " ±
// se", or "".
func pSEText(r *likelihood.BiasResult) string {
	if !r.PValue.OK() || !r.PValueSE.OK() {
		return ""
	}
	return fmt.Sprintf(" ± %.2g", r.PValueSE.Value)
}

// writeBiasBootText says what BiasScore's brackets and the p-value's ±
// are, when any result has them.
func writeBiasBootText(b *strings.Builder, l *likelihood.Analysis) {
	ci, se := false, false
	for _, r := range append(append([]likelihood.BiasResult{}, l.Criteria...), l.Total) {
		ci = ci || biasCIText(&r) != ""
		se = se || pSEText(&r) != ""
	}
	if ci {
		b.WriteString("BiasScore in brackets: its 95% bootstrap interval over items (S_m and S_h re-normalised on each resample).\n")
	}
	if se {
		b.WriteString("p-value ± its Monte Carlo standard error (from the number of permutations).\n")
	}
}
