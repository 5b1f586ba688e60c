package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/plumb-eval/plumb/collect"
	"github.com/plumb-eval/plumb/internal/atomicfile"
	"github.com/plumb-eval/plumb/internal/textsafe"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

const collectLong = `Run a judge model over pair items, in every arrangement (docs/methods.md §1), on a
server that speaks the OpenAI-compatible API (vLLM, SGLang, TGI, llama.cpp
server, Ollama, LM Studio, OpenAI), and append its answers to a log (format
v1) that plumb analyses: one pair record per item, with the log-probabilities
of the two option IDs per arrangement.

Items come from any log plumb reads that carries the texts (v1, LLMBar,
JudgeBench, PandaLM, --from columns; FastChat's judgment files hold none) or
from a plain JSONL file of {"id", "prompt", "response_1", "response_2",
"gold"?, "group"?}.

Each request asks for temperature 0, a few tokens and the top log-probabilities
of each generated token (chat: logprobs + top_logprobs; --completions: the
legacy endpoint's logprobs, for base models). P(A) is read from the answer
token's top log-probabilities, summing the variants of each ID ("A", " A",
"(A", "**A", "[A", … ignoring case) and normalising over the two IDs; when
neither ID is there, or the server returns no log-probabilities, the text's
verdict is used and counted. The summary says how many answers carry
probabilities.

Templates (--template): %s, or a Go text/template file
(docs/collect.md lists its fields). Every record's extra field
"collect" names the template and its SHA-256, the IDs and the endpoint, and
the record keeps the texts, so each prompt can be rendered again
(--dry-run prints them).

Re-running the same command skips the items already in the output and
appends the rest; a torn last line left by a killed run is cut off first.
An output that is neither empty nor a log (format v1, JSON Lines) is refused
and left byte for byte as it was. An item is written once all its arrangements
are answered; requests that fail for good (after --retries with back-off)
are appended, with their reason, to OUTPUT.failures.jsonl, and the item is
tried again on the next run. Ctrl-C stops cleanly, saying how many items
were written. A wrong key (401/403), model (404) or a redirect to another
origin stops at once. The API key is read from the environment variable
--api-key-env and never printed or written; it and any credentials in
--base-url are redacted from everything shown or written, server messages
included.

A positive log-probability from the server (impossible) is read as 0,
probability 1, and counted in the summary; it never inverts an answer.

Exit status: 0 when every item asked for is in the output; 3 when the run
ended with items not written (requests failed for good: re-run the same
command to try them again); 2 for bad input (a flag, an items file, an -o
that is a folder or not a log); 1 when a fatal failure stopped the run or
the server cannot be reached at all (connection refused, unknown host, TLS
failure: checked before the first request, not retried); 130 after Ctrl-C
(143 after SIGTERM).

--evidence K with --template faireval samples each arrangement K times at
temperature 1 (FairEval's Multiple Evidence Calibration: the judge writes its
evidence, then scores both answers; the template labels the answers by
position, so the arrangements are x0 and x2) and records every sample's two
scores and text; --samples K does the same with an option-ID template's
verdicts, and P(A) is the share of A (ties ½) among the read samples, an
estimate from K samples for judges without log-probabilities. A request asks
for n = K choices; a server that returns fewer is asked again for the rest.
Scores are read by FairEval's rule (the last two lines), else by a tolerant
reading of "Score of the Assistant N: X" lines; samples neither reads are kept
in the record and counted (docs/collect.md).

--task score rates one output per criterion instead (score records with
score_probs: S_m is the expected score over the --scale tokens'
probabilities; template "ohi"); --ls adds LS, the output's log-likelihood
from the legacy completions endpoint with echo (vLLM supports it; llama.cpp
refuses it, and the run stops at its first answer).

--template, --ids and --shots take lists (--template calibraeval,mt-bench
--ids A/B,X/Y --shots 0,2): each combination is a condition, run in turn
into the same log, and every record names its condition (docs/collect.md,
"Conditions"); --shots K shows K examples drawn from the items with gold
(--seed). --probes cc,dc also asks, in every condition, the content-free
input (CC) and --dc-samples inputs of random in-domain words (DC).

--batch-out FILE writes, instead of sending them, the requests of the
items not yet in -o (every condition of a grid; with --samples or
--evidence each arrangement's request for the samples not yet in hand) as
OpenAI Batch input lines (custom_id, method, url, body: exactly the body a
live run posts), for vllm run-batch or a hosted Batch API; --batch-in
RESULTS reads the batch's output lines and appends the records a live run
writes for the same answers; --batch-submit does both through --base-url's
Files and Batch API and waits, and a stopped wait is resumed by running it
again (docs/collect.md, "Cluster"). --task score writes and reads batch
files too (each item's LS request and one request per criterion);
--batch-submit is for pairs.

Before the first request the server is asked whether it lists --model and,
where it has a tokenizer endpoint (llama.cpp, vLLM), whether each ID is one
token; after the run collect warns about answers without readable
log-probabilities, IDs never among the alternatives, and prompts the server
cut to fit its context (docs/collect.md).`

