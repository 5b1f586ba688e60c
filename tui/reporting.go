package tui

import (
	"fmt"
	"math"
	"strings"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/plot"
	"github.com/plumb-eval/plumb/present"
)

// reportingPane is the Reporting tab (Lee et al.'s correct reporting):
// the naive and corrected verdict rates, the CI width against the budget
// split, and the labelling plan; its knobs are the budget, the split, α
// and where the verdicts come from.
type reportingPane struct{ textPane }

func newReportingPane(c *common) *reportingPane {
	p := &reportingPane{}
	p.textPane = newTextPane(c, paneKnobs[paneReporting], p.draw)
	return p
}

// draw: the naive and corrected verdict rates as interval bars, the CI
// width against the budget split with the named splits marked, and the
// labelling plan.
func (p *reportingPane) draw(w int) []string {
	if wt := p.c.waiting(); wt != nil {
		return wt
	}
	ja := &p.c.cur.ja
	rep := ja.Reporting
	if rep == nil {
		out := wrap("No verdict-rate report: "+ja.ReportingReason, w, " ")
		if n := ja.ReportingLeftOut.Note(ja.Pairs); n != "" {
			out = append(out, wrap(n, w, " ")...)
		}
		return out
	}
	out := p.rateLines(ja, w)
	if rep.M0 > 0 && rep.M1 > 0 && len(rep.WidthCurve) > 1 {
		// With a class empty no split has a width: the plan says what to
		// label first.
		out = append(out, p.widthChart(rep, w)...)
		out = append(out, "")
		out = append(out, p.splitTable(rep, w)...)
	}
	return append(out, p.planAndNotes(ja, w)...)
}

// rateLines are the verdict rates: the heading with the test size and the
// intervals' level, the naive and corrected rates as interval bars, whether
// the interval covers a known true rate, the classifier's estimated
// specificity and sensitivity on the labelled items.
func (p *reportingPane) rateLines(ja *analysis.JudgeAnalysis, w int) []string {
	st := p.c.st
	rep := ja.Reporting
	level := 100 * (1 - p.c.knobs.opt.Reporting.Alpha)
	if p.c.knobs.opt.Reporting.Alpha == 0 {
		level = 95
	}
	out := st.heading(fmt.Sprintf("Verdict rate — %s (%s), %s", present.TargetName(ja.Target), targetName(ja.Target), vocab.Plural(rep.TestSize, "test item")),
		fmt.Sprintf("%.4g%% intervals", level), w)
	specs := []plot.IntervalSpec{
		statSpec(vocab.NaiveRateShort+" "+vocab.NaiveRateSym, rep.PHat, rep.PHat.CI),
		statSpec(vocab.CorrectedRateShort+" "+vocab.CorrectedRateSym, rep.ThetaHat, rep.ThetaHat.CI),
	}
	if rep.TrueTheta != nil {
		specs[1].Truth = rep.TrueTheta
	}
	out = append(out, indent(strings.Split(plot.Intervals(specs, w-2), "\n"), " ")...)
	out = append(out, coverageLines(rep, w)...)
	if warn := rep.Splits.Current.Check.Warning(); warn != "" {
		out = append(out, wrap("Warning: this interval is "+warn+".", w, "  ")...)
	}
	out = append(out, "")
	if rep.PoolSize == 0 {
		out = append(out, wrap("No item has a human label, so θ̂ cannot be corrected yet: the labelling plan below says what to label.", w, "  ")...)
	} else {
		out = append(out, wrap(fmt.Sprintf("specificity q̂0 = %s on m0 = %d · sensitivity q̂1 = %s on m1 = %d · budget m = %d of %s",
			present.FmtStat(rep.Q0Hat, 3), rep.M0, present.FmtStat(rep.Q1Hat, 3), rep.M1, rep.Budget, vocab.Plural(rep.PoolSize, "labelled item")), w, "  ")...)
	}
	if rep.Holdout {
		out = append(out, st.Faint.Render("  every item is labelled: the test set is the labelled items left after the calibration draw, their labels hidden"))
	}
	return out
}

