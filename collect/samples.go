package collect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/plumb-eval/plumb/model"
)

// Sampling asks every arrangement K times at temperature 1 instead of once
// at temperature 0: --evidence K with a scores template (FairEval's
// Multiple Evidence Calibration: each sample's two scores), --samples K
// with an option-ID template (each sample's verdict; P(A) is the share of
// A, ties ½, for judges that return no log-probabilities). A request asks
// for n = K choices; when the server returns fewer (it ignores n), the
// rest are asked for again (n = the number still missing, up to K
// requests), each with the seed moved on by the samples already in hand.
// Every sample is kept in the record's samples field, read or not
// (docs/log-format.md).
type Sampling struct {
	K int
	// Seed is sent as the request's seed when not nil (servers that
	// support it then sample reproducibly).
	Seed *int64
	// KeepText keeps each sample's text in the record.
	KeepText bool

	// oneChoice is set once the server refused n > 1 (llama.cpp: "Only
	// one completion choice is allowed"): every request asks for one.
	oneChoice atomic.Bool
}

// SampleStats counts what sampling did. Fields are updated atomically.
type SampleStats struct {
	Requests int64 // requests sent for samples
	Short    int64 // … answered with fewer choices than the n asked for
	Read     int64 // samples read by FairEval's rule, or with a verdict
	Tolerant int64 // samples read by the tolerant rule only (scores)
	Unread   int64 // samples neither rule read (kept, counted)
	// NRefused is 1 when the server refused n > 1 and every sample was
	// asked for by a request of its own.
	NRefused int64
}

// sampleChat and sampleCompletion are the request bodies of a sampling
// request: temperature 1, n choices, an optional seed, no logprobs.
type sampleChat struct {
	Model       string        `json:"model"`
	Messages    []chatMessage `json:"messages"`
	Temperature float64       `json:"temperature"`
	MaxTokens   int           `json:"max_tokens"`
	N           int           `json:"n"`
	Seed        *int64        `json:"seed,omitempty"`
}

type sampleCompletion struct {
	Model       string  `json:"model"`
	Prompt      string  `json:"prompt"`
	Temperature float64 `json:"temperature"`
	MaxTokens   int     `json:"max_tokens"`
	N           int     `json:"n"`
	Seed        *int64  `json:"seed,omitempty"`
}

// sampleBody is the body of a request for n samples.
func (c *Client) sampleBody(system, user string, n int, seed *int64) ([]byte, error) {
	if c.cfg.Completions {
		prompt := user
		if system != "" {
			prompt = system + "\n\n" + user
		}
		return json.Marshal(sampleCompletion{Model: c.cfg.Model, Prompt: prompt, Temperature: 1, MaxTokens: c.cfg.MaxTokens, N: n, Seed: seed})
	}
	msgs := make([]chatMessage, 0, 2)
	if system != "" {
		msgs = append(msgs, chatMessage{"system", system})
	}
	msgs = append(msgs, chatMessage{"user", user})
	return json.Marshal(sampleChat{Model: c.cfg.Model, Messages: msgs, Temperature: 1, MaxTokens: c.cfg.MaxTokens, N: n, Seed: seed})
}

// doSamples runs task t as K samples: the requests, then each sample read.
// x0 with no sample read fails (a record needs P(A) there; the failures
// file keeps the texts); another arrangement keeps its unread samples
// without a P(A).
func (cfg *Config) doSamples(ctx context.Context, t task, st *Stats) result {
	r := result{task: t}
	pr := Arrange(&cfg.Items[t.item], t.arr, cfg.IDs)
	system, user, err := cfg.Template.Render(&pr)
	if err != nil {
		r.fail = &Failure{Reason: "template", Msg: err.Error()}
		return r
	}
	k := cfg.Sampling.K
	var texts []string
	for req := 0; len(texts) < k && req < k; req++ {
		got, f := cfg.sampleOnce(ctx, &r, system, user, k-len(texts), len(texts), st)
		if f != nil {
			r.fail = f
			return r
		}
		texts = append(texts, got...)
	}
	return cfg.takeSamples(r, texts, st)
}

// seed is the seed of a request for samples when have are in hand (nil
// when no seed is sent): Seed moved on by have.
func (s *Sampling) seed(have int) *int64 {
	if s.Seed == nil {
		return nil
	}
	v := *s.Seed + int64(have)
	return &v
}