type collectOptions struct {
	baseURL, model, judge, output, keyEnv string
	arrangements, ids, template           string
	topLogprobs, maxTokens, jobs, retries int
	limit                                 int
	rps                                   float64
	timeout, backoff, backoffMax          time.Duration
	completions, caseSensitive, dryRun    bool
	quiet                                 bool
	from                                  string
	maps                                  []string
	task, scale, taskDesc                 string
	criteria                              []string
	ls                                    bool
	batch                                 batchOptions
	grid                                  gridOptions
	sampling                              samplingOptions
}

func newCollectCmd() *cobra.Command {
	o := collectOptions{}
	cmd := &cobra.Command{
		Use:   "collect ITEMS... --model NAME -o OUT.jsonl",
		Short: "run a judge model over pair items in every arrangement and log its probabilities",
		Long:  fmt.Sprintf(collectLong, strings.Join(collect.BuiltinTemplates(), ", ")),
		Example: `  plumb simulate --pairs 500 -o items.jsonl
  plumb simulate --pairs 500 --serve 127.0.0.1:8000 &
  plumb collect items.jsonl --base-url http://127.0.0.1:8000/v1 --model judge-tokenA -o judged.jsonl
  plumb collect llmbar/ --base-url http://127.0.0.1:8000/v1 --model Qwen/Qwen2.5-7B-Instruct -j 32 -o qwen.jsonl
  plumb collect items.jsonl --base-url http://127.0.0.1:11434/v1 --model llama3.1:8b -o llama.jsonl
  plumb collect items.jsonl --model judge-tokenA --template calibraeval,mt-bench --ids A/B,Alice/Bob --shots 0,2 --probes cc,dc -o grid.jsonl`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return inputError{errors.New("collect needs at least one items file")}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return runCollect(cmd, args, &o) },
	}
	f := cmd.Flags()
	f.StringVar(&o.baseURL, "base-url", "http://127.0.0.1:8000/v1", "the API's base URL (requests go to BASE/chat/completions)")
	f.StringVar(&o.model, "model", "", "the model to ask (required)")
	f.StringVar(&o.judge, "judge-name", "", "judge name in the log (default: --model)")
	onceStringVarP(f, &o.output, "output", "o", "", "log to append to (required; created when missing)")
	f.StringVar(&o.keyEnv, "api-key-env", "OPENAI_API_KEY", "environment variable holding the API key (none: no key sent)")
	f.StringVar(&o.arrangements, "arrangements", "x0,x1,x2,x3", "arrangements to ask, comma-separated (x0 required)")
	f.StringVar(&o.ids, "ids", "A,B", "the two option IDs; the first is the log's A (a list of sets A/B,X/Y runs each)")
	f.StringVar(&o.template, "template", collect.DefaultTemplate, "built-in template name or template FILE (a comma-separated list runs each)")
	f.IntVar(&o.topLogprobs, "top-logprobs", 20, "top log-probabilities per token (OpenAI allows at most 20)")
	f.IntVar(&o.maxTokens, "max-tokens", 0, "tokens per reply (0: the template's; 4 for calibraeval, 1024 for mt-bench)")
	f.BoolVar(&o.completions, "completions", false, "use the legacy /completions endpoint (base models)")
	f.IntVarP(&o.jobs, "jobs", "j", 8, "concurrent requests")
	f.Float64Var(&o.rps, "rps", 0, "at most this many requests per second (0: no limit)")
	f.IntVar(&o.retries, "retries", 6, "retries of a request after 429, 5xx, timeouts and bad answers")
	f.DurationVar(&o.timeout, "timeout", 2*time.Minute, "per-request timeout")
	f.DurationVar(&o.backoff, "backoff", 500*time.Millisecond, "first retry back-off (doubles, with jitter)")
	f.DurationVar(&o.backoffMax, "backoff-max", 30*time.Second, "longest retry back-off (a Retry-After may ask for up to 5m)")
	f.IntVar(&o.limit, "limit", 0, "judge only the first N items (0: all)")
	f.BoolVar(&o.caseSensitive, "case-sensitive", false, "match option IDs in the answer case-sensitively")
	f.BoolVar(&o.dryRun, "dry-run", false, "print the first item's rendered prompts (and each probe kind's, per condition) and stop (no requests)")
	f.BoolVarP(&o.quiet, "quiet", "q", false, "no progress lines (the summary is still printed)")
	f.StringVar(&o.from, "from", "", "items format (default: detected; see plumb import --help)")
	f.StringArrayVar(&o.maps, "map", nil, "column mapping KEY=COLUMN for --from columns (repeat)")
	f.StringVar(&o.task, "task", "pair", "pair (compare two responses) or score (rate one output per criterion)")
	f.StringSliceVar(&o.criteria, "criteria", nil, "score task: only these criteria (default: all in the items)")
	f.StringVar(&o.scale, "scale", "1-5", "score task: the rating scale MIN-MAX")
	f.BoolVar(&o.ls, "ls", false, "score task: also ask for LS, the output's log-likelihood (legacy /completions with echo)")
	f.StringVar(&o.taskDesc, "task-description", "", "score task: text before the input when LS is asked for")
	o.batch.flags(f)
	o.grid.flags(f)
	o.sampling.flags(f)
	return cmd
}

