package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/analysis"
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
			mark, ok := present.MarkInterval(iv, mi.Name, c)
			if c.Better == 0 && ok {
				if mark.CI != nil {
					m.DistanceDeltaCI95[k] = [2]float64{mark.CI.Lower, mark.CI.Upper}
				} else {
					m.Notes = append(m.Notes, k+": no bootstrap interval of the change in the distance from 0.5 — "+mark.Reason)
				}
			}
			if r, v := c.Get(&raw.All), c.Get(&mr.All); ok && r.OK() && v.OK() && r.Flag == "" && v.Flag == "" && present.HasInterval(mark) {
				m.Change[k] = present.ChangeWord(present.IntervalChange(c.Better, mark))
			}
		}
	}
}

// intervalsMarkdown is what the Markdown shows of a judge's bootstrap
// intervals of the methods table (the JSON holds them per metric).
type intervalsMarkdown struct {
	// computed says there are intervals (or a bootstrap of 0 resamples);
	// reason says why there are none otherwise.
	computed bool
	reason   string
	// off says the bootstrap was asked for with 0 resamples: only its
	// notes are shown.
	off bool
	// text says how the intervals were made (present.IntervalsText).
	text string
	// values and changes are the rows of the intervals of the values and
	// of the changes from raw.
	values, changes []present.IntervalRow
	// notes are the bootstrap's notes, noMark the notes of the changes
	// without an interval (present.NoIntervalNotes).
	notes, noMark []string
	// fixedLegend explains the ‡ beside the marks of methods whose fit was
	// held fixed (present.FixedFitLegend; "" when none was).
	fixedLegend string
}

// buildIntervalsMarkdown is the Markdown part of a judge's bootstrap
// intervals. The document holds it (Selection.md.intervals), so the
// Markdown writer reads no analysis.
func buildIntervalsMarkdown(ja *analysis.JudgeAnalysis) intervalsMarkdown {
	iv := ja.Intervals
	if iv == nil {
		return intervalsMarkdown{reason: ja.IntervalsReason}
	}
	im := intervalsMarkdown{computed: true, notes: iv.Notes}
	if iv.Options.Resamples == 0 {
		im.off = true
		return im
	}
	sel := ja.Selection
	im.text = present.IntervalsText(iv)
	im.values = present.ValueIntervalRows(sel, iv)
	im.changes = present.ChangeIntervalRows(sel, iv)
	im.noMark = present.NoIntervalNotes(sel, iv)
	im.fixedLegend = present.FixedFitLegend(iv)
	return im
}

// writeIntervals writes the bootstrap intervals of the methods table: a
// sentence saying how they were made, then the intervals of the values
// and of the changes from raw.
func writeIntervals(b *strings.Builder, im *intervalsMarkdown) {
	if !im.computed {
		if im.reason != "" {
			fmt.Fprintf(b, "No bootstrap intervals: %s.\n", mdClause(im.reason))
		}
		return
	}
	if im.off {
		for _, n := range im.notes {
			fmt.Fprintf(b, "Bootstrap note: %s.\n", mdClause(n))
		}
		return
	}
	fmt.Fprintf(b, "Marks: %s/%s the change's interval excludes 0 (%s/%s); %s %s (its interval contains 0); %s",
		vocab.BetterSym, vocab.WorseSym, vocab.Better, vocab.Worse, vocab.WithinNoiseSym, vocab.WithinNoise, distanceMarkNote)
	if len(im.noMark) > 0 {
		fmt.Fprintf(b, "; no mark: %s (the notes below say why)", vocab.NoInterval)
	}
	if l := im.fixedLegend; l != "" {
		fmt.Fprintf(b, "; %s", l)
	}
	fmt.Fprintf(b, ". Intervals: %s; resampling unit: the item (all its arrangements move together, every method on the same resample).\n",
		im.text)
	writeIntervalTable(b, "Intervals of the values (all items):", present.SelectionTitles(), im.values)
	writeIntervalTable(b, "Intervals of the change from raw (all items):", present.ChangeIntervalTitles(), im.changes)
	if len(im.notes)+len(im.noMark) > 0 {
		b.WriteString("\n")
	}
	for _, n := range slices.Concat(im.notes, im.noMark) {
		fmt.Fprintf(b, "Bootstrap note: %s.\n", mdClause(n))
	}
}

// distanceMarkNote says, beside the marks' meaning, which interval marks
// the first-position rate and where the Markdown shows it.
const distanceMarkNote = "the first-position rate's mark reads the interval of the change in its distance from 0.5, |rate − 0.5| (" +
	vocab.BetterSym + " nearer 0.5 than raw), shown as \"" + present.DistanceTitle + "\" beside the signed change's"

// writeIntervalTable writes one table of intervals under its title, its
// columns titled cols.
func writeIntervalTable(b *strings.Builder, title string, cols []string, rows []present.IntervalRow) {
	fmt.Fprintf(b, "\n%s\n\n", title)
	writeTableHead(b, []string{"method"}, cols)
	for _, r := range rows {
		fmt.Fprintf(b, "| %s |", r.Title)
		for _, c := range r.Cells {
			b.WriteString(" " + c.Text() + " |")
		}
		b.WriteString("\n")
	}
}
