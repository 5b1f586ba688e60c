package report

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/present"
)

// Reporting is the judge's verdict rate reported correctly (Lee et al.,
// docs/methods.md §5). Values are null when undefined; notes say why.
type Reporting struct {
	// Target is "verdict" or "pair:<verdict source>".
	Target   string      `json:"target"`
	PHat     *float64    `json:"p_hat"`
	PHatCI   *[2]float64 `json:"p_hat_ci"`
	ThetaHat *float64    `json:"theta_hat"`
	CILower  *float64    `json:"ci_lower"`
	CIUpper  *float64    `json:"ci_upper"`
	CIWidth  *float64    `json:"ci_width"`
	Alpha    float64     `json:"alpha"`
	Q0Hat    *float64    `json:"q0_hat"`
	Q1Hat    *float64    `json:"q1_hat"`
	// Items is how many items entered, N the test set's size, Pool the
	// number of labelled items; M0 and M1 the calibration set's classes.
	Items int `json:"items"`
	N     int `json:"n"`
	M0    int `json:"m0"`
	M1    int `json:"m1"`
	Pool  int `json:"pool"`
	// Holdout is true when every item was labelled: the test set is the
	// labelled items left after drawing the calibration set.
	Holdout bool `json:"holdout"`
	// TrueTheta is the test set's true θ when known (null otherwise), and
	// Covered whether the CI covers it.
	TrueTheta *float64              `json:"true_theta"`
	Covered   *bool                 `json:"covered"`
	Splits    map[string]SplitWidth `json:"splits"`
	// BestMinPerClass is the fewest items per class the "best" split may
	// give a class (Algorithm 1's pilot size, at most half the budget).
	BestMinPerClass int `json:"best_min_per_class"`
	// CoverageCheck is the rule behind each split's sim_coverage (null
	// when no split was checked).
	CoverageCheck *CoverageCheck `json:"coverage_check"`
	Plan          string         `json:"plan"`
	// PlanSplit is the key of the split the plan recommends (null when it
	// recommends none of them).
	PlanSplit  *string      `json:"plan_split"`
	WidthCurve []SplitWidth `json:"width_curve"`
	LeftOut    int          `json:"left_out"`
	Notes      []string     `json:"notes"`

	// md is what only the Markdown shows (reportingMarkdown).
	md reportingMarkdown
}

// SplitWidth is the CI width at one split of the calibration budget, and
// (in splits, where the width is defined) its coverage check.
type SplitWidth struct {
	M0      int      `json:"m0"`
	M1      int      `json:"m1"`
	CIWidth *float64 `json:"ci_width"`
	// SimCoverage is the share of the simulated data sets whose interval
	// covers θ̂, SimMedianWidth their median width, and Holds whether the
	// coverage reaches coverage_check.min_coverage.
	SimCoverage    *float64 `json:"sim_coverage,omitempty"`
	SimMedianWidth *float64 `json:"sim_median_width,omitempty"`
	Holds          *bool    `json:"holds,omitempty"`
}

// CoverageCheck is the rule of the splits' coverage check.
type CoverageCheck struct {
	// Simulations is the number of data sets simulated per split at the
	// plug-in rates θ̂, q̂0, q̂1 and the test size.
	Simulations int `json:"simulations"`
	// MinCoverage is the coverage a split's interval must reach to hold:
	// 1 − alpha − 0.05.
	MinCoverage float64 `json:"min_coverage"`
	// Seed says how each split's random stream is seeded.
	Seed string `json:"seed"`
}

// coverageSeedRule is CoverageCheck.Seed.
const coverageSeedRule = "PCG(--seed, 0x636f766572616765 xor (m0<<32 | m1)): one stream per split"

