package collect

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/importer"
)

// Score tasks (--task score): the judge rates one output on one criterion;
// S_m is the expected score over the scale tokens' probabilities (Ohi et
// al. 2024, eq. 7), written as a score record's score_probs. With LS on,
// the output's log-likelihood LS = log P(output | input, task description)
// is read from the server's prompt log-probabilities (legacy completions
// with echo: true), as docs/methods.md §6 defines it.

// DefaultScoreTemplate is the built-in score template used when none is named.
const DefaultScoreTemplate = "ohi"

// ScoreItem is one output to rate on one criterion.
type ScoreItem struct {
	ID, Criterion string
	Input, Output string
	HumanScore    float64
}

// ScorePrompt is what a score template is executed with.
type ScorePrompt struct {
	Input, Output, Criterion string
	Min, Max                 int
}

// LoadScoreTemplate returns the built-in score template called name, or
// reads the template file name.
func LoadScoreTemplate(name string) (*Template, error) {
	if name == "" {
		name = DefaultScoreTemplate
	}
	src, err := builtins.ReadFile(path.Join("templates", "score", name+".tmpl"))
	if err != nil {
		src, err = readLimited(name, "template file", MaxTemplateBytes)
		var tl *TooLargeError
		if errors.As(err, &tl) {
			return nil, err
		}
		if err != nil {
			return nil, fmt.Errorf("score template %q is neither built in (%s) nor a readable file: %w", name, DefaultScoreTemplate, err)
		}
	}
	return parseTemplate(name, src, &ScorePrompt{Input: "i", Output: "o", Criterion: "c", Min: 1, Max: 5})
}

// ParseScale parses "1-5" (integers, min < max, at most 100 values).
func ParseScale(s string) (int, int, error) {
	a, b, ok := strings.Cut(strings.TrimSpace(s), "-")
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || lo >= hi || hi-lo > 100 || lo < 0 {
		return 0, 0, fmt.Errorf("want MIN-MAX with integers 0 ≤ MIN < MAX, at most 100 apart, got %q", s)
	}
	return lo, hi, nil
}

