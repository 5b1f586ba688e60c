package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/plumb-eval/plumb/collect"
	"github.com/plumb-eval/plumb/internal/atomicfile"
	"github.com/plumb-eval/plumb/internal/textsafe"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// batchOptions are collect's batch-file flags: write the run's requests
// for a batch engine, or read its results instead of asking a server.
type batchOptions struct {
	out      string
	in       []string
	maxLines int
	maxBytes int64
	submit   bool
	poll     time.Duration
}

func (b *batchOptions) flags(f *pflag.FlagSet) {
	f.StringVar(&b.out, "batch-out", "", "write the requests not yet answered in -o as OpenAI Batch input lines to FILE, sending nothing (vllm run-batch, OpenAI/Azure Batch API)")
	f.StringArrayVar(&b.in, "batch-in", nil, "read OpenAI Batch output FILE (repeat) instead of asking a server, and append the records to -o")
	f.IntVar(&b.maxLines, "batch-max-lines", collect.BatchMaxLines, "--batch-out: requests a file; more go to numbered files FILE-001.jsonl, … (0: no limit)")
	f.Int64Var(&b.maxBytes, "batch-max-bytes", collect.BatchMaxBytes, "--batch-out: bytes a file, as --batch-max-lines (0: no limit)")
	f.BoolVar(&b.submit, "batch-submit", false, "submit the requests to --base-url's Files and Batch API, wait for the batches and read their results into -o")
	f.DurationVar(&b.poll, "batch-poll", 30*time.Second, "--batch-submit: time between polls of the batches")
}

// active reports whether the run writes or reads batch files.
func (b *batchOptions) active() bool { return b.out != "" || len(b.in) > 0 || b.submit }

// run writes, submits or reads the batch files of the pair run, one
// Config a condition (every condition's requests in the same files).
func (b *batchOptions) run(cmd *cobra.Command, red *collect.Redactor, cfgs []*collect.Config, files []string, quiet bool) error {
	w := cmd.ErrOrStderr()
	cfg := cfgs[0]
	if err := b.check(); err != nil {
		return err
	}
	switch {
	case b.out != "":
		return b.write(w, red, cfgs, files)
	case b.submit:
		return b.submitRun(cmd, red, cfgs, files, quiet)
	}
	return b.read(w, red, cfg.Output, cfg.IDs, func(st *collect.Stats) (collect.Prior, collect.BatchIn, error) {
		return collect.ReadGridBatch(cfgs, b.in, st)
	})
}

// check refuses flags that contradict each other or are out of range.
func (b *batchOptions) check() error {
	switch {
	case (b.out != "") && (len(b.in) > 0) || b.submit && (b.out != "" || len(b.in) > 0):
		return inputError{errors.New("--batch-out, --batch-in and --batch-submit: give one (write the requests, read their results, or both through the server's Batch API)")}
	case b.maxLines < 0 || b.maxBytes < 0:
		return inputError{fmt.Errorf("--batch-max-lines %d, --batch-max-bytes %d: want ≥ 0", b.maxLines, b.maxBytes)}
	case b.submit && b.poll <= 0:
		return inputError{fmt.Errorf("--batch-poll %v: want > 0", b.poll)}
	}
	return nil
}

// submitRun submits the run's batches (or waits for those written down
// by an earlier run), then reads their results as read does.
func (b *batchOptions) submitRun(cmd *cobra.Command, red *collect.Redactor, cfgs []*collect.Config, files []string, quiet bool) error {
	w := cmd.ErrOrStderr()
	cfg := cfgs[0]
	if err := collect.CheckOutput(cfg.Output); err != nil {
		return inputError{err}
	}
	ctx, sig, stop := collectContext(cmd)
	defer stop()
	state := cfg.Output + ".batches.json"
	begin := time.Now()
	sc := collect.SubmitConfig{State: state, Poll: b.poll, Limits: collect.BatchLimits{Lines: b.maxLines, Bytes: b.maxBytes}, Inputs: files}
	if !quiet {
		sc.Progress = func(p collect.BatchProgress) {
			eta := "ETA unknown"
			if p.Total > 0 && p.Completed+p.Failed >= p.Total {
				eta = "all done"
			} else if el := time.Since(begin); p.Completed+p.Failed > 0 && p.Total > p.Completed+p.Failed {
				left := time.Duration(float64(el) / float64(p.Completed+p.Failed) * float64(p.Total-p.Completed-p.Failed))
				eta = "ETA " + left.Round(time.Second).String() + " at the rate so far"
			}
			say(w, red, "batch: %d of %d batches finished; requests %d of %d done, %d failed; %s", p.Finished, p.Batches, p.Completed, p.Total, p.Failed, eta)
		}
	}
	say(w, red, "batch: submitting the requests for %s to the server's Batch API (the batch IDs are written down in %s: re-run the same command to wait for them)", cfg.Client.Endpoint(), state)
	err := b.read(w, red, cfg.Output, cfg.IDs, func(st *collect.Stats) (collect.Prior, collect.BatchIn, error) {
		return collect.Submit(ctx, cfgs, sc, st)
	})
	if s, ok := sig().(syscall.Signal); ok && errors.Is(err, context.Canceled) {
		return statusError{fmt.Errorf("stopped by %v: the batches go on on the server; re-run the same command to wait for them (their IDs are in %s)", s, state), 128 + int(s)}
	}
	return err
}

