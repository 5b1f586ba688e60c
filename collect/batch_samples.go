package collect

import (
	"fmt"
	"sync/atomic"
)

// A sampled run's batch asks each arrangement once for n = K samples at
// temperature 1 (with the seed, when one is given), exactly the first
// request of a live sampled run. A server that honours n answers all K in
// that one request, and the record is the live one. A live run asks a
// server that returns fewer choices than n again for the rest; a batch
// cannot (the follow-up's body depends on the answer), so a short line is
// a failure (batch-short-samples) whose samples are kept in the failures
// file, and the message says to collect such a server live.

// answerSamples reads a batch results line's choices as K samples of
// task r, as a live run reads the answer to its first sampling request.
func (cfg *Config) answerSamples(r result, a *Answer, st *Stats) result {
	k := cfg.Sampling.K
	atomic.AddInt64(&st.Sampled.Requests, 1)
	atomic.AddInt64(&st.PromptTok, int64(a.PromptTokens))
	atomic.AddInt64(&st.OutputTok, int64(a.CompletionTokens))
	r.ptok = a.PromptTokens + a.CompletionTokens
	if asked := cfg.Client.cfg.Model; otherModel(a.Model, asked) {
		r.served = a.Model
		st.noteServed(a.Model, asked)
	}
	texts := a.Choices
	if len(texts) > k {
		texts = texts[:k]
	}
	if len(texts) < k {
		atomic.AddInt64(&st.Sampled.Short, 1)
		r.samples = cfg.readSamples(texts, st)
		r.fail = &Failure{Reason: "batch-short-samples", Status: 200,
			Msg: fmt.Sprintf("the answer holds %d of the %d samples asked for (n = %d): the server ignores n, and a batch cannot ask again for the rest (the samples are kept here); collect from this server live, which asks for the missing samples", len(texts), k, k)}
		return r
	}
	return cfg.takeSamples(r, texts, st)
}