// LoadScoreItems reads score items: score records of any log plumb reads
// that carry input and output texts, or a plain JSONL file of {"id",
// "criterion", "input", "output", "human_score"}. criteria, when not empty,
// keeps only those criteria.
func LoadScoreItems(files []string, from string, maps []string, criteria []string) ([]ScoreItem, error) {
	keep := map[string]bool{}
	for _, c := range criteria {
		keep[c] = true
	}
	var out []ScoreItem
	seen := map[[2]string]bool{}
	add := func(it ScoreItem, where string) error {
		if len(keep) > 0 && !keep[it.Criterion] {
			return nil
		}
		k := [2]string{it.ID, it.Criterion}
		if seen[k] {
			return nil
		}
		seen[k] = true
		if strings.TrimSpace(it.Output) == "" {
			return fmt.Errorf("%s: score item %q (%s) has no output text", where, it.ID, it.Criterion)
		}
		out = append(out, it)
		return nil
	}
	var others []string
	for _, f := range files {
		plain, err := isPlainScores(f)
		if err != nil {
			return nil, err
		}
		if !plain || from != "" {
			others = append(others, f)
			continue
		}
		if err := readPlainScores(f, MaxLineBytes, add); err != nil {
			return nil, err
		}
	}
	if len(others) > 0 {
		lg, err := importer.Load(others, from, model.ReadOptions{}, importer.Options{Map: maps})
		if err != nil {
			return nil, err
		}
		for i := range lg.Scores {
			s := &lg.Scores[i]
			if err := add(ScoreItem{ID: s.ID, Criterion: s.Criterion, Input: s.Input, Output: s.Output, HumanScore: s.HumanScore}, s.Pos.String()); err != nil {
				return nil, err
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no score items in %s", strings.Join(files, ", "))
	}
	return out, nil
}

func isPlainScores(name string) (bool, error) {
	r, closeFn, err := open(name)
	if err != nil {
		return false, err
	}
	defer closeFn()
	var probe map[string]json.RawMessage
	if json.NewDecoder(io.LimitReader(r, MaxLineBytes)).Decode(&probe) != nil {
		return false, nil
	}
	_, hasKind := probe["kind"]
	_, hasOut := probe["output"]
	return hasOut && !hasKind, nil
}

// ScoreConfig is one score collection run.
type ScoreConfig struct {
	Items    []ScoreItem
	Judge    string
	Template *Template
	Client   *Client
	Min, Max int
	// LS, when not nil, asks for each output's log-likelihood after
	// TaskDescription and the input (legacy completions, echo: true).
	LS              *Client
	TaskDescription string
	CaseSensitive   bool
	Jobs            int
	Output          string
	Meta            map[string]any
	Progress        *Progress

	wrapOut func(outFile) outFile // tests: wraps the output log's writes (record_file.go)
}

// LSPrefix is the text before an output whose log-likelihood LS is asked
// for: the task description and the input, each followed by a blank line
// (either left out when empty). LS sums the log-probabilities of the
// tokens that start at or after the output's first character.
func LSPrefix(description, input string) string {
	var b strings.Builder
	for _, s := range []string{description, input} {
		if s != "" {
			b.WriteString(s)
			b.WriteString("\n\n")
		}
	}
	return b.String()
}

// readScore returns the rating probabilities of an answer: from the
// answer token's top alternatives (variants summed, as for pair answers),
// or, when no scale token is there, 1 for the rating the text starts with.
// ok is false when neither gives a rating. A positive log-probability is
// read as 0 (probability 1), with positive set, as for pair answers.
func readScore(a *Answer, lo, hi int, caseSensitive bool) (probs map[string]float64, fromLP, positive, ok bool) {
	q := make([]float64, hi-lo+1)
	rating := func(tok string) int {
		s := strings.TrimRight(strings.TrimLeft(tok, decoLead), decoTrail)
		n, err := strconv.Atoi(s)
		if err != nil || n < lo || n > hi || s != strconv.Itoa(n) {
			return -1
		}
		return n - lo
	}
	r := Reader{CaseSensitive: caseSensitive}
	if k := r.answerToken(a.Tokens); k >= 0 {
		for _, alt := range a.Tokens[k].Top {
			if i := rating(alt.Token); i >= 0 {
				if lp, ok, pos := readLogprob(alt.Logprob); ok {
					q[i] += math.Exp(lp)
					fromLP, positive = true, positive || pos
				}
			}
		}
	}
	if !fromLP {
		f := strings.Fields(strings.TrimLeft(a.Text, decoLead))
		if len(f) == 0 {
			return nil, false, false, false
		}
		i := rating(f[0])
		if i < 0 {
			return nil, false, false, false
		}
		q[i] = 1
	}
	sum := 0.0
	for _, v := range q {
		sum += v
	}
	probs = make(map[string]float64, len(q))
	for i, v := range q {
		probs[strconv.Itoa(lo+i)] = v / sum
	}
	return probs, fromLP, positive, true
}

// lsOf sums the prompt log-probabilities of the tokens from character
// offset from on (text_offset counts characters, as in OpenAI's API).
func lsOf(body []byte, from int) (float64, int, error) {
	var r struct {
		Choices []struct {
			Logprobs *struct {
				TokenLogprobs []*float64 `json:"token_logprobs"`
				TextOffset    []int      `json:"text_offset"`
			} `json:"logprobs"`
		} `json:"choices"`
		Usage *usage `json:"usage"`
	}
	if err := json.Unmarshal(body, &r); err != nil {
		return 0, 0, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if len(r.Choices) == 0 || r.Choices[0].Logprobs == nil || len(r.Choices[0].Logprobs.TextOffset) == 0 {
		return 0, 0, errors.New("the server returned no prompt log-probabilities (echo with logprobs unsupported?)")
	}
	lp := r.Choices[0].Logprobs
	promptTokens := len(lp.TextOffset)
	if r.Usage != nil && r.Usage.PromptTokens > 0 && r.Usage.PromptTokens <= promptTokens {
		promptTokens = r.Usage.PromptTokens
	}
	ls, n := 0.0, 0
	for i := 0; i < promptTokens && i < len(lp.TokenLogprobs); i++ {
		if lp.TextOffset[i] < from {
			continue
		}
		if lp.TokenLogprobs[i] == nil {
			return 0, 0, errors.New("a prompt token of the output has no log-probability")
		}
		ls += *lp.TokenLogprobs[i]
		n++
	}
	if n == 0 {
		return 0, 0, errors.New("no prompt token falls in the output")
	}
	return ls, n, nil
}

// lsRequest asks the LS client for the log-likelihood of output after
// prefix, retrying as Client.Do does; res counts the attempts and retries
// (its Answer stays empty), and each retry is added to *retries as it is
// made when retries is not nil.
func (c *Client) lsRequest(ctx context.Context, prefix, output string, retries *int64) (ls float64, tokens int, res Result, _ *Failure) {
	body, f := c.lsBody(prefix, output)
	if f != nil {
		return 0, 0, res, f
	}
	for attempt := 0; ; attempt++ {
		res.Attempts = attempt + 1
		raw, f := c.raw(ctx, body)
		if f == nil {
			var ls float64
			var n int
			if ls, n, f = lsRead(raw, prefix); f == nil {
				return ls, n, res, nil
			}
		}
		if f.Reason == "unsupported" {
			f.Msg += " (--ls needs the prompt's log-probabilities from legacy /completions with echo, which this server does not give: collect without --ls)"
		}
		if f.retry && ctx.Err() != nil { // an answer the server gave still counts
			return 0, 0, res, &Failure{Reason: "canceled", Msg: ctx.Err().Error()}
		}
		if !f.retry || attempt >= c.cfg.Retries {
			return 0, 0, res, f
		}
		res.Retries++
		if retries != nil {
			atomic.AddInt64(retries, 1)
		}
		if err := sleepCtx(ctx, max(c.backoff(attempt), min(f.after, MaxRetryAfter))); err != nil {
			return 0, 0, res, &Failure{Reason: "canceled", Msg: err.Error()}
		}
	}
}

// lsBody is the body of the request for the log-likelihood of output
// after prefix (legacy completions, echo: true).
func (c *Client) lsBody(prefix, output string) ([]byte, *Failure) {
	body, err := json.Marshal(map[string]any{"model": c.cfg.Model, "prompt": prefix + output, "max_tokens": 1,
		"temperature": 0, "echo": true, "logprobs": 1})
	if err != nil {
		return nil, &Failure{Reason: "bad-request", Msg: err.Error()}
	}
	return body, nil
}

// lsRead reads LS and its token count from the answer raw to an LS
// request whose prompt started with prefix; a malformed body is a
// failure worth retrying.
func lsRead(raw []byte, prefix string) (float64, int, *Failure) {
	ls, n, err := lsOf(raw, utf8.RuneCountInString(prefix))
	if err == nil {
		return ls, n, nil
	}
	f := &Failure{Reason: "no-ls", Msg: err.Error()}
	if errors.Is(err, ErrMalformed) {
		f.Reason, f.retry = "malformed", true
	}
	return 0, 0, f
}

// RunScores rates every score item not yet in cfg.Output and appends one
// score record per (item, criterion), written with its item's other
// criteria in one write once all are answered (the LS of an item is asked
// once). Resume, failures and cancelling work as in Run.
func RunScores(ctx context.Context, cfg *ScoreConfig, st *Stats) (Prior, error) {
	out, err := openOutput(cfg.Output)
	if err != nil {
		return Prior{}, err
	}
	defer out.Close()
	if err := lockOutput(out); err != nil {
		return Prior{}, err
	}
	prior, err := prepareOutput(cfg.Output, "", nil)
	if err != nil {
		return prior, err
	}
	rf, err := newRecordFile(out, cfg.wrapOut)
	if err != nil {
		return prior, err
	}
	groups, err := cfg.todo(prior, st)
	if err != nil {
		return prior, err
	}
	fw := &failWriter{name: cfg.Output + ".failures.jsonl", clean: cfg.Client.cleanText}
	defer fw.close()
	meta := cfg.meta()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if cfg.Progress != nil {
		cfg.Progress.start(st)
		defer cfg.Progress.stop()
	}
	jobs := make(chan []int)
	go func() {
		defer close(jobs)
		for _, g := range groups {
			select {
			case jobs <- g:
			case <-ctx.Done():
				return
			}
		}
	}()
	var mu sync.Mutex // guards out, fw and fatal
	var fatal error
	stop := func(err error) {
		if fatal == nil {
			fatal = err
		}
		cancel()
	}
	var wg sync.WaitGroup
	for range max(cfg.Jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf bytes.Buffer
			w := model.NewWriter(&buf)
			for g := range jobs {
				lines, fails, ok := cfg.scoreGroup(ctx, g, st, meta, w, &buf)
				mu.Lock()
				for _, f := range fails {
					if f.fail.Reason == "canceled" {
						continue
					}
					st.fail(f.fail.Reason)
					if err := fw.writeScore(cfg.Judge, f); err != nil {
						stop(err)
					}
					if f.fail.Fatal {
						stop(f.fail)
					}
					if atomic.LoadInt64(&st.Answered) == 0 && atomic.LoadInt64(&st.Failed) >= GiveUpAfter {
						stop(fmt.Errorf("the first %d requests all failed for good, the last with %w; stopping", GiveUpAfter, f.fail))
					}
					if err := st.gone(f.fail); err != nil {
						stop(err)
					}
				}
				switch {
				case ctx.Err() != nil && !ok:
					atomic.AddInt64(&st.Discarded, 1)
				case !ok:
					atomic.AddInt64(&st.ItemsFailed, 1)
				default:
					if _, err := rf.Write(lines); err != nil {
						stop(writeFailed(cfg.Output, atomic.LoadInt64(&st.Written), err))
					} else {
						atomic.AddInt64(&st.Written, 1)
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if fatal != nil {
		return prior, fatal
	}
	return prior, ctx.Err()
}

type scoreFail struct {
	id, criterion string
	fail          *Failure
	attempts      int
	where         string // the results line of a batch answer (file:line)
}

// scoreGroup rates one item on its criteria and returns the records' lines.
func (cfg *ScoreConfig) scoreGroup(ctx context.Context, g []int, st *Stats, meta map[string]any, w *model.Writer, buf *bytes.Buffer) ([]byte, []scoreFail, bool) {
	first := &cfg.Items[g[0]]
	var fails []scoreFail
	var ls *float64
	var tokens *int
	if cfg.LS != nil {
		v, n, res, f := cfg.LS.lsRequest(ctx, LSPrefix(cfg.TaskDescription, first.Input), first.Output, &st.Retries)
		if f != nil {
			if f.Reason != "canceled" {
				atomic.AddInt64(&st.Done, 1)
			}
			return nil, append(fails, scoreFail{id: first.ID, criterion: "(ls)", fail: f, attempts: res.Attempts}), false
		}
		atomic.AddInt64(&st.Done, 1)
		ls, tokens = &v, &n
	}
	buf.Reset()
	for _, i := range g {
		it := &cfg.Items[i]
		sys, user, err := cfg.render(it)
		if err != nil {
			return nil, append(fails, scoreFail{id: it.ID, criterion: it.Criterion, fail: &Failure{Reason: "template", Msg: err.Error()}}), false
		}
		res, err := cfg.Client.do(ctx, sys, user, &st.Retries)
		if err != nil {
			f, _ := err.(*Failure)
			if f.Reason != "canceled" {
				atomic.AddInt64(&st.Done, 1)
			}
			return nil, append(fails, scoreFail{id: it.ID, criterion: it.Criterion, fail: f, attempts: res.Attempts}), false
		}
		atomic.AddInt64(&st.Done, 1)
		if f := cfg.scoreRecord(it, &res.Answer, ls, tokens, st, meta, w); f != nil {
			return nil, append(fails, scoreFail{id: it.ID, criterion: it.Criterion, fail: f, attempts: res.Attempts}), false
		}
	}
	if err := w.Flush(); err != nil {
		return nil, fails, false
	}
	return bytes.Clone(buf.Bytes()), fails, true
}

// scoreRecord reads the answer a to item it's request (from a live
// request or a batch results line) and writes its score record to w,
// counting in st; the failure when it holds no rating.
func (cfg *ScoreConfig) scoreRecord(it *ScoreItem, a *Answer, ls *float64, tokens *int, st *Stats, meta map[string]any, w *model.Writer) *Failure {
	atomic.AddInt64(&st.PromptTok, int64(a.PromptTokens))
	atomic.AddInt64(&st.OutputTok, int64(a.CompletionTokens))
	probs, fromLP, positive, ok := readScore(a, cfg.Min, cfg.Max, cfg.CaseSensitive)
	if positive {
		atomic.AddInt64(&st.PositiveLP, 1)
	}
	if !ok {
		return &Failure{Reason: "no-verdict", Msg: noRating(a) + cfg.Client.cleanText(snippet([]byte(cfg.Client.Redact(a.Text))))}
	}
	st.answered()
	from := "logprobs"
	if fromLP {
		atomic.AddInt64(&st.WithLP, 1)
	} else {
		atomic.AddInt64(&st.HardOnly, 1)
		from = "text"
	}
	m := make(map[string]any, len(meta)+1)
	for k, v := range meta {
		m[k] = v
	}
	m["from"] = from
	cj, err := json.Marshal(m)
	if err != nil {
		return &Failure{Reason: "internal", Msg: err.Error()}
	}
	rec := model.Score{ID: it.ID, Judge: cfg.Judge, Criterion: it.Criterion, ScoreProbs: probs,
		HumanScore: it.HumanScore, LS: ls, Tokens: tokens, Input: it.Input, Output: it.Output,
		Extra: model.Extra{"collect": cj}}
	if err := w.WriteScore(&rec); err != nil {
		return &Failure{Reason: "invalid-record", Msg: err.Error()}
	}
	return nil
}

func (fw *failWriter) writeScore(judge string, f scoreFail) error {
	if fw.f == nil {
		fh, err := os.OpenFile(fw.name, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			return err
		}
		fw.f = fh
	}
	m := map[string]any{"judge": judge, "id": f.id, "criterion": f.criterion,
		"reason": f.fail.Reason, "status": f.fail.Status, "message": fw.clean(f.fail.Msg), "attempts": f.attempts}
	if f.where != "" {
		m["where"] = fw.clean(f.where)
	}
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	_, err = fw.f.Write(append(b, '\n'))
	return err
}