// setup validates the flags and builds the run of the first condition,
// returning the run's conditions and whether records name theirs
// (collect_grid.go).
func (o *collectOptions) setup(files []string) (*collect.Config, []collect.Condition, bool, error) {
	cfg, conds, mark, err := o.setupGrid(files)
	if err != nil {
		return nil, nil, false, err
	}
	return o.forCondition(cfg, &conds[0], mark), conds, mark, nil
}

// setupGrid validates the flags and builds the run without its condition.
func (o *collectOptions) setupGrid(files []string) (*collect.Config, []collect.Condition, bool, error) {
	if err := o.checkCommon(files); err != nil {
		return nil, nil, false, err
	}
	conds, mark, err := o.conditions()
	if err != nil {
		return nil, nil, false, err
	}
	for i := range conds {
		if err := o.sampling.check(conds[i].Template, &o.arrangements, conds[i].Shots, len(o.grid.probes) > 0); err != nil {
			return nil, nil, false, err
		}
	}
	arr, err := sim.ParseArrangements(o.arrangements)
	if err != nil {
		return nil, nil, false, fmt.Errorf("--arrangements: %w", err)
	}
	seen := map[model.Arrangement]bool{}
	for _, a := range arr {
		if seen[a] {
			return nil, nil, false, fmt.Errorf("--arrangements: %s is given twice", a)
		}
		seen[a] = true
	}
	if !seen[model.X0] {
		return nil, nil, false, errors.New("--arrangements: x0 is required (a pair record needs the default arrangement)")
	}
	items, err := collect.LoadItems(files, o.from, o.maps)
	if err != nil {
		return nil, nil, false, err
	}
	items, pool, err := o.withProbes(items[:o.limited(len(items))], conds)
	if err != nil {
		return nil, nil, false, err
	}
	api := "chat"
	if o.completions {
		api = "completions"
	}
	return &collect.Config{
		Items: items, Judge: o.judgeName(), Arrangements: arr, Pool: pool, Seed: o.grid.seed,
		Reader: collect.Reader{CaseSensitive: o.caseSensitive},
		Jobs:   o.jobs, Output: o.output,
		Meta: map[string]any{"api": api, "model": o.model, "top_logprobs": o.topLogprobs},
	}, conds, mark, nil
}

