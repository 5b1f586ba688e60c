package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/model"
)

const fewshotLong = `Write the likelihood-bias mitigation set of Ohi et al. (2024): few-shot
examples that teach a judge to stop over-rating outputs a language model finds
likely. The judge's score items on --criterion are split at random (--seed)
into a training share --train-frac and a test rest; on the training split
each item gets

  RS = |LS* + US*|,  US = S_m' − S_h',

with S_m the judge's score (or expected score from score_probs), S_h the human
score, x' = (x − mean)/(max − min) and x* = 2(x − mean)/(max − min). The --k
items of highest RS (ties by id) are written as score records (JSON Lines, log
format v1), most biased first, with every field kept except that judge_score
is replaced by the human score and score_probs removed: ready to paste into
the judge's prompt as examples. Items without ls (or, with --per-token,
without tokens) cannot be ranked.

--judge is needed when the files hold score items of several judges, and
--criterion when the judge has several criteria. --demo reads the embedded
demo log instead of FILEs (the terminal UI's w key names it when the UI
shows the demo). A one-line summary goes to stderr. Bad input or flags
exit with status 2.`

// fewshotOptions holds the fewshot command's flag values.
type fewshotOptions struct {
	criterion string
	judge     string
	k         int
	trainFrac float64
	seed      uint64
	perToken  bool
	skipBad   bool
	demo      bool
	output    string
}

