package collect

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plumb-eval/plumb/model"
)

// Config is one collection run.
type Config struct {
	Items        []Item
	Judge        string              // the records' judge name
	Arrangements []model.Arrangement // arrangements asked (x0 required)
	IDs          IDs
	Template     *Template
	Client       *Client
	Reader       Reader // reads the answers: the IDs, the template's marker and tie
	Jobs         int    // concurrent requests
	Output       string // log to append to
	// Failures is the file failed requests are appended to (one JSON line
	// each); "" = Output + ".failures.jsonl".
	Failures string
	// Meta is merged into every record's "collect" extra field (api,
	// model, top_logprobs …).
	Meta map[string]any
	// Progress receives progress lines (nil: none); Terminal redraws one line.
	Progress *Progress
	// Warn, when not nil, receives a warning while the run goes (one line,
	// no newline): none of the first answers had P(A) from log-probabilities.
	Warn func(string)

	// A grid run's condition (grid.go): the examples each prompt shows
	// (Shots, drawn from the items Pool with Seed: shots.go) and the
	// "condition" object every record carries (nil: none, as a run
	// without --template/--ids/--shots lists writes).
	Shots     int
	Pool      []int
	Seed      uint64
	Condition json.RawMessage

	// Sampling, when not nil, asks every arrangement K times (samples.go).
	Sampling *Sampling
	// pend holds a sampled batch's samples in hand (batch_pending.go).
	pend *pendingSet

	same    *sameAnswers          // identical answers to differing prompts (truncate.go)
	wrapOut func(outFile) outFile // tests: wraps the output log's writes (record_file.go)
}

// Stats counts what a run did. Fields are updated atomically while it runs.
type Stats struct {
	Items   int64 // items to judge in this run (after skipping those in the log)
	Skipped int64 // items already in the log
	// SkippedShort counts skipped items whose record lacks some of the
	// arrangements asked for (written by a run with fewer arrangements).
	SkippedShort int64
	Requests     int64 // requests to make (items × arrangements)
	Done         int64 // requests finished (answered or failed)
	Answered     int64 // requests with a usable answer
	WithLP       int64 // … of which P(A) came from log-probabilities
	HardOnly     int64 // … of which only the text's verdict was usable
	Failed       int64 // requests failed for good
	Retries      int64 // extra attempts
	PromptTok    int64
	OutputTok    int64
	Written      int64 // item records written
	ItemsLP      int64 // … of which every arrangement's P(A) came from log-probabilities
	ItemsText    int64 // … of which every arrangement had only the text's verdict (the rest mix both)
	ItemsFailed  int64 // items not written because a request failed
	Discarded    int64 // items in flight when the run was stopped (not written)
	Diag               // what the answers' log-probabilities showed (diagnose.go)
	CutStats           // answers whose prompt the server seems to have cut (truncate.go)
	// Sampled counts what sampling did (samples.go).
	Sampled SampleStats

	// PositiveLP counts answers with a positive log-probability for an
	// option (impossible; read as 0, probability 1: see Reader).
	PositiveLP int64
	// Served counts answers in which the server names another model than
	// the one asked (served.go); ServedName is the first such name.
	Served     int64
	ServedName string
	asked      string // the model asked, for the warning

	mu         sync.Mutex
	reasons    map[string]int64
	lastAnswer atomic.Int64 // when the last request was answered (Unix nanoseconds; 0: none yet)
	goneRun    atomic.Int64 // requests failed for good without reaching the server since the last answer
}

// answered counts a request with a usable answer and notes when it came
// (the progress line's ETA needs to know whether answers still come).
func (s *Stats) answered() {
	atomic.AddInt64(&s.Answered, 1)
	s.lastAnswer.Store(time.Now().UnixNano())
	s.goneRun.Store(0)
}

// gone counts a request that failed for good and returns the error that
// stops the run when GiveUpAfter requests in a row (no answer between
// them) failed, after all their retries, without reaching the server: it
// stopped answering mid-run (each of them was retried for --retries
// back-offs), and going on would fail every item left the same way.
func (s *Stats) gone(f *Failure) error {
	if !f.gone || s.goneRun.Add(1) < GiveUpAfter {
		return nil
	}
	return fmt.Errorf("the last %d requests failed for good without reaching the server, each after its retries (the last: %w): "+
		"it stopped answering; re-run the same command to continue once it is back", GiveUpAfter, f)
}