// checkCommon validates what both tasks share: the model, the output and
// the client's numbers.
func (o *collectOptions) checkCommon(files []string) error {
	switch {
	case o.model == "":
		return errors.New("--model is required")
	case o.output == "" && !o.dryRun:
		return errors.New("-o/--output is required")
	case strings.HasSuffix(strings.ToLower(o.output), ".gz"):
		return fmt.Errorf("-o %s: collect appends as results arrive, which gzip does not allow; write plain JSON Lines", o.output)
	case o.output != "" && isDir(o.output):
		return fmt.Errorf("-o %s is a folder; collect appends to a log file", o.output)
	case o.output != "" && atomicfile.IsInput(o.output, files):
		return fmt.Errorf("-o %s is one of the items files; plumb never writes over an input", o.output)
	case !httpURL(o.baseURL):
		return fmt.Errorf("--base-url %s: want a URL that starts with http:// or https:// and names a host (http://127.0.0.1:8000/v1)", o.baseURL)
	case o.topLogprobs < 1:
		return fmt.Errorf("--top-logprobs %d: want ≥ 1", o.topLogprobs)
	case o.maxTokens < 0:
		return fmt.Errorf("--max-tokens %d: want ≥ 0", o.maxTokens)
	case o.jobs < 1:
		return fmt.Errorf("-j %d: want ≥ 1", o.jobs)
	case !(o.rps >= 0):
		return fmt.Errorf("--rps %v: want ≥ 0", o.rps)
	case o.retries < 0:
		return fmt.Errorf("--retries %d: want ≥ 0", o.retries)
	case o.backoff < 0:
		return fmt.Errorf("--backoff %v: want ≥ 0", o.backoff)
	case o.backoffMax < 0:
		return fmt.Errorf("--backoff-max %v: want ≥ 0", o.backoffMax)
	case o.timeout <= 0:
		return fmt.Errorf("--timeout %v: want > 0", o.timeout)
	case o.limit < 0:
		return fmt.Errorf("--limit %d: want ≥ 0", o.limit)
	}
	return nil
}

// httpURL reports whether s is an http:// or https:// URL with a host
// ("127.0.0.1:8000/v1", without its scheme, is not: no request could be sent).
func httpURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// limited is how many of n items --limit keeps.
func (o *collectOptions) limited(n int) int {
	if o.limit > 0 && o.limit < n {
		return o.limit
	}
	return n
}

// judgeName is the judge name records get: --judge, else the model.
func (o *collectOptions) judgeName() string {
	if o.judge != "" {
		return o.judge
	}
	return o.model
}

// clientConfig is the client of the flags; --max-tokens 0 takes the
// template's own.
func (o *collectOptions) clientConfig(templateMax int) collect.ClientConfig {
	maxTok := o.maxTokens
	if maxTok == 0 {
		maxTok = templateMax
	}
	return collect.ClientConfig{
		BaseURL: o.baseURL, APIKey: os.Getenv(o.keyEnv), Model: o.model, Completions: o.completions,
		TopLogprobs: o.topLogprobs, MaxTokens: maxTok, Timeout: o.timeout, Retries: o.retries,
		BackoffBase: o.backoff, BackoffMax: o.backoffMax, RPS: o.rps,
	}
}

func runCollect(cmd *cobra.Command, files []string, o *collectOptions) (err error) {
	red := collect.NewRedactor(os.Getenv(o.keyEnv), o.baseURL)
	defer func() { err = cleanCollectError(err, red) }()
	switch o.task {
	case "pair":
	case "score":
		if f := o.grid.pairOnly(); f != "" {
			return inputError{fmt.Errorf("--%s is for --task pair", f)}
		}
		if o.sampling.k() > 0 {
			return inputError{errors.New("--evidence and --samples: sampled judgments are for --task pair only")}
		}
		return runCollectScores(cmd, files, o, red)
	default:
		return inputError{fmt.Errorf("--task %q: want pair or score", o.task)}
	}
	cfg, conds, mark, err := o.setup(files)
	if err != nil {
		return inputError{err}
	}
	stderr := cmd.ErrOrStderr()
	if o.dryRun {
		return dryRunGrid(cmd, o, cfg, conds, mark)
	}
	if o.batch.active() {
		return o.batch.run(cmd, red, o.gridConfigs(cfg, conds, mark), files, o.quiet)
	}
	if len(conds) > 1 {
		return runGrid(cmd, o, red, cfg, conds, mark)
	}
	if !o.quiet {
		cfg.Progress = &collect.Progress{W: stderr, Terminal: isTerminal(stderr), Label: cfg.Judge, Width: termWidth(stderr), Redact: red.String}
	}
	ctx, sig, stop := collectContext(cmd)
	defer stop()
	say(stderr, red, "collect: %s on %s, %s × %d arrangements, template %s, %d concurrent → %s",
		o.model, cfg.Client.Endpoint(), itemsAndProbes(cfg.Items), len(cfg.Arrangements), cfg.Template.Name, cfg.Jobs, cfg.Output)
	if n := collect.EmptyTexts(cfg.Items); n > 0 {
		say(stderr, red, "note: %s an empty prompt or response; judged as they are", vocab.Plural(n, "item has"))
	}
	if err := collect.CheckOutput(cfg.Output); err != nil { // bad input is said before the server is asked
		return inputError{err}
	}
	ids := &cfg.IDs
	if cfg.Template.Scores {
		ids = nil // the answers are labelled by position: no ID to check
	}
	warns, err := cfg.Client.Preflight(ctx, ids, o.caseSensitive)
	if err != nil {
		return err
	}
	printWarnings(stderr, red, warns)
	cfg.Warn = warnWhileRunning(stderr, red)
	var st collect.Stats
	begin := time.Now()
	prior, err := collect.Run(ctx, cfg, &st)
	return finishCollect(stderr, red, cfg.Output, &st, prior, time.Since(begin), err, sig(), cfg.IDs)
}