func buildReporting(ja *analysis.JudgeAnalysis, alpha float64) *Reporting {
	r := ja.Reporting
	out := &Reporting{
		Target: ja.Target, Alpha: alpha, Items: r.N, N: r.TestSize, M0: r.M0, M1: r.M1, Pool: r.PoolSize, Holdout: r.Holdout,
		TrueTheta: r.TrueTheta, Covered: r.Covered, Plan: r.Plan, LeftOut: ja.ReportingLeftOut.Total(),
		BestMinPerClass: r.BestMinPerClass,
		Splits:          map[string]SplitWidth{}, WidthCurve: []SplitWidth{}, Notes: nonNil(r.Notes),
		md: buildReportingMarkdown(ja),
	}
	stat := func(key string, s calib.Stat) *float64 {
		if !s.OK() {
			out.Notes = append(out.Notes, key+": "+s.Reason)
		}
		return present.Value(s)
	}
	out.PHat = stat("p_hat", r.PHat)
	if r.PHat.OK() && r.PHat.CI != nil {
		out.PHatCI = &[2]float64{r.PHat.CI.Lower, r.PHat.CI.Upper}
	}
	out.ThetaHat = stat("theta_hat", r.ThetaHat)
	if r.Uninformative != "" {
		out.Notes = append(out.Notes, "ci: "+vocab.Uninformative+" — "+r.Uninformative+"; covered is null (no coverage claim)")
	}
	if ja.ArbitraryOrder != "" {
		out.Notes = append(out.Notes, present.ArbitraryOrderNote(ja.ArbitraryOrder))
	}
	out.CILower = stat("ci_lower", r.Lower)
	out.CIUpper = present.Value(r.Upper)
	out.CIWidth = present.Value(r.Width)
	out.Q0Hat = stat("q0_hat", r.Q0Hat)
	out.Q1Hat = stat("q1_hat", r.Q1Hat)
	sw := func(s reporting.SplitWidth) SplitWidth {
		return SplitWidth{M0: s.M0, M1: s.M1, CIWidth: present.Value(s.Width)}
	}
	for _, s := range r.Splits.Named() {
		w := sw(s.SplitWidth)
		if c := s.Check; c != nil {
			holds := c.Holds()
			w.SimCoverage, w.SimMedianWidth, w.Holds = &c.Coverage, &c.MedianWidth, &holds
			out.CoverageCheck = &CoverageCheck{Simulations: c.Sims, MinCoverage: c.MinCoverage, Seed: coverageSeedRule}
		}
		out.Splits[s.Key] = w
	}
	if r.PlanSplit != "" {
		out.PlanSplit = &r.PlanSplit
	}
	if w := r.Splits.Current.Check.Warning(); w != "" {
		out.Notes = append(out.Notes, "ci: "+w)
	}
	for _, s := range r.WidthCurve {
		out.WidthCurve = append(out.WidthCurve, sw(s))
	}
	return out
}

// reportingMarkdown is what the Markdown shows of the verdict rate beyond
// the report JSON.
type reportingMarkdown struct {
	// uninformative says why θ̂'s interval is all of [0, 1] ("" when it is
	// not).
	uninformative string
	// currentWarning says that θ̂'s interval (the drawn split's) is too
	// small to hold ("" when it holds).
	currentWarning string
	// tooSmall are the warnings of the splits too small to hold, by key.
	tooSmall map[string]string
	// notes are the section's notes: the records left out, the reasons
	// of the undefined statistics, the analysis's notes and why the
	// target is not a headline number.
	notes []string
}

// buildReportingMarkdown returns the Markdown-only part of the verdict
// rate.
func buildReportingMarkdown(ja *analysis.JudgeAnalysis) reportingMarkdown {
	r := ja.Reporting
	out := reportingMarkdown{uninformative: r.Uninformative, currentWarning: r.Splits.Current.Check.Warning(), tooSmall: map[string]string{}}
	for _, s := range r.Splits.Named() {
		if s.TooSmall() {
			out.tooSmall[s.Key] = s.Check.Warning()
		}
	}
	if lo := ja.ReportingLeftOut; lo.Total() > 0 {
		out.notes = append(out.notes, lo.Note(ja.Pairs))
	}
	for _, st := range []struct {
		name string
		s    calib.Stat
	}{{"p̂", r.PHat}, {"θ̂", r.ThetaHat}, {"CI", r.Lower}, {"q̂0", r.Q0Hat}, {"q̂1", r.Q1Hat}} {
		if !st.s.OK() && (r.PoolSize > 0 || st.name == "p̂") {
			out.notes = append(out.notes, st.name+" undefined — "+st.s.Reason)
		}
	}
	out.notes = append(out.notes, r.Notes...)
	if ja.ArbitraryOrder != "" {
		out.notes = append(out.notes, present.ArbitraryOrderNote(ja.ArbitraryOrder))
	}
	return out
}

