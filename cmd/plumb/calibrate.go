package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/importer"
	"github.com/plumb-eval/plumb/report"
)

const calibrateLong = `Write the calibrated log: every pair record of the analysed judges, with
every field as read (texts and unknown fields included), plus a "calibrated"
field holding CalibraEval's calibrated P(A) per arrangement (p_a = g*(s)),
the calibrated preference for response_1 (pref: g*(s) for x0 and x1,
1 − g*(s) for x2 and x3) and whether the item was in the estimation set.
g* is fitted exactly as "plumb report" fits it with the same --lambda,
--est-frac, --objective, --seed, --judge and --group. A judge CalibraEval
cannot calibrate (hard choices, too few items) has its records written with
the reason instead. Records come in file order; score and verdict records
are left out. Schema: docs/log-format.md, "Calibrated log".

-o is required (-o - writes to stdout); the file is written atomically,
gzipped when its name ends in .gz, and never over an input file. With no
FILE the embedded demo log is used. A one-line summary goes to stderr. Bad
input or flags exit with status 2.

--solver picks the map: converged (the default) is plumb's fit of the
paper's objective, in "calibrated"; published is the published code's map
(CSHaitao/CalibraEval src/CalibraEval.py: one epoch, λ = --published-lambda,
on the same estimation set), in "calibrated_published", with the same keys
("method":"calibraeval_published", "lambda", "est_frac", "seed", "p_a",
"pref", "in_estimation_set") and p_a = the script's saved g at s (its
model.json, interpolated and clipped as its IsotonicRegression does);
"calibrated" then says it was not fitted. both writes both fields. Each
solver's map is always under its own field, whichever --solver wrote it.

A judge whose CalibraEval fit collapsed (g* nearly constant on its P(A), or
its calibrated choices decided by round-off; docs/analysis.md, "What
minimising CalibraEval to convergence shows") has no calibration worth writing:
calibrate refuses it with status 2 and the reason, unless --allow-degenerate
is given, which writes it with "degenerate": reason in every record. The
published code's fit is held to the same test.`

// calibrateFlags are the analysis flags that change the calibrated log;
// calibrate accepts the others (report knobs) but hides them from its help.
var calibrateFlags = []string{"judge", "group", "lambda", "est-frac", "objective", "seed", "solver", "published-lambda", "stop-at", "skip-bad", "annotators", "output", "allow-degenerate"}

func newCalibrateCmd() *cobra.Command {
	var f analysisFlags
	var allowDegenerate bool
	cmd := &cobra.Command{
		Use:   "calibrate [FILE...] -o OUT",
		Short: "write the pair records with CalibraEval's calibrated preferences",
		Long:  calibrateLong,
		Example: `  plumb calibrate judged.jsonl -o calibrated.jsonl
  plumb calibrate a.jsonl b.jsonl --judge gpt-4o --lambda 0.7 --est-frac 0.5 -o cal.jsonl.gz
  plumb calibrate runs.jsonl -o - | head
  plumb calibrate judged.jsonl --solver both -o both.jsonl`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCalibrate(cmd, args, &f, allowDegenerate)
		},
	}
	f.register(cmd.Flags())
	fs := cmd.Flags()
	fs.BoolVar(&allowDegenerate, "allow-degenerate", false, "write a judge whose CalibraEval fit collapsed (marked \"degenerate\")")
	if o := fs.Lookup("output"); o != nil {
		o.Usage = "write the calibrated log to `FILE` (required; atomically; - for stdout)"
	}
	fs.VisitAll(func(fl *pflag.Flag) {
		if !slices.Contains(calibrateFlags, fl.Name) {
			fl.Hidden = true
		}
	})
	return cmd
}

