package report

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
)

// writeReporting writes the verdict rate reported correctly (docs/methods.md §5).
func writeReporting(b *strings.Builder, ja *JudgeAnalysis) {
	r := ja.Reporting
	if r == nil {
		fmt.Fprintf(b, "\n### Verdict rate\n\nNot available — %s.\n", mdMsg(ja.ReportingReason))
		return
	}
	what := "verdict records: z = human label, ẑ = the judge's verdict"
	if strings.HasPrefix(ja.Target, TargetPair) {
		what = "pair records: z = \"response_1 is better\", ẑ from " + strings.TrimPrefix(ja.Target, TargetPair+":")
	}
	fmt.Fprintf(b, "\n### Verdict rate, reported correctly\n\nTarget: %s.\n", what)
	test := "the unlabelled items"
	if r.Holdout {
		test = "the labelled items not drawn for calibration (their labels hidden from the estimator)"
	}
	fmt.Fprintf(b, "Naive rate p̂ = %s%s (Wald) on the test set: %s of %d, %s.\n",
		fmtStat(r.PHat, 3), ciText(r.PHat), plural(r.TestSize, "item"), r.N, test)
	if r.PoolSize == 0 {
		// No labels: no θ̂, no split has a width; the plan says what to label.
		fmt.Fprintf(b, "Bias-corrected θ̂: needs human labels, and none of the %d items has one.\n", r.N)
		fmt.Fprintf(b, "\nPlan: %s.\n", mdMsg(strings.TrimSuffix(r.Plan, ".")))
		writeReportingNotes(b, ja)
		return
	}
	fmt.Fprintf(b, "Bias-corrected θ̂ = %s, CI [%s, %s] (width %s), from a calibration set of m0 = %d items with z = 0 and m1 = %d with z = 1 (pool %d): specificity q̂0 = %s, sensitivity q̂1 = %s.\n",
		fmtStat(r.ThetaHat, 3), fmtStat(r.Lower, 3), fmtStat(r.Upper, 3), fmtStat(r.Width, 3),
		r.M0, r.M1, r.PoolSize, fmtStat(r.Q0Hat, 3), fmtStat(r.Q1Hat, 3))
	if r.TrueTheta != nil {
		cov := "not covered"
		if r.Covered != nil && *r.Covered {
			cov = "covered"
		}
		fmt.Fprintf(b, "True θ of the test set: %.3f (%s by the CI).\n", *r.TrueTheta, cov)
	}
	b.WriteString("\n| calibration split | m0 | m1 | CI width |\n|---|---:|---:|---:|\n")
	for _, row := range []struct {
		name string
		s    reporting.SplitWidth
	}{
		{reporting.SplitLabelCurrent, r.Splits.Current}, {reporting.SplitLabelEqual, r.Splits.Equal},
		{reporting.SplitLabelExact, r.Splits.Exact}, {reporting.SplitLabelApprox, r.Splits.Approx},
		{reporting.SplitLabelAdaptive, r.Splits.Adaptive}, {fmt.Sprintf(reporting.SplitLabelBest, r.BestMinPerClass), r.Splits.Best},
	} {
		fmt.Fprintf(b, "| %s | %d | %d | %s |\n", row.name, row.s.M0, row.s.M1, fmtStat(row.s.Width, 4))
	}
	b.WriteString("\nEvery width plugs the drawn set's p̂, q̂0, q̂1 into the interval with that split's m0, m1. " +
		"The least-calibration-variance split minimises only the calibration part of θ̂'s variance at those plug-in rates " +
		"(Prop. 2 approximates it), not the interval's width, so another split can be narrower; " +
		fmt.Sprintf("the search minimises the width itself, over splits with at least %d items per class "+
			"(Algorithm 1's pilot size: fewer labels leave a class's rate unestimated, and the interval's smoothing "+
			"then makes a starved class look good).\n", r.BestMinPerClass))
	if r.Plan != "" {
		fmt.Fprintf(b, "\nPlan: %s.\n", mdMsg(strings.TrimSuffix(r.Plan, ".")))
	}
	writeReportingNotes(b, ja)
}