// checkOut refuses a --batch-out that is gzip, an items file or -o.
func (b *batchOptions) checkOut(output string, files []string) error {
	if strings.HasSuffix(strings.ToLower(b.out), ".gz") {
		return inputError{fmt.Errorf("--batch-out %s: batch engines read plain JSON Lines; name a .jsonl file", b.out)}
	}
	if filepath.Clean(b.out) == filepath.Clean(output) || atomicfile.IsInput(b.out, append(files, output)) {
		return inputError{fmt.Errorf("--batch-out %s is one of the items files or -o: %w", b.out, collect.ErrOverInput)}
	}
	return nil
}

// writeErr is the error of writing batch files: bad input for an output
// log collect must not read or a file over an input.
func writeErr(err error) error {
	var oe *collect.OutputError
	if errors.As(err, &oe) || errors.Is(err, collect.ErrOverInput) {
		return inputError{err}
	}
	return err
}

// write writes the batch input files.
func (b *batchOptions) write(w io.Writer, red *collect.Redactor, cfgs []*collect.Config, files []string) error {
	cfg := cfgs[0]
	if err := b.checkOut(cfg.Output, files); err != nil {
		return err
	}
	out, err := collect.WriteGridBatch(cfgs, b.out, collect.BatchLimits{Lines: b.maxLines, Bytes: b.maxBytes}, files)
	if err != nil {
		return writeErr(err)
	}
	if out.Requests == 0 {
		say(w, red, "batch: nothing to ask: all %s%s are in %s", vocab.Plural(out.Skipped, "item"), overConds(len(cfgs)), cfg.Output)
		return nil
	}
	say(w, red, "batch: %s (%s%s × %d arrangements; %d already in %s, not asked) → %s",
		vocab.Plural(out.Requests, "request"), vocab.Plural(out.Items, "item"), overConds(len(cfgs)), len(cfg.Arrangements), out.Skipped, cfg.Output, strings.Join(out.Files, ", "))
	if inHand := out.Items*len(cfg.Arrangements) - out.Requests; inHand > 0 {
		say(w, red, "batch: %s of these items already have their K samples in hand (%s.batch-samples.jsonl): not asked", vocab.Plural(inHand, "arrangement"), cfg.Output)
	}
	say(w, red, "then: plumb collect ITEMS… (the same flags) --batch-in RESULTS.jsonl -o %s", cfg.Output)
	return nil
}

// overConds says, for a grid of n conditions, that the items counted are
// those of every condition.
func overConds(n int) string {
	if n < 2 {
		return ""
	}
	return fmt.Sprintf(" across %d conditions", n)
}

// read reads batch results into the output log; it exits 3 when items
// are left for the next batch, as a live run with items not written.
func (b *batchOptions) read(w io.Writer, red *collect.Redactor, output string, ids collect.IDs, readBatch func(*collect.Stats) (collect.Prior, collect.BatchIn, error)) error {
	if atomicfile.IsInput(output, b.in) {
		return inputError{fmt.Errorf("-o %s is one of the --batch-in files; plumb never writes over an input", output)}
	}
	for _, name := range b.in {
		if st, err := os.Stat(name); err != nil || st.IsDir() {
			return inputError{fmt.Errorf("--batch-in %s: not a readable results file", name)}
		}
	}
	if err := collect.CheckOutput(output); err != nil {
		return inputError{err}
	}
	var st collect.Stats
	begin := time.Now()
	prior, bi, err := readBatch(&st)
	var oe *collect.OutputError
	if errors.As(err, &oe) {
		return inputError{err}
	}
	if err != nil {
		return err
	}
	fmt.Fprint(w, textsafe.Text(red.String(collect.Summary(&st, prior, time.Since(begin)))))
	say(w, red, "batch results: %s read from %s; %d for items already in the log (skipped); %s of items to judge had no line",
		vocab.Plural(bi.Lines, "line"), vocab.Plural(bi.Files, "file"), bi.InLog, vocab.Plural(bi.Missing, "request"))
	if bi.Short > 0 {
		say(w, red, "samples: %s came back with fewer than K samples (the server ignores n); what came is kept in %s.batch-samples.jsonl, and the next --batch-out asks for the rest, as a live run asks again",
			vocab.Plural(bi.Short, "arrangement"), output)
	}
	if st.Failed > 0 {
		say(w, red, "failed requests and faulty lines are listed, with file:line, in %s.failures.jsonl", output)
	}
	printWarnings(w, red, collect.Warnings(&st, ids))
	if n := st.ItemsFailed + st.Discarded; n > 0 {
		return statusError{fmt.Errorf("%d of %s not written (%d failed, %d without results); write their requests with --batch-out and the same -o for the next batch (exit status %d)",
			n, vocab.Plural(int(st.Items), "item"), st.ItemsFailed, st.Discarded, exitIncomplete), exitIncomplete}
	}
	return nil
}