// runCalibrate loads the inputs, fits CalibraEval for every analysed judge
// and writes the calibrated log.
func runCalibrate(cmd *cobra.Command, files []string, f *analysisFlags, allowDegenerate bool) error {
	opt, err := f.options()
	if err != nil {
		return inputError{err}
	}
	if f.output == "" {
		return inputError{errors.New("calibrate needs -o FILE (or -o - for stdout)")}
	}
	if err := refuseInput(f.output, files); err != nil {
		return err
	}
	lg, err := loadLogLengths(cmd, files, f.skipBad, true, f.from, importer.Options{Map: f.maps, Annotators: f.annotators}, model.ReadOptions{}) // the texts are written back
	if err != nil {
		return err
	}
	if len(lg.Pairs) == 0 {
		return inputError{errors.New("the input has no pair records to calibrate")}
	}
	if err := checkNames(lg, opt.Judges, opt.Group); err != nil {
		return err
	}
	if err := checkPairJudges(lg.Pairs, opt.Judges); err != nil {
		return inputError{err}
	}
	// Only the selection analysis is needed: analyse the pair records alone
	// (no likelihood bias) with a target that leaves the reporting engine
	// nothing to do.
	pairs := &model.Log{Pairs: lg.Pairs, Files: lg.Files}
	opt.Target = analysis.TargetVerdict
	opt.Bootstrap = analysis.BootstrapOptions{} // the calibrated log carries no intervals
	opt.Style = analysis.StyleOptions{Mode: analysis.StyleOff}
	an, err := analysis.Analyze(pairs, opt)
	if err != nil {
		return inputError{err}
	}
	if err := checkDegenerate(cmd.ErrOrStderr(), an, allowDegenerate); err != nil {
		return err
	}
	// Under --solver published|both, report.WriteCalibrated adds the
	// published code's map in report.PublishedField.
	var sum report.CalibratedSummary
	fill := func(w io.Writer) error {
		var err error
		sum, err = report.WriteCalibrated(w, pairs, an)
		return err
	}
	dest, err := writeOutput(cmd, f.output, fill)
	if err != nil {
		return err
	}
	printCalibrateSummary(cmd.ErrOrStderr(), dest, sum, opt, lg)
	return nil
}

// checkPairJudges says which of the wanted judges has no pair records.
func checkPairJudges(pairs []model.Pair, want []string) error {
	if len(want) == 0 {
		return nil
	}
	have := map[string]bool{}
	for i := range pairs {
		have[pairs[i].Judge] = true
	}
	for _, j := range want {
		if !have[j] {
			names := make([]string, 0, len(have))
			for h := range have {
				names = append(names, fmt.Sprintf("%q", h))
			}
			slices.Sort(names)
			return fmt.Errorf("--judge %q has no pair records (judges with pair records: %s)", j, strings.Join(names, ", "))
		}
	}
	return nil
}

// printCalibrateSummary writes the one-line summary and notes to stderr.
func printCalibrateSummary(w io.Writer, dest string, sum report.CalibratedSummary, opt analysis.Options, lg *model.Log) {
	so := opt.Selection
	pub := sum.Published // nil without the published code
	if so.Solver.Converged() {
		fmt.Fprintf(w, "wrote %s to %s: %d with calibrated preferences (λ %g, est-frac %g, objective %s, seed %d), %d without",
			vocab.Plural(sum.Written, "pair record"), safe(dest), sum.Calibrated, so.Lambda, so.EstFrac, so.Objective, so.Seed, sum.Unavailable)
		if pub != nil {
			fmt.Fprintf(w, "; %d with the published code's in %q (λ %g), %d without", pub.Calibrated, report.PublishedField, so.PublishedLambda, pub.Unavailable)
		}
		fmt.Fprintln(w)
	} else {
		fmt.Fprintf(w, "wrote %s to %s: %d with the published code's calibrated preferences in %q (λ %g, est-frac %g, seed %d), %d without\n",
			vocab.Plural(sum.Written, "pair record"), safe(dest), pub.Calibrated, report.PublishedField, so.PublishedLambda, so.EstFrac, so.Seed, pub.Unavailable)
	}
	for _, j := range sum.Judges {
		if j.Records > 0 && j.Reason != "" && j.Reason != report.NotFittedReason {
			fmt.Fprintf(w, "note: judge %q (%s) not calibrated: %s\n", j.Judge, vocab.Plural(j.Records, "record"), safe(j.Reason))
		}
	}
	if pub != nil {
		for _, j := range pub.Judges {
			if j.Records > 0 && j.Reason != "" {
				fmt.Fprintf(w, "note: judge %q (%s) not calibrated by the published code: %s\n", j.Judge, vocab.Plural(j.Records, "record"), safe(j.Reason))
			}
		}
	}
	if lg.Skipped > 0 {
		fmt.Fprintf(w, "note: %s skipped (--skip-bad)\n", vocab.Plural(lg.Skipped, "bad line"))
	}
	if n := len(lg.Scores) + len(lg.Verdicts); n > 0 {
		fmt.Fprintf(w, "note: %s and %s are not part of the calibrated log\n",
			vocab.Plural(len(lg.Scores), "score record"), vocab.Plural(len(lg.Verdicts), "verdict record"))
	}
}