// Reasons returns failures counted by reason.
func (s *Stats) Reasons() map[string]int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]int64, len(s.reasons))
	for k, v := range s.reasons {
		out[k] = v
	}
	return out
}

func (s *Stats) fail(reason string) {
	s.mu.Lock()
	if s.reasons == nil {
		s.reasons = map[string]int64{}
	}
	s.reasons[reason]++
	s.mu.Unlock()
	atomic.AddInt64(&s.Failed, 1)
}

// GiveUpAfter is how many failed requests without a single answer stop a
// run: a server that rejects every request (top_logprobs too high, an
// endpoint without logprobs support, a prompt always too long) says so in
// the first few.
const GiveUpAfter = 20

// task is one request: an item in one arrangement.
type task struct {
	item int
	arr  model.Arrangement
}

// result is a finished task.
type result struct {
	task
	out      Outcome
	fail     *Failure
	attempts int
	ptok     int
	served   string         // the model the server names in its answer, when it is another than --model
	where    string         // the results line of a batch answer (file:line)
	samples  []model.Sample // under Config.Sampling: every sample, read or not
}

// partial collects an item's results until all its arrangements are in.
type partial struct {
	n      int
	res    [model.NumArrangements]result
	failed bool
}

// Run judges every item not yet in cfg.Output in every arrangement and
// appends one pair record per item once all its arrangements are answered
// (log format v1 holds all arrangements of an item in one record, and a
// second record for the same judge and item would be a duplicate; so an
// item is written whole or not at all). Each record is written with one
// write call, so a killed run leaves at most a torn last line, which the
// next run cuts off. An item with a failed request is not written: the
// failure is appended to the failures file with its reason, and a re-run
// tries the item again. Cancelling ctx stops the run cleanly: requests in
// flight are abandoned and their items left for the next run. Run returns
// an error only for a fatal failure (wrong key, unknown model, a redirect
// to another origin), an output it must not append to (*OutputError:
// nothing in it was changed) or an I/O error; stats say what happened
// either way.
func Run(ctx context.Context, cfg *Config, st *Stats) (Prior, error) {
	if cfg.Jobs < 1 {
		cfg.Jobs = 1
	}
	out, err := openOutput(cfg.Output)
	if err != nil {
		return Prior{}, err
	}
	defer out.Close()
	if err := lockOutput(out); err != nil {
		return Prior{}, err
	}
	prior, err := prepareOutput(cfg.Output, cfg.Judge, cfg.Condition)
	if err != nil {
		return prior, err
	}
	rf, err := newRecordFile(out, cfg.wrapOut)
	if err != nil {
		return prior, err
	}
	failName := cfg.Failures
	if failName == "" {
		failName = cfg.Output + ".failures.jsonl"
	}
	fw := &failWriter{name: failName, clean: cfg.Client.cleanText}
	defer fw.close()

	todo := make([]int, 0, len(cfg.Items))
	for i := range cfg.Items {
		if has, ok := prior.Done[cfg.Items[i].key()]; ok {
			st.Skipped++
			for _, a := range cfg.Arrangements {
				if !has[a] {
					st.SkippedShort++ // the record cannot be extended: it would be a duplicate
					break
				}
			}
			continue
		}
		todo = append(todo, i)
	}
	st.Items = int64(len(todo))
	st.Requests = int64(len(todo) * len(cfg.Arrangements))
	meta, err := cfg.metaJSON()
	if err != nil {
		return prior, err
	}

	cfg.same = newSameAnswers()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	tasks := make(chan task, cfg.Jobs)
	// results is unbuffered so that, once the loop below decides to stop,
	// at most cfg.Jobs requests already under way can still report: the
	// give-up rule then stops within GiveUpAfter+Jobs failed requests.
	results := make(chan result)
	go func() {
		defer close(tasks)
		for _, i := range todo {
			for _, a := range cfg.Arrangements {
				select {
				case tasks <- task{i, a}:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	var wg sync.WaitGroup
	for range cfg.Jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range tasks {
				results <- cfg.do(ctx, t, st)
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	if cfg.Progress != nil {
		cfg.Progress.start(st)
		defer cfg.Progress.stop()
	}
	pending := map[int]*partial{}
	rec := newRecorder(cfg, meta)
	var fatal error
	var warned bool
	for r := range results {
		if r.fail != nil && r.fail.Reason == "canceled" {
			continue
		}
		atomic.AddInt64(&st.Done, 1)
		p := pending[r.item]
		if p == nil {
			p = &partial{}
			pending[r.item] = p
		}
		p.res[r.arr] = r
		p.n++
		if r.fail != nil {
			p.failed = true
			st.fail(r.fail.Reason)
			if err := fw.write(cfg, &r); err != nil && fatal == nil {
				fatal = err
				cancel()
			}
			if r.fail.Fatal && fatal == nil {
				fatal = r.fail
				cancel()
			}
			if fatal == nil && atomic.LoadInt64(&st.Answered) == 0 && atomic.LoadInt64(&st.Failed) >= GiveUpAfter {
				fatal = fmt.Errorf("the first %d requests all failed for good, the last with %w; stopping (see %s)", GiveUpAfter, r.fail, failName)
				cancel()
			}
			if err := st.gone(r.fail); err != nil && fatal == nil {
				fatal = err
				cancel()
			}
		}
		cfg.warnEarly(st, &warned)
		if p.n < len(cfg.Arrangements) {
			continue
		}
		delete(pending, r.item)
		cfg.same.forget(r.item)
		if p.failed {
			atomic.AddInt64(&st.ItemsFailed, 1)
			if err := fw.keepSamples(cfg, p); err != nil && fatal == nil {
				fatal = err
				cancel()
			}
			continue
		}
		line, err := rec.line(&cfg.Items[r.item], p)
		if err != nil {
			err = fmt.Errorf("writing %s: %w", cfg.Output, err)
		} else if _, werr := rf.Write(line); werr != nil {
			err = writeFailed(cfg.Output, atomic.LoadInt64(&st.Written), werr)
		}
		if err != nil {
			if fatal == nil {
				fatal = err
			}
			cancel()
			continue
		}
		atomic.AddInt64(&st.Written, 1)
		switch line := rec.last; {
		case line == model.SourceLogprob:
			atomic.AddInt64(&st.ItemsLP, 1)
		case line == model.SourceChoice:
			atomic.AddInt64(&st.ItemsText, 1)
		}
	}
	st.Discarded = int64(len(pending))
	if fatal != nil {
		return prior, fatal
	}
	return prior, ctx.Err()
}

// do runs one task.
func (cfg *Config) do(ctx context.Context, t task, st *Stats) result {
	if cfg.Sampling != nil {
		return cfg.doSamples(ctx, t, st)
	}
	r := result{task: t}
	system, user, body, f := cfg.request(t)
	if f != nil {
		r.fail = f
		return r
	}
	res, err := cfg.Client.doBody(ctx, body, &st.Retries)
	r.attempts = res.Attempts
	if err != nil {
		if !errors.As(err, &f) {
			f = &Failure{Reason: "connection", Msg: err.Error()}
		}
		r.fail = f
		return r
	}
	return cfg.answer(r, system, user, &res.Answer, st)
}

// request renders task t's prompt and builds its request body: the one
// function both a live run and a batch file (batch.go) build bodies with.
func (cfg *Config) request(t task) (system, user string, body []byte, _ *Failure) {
	system, user, err := cfg.render(t)
	if err != nil {
		return "", "", nil, &Failure{Reason: "template", Msg: err.Error()}
	}
	if cfg.Sampling != nil { // a batch's sampling request: the next a live run sends
		have := cfg.pend.have(cfg, t)
		body, err = cfg.Client.sampleBody(system, user, cfg.Sampling.K-have, cfg.Sampling.seed(have))
	} else {
		body, err = cfg.Client.body(system, user)
	}
	if err != nil {
		return "", "", nil, &Failure{Reason: "bad-request", Msg: err.Error()}
	}
	return system, user, body, nil
}

// answer reads a server's answer to task r (from a live request or a
// batch results line) as a live run does: P(A), the checks of inspect, and
// a failure when it holds no verdict.
func (cfg *Config) answer(r result, system, user string, a *Answer, st *Stats) result {
	atomic.AddInt64(&st.PromptTok, int64(a.PromptTokens))
	atomic.AddInt64(&st.OutputTok, int64(a.CompletionTokens))
	r.ptok = a.PromptTokens + a.CompletionTokens
	if asked := cfg.Client.cfg.Model; otherModel(a.Model, asked) {
		r.served = a.Model
		st.noteServed(a.Model, asked)
	}
	r.out = cfg.Reader.Read(a)
	if r.out.Positive {
		atomic.AddInt64(&st.PositiveLP, 1)
	}
	if f := cfg.inspect(r.task, system, user, a, &r.out, st); f != nil {
		r.fail = cfg.Client.clean(f)
		return r
	}
	switch {
	case r.out.HasLP:
		atomic.AddInt64(&st.WithLP, 1)
	case r.out.Verdict != 0:
		atomic.AddInt64(&st.HardOnly, 1)
	default:
		r.fail = cfg.Client.clean(noVerdict(&r.out, cfg.IDs, cfg.Client.Redact(a.Text)))
		return r
	}
	st.answered()
	return r
}

func (cfg *Config) metaJSON() (map[string]json.RawMessage, error) {
	m := map[string]any{
		"template":        cfg.Template.Name,
		"template_sha256": cfg.Template.SHA256,
		"ids":             []string{cfg.IDs[0], cfg.IDs[1]},
	}
	for k, v := range cfg.Meta {
		m[k] = v
	}
	out := make(map[string]json.RawMessage, len(m))
	for k, v := range m {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		out[k] = b
	}
	return out, nil
}

// recorder turns finished items into log lines.
type recorder struct {
	cfg  *Config
	meta map[string]json.RawMessage
	buf  bytes.Buffer
	w    *model.Writer
	last model.Source // the source of the last record
}

func newRecorder(cfg *Config, meta map[string]json.RawMessage) *recorder {
	r := &recorder{cfg: cfg, meta: meta}
	r.w = model.NewWriter(&r.buf)
	return r
}

// line returns the record of a finished item as one line. Its source is
// logprobs when every arrangement had log-probabilities, choice when none
// had, and p_a (with the hard verdicts as 1, 0 or 0.5) when mixed; the
// extra field collect.from says for each arrangement where P(A) came from
// ("logprobs" or "text"), and for a p_a record collect.logprobs keeps the
// log-probabilities of the arrangements that had them.
func (r *recorder) line(it *Item, p *partial) ([]byte, error) {
	if it.Probe != "" {
		return r.probeLine(it, p)
	}
	if r.cfg.Sampling != nil {
		return r.sampledLine(it, p)
	}
	pair := model.Pair{ID: it.ID, Judge: r.cfg.Judge, Group: it.Group, Gold: it.Gold,
		Prompt: it.Prompt, Response1: it.Response1, Response2: it.Response2, Empty: shownEmpty(it), Condition: r.cfg.Condition}
	if it.Model1 != "" || it.Model2 != "" {
		pair.Gen = &model.Generators{Model1: it.Model1, Model2: it.Model2}
	}
	nLP := 0
	from := map[string]string{}
	var positive []string
	for _, a := range r.cfg.Arrangements {
		if p.res[a].out.HasLP {
			nLP++
		}
	}
	switch {
	case nLP == len(r.cfg.Arrangements):
		pair.Source = model.SourceLogprob
	case nLP == 0:
		pair.Source = model.SourceChoice
	default:
		pair.Source = model.SourceProb
	}
	tokens := 0
	for _, a := range r.cfg.Arrangements {
		o := &p.res[a].out
		tokens += p.res[a].ptok
		pair.Has[a] = true
		if o.Positive {
			positive = append(positive, a.String())
		}
		if o.HasLP {
			pair.S[a] = o.P()
			pair.Logprobs[a] = o.LP
			from[a.String()] = "logprobs"
		} else {
			pair.S[a] = [...]float64{0, 1, 0, 0.5}[o.Verdict]
			pair.Logprobs[a] = [2]float64{math.Inf(-1), math.Inf(-1)}
			from[a.String()] = "text"
		}
	}
	c := r.metaCopy(2)
	c["from"], _ = json.Marshal(from)
	if pair.Source == model.SourceProb {
		// p_a cannot hold log-probabilities: keep them here, as the
		// logprobs field would ({"A": lA, "B": lB}, a missing token left out).
		lps := map[string]map[string]float64{}
		for _, a := range r.cfg.Arrangements {
			if o := &p.res[a].out; o.HasLP {
				m := map[string]float64{}
				for k, name := range [2]string{"A", "B"} {
					if !math.IsInf(o.LP[k], -1) {
						m[name] = o.LP[k]
					}
				}
				lps[a.String()] = m
			}
		}
		c["logprobs"], _ = json.Marshal(lps)
	}
	c["tokens"], _ = json.Marshal(tokens)
	for _, a := range r.cfg.Arrangements {
		if s := p.res[a].served; s != "" { // the model asked stays in "model"
			c["served_model"], _ = json.Marshal(s)
			break
		}
	}
	if len(positive) > 0 { // the arrangements whose answer had a positive log-probability, read as 0
		c["positive_logprob"], _ = json.Marshal(positive)
	}
	return r.pairLine(&pair, c)
}

// pairLine writes pair, with c as its extra field collect, as one line and
// returns a copy of it.
func (r *recorder) pairLine(pair *model.Pair, c map[string]json.RawMessage) ([]byte, error) {
	cj, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	pair.Extra = model.Extra{"collect": cj}
	r.last = pair.Source
	r.buf.Reset()
	if err := r.w.WritePair(pair); err != nil {
		return nil, err
	}
	if err := r.w.Flush(); err != nil {
		return nil, err
	}
	return bytes.Clone(r.buf.Bytes()), nil
}

// metaCopy returns a copy of the run's extra field collect with room for
// extra more keys.
func (r *recorder) metaCopy(extra int) map[string]json.RawMessage {
	c := make(map[string]json.RawMessage, len(r.meta)+extra)
	for k, v := range r.meta {
		c[k] = v
	}
	return c
}

// failWriter appends failed requests to the failures file, opened on the
// first failure. Messages go through clean (secrets redacted, one safe
// line) once more before they are written.
type failWriter struct {
	name  string
	f     *os.File
	clean func(string) string
}

func (fw *failWriter) write(cfg *Config, r *result) error {
	m := map[string]any{
		"judge": cfg.Judge, "id": cfg.Items[r.item].ID, "arrangement": r.arr.String(),
		"reason": r.fail.Reason, "status": r.fail.Status, "message": fw.clean(r.fail.Msg),
		"attempts": r.attempts, "time": time.Now().UTC().Format(time.RFC3339),
	}
	if r.where != "" {
		m["where"] = fw.clean(r.where)
	}
	if k := cfg.Items[r.item].Probe; k != "" {
		m["probe"] = k
	}
	if cfg.Condition != nil {
		m["condition"] = cfg.Condition
	}
	if texts := sampleTexts(r); texts != nil {
		m["samples"] = texts // redacted when read
	}
	return fw.append(m)
}

// writeLine appends a batch results line that answers no request of the
// run (customID: the line's custom_id, when it has one).
func (fw *failWriter) writeLine(judge, where, customID string, f *Failure) error {
	return fw.append(map[string]any{
		"judge": judge, "custom_id": fw.clean(customID), "where": fw.clean(where),
		"reason": f.Reason, "status": f.Status, "message": fw.clean(f.Msg),
		"time": time.Now().UTC().Format(time.RFC3339),
	})
}

// append writes one failure record, opening the file on the first.
func (fw *failWriter) append(m map[string]any) error {
	if fw.f == nil {
		f, err := os.OpenFile(fw.name, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			return err
		}
		fw.f = f
	}
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	_, err = fw.f.Write(append(b, '\n'))
	return err
}

func (fw *failWriter) close() {
	if fw.f != nil {
		fw.f.Close()
	}
}

// shownEmpty marks the item's texts that are the empty string: the judge
// was shown them as such, so the record keeps them as "" (values of length
// 0), never as texts left out.
func shownEmpty(it *Item) model.EmptyTexts {
	var e model.EmptyTexts
	for f, t := range map[model.EmptyTexts]string{model.EmptyPrompt: it.Prompt, model.EmptyResponse1: it.Response1, model.EmptyResponse2: it.Response2} {
		if t == "" {
			e |= f
		}
	}
	return e
}
