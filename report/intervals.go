package report

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/present"
)

// DocBootstrap describes a bootstrap in the report JSON.
type DocBootstrap struct {
	// Resamples is B (0 = no bootstrap).
	Resamples int     `json:"resamples"`
	Kind      string  `json:"kind"`
	Level     float64 `json:"level"`
	// Refit is "refit" (CalibraEval re-fitted per resample), "fixed" (the
	// full-data fit held fixed) or, in options, "auto" (the rule of
	// README, "Intervals").
	Refit string `json:"refit"`
	// Unit is the resampling unit: "item" (every arrangement of a pair
	// item moves with it; every method is evaluated on the same resample).
	Unit  string   `json:"unit"`
	Seed  uint64   `json:"seed"`
	Notes []string `json:"notes"`
}

// docBootstrap is the bootstrap the options ask for.
func docBootstrap(opt analysis.Options) DocBootstrap {
	bo := opt.Bootstrap
	return DocBootstrap{Resamples: max(0, bo.Resamples), Kind: bo.Kind.String(), Level: analysis.BootLevel, Refit: bo.Refit.String(),
		Unit: "item", Seed: opt.Selection.Seed, Notes: []string{}}
}

// addIntervals puts a judge's bootstrap intervals next to the values of
// each method's all-items metrics.
func addIntervals(out *Selection, ja *analysis.JudgeAnalysis) {
	iv := ja.Intervals
	if iv == nil {
		if ja.IntervalsReason != "" {
			out.Notes = append(out.Notes, "bootstrap: "+ja.IntervalsReason)
		}
		return
	}
	o := iv.Options
	refit := "fixed"
	if o.Refit {
		refit = "refit"
	}
	out.Bootstrap = &DocBootstrap{Resamples: o.Resamples, Kind: o.Kind.String(), Level: o.Level, Refit: refit,
		Unit: "item", Seed: o.Seed, Notes: nonNil(iv.Notes)}
	sel := ja.Selection
	raw := sel.Method(selection.MethodRaw)
	for _, mi := range iv.Methods {
		m := out.Methods[mi.Name]
		mr := sel.Method(mi.Name)
		if m == nil || mr == nil {
			continue
		}
		m.ChangeFitFixed = iv.FitFixed(mi.Name)
		for _, c := range present.SelectionColumns() {
			k := present.BootKey(c)
			if b, ok := mi.Value[k]; ok && b.CI != nil {
				m.CI95[k] = [2]float64{b.CI.Lower, b.CI.Upper}
			} else if ok {
				m.Notes = append(m.Notes, k+": no bootstrap interval — "+b.Reason)
			}
			d, ok := mi.Delta[k]
			if !ok || raw == nil {
				continue
			}
			if d.CI != nil {
				m.DeltaCI95[k] = [2]float64{d.CI.Lower, d.CI.Upper}
			} else {
				m.Notes = append(m.Notes, k+": no bootstrap interval of the change — "+d.Reason)
			}
			if r, v := c.Get(&raw.All), c.Get(&mr.All); r.OK() && v.OK() && r.Flag == "" && v.Flag == "" && present.HasInterval(d) {
				m.Change[k] = present.ChangeWord(present.IntervalChange(c.Better, d, r.Value, v.Value))
			}
		}
	}
}

// intervalsMarkdown is the Markdown of the methods table's bootstrap
// intervals (writeIntervals). The document holds it built
// (Selection.md.intervals), so the Markdown writer reads no analysis.
func intervalsMarkdown(ja *analysis.JudgeAnalysis) string {
	var b strings.Builder
	writeIntervals(&b, ja)
	return b.String()
}

// writeIntervals writes the bootstrap intervals of the methods table: a
// sentence saying how they were made, then the intervals of the values
// and of the changes from raw.
func writeIntervals(b *strings.Builder, ja *analysis.JudgeAnalysis) {
	iv := ja.Intervals
	if iv == nil {
		if ja.IntervalsReason != "" {
			fmt.Fprintf(b, "No bootstrap intervals: %s.\n", mdClause(ja.IntervalsReason))
		}
		return
	}
	if iv.Options.Resamples == 0 {
		for _, n := range iv.Notes {
			fmt.Fprintf(b, "Bootstrap note: %s.\n", mdClause(n))
		}
		return
	}
	sel := ja.Selection
	noMark := present.NoIntervalNotes(sel, iv)
	fmt.Fprintf(b, "Marks: %s/%s the change's interval excludes 0 (%s/%s); %s %s (its interval contains 0)",
		vocab.BetterSym, vocab.WorseSym, vocab.Better, vocab.Worse, vocab.WithinNoiseSym, vocab.WithinNoise)
	if len(noMark) > 0 {
		fmt.Fprintf(b, "; no mark: %s (the notes below say why)", vocab.NoInterval)
	}
	if l := present.FixedFitLegend(iv); l != "" {
		fmt.Fprintf(b, "; %s", l)
	}
	fmt.Fprintf(b, ". Intervals: %s; resampling unit: the item (all its arrangements move together, every method on the same resample).\n",
		present.IntervalsText(iv))
	table := func(title string, delta bool, get func(mi *selection.MethodIntervals) map[string]bootstrap.Interval) {
		fmt.Fprintf(b, "\n%s\n\n", title)
		writeTableHead(b, []string{"method"}, present.SelectionTitles())
		for i := range sel.Methods {
			mi := iv.Method(sel.Methods[i].Name)
			if mi == nil || get(mi) == nil {
				continue
			}
			fmt.Fprintf(b, "| %s |", present.MethodTitle(mi.Name))
			for _, c := range present.SelectionColumns() {
				cell := "—"
				if x, ok := get(mi)[present.BootKey(c)]; ok && x.CI != nil {
					dec := c.Decimals
					if delta {
						dec = present.ChangeDecimals(x, x.Estimate, dec)
					}
					cell = fmt.Sprintf("[%s, %s]", present.SignedIf(x.CI.Lower, dec, delta), present.SignedIf(x.CI.Upper, dec, delta))
				}
				b.WriteString(" " + cell + " |")
			}
			b.WriteString("\n")
		}
	}
	table("Intervals of the values (all items):", false, func(mi *selection.MethodIntervals) map[string]bootstrap.Interval { return mi.Value })
	table("Intervals of the change from raw (all items):", true, func(mi *selection.MethodIntervals) map[string]bootstrap.Interval { return mi.Delta })
	if len(iv.Notes)+len(noMark) > 0 {
		b.WriteString("\n")
	}
	for _, n := range iv.Notes {
		fmt.Fprintf(b, "Bootstrap note: %s.\n", mdClause(n))
	}
	for _, n := range noMark {
		fmt.Fprintf(b, "Bootstrap note: %s.\n", mdClause(n))
	}
}