// writeReportingNotes writes the reporting analysis's notes and the
// reasons of its undefined statistics.
func writeReportingNotes(b *strings.Builder, ja *JudgeAnalysis) {
	r := ja.Reporting
	var notes []string
	if lo := ja.ReportingLeftOut; lo.Total() > 0 {
		notes = append(notes, lo.Note(ja.Pairs))
	}
	for _, st := range []struct {
		name string
		s    calib.Stat
	}{{"p̂", r.PHat}, {"θ̂", r.ThetaHat}, {"CI", r.Lower}, {"q̂0", r.Q0Hat}, {"q̂1", r.Q1Hat}} {
		if !st.s.OK() && (r.PoolSize > 0 || st.name == "p̂") {
			notes = append(notes, st.name+" undefined — "+st.s.Reason)
		}
	}
	notes = append(notes, r.Notes...)
	writeNotes(b, notes)
}

// writeLikelihood writes the likelihood-bias table (docs/methods.md §6).
func writeLikelihood(b *strings.Builder, ja *JudgeAnalysis) {
	l := ja.Likelihood
	if l == nil {
		fmt.Fprintf(b, "\n### Likelihood bias\n\nNot available — %s.\n", mdMsg(ja.LikelihoodReason))
		return
	}
	b.WriteString("\n### Likelihood bias\n\n| criterion | BiasScore ρ(LS, US) | p-value | evaluation ρ(S_m, S_h) | n |\n|---|---:|---:|---:|---:|\n")
	var notes []string
	row := func(name string, r *likelihood.BiasResult) {
		fmt.Fprintf(b, "| %s | %s | %s | %s | %d |\n", md(name), fmtStat(r.BiasScore, 3)+biasCIText(r), fmtP(r.PValue)+pSEText(r), fmtStat(r.EvalRho, 3), r.N)
		for _, st := range []struct {
			name string
			s    calib.Stat
		}{{"BiasScore", r.BiasScore}, {"p-value", r.PValue}, {"evaluation ρ", r.EvalRho}} {
			if !st.s.OK() {
				notes = append(notes, fmt.Sprintf("%s: %s undefined — %s", name, st.name, st.s.Reason))
			}
		}
		for _, n := range r.Notes {
			notes = append(notes, name+": "+n)
		}
	}
	for i := range l.Criteria {
		row(l.Criteria[i].Criterion, &l.Criteria[i])
	}
	row("total (micro)", &l.Total)
	b.WriteString("\nBiasScore > 0: the judge over-rates outputs its language model finds likely.\n")
	writeBiasBootText(b, l)
	if top := l.Total.TopRS; len(top) > 0 {
		ids := make([]string, len(top))
		for i, p := range top {
			ids[i] = fmt.Sprintf("%s (%.2f)", md(p.ID), p.RS)
		}
		fmt.Fprintf(b, "Highest RS (total): %s.\n", strings.Join(ids, ", "))
	}
	notes = append(notes, l.Notes...)
	writeNotes(b, notes)
}

func writeNotes(b *strings.Builder, notes []string) {
	if len(notes) == 0 {
		return
	}
	b.WriteString("\nNotes:\n")
	for _, n := range notes {
		fmt.Fprintf(b, "- %s\n", mdMsg(strings.TrimSuffix(n, ".")))
	}
}

func fmtStat(s calib.Stat, decimals int) string {
	if !s.OK() {
		return "—"
	}
	return fmt.Sprintf("%.*f", decimals, s.Value)
}

func fmtP(s calib.Stat) string {
	if !s.OK() {
		return "—"
	}
	if s.Value < 1e-3 {
		return fmt.Sprintf("%.1e", s.Value)
	}
	return fmt.Sprintf("%.4f", s.Value)
}

func ciText(s calib.Stat) string {
	if !s.OK() || s.CI == nil {
		return ""
	}
	return fmt.Sprintf(" [%.3f, %.3f]", s.CI.Lower, s.CI.Upper)
}