// takeSamples reads task r's sample texts into r: x0 with no sample read
// fails (a record needs P(A) there; the failures file keeps the texts).
func (cfg *Config) takeSamples(r result, texts []string, st *Stats) result {
	t := r.task
	r.samples = cfg.readSamples(texts, st)
	if _, n := model.SampleShare(r.samples, t.arr); n == 0 && t.arr == model.X0 {
		what := "a verdict"
		if cfg.Template.Scores {
			what = "two scores"
		}
		r.fail = cfg.Client.clean(&Failure{Reason: "unread-samples",
			Msg: fmt.Sprintf("none of the %d samples in x0 gave %s (the texts are in this record's samples)", len(texts), what)})
		return r
	}
	st.answered()
	return r
}

// sampleOnce asks for n samples (have already in hand) and returns the
// choices' texts, at most n: one request, or one for a single sample once
// the server has refused n > 1 (then for the rest of the run).
func (cfg *Config) sampleOnce(ctx context.Context, r *result, system, user string, n, have int, st *Stats) ([]string, *Failure) {
	if cfg.Sampling.oneChoice.Load() {
		n = 1
	}
	got, f := cfg.sampleRequest(ctx, r, system, user, n, have, st)
	if f != nil && f.Reason == "unsupported" && n > 1 {
		// A server that allows one choice only: ask for one at a time.
		if cfg.Sampling.oneChoice.CompareAndSwap(false, true) {
			atomic.StoreInt64(&st.Sampled.NRefused, 1)
		}
		return cfg.sampleRequest(ctx, r, system, user, 1, have, st)
	}
	return got, f
}

// sampleRequest sends one request for n samples and returns the choices'
// texts, at most n (sampleOnce).
func (cfg *Config) sampleRequest(ctx context.Context, r *result, system, user string, n, have int, st *Stats) ([]string, *Failure) {
	body, err := cfg.Client.sampleBody(system, user, n, cfg.Sampling.seed(have))
	if err != nil {
		return nil, &Failure{Reason: "bad-request", Msg: err.Error()}
	}
	atomic.AddInt64(&st.Sampled.Requests, 1)
	res, err := cfg.Client.doBody(ctx, body, &st.Retries)
	r.attempts += res.Attempts
	if err != nil {
		var f *Failure
		if !errors.As(err, &f) {
			f = &Failure{Reason: "connection", Msg: err.Error()}
		}
		return nil, f
	}
	a := &res.Answer
	atomic.AddInt64(&st.PromptTok, int64(a.PromptTokens))
	atomic.AddInt64(&st.OutputTok, int64(a.CompletionTokens))
	r.ptok += a.PromptTokens + a.CompletionTokens
	if asked := cfg.Client.cfg.Model; otherModel(a.Model, asked) {
		r.served = a.Model
		st.noteServed(a.Model, asked)
	}
	got := a.Choices
	if len(got) > n {
		got = got[:n]
	}
	if len(got) < n {
		atomic.AddInt64(&st.Sampled.Short, 1)
	}
	if len(got) == 0 {
		return nil, &Failure{Reason: "empty-choices", Status: 200, Msg: "the response has no choices"}
	}
	return got, nil
}

// readSamples reads each text: two scores (a scores template) or a
// verdict; a text that gives neither is kept as an unread sample.
func (cfg *Config) readSamples(texts []string, st *Stats) []model.Sample {
	out := make([]model.Sample, len(texts))
	for i, text := range texts {
		s := &out[i]
		s.Text = cfg.Client.Redact(text)
		if cfg.Template.Scores {
			var how ScoreRead
			s.Scores, how = ReadScores(text)
			switch how {
			case ScoresFairEval:
				s.Kind = model.SampleScores
				atomic.AddInt64(&st.Sampled.Read, 1)
			case ScoresTolerant:
				s.Kind = model.SampleScores
				atomic.AddInt64(&st.Sampled.Tolerant, 1)
			default:
				s.Scores = [2]float64{}
				atomic.AddInt64(&st.Sampled.Unread, 1)
			}
			continue
		}
		v := cfg.Reader.Read(&Answer{Text: text}).Verdict
		if v == 0 {
			atomic.AddInt64(&st.Sampled.Unread, 1)
			continue
		}
		s.Kind, s.Verdict = model.SampleVerdict, [...]float64{0, 1, 0, 0.5}[v]
		atomic.AddInt64(&st.Sampled.Read, 1)
	}
	return out
}