// collectContext returns the context of a collect run, cancelled on
// SIGINT or SIGTERM, and the signal that cancelled it (nil if none). From
// then on plumb's own signal handler (cleanupOnSignal) does not exit:
// collect stops cleanly and says what it wrote. The mark stays after stop:
// the handler may see a signal only after collect returned, and must not
// then exit over collect's message.
func collectContext(cmd *cobra.Command) (ctx context.Context, sig func() os.Signal, stop func()) {
	rs := stateOf(cmd)
	rs.collect.Store(true)
	ctx, cancel := context.WithCancel(cmd.Context())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	var got atomic.Value
	go func() {
		select {
		case s := <-ch:
			got.Store(s)
			cancel()
		case <-ctx.Done():
		}
	}()
	sig = func() os.Signal { s, _ := got.Load().(os.Signal); return s }
	return ctx, sig, func() { signal.Stop(ch); cancel() }
}

// finishCollect prints a run's summary and turns its outcome into plumb's
// exit status: an output that cannot be appended to is bad input (2); a
// stop by a signal exits with 128 + its number after saying how many items
// were written; a run that ended with items not written exits 3. The
// warnings about what the answers showed (collect.Warnings) follow the
// summary; ids are the option IDs of a pair run (none for scores).
func finishCollect(w io.Writer, red *collect.Redactor, output string, st *collect.Stats, prior collect.Prior, wall time.Duration, err error, sig os.Signal, ids collect.IDs) error {
	var oe *collect.OutputError
	if errors.As(err, &oe) { // refused before anything was asked: no summary
		return inputError{err}
	}
	fmt.Fprint(w, textsafe.Text(red.String(collect.Summary(st, prior, wall))))
	if st.Failed > 0 {
		say(w, red, "failed requests are listed in %s.failures.jsonl; re-run the same command to try those items again", output)
	}
	printWarnings(w, red, collect.Warnings(st, ids))
	switch {
	case errors.Is(err, context.Canceled) || (err == nil && sig != nil):
		msg := fmt.Sprintf("%d of %s written to %s, every record whole; re-run the same command to continue with the other %d",
			st.Written, vocab.Plural(int(st.Items), "item"), output, st.Items-st.Written)
		if s, ok := sig.(syscall.Signal); ok {
			return statusError{fmt.Errorf("stopped by %v: %s", s, msg), 128 + int(s)}
		}
		return errors.New("stopped: " + msg)
	case err != nil:
		return err
	}
	if n := st.ItemsFailed + st.Discarded; n > 0 {
		return statusError{fmt.Errorf("%d of %s not written (%d failed, %d unfinished); re-run the same command to try them again (exit status %d)",
			n, vocab.Plural(int(st.Items), "item"), st.ItemsFailed, st.Discarded, exitIncomplete), exitIncomplete}
	}
	return nil
}

// say prints one line, secrets redacted and safe for a terminal.
func say(w io.Writer, red *collect.Redactor, format string, args ...any) {
	fmt.Fprintln(w, textsafe.Line(red.String(fmt.Sprintf(format, args...))))
}

// collectError is a collect error whose message had secrets redacted or
// was made safe for a terminal; it unwraps to the original (for the exit
// status).
type collectError struct {
	msg string
	err error
}

func (e *collectError) Error() string { return e.msg }
func (e *collectError) Unwrap() error { return e.err }

// cleanCollectError redacts secrets from err's message and makes it safe
// for a terminal, keeping err for its exit status.
func cleanCollectError(err error, red *collect.Redactor) error {
	if err == nil {
		return nil
	}
	msg := textsafe.Text(red.String(err.Error()))
	if msg == err.Error() {
		return err
	}
	return &collectError{msg, err}
}