func newFewshotCmd() *cobra.Command {
	o := fewshotOptions{}
	cmd := &cobra.Command{
		Use:   "fewshot FILE... | --demo",
		Short: "write few-shot examples that mitigate a judge's likelihood bias",
		Long:  fewshotLong,
		Example: `  plumb fewshot judged.jsonl --criterion relevance -o examples.jsonl
  plumb fewshot a.jsonl b.jsonl --judge gpt-4o --criterion fluency --k 4 --seed 2
  plumb fewshot --demo --judge judge-tokenA --criterion accuracy`,
		Args: func(_ *cobra.Command, args []string) error {
			switch {
			case len(args) == 0 && !o.demo:
				return inputError{errors.New("fewshot needs at least one FILE (or --demo for the embedded demo log)")}
			case len(args) > 0 && o.demo:
				return inputError{errors.New("--demo reads the embedded demo log: give no FILE with it")}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runFewshot(cmd, args, &o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.criterion, "criterion", "", "criterion to pick examples for (required when the judge has several)")
	f.StringVar(&o.judge, "judge", "", "judge whose score items are used (required when there are several)")
	f.IntVar(&o.k, "k", likelihood.DefaultTopK, "number of examples (paper: 8)")
	f.Float64Var(&o.trainFrac, "train-frac", 0.8, "training share of the items, in (0, 1] (paper: 4:1)")
	f.Uint64Var(&o.seed, "seed", 1, "seed of the train/test split")
	f.BoolVar(&o.perToken, "per-token", false, "rank by ls/tokens (mean token log-likelihood) instead of ls")
	f.BoolVar(&o.skipBad, "skip-bad", false, "skip bad lines (counted) instead of stopping")
	f.BoolVar(&o.demo, "demo", false, "read the embedded demo log instead of FILEs")
	onceStringVarP(f, &o.output, "output", "o", "", "write the examples to `FILE` (atomically; default stdout)")
	return cmd
}

// runFewshot loads the inputs, selects the examples and writes them.
func runFewshot(cmd *cobra.Command, files []string, o *fewshotOptions) error {
	if o.k < 1 {
		return inputError{fmt.Errorf("--k %d: want at least 1 example", o.k)}
	}
	if !(o.trainFrac > 0 && o.trainFrac <= 1) {
		return inputError{fmt.Errorf("--train-frac %v: want a number in (0, 1]", o.trainFrac)}
	}
	if err := refuseInput(o.output, files); err != nil {
		return err
	}
	// Texts are kept: the examples go into a prompt.
	var lg *model.Log
	var err error
	if o.demo {
		lg, err = loadLog(cmd, nil, false, true, "", nil)
	} else {
		lg, err = readLog(cmd, files, o.skipBad)
	}
	if err != nil {
		return err
	}
	judge, err := pickScoreJudge(lg.Scores, o.judge)
	if err != nil {
		return inputError{err}
	}
	crit, err := pickCriterion(lg.Scores, judge, o.criterion)
	if err != nil {
		return inputError{err}
	}
	fs, err := likelihood.SelectFewShot(judge, lg.Scores, likelihood.FewShotOptions{
		Criterion: crit, K: o.k, TrainFrac: o.trainFrac, Seed: o.seed, PerToken: o.perToken,
	})
	if err != nil {
		return inputError{err}
	}
	fill := func(w io.Writer) error {
		mw := model.NewWriter(w)
		for i := range fs.Items {
			if err := mw.WriteScore(&fs.Items[i]); err != nil {
				return fmt.Errorf("writing example %s: %w", fs.Items[i].ID, err)
			}
		}
		return mw.Flush()
	}
	dest, err := writeOutput(cmd, o.output, fill)
	if err != nil {
		return err
	}
	errOut := cmd.ErrOrStderr()
	fmt.Fprintf(errOut, "wrote %s of judge %q on criterion %q to %s: top RS of %d training items (%d test items held out, seed %d); training BiasScore %s\n",
		vocab.Plural(len(fs.Items), "example"), judge, crit, safe(dest), fs.Train, fs.Test, o.seed, fs.Analysis.BiasScore.Format(3))
	if lg.Skipped > 0 {
		fmt.Fprintf(errOut, "note: %s skipped (--skip-bad)\n", vocab.Plural(lg.Skipped, "bad line"))
	}
	for _, n := range fs.Notes {
		fmt.Fprintf(errOut, "note: %s\n", safe(n))
	}
	return nil
}

// pickScoreJudge returns the judge to use: want if it has score items, or
// the only judge with score items when want is empty.
func pickScoreJudge(scores []model.Score, want string) (string, error) {
	judges := scoreKeys(scores, func(s *model.Score) string { return s.Judge })
	switch {
	case len(judges) == 0:
		return "", errors.New("the input has no score items")
	case want != "" && !slices.Contains(judges, want):
		return "", fmt.Errorf("--judge %q has no score items%s (judges with score items: %s)", want, didYouMean(want, judges), strings.Join(judges, ", "))
	case want != "":
		return want, nil
	case len(judges) > 1:
		return "", fmt.Errorf("--judge is required: the input has score items of %d judges: %s", len(judges), strings.Join(judges, ", "))
	}
	return judges[0], nil
}

// pickCriterion returns the criterion to use: want if judge has score items
// on it, or the judge's only criterion when want is empty.
func pickCriterion(scores []model.Score, judge, want string) (string, error) {
	crits := scoreKeys(scores, func(s *model.Score) string {
		if s.Judge != judge {
			return ""
		}
		return s.Criterion
	})
	switch {
	case len(crits) == 0:
		return "", fmt.Errorf("judge %q has no score items with a criterion", judge)
	case want != "" && !slices.Contains(crits, want):
		return "", fmt.Errorf("--criterion %q: judge %q has no score items on it%s (criteria: %s)", want, judge, didYouMean(want, crits), strings.Join(crits, ", "))
	case want != "":
		return want, nil
	case len(crits) > 1:
		return "", fmt.Errorf("--criterion is required: judge %q has score items on %d criteria: %s", judge, len(crits), strings.Join(crits, ", "))
	}
	return crits[0], nil
}

// scoreKeys returns the sorted non-empty values of key over scores.
func scoreKeys(scores []model.Score, key func(*model.Score) string) []string {
	seen := map[string]bool{}
	var out []string
	for i := range scores {
		if k := key(&scores[i]); k != "" && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}
