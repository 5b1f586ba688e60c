package collect

import (
	"fmt"
	"io"
	"slices"
	"sync/atomic"

	"github.com/plumb-eval/plumb/model"
)

// addSamples adds a batch answer's choices to the samples in hand: at
// most the K − have still missing, its tokens, and the model it names
// when that is another than --model (as a live run's sampleRequest).
func (cfg *Config) addSamples(hand *pendingSamples, a *Answer, st *Stats) {
	atomic.AddInt64(&st.Sampled.Requests, 1)
	atomic.AddInt64(&st.PromptTok, int64(a.PromptTokens))
	atomic.AddInt64(&st.OutputTok, int64(a.CompletionTokens))
	hand.Tokens += a.PromptTokens + a.CompletionTokens
	if asked := cfg.Client.cfg.Model; otherModel(a.Model, asked) {
		hand.Served = a.Model
		st.noteServed(a.Model, asked)
	}
	want := cfg.Sampling.K - len(hand.Texts)
	got := a.Choices
	if len(got) > want {
		got = got[:want]
	}
	if len(got) < want {
		atomic.AddInt64(&st.Sampled.Short, 1)
	}
	hand.Texts = append(hand.Texts, got...)
}

// finishSampled reads item i's sampled answers: the samples in hand from
// earlier batches and this batch's lines. A failed line fails the item
// (its samples go to the failures file, as a live run's, and the next
// batch asks again from the start); an arrangement with fewer than K
// samples keeps what it has in hand for the next batch, which asks for
// the rest; an item with K samples in every arrangement is read and
// written as a live run writes it.
func (x *batchIndex) finishSampled(i int, rec *recorder, out io.Writer, fw *failWriter, st *Stats, bi *BatchIn) error {
	cfg, n, k := x.cfg, len(x.cfg.Arrangements), x.cfg.Sampling.K
	present := 0
	for j := range n {
		if x.got[i*n+j] != nil {
			present++
		}
	}
	if present == 0 {
		bi.Missing += len(cfg.pend.arrangements(cfg, i))
		st.Discarded++
		return nil
	}
	p := &partial{}
	hands := make([]*pendingSamples, n)
	short := 0
	for j, a := range cfg.Arrangements {
		r := result{task: task{i, a}, attempts: 1}
		hand := &pendingSamples{}
		if prev := cfg.pend.get(cfg, r.task); prev != nil {
			*hand = *prev
			hand.Texts = slices.Clone(prev.Texts)
		}
		hands[j] = hand
		switch e := x.got[i*n+j]; {
		case len(hand.Texts) >= k: // in hand from an earlier batch
		case e == nil:
			bi.Missing++
			r.fail = &Failure{Reason: "batch-missing", Msg: "no line in the results files answers this request"}
		case e.fail != nil:
			r.fail, r.where = cfg.Client.clean(e.fail), e.where
		default:
			atomic.AddInt64(&st.Done, 1)
			cfg.addSamples(hand, e.ans, st)
			r.where = e.where
		}
		r.ptok, r.served = hand.Tokens, hand.Served
		if r.fail == nil && len(hand.Texts) < k {
			short++
		}
		p.res[a] = r
		p.n++
		if r.fail != nil {
			if err := x.failSampled(&p.res[a], p, fw, st); err != nil {
				return err
			}
		}
	}
	switch {
	case p.failed:
		return x.dropSampled(i, p, hands, fw, st)
	case short > 0:
		for j, a := range cfg.Arrangements {
			cfg.pend.put(cfg, task{i, a}, hands[j])
		}
		bi.Short += short
		st.Discarded++
		return nil
	}
	for j, a := range cfg.Arrangements {
		r := cfg.takeSamples(p.res[a], hands[j].Texts, st)
		p.res[a] = r
		if r.fail != nil {
			if err := x.failSampled(&p.res[a], p, fw, st); err != nil {
				return err
			}
		}
	}
	if p.failed {
		return x.dropSampled(i, p, hands, fw, st)
	}
	for _, a := range cfg.Arrangements {
		cfg.pend.put(cfg, task{i, a}, nil)
	}
	return x.writeRecord(i, rec, p, out, st)
}

// failSampled counts a failed sampled arrangement and writes it to the
// failures file.
func (x *batchIndex) failSampled(r *result, p *partial, fw *failWriter, st *Stats) error {
	p.failed = true
	st.fail(r.fail.Reason)
	return fw.write(x.cfg, r)
}

// dropSampled leaves a failed sampled item unwritten: the samples in
// hand of its other arrangements go to the failures file (as a live run
// keeps them) and are forgotten, so the next batch asks the item anew.
func (x *batchIndex) dropSampled(i int, p *partial, hands []*pendingSamples, fw *failWriter, st *Stats) error {
	cfg := x.cfg
	st.ItemsFailed++
	for j, a := range cfg.Arrangements {
		if r := &p.res[a]; r.fail == nil && len(r.samples) == 0 {
			r.samples = make([]model.Sample, len(hands[j].Texts))
			for s, text := range hands[j].Texts {
				r.samples[s].Text = cfg.Client.Redact(text)
			}
		}
		cfg.pend.put(cfg, task{i, a}, nil)
	}
	return fw.keepSamples(cfg, p)
}

// writeRecord writes item i's record of the answers in p.
func (x *batchIndex) writeRecord(i int, rec *recorder, p *partial, out io.Writer, st *Stats) error {
	cfg := x.cfg
	line, err := rec.line(&cfg.Items[i], p)
	if err != nil {
		return fmt.Errorf("writing %s: %w", cfg.Output, err)
	}
	if _, err := out.Write(line); err != nil {
		return writeFailed(cfg.Output, st.Written, err)
	}
	st.Written++
	switch rec.last {
	case model.SourceLogprob:
		st.ItemsLP++
	case model.SourceChoice:
		st.ItemsText++
	}
	return nil
}