// splitMarkers are the chart's markers of the named splits that are
// defined, with short labels below 120 columns (the legend then fits in
// one line; the table below names them in full).
func splitMarkers(sp reporting.Splits, w int) []plot.Marker {
	marks := []plot.Marker{}
	for _, s := range []struct {
		sw    reporting.SplitWidth
		g     rune
		label string
	}{{sp.Current, 'C', vocab.SplitCurrent}, {sp.Equal, 'E', vocab.SplitEqual}, {sp.Exact, 'V', vocab.SplitLeastVar},
		{sp.Approx, 'P', vocab.SplitProp2}, {sp.Adaptive, 'D', vocab.SplitAdaptive}} {
		if w < 120 {
			s.label = shortSplit(s.label)
		}
		if s.sw.M0+s.sw.M1 > 0 {
			marks = append(marks, plot.Marker{X: float64(s.sw.M0), Glyph: s.g, Label: s.label})
		}
	}
	return marks
}

// widthChart is the CI width against the split m0 (where it is defined at
// two points or more), zoomed to the marked splits, under its heading.
func (p *reportingPane) widthChart(rep *reporting.Result, w int) []string {
	var xs, ys []float64
	for _, pt := range rep.WidthCurve {
		if pt.Width.OK() {
			xs = append(xs, float64(pt.M0))
			ys = append(ys, pt.Width.Value)
		}
	}
	marks := splitMarkers(rep.Splits, w)
	if len(xs) <= 1 {
		return nil
	}
	lo, hi := splitWindow(marks, rep.Budget)
	note := fmt.Sprintf("m0 items with z = 0 of m = %d", rep.Budget)
	if lo > 1 || hi < float64(rep.Budget-1) {
		note = fmt.Sprintf("m0 = %.0f–%.0f of m = %d (zoomed to the marked splits)", lo, hi, rep.Budget)
	}
	out := []string{""}
	out = append(out, p.c.st.heading("CI width against the split", note, w)...)
	h := max(8, min(16, p.h-12))
	c := plot.LineChart(xs, ys, plot.LineOptions{Width: w - 2, Height: h, XMin: lo, XMax: hi,
		XLabel: "m0", YLabel: "width", Markers: marks})
	return append(out, indent(strings.Split(p.c.st.Chart.Render(c), "\n"), " ")...)
}

// splitTable is the named splits (and the narrowest with a floor per
// class) with their m0, m1, CI width and simulated coverage, the rule of
// the coverage check and a warning for each split too small to hold.
func (p *reportingPane) splitTable(rep *reporting.Result, w int) []string {
	sp := rep.Splits
	var rows [][]string
	for _, s := range []struct {
		name string
		sw   reporting.SplitWidth
	}{{vocab.SplitCurrentSym + " " + vocab.SplitCurrent, sp.Current}, {vocab.SplitEqualSym + " " + vocab.SplitEqual, sp.Equal},
		{vocab.SplitLeastVarSym + " " + vocab.SplitLeastVar, sp.Exact}, {vocab.SplitProp2Sym + " " + vocab.SplitProp2, sp.Approx},
		{vocab.SplitAdaptiveSym + " " + vocab.SplitAdaptive, sp.Adaptive},
		{"  " + present.BestSplitLabel(rep.BestMinPerClass, sp.Best.TooSmall()), sp.Best}} {
		if s.sw.M0+s.sw.M1 == 0 {
			continue
		}
		rows = append(rows, []string{"   " + s.name, fmt.Sprint(s.sw.M0), fmt.Sprint(s.sw.M1), widthCell(s.sw.Width), simCoverageCell(s.sw.Check)})
	}
	out := p.cols.fit(&p.c.st, []string{"   split", "m0", "m1", "CI width", "sim. coverage"}, rows, nil, w)
	var c *reporting.SimCheck
	for _, s := range sp.Named() {
		if s.Check != nil {
			c = s.Check
		}
	}
	if c != nil {
		out = append(out, wrap(present.CoverageCheckText(c.Sims, c.MinCoverage), w, "  ")...)
	}
	for _, s := range sp.Named() {
		if s.TooSmall() {
			out = append(out, wrap(fmt.Sprintf("⚠ The %s split (m0 = %d, m1 = %d) is %s.", reporting.SplitName(s.Key), s.M0, s.M1, s.Check.Warning()), w, "  ")...)
		}
	}
	return out
}

// simCoverageCell is a split's simulated coverage cell (present's).
func simCoverageCell(c *reporting.SimCheck) string {
	if c == nil {
		return present.SimCoverageCell(nil, nil)
	}
	holds := c.Holds()
	return present.SimCoverageCell(&c.Coverage, &holds)
}