// writeReporting writes the verdict rate reported correctly (docs/methods.md §5).
func writeReporting(b *strings.Builder, j *Judge) {
	r := j.Reporting
	if r == nil {
		fmt.Fprintf(b, "\n### Verdict rate\n\nNot available — %s.\n", mdClause(noteFor(j.Notes, "reporting")))
		return
	}
	fmt.Fprintf(b, "\n### Verdict rate, reported correctly\n\nTarget: %s — %s.\n", present.TargetName(r.Target), present.TargetDetail(r.Target))
	test := "the unlabelled items"
	if r.Holdout {
		test = "the labelled items not drawn for calibration (their labels hidden from the estimator)"
	}
	fmt.Fprintf(b, "%s %s = %s%s (Wald) on the test set: %s of %d, %s.\n", present.Capitalize(vocab.NaiveRate), vocab.NaiveRateSym,
		present.FmtValue(r.PHat, 3), intervalText(r.PHatCI), vocab.Plural(r.N, "item"), r.Items, test)
	if r.Pool == 0 {
		// No labels: no θ̂, no split has a width; the plan says what to label.
		fmt.Fprintf(b, "%s %s: needs human labels, and none of the %d items has one.\n", present.Capitalize(vocab.CorrectedRate), vocab.CorrectedRateSym, r.Items)
		fmt.Fprintf(b, "\nPlan: %s.\n", mdClause(r.Plan))
		writeNotes(b, r.md.notes)
		return
	}
	fmt.Fprintf(b, "%s %s = %s, CI [%s, %s] (width %s), from a calibration set of m0 = %d items with z = 0 and m1 = %d with z = 1 (pool %d): %s %s = %s, %s %s = %s.\n",
		present.Capitalize(vocab.CorrectedRate), vocab.CorrectedRateSym,
		present.FmtValue(r.ThetaHat, 3), present.FmtValue(r.CILower, 3), present.FmtValue(r.CIUpper, 3), present.FmtValue(r.CIWidth, 3),
		r.M0, r.M1, r.Pool, vocab.Specificity, vocab.SpecificitySym, present.FmtValue(r.Q0Hat, 3), vocab.Sensitivity, vocab.SensitivitySym, present.FmtValue(r.Q1Hat, 3))
	if u := r.md.uninformative; u != "" {
		fmt.Fprintf(b, "%s: %s.\n", present.Capitalize(vocab.Uninformative), mdClause(u))
	}
	if w := r.md.currentWarning; w != "" {
		fmt.Fprintf(b, "Warning: this interval is %s.\n", mdClause(w))
	}
	if r.TrueTheta != nil {
		fmt.Fprintf(b, "%s %s of the test set: %.3f (%s).\n", present.Capitalize(vocab.TrueRate), vocab.TrueRateSym, *r.TrueTheta, present.CoveredText(r.Covered, r.md.uninformative))
	}
	if r.M0 > 0 && r.M1 > 0 {
		// With a class empty no split has a width: the plan says what to
		// label first.
		writeSplits(b, r)
	}
	if r.Plan != "" {
		fmt.Fprintf(b, "\nPlan: %s.\n", mdClause(r.Plan))
	}
	writeNotes(b, r.md.notes)
}

// writeSplits writes the table of the calibration splits' widths and
// simulated coverages, and what they mean.
func writeSplits(b *strings.Builder, r *Reporting) {
	b.WriteString("\n| calibration split | m0 | m1 | CI width | simulated coverage |\n|---|---:|---:|---:|---:|\n")
	for _, row := range []struct {
		name, key string
	}{
		{vocab.SplitCurrent + " (the drawn calibration set)", "current"}, {vocab.SplitEqual, "equal"},
		{vocab.SplitLeastVar + " at θ̂, q̂", "exact"}, {vocab.SplitProp2 + " (of the previous row, from p̂)", "approx"},
		{vocab.SplitAdaptive + ", from the pilot", "adaptive"},
		{present.BestSplitLabel(r.BestMinPerClass, r.md.tooSmall["best"] != ""), "best"},
	} {
		s := r.Splits[row.key]
		fmt.Fprintf(b, "| %s | %d | %d | %s | %s |\n", row.name, s.M0, s.M1, present.FmtValue(s.CIWidth, 4), present.SimCoverageCell(s.SimCoverage, s.Holds))
	}
	b.WriteString("\nEvery width plugs the drawn set's p̂, q̂0, q̂1 into the interval with that split's m0, m1. " +
		"The " + vocab.SplitLeastVar + " split minimises only the calibration part of θ̂'s variance at those plug-in rates " +
		"(the " + vocab.SplitProp2 + " estimates it from p̂), not the interval's width, so another split can be narrower; " +
		fmt.Sprintf("the search minimises the width itself, over splits with at least %d items per class "+
			"(Algorithm 1's pilot size, doubled until the split holds: fewer labels leave a class's rate unestimated, and the interval's smoothing "+
			"then makes a starved class look good).", r.BestMinPerClass))
	if c := r.CoverageCheck; c != nil {
		fmt.Fprintf(b, " %s\n", present.CoverageCheckText(c.Simulations, c.MinCoverage))
	} else {
		b.WriteString("\n")
	}
	for _, row := range csvSplitNames {
		if w := r.md.tooSmall[row]; w != "" {
			s := r.Splits[row]
			fmt.Fprintf(b, "\nThe %s split (m0 = %d, m1 = %d) is %s.\n", reporting.SplitName(row), s.M0, s.M1, mdClause(w))
		}
	}
}