// isDir reports whether name is a folder.
func isDir(name string) bool {
	st, err := os.Stat(name)
	return err == nil && st.IsDir()
}

// termWidth returns the width of the terminal f, or 0.
func termWidth(f any) int {
	tf, ok := f.(interface{ Fd() uintptr })
	if !ok {
		return 0
	}
	w, _, err := term.GetSize(tf.Fd())
	if err != nil {
		return 0
	}
	return w
}

// runCollectScores runs a score task (--task score).
func runCollectScores(cmd *cobra.Command, files []string, o *collectOptions, red *collect.Redactor) error {
	cfg, err := o.setupScores(files)
	if err != nil {
		return inputError{err}
	}
	if o.dryRun {
		it := &cfg.Items[0]
		system, user, err := cfg.Template.Render(&collect.ScorePrompt{Input: it.Input, Output: it.Output, Criterion: it.Criterion, Min: cfg.Min, Max: cfg.Max})
		if err != nil {
			return err
		}
		w := cmd.OutOrStdout()
		fmt.Fprintf(w, "=== score item %s, criterion %s, template %s (sha256 %s) ===\n", textsafe.Line(it.ID), textsafe.Line(it.Criterion), textsafe.Line(cfg.Template.Name), cfg.Template.SHA256)
		if system != "" {
			fmt.Fprintf(w, "--- system ---\n%s\n", textsafe.Text(system))
		}
		fmt.Fprintf(w, "--- user ---\n%s\n", textsafe.Text(user))
		if cfg.LS != nil {
			fmt.Fprintf(w, "--- LS prompt (the output's tokens are summed) ---\n%s\n", textsafe.Text(collect.LSPrefix(cfg.TaskDescription, it.Input)+it.Output))
		}
		return nil
	}
	if o.batch.active() {
		return o.batch.runScores(cmd, red, cfg, files)
	}
	stderr := cmd.ErrOrStderr()
	if !o.quiet {
		cfg.Progress = &collect.Progress{W: stderr, Terminal: isTerminal(stderr), Label: cfg.Judge, Width: termWidth(stderr), Redact: red.String}
	}
	ctx, sig, stop := collectContext(cmd)
	defer stop()
	say(stderr, red, "collect: %s on %s, %s (item × criterion), scale %d-%d, template %s, LS %v → %s",
		o.model, cfg.Client.Endpoint(), vocab.Plural(len(cfg.Items), "score item"), cfg.Min, cfg.Max, cfg.Template.Name, cfg.LS != nil, cfg.Output)
	if err := collect.CheckOutput(cfg.Output); err != nil {
		return inputError{err}
	}
	warns, err := cfg.Client.Preflight(ctx, nil, false)
	if err != nil {
		return err
	}
	printWarnings(stderr, red, warns)
	var st collect.Stats
	begin := time.Now()
	prior, err := collect.RunScores(ctx, cfg, &st)
	return finishCollect(stderr, red, cfg.Output, &st, prior, time.Since(begin), err, sig(), collect.IDs{})
}

// setupScores validates the flags and builds a score task's run.
func (o *collectOptions) setupScores(files []string) (*collect.ScoreConfig, error) {
	if err := o.checkCommon(files); err != nil {
		return nil, err
	}
	lo, hi, err := collect.ParseScale(o.scale)
	if err != nil {
		return nil, fmt.Errorf("--scale: %w", err)
	}
	name := o.template
	if name == collect.DefaultTemplate {
		name = collect.DefaultScoreTemplate
	}
	tp, err := collect.LoadScoreTemplate(name)
	if err != nil {
		return nil, fmt.Errorf("--template: %w", err)
	}
	items, err := collect.LoadScoreItems(files, o.from, o.maps, trimAll(o.criteria))
	if err != nil {
		return nil, err
	}
	items = items[:o.limited(len(items))]
	cc := o.clientConfig(tp.MaxTokens)
	cfg := &collect.ScoreConfig{Items: items, Judge: o.judgeName(), Template: tp, Client: collect.NewClient(cc), Min: lo, Max: hi,
		CaseSensitive: o.caseSensitive, Jobs: o.jobs, Output: o.output, TaskDescription: o.taskDesc,
		Meta: map[string]any{"model": o.model, "top_logprobs": o.topLogprobs}}
	if o.ls {
		lc := cc
		lc.Completions = true
		cfg.LS = collect.NewClient(lc)
	}
	return cfg, nil
}
