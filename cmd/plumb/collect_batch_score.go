package main

import (
	"errors"
	"strings"

	"github.com/spf13/cobra"

	"github.com/plumb-eval/plumb/collect"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// runScores writes or reads the batch files of the score run cfg: its
// LS requests (with --ls) and a request per item and criterion.
func (b *batchOptions) runScores(cmd *cobra.Command, red *collect.Redactor, cfg *collect.ScoreConfig, files []string) error {
	w := cmd.ErrOrStderr()
	if err := b.check(); err != nil {
		return err
	}
	switch {
	case b.submit:
		return inputError{errors.New("--batch-submit: for --task score, write the requests with --batch-out, run them with the engine's own tools, and read the results with --batch-in")}
	case b.out != "":
		if err := b.checkOut(cfg.Output, files); err != nil {
			return err
		}
		out, err := collect.WriteScoreBatch(cfg, b.out, collect.BatchLimits{Lines: b.maxLines, Bytes: b.maxBytes}, files)
		if err != nil {
			return writeErr(err)
		}
		if out.Requests == 0 {
			say(w, red, "batch: nothing to ask: all %s are in %s", vocab.Plural(out.Skipped, "score item"), cfg.Output)
			return nil
		}
		per := "a request per criterion"
		if cfg.LS != nil {
			per += " and one for LS"
		}
		say(w, red, "batch: %s (%s, %s; %s already in %s, not asked) → %s",
			vocab.Plural(out.Requests, "request"), vocab.Plural(out.Items, "item"), per, vocab.Plural(out.Skipped, "score item"), cfg.Output, strings.Join(out.Files, ", "))
		say(w, red, "then: plumb collect --task score ITEMS… (the same flags) --batch-in RESULTS.jsonl -o %s", cfg.Output)
		return nil
	}
	return b.read(w, red, cfg.Output, collect.IDs{}, func(st *collect.Stats) (collect.Prior, collect.BatchIn, error) {
		return collect.ReadScoreBatch(cfg, b.in, st)
	})
}