// planAndNotes are the labelling plan and the notes: the report's, the
// items left out, an arbitrary order of the arrangements.
func (p *reportingPane) planAndNotes(ja *analysis.JudgeAnalysis, w int) []string {
	st := p.c.st
	rep := ja.Reporting
	var out []string
	if rep.Plan != "" {
		out = append(out, "", st.Heading.Render(" Labelling plan"))
		out = append(out, wrap(rep.Plan, w, "   ")...)
	}
	notes := append([]string{}, rep.Notes...)
	if n := ja.ReportingLeftOut.Note(ja.Pairs); n != "" {
		notes = append(notes, n)
	}
	if ja.ArbitraryOrder != "" {
		notes = append(notes, present.ArbitraryOrderNote(ja.ArbitraryOrder))
	}
	if len(notes) > 0 {
		out = append(out, "", st.Heading.Render(" Notes"))
		for _, n := range notes {
			out = append(out, wrap(n, w, "  · ")...)
		}
	}
	return out
}

// shortSplit is a split's Short name for the one-line chart legend (its
// Name when it has none).
func shortSplit(name string) string {
	for _, sec := range vocab.Glossary() {
		for _, c := range sec.Concepts {
			if c.Name == name && c.Short != "" {
				return c.Short
			}
		}
	}
	return name
}

// coverageLines say whether θ̂'s interval covers the true rate θ, when it is
// known, and make no claim when there is no interval or it is
// uninformative (all of [0, 1]).
func coverageLines(rep *reporting.Result, w int) []string {
	var out []string
	if rep.Uninformative != "" {
		out = append(out, wrap(fmt.Sprintf("%s: %s.", vocab.Uninformative, rep.Uninformative), w, "  ")...)
	}
	if rep.TrueTheta == nil {
		return out
	}
	switch {
	case rep.Covered != nil && *rep.Covered:
		out = append(out, fmt.Sprintf("  The interval covers the %s %s = %.3f (known for these items).", vocab.TrueRate, vocab.TrueRateSym, *rep.TrueTheta))
	case rep.Covered != nil:
		out = append(out, fmt.Sprintf("  The interval misses the %s %s = %.3f (known for these items).", vocab.TrueRate, vocab.TrueRateSym, *rep.TrueTheta))
	case rep.Uninformative != "":
		out = append(out, fmt.Sprintf("  No coverage claim for the %s %s = %.3f: the interval is all of [0, 1].", vocab.TrueRate, vocab.TrueRateSym, *rep.TrueTheta))
	default:
		out = append(out, fmt.Sprintf("  No coverage claim for the %s %s = %.3f: %s has no interval.", vocab.TrueRate, vocab.TrueRateSym, *rep.TrueTheta, vocab.CorrectedRateSym))
	}
	return out
}

func widthCell(s calib.Stat) string {
	if !s.OK() {
		return "— (" + clean(s.Reason) + ")"
	}
	return fmt.Sprintf("%.4f", s.Value)
}

// statSpec is an interval bar of a statistic; an undefined one shows
// "n/a" (plot draws a NaN point as n/a, the only place NaN is allowed: it
// never reaches the screen as a number).
func statSpec(label string, s calib.Stat, ci *calib.Interval) plot.IntervalSpec {
	sp := plot.IntervalSpec{Label: label, Point: math.NaN()}
	if s.OK() {
		sp.Point = s.Value
		if ci != nil {
			sp.Lo, sp.Hi, sp.HasInterval = ci.Lower, ci.Upper, true
		}
	}
	return sp
}

// splitWindow is the m0 range the CI-width chart shows: the marked splits
// with a margin of a quarter of their spread (at least 3% of the budget) on each
// side, within 1..m−1. Over the whole range the width's steep ends (near
// m0 = 1 and m−1) set the y axis and flatten the differences between the
// splits, which are what the chart is for.
func splitWindow(marks []plot.Marker, budget int) (lo, hi float64) {
	full0, full1 := 1.0, float64(budget-1)
	if len(marks) == 0 {
		return full0, full1
	}
	lo, hi = marks[0].X, marks[0].X
	for _, mk := range marks[1:] {
		lo, hi = min(lo, mk.X), max(hi, mk.X)
	}
	pad := max((hi-lo)/4, 0.03*float64(budget), 2)
	lo, hi = max(full0, math.Floor(lo-pad)), min(full1, math.Ceil(hi+pad))
	if !(lo < hi) {
		return full0, full1
	}
	return lo, hi
}