// sampledLine is the record of a finished item under sampling: p_a is the
// share of A among each arrangement's read samples (none where no sample
// was read), samples keeps every sample (texts only with KeepText), and
// collect.samples says how they were asked for and read.
func (r *recorder) sampledLine(it *Item, p *partial) ([]byte, error) {
	pair := model.Pair{ID: it.ID, Judge: r.cfg.Judge, Group: it.Group, Gold: it.Gold, Source: model.SourceProb,
		Prompt: it.Prompt, Response1: it.Response1, Response2: it.Response2, Empty: shownEmpty(it), Condition: r.cfg.Condition}
	if it.Model1 != "" || it.Model2 != "" {
		pair.Gen = &model.Generators{Model1: it.Model1, Model2: it.Model2}
	}
	var ss model.Samples
	tokens, unread, served := 0, 0, ""
	for _, a := range r.cfg.Arrangements {
		res := &p.res[a]
		tokens += res.ptok
		if res.served != "" && served == "" {
			served = res.served
		}
		list := append([]model.Sample{}, res.samples...)
		for i := range list {
			if !r.cfg.Sampling.KeepText {
				list[i].Text = ""
			}
			if list[i].Kind == model.SampleUnread {
				unread++
			}
		}
		ss[a] = list
		if share, n := model.SampleShare(list, a); n > 0 {
			pair.Has[a], pair.S[a] = true, share
		}
	}
	pair.Samples = &ss
	c := r.metaCopy(3)
	c["tokens"], _ = json.Marshal(tokens)
	c["unread_samples"], _ = json.Marshal(unread)
	if served != "" {
		c["served_model"], _ = json.Marshal(served)
	}
	return r.pairLine(&pair, c)
}

// sampleTexts are the texts of a failed task's samples, for the failures
// file (nil when it has none).
func sampleTexts(r *result) []string {
	if len(r.samples) == 0 {
		return nil
	}
	out := make([]string, len(r.samples))
	for i := range r.samples {
		out[i] = r.samples[i].Text
	}
	return out
}

// sampleSummary is the summary's line about sampling ("" without it).
func sampleSummary(st *Stats) string {
	s := &st.Sampled
	if s.Requests == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "samples: %d read, %d read only by the tolerant rule, %d unread (kept in the records); %d sampling requests",
		s.Read, s.Tolerant, s.Unread, s.Requests)
	if s.NRefused > 0 {
		b.WriteString("; the server refused n > 1 (one choice per request), so each sample was asked for alone")
	}
	if s.Short > 0 {
		fmt.Fprintf(&b, ", %d answered with fewer choices than asked for (n): the rest were asked for again", s.Short)
	}
	return b.String() + "\n"
}

// sampleWarnings warns when most samples could not be read (nil
// otherwise): the judge does not write the format the template asks for.
func sampleWarnings(st *Stats) []string {
	s := &st.Sampled
	all := s.Read + s.Tolerant + s.Unread
	if all == 0 || 2*s.Unread < all {
		return nil
	}
	return []string{fmt.Sprintf("warning: %d of %d samples could not be read (neither FairEval's last two lines nor a labelled score or verdict); "+
		"they are kept in the records' samples, and an item whose x0 samples were all unread is in the failures file: "+
		"check that the judge writes the format the template asks for (--dry-run prints the prompts)", s.Unread, all)}
}

// keepSamples appends to the failures file the samples of the arranged
// requests that succeeded of an item that is not written (another of its
// arrangements failed), one line each with reason "item-not-written", so
// that no sample is lost; nothing without sampling.
func (fw *failWriter) keepSamples(cfg *Config, p *partial) error {
	if cfg.Sampling == nil {
		return nil
	}
	for _, a := range cfg.Arrangements {
		r := &p.res[a]
		if r.fail != nil || len(r.samples) == 0 {
			continue
		}
		err := fw.append(map[string]any{
			"judge": cfg.Judge, "id": cfg.Items[r.item].ID, "arrangement": a.String(), "reason": "item-not-written",
			"message": "these samples were answered, but another arrangement of the item failed, so the item is not written",
			"samples": sampleTexts(r), "time": time.Now().UTC().Format(time.RFC3339),
		})
		if err != nil {
			return err
		}
	}
	return nil
}
