package collect

import (
	"crypto/sha256"
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"github.com/plumb-eval/plumb/model"
)

// Prompts a server cut silently. vLLM refuses a prompt longer than the
// model's context (HTTP 400, a context-length failure); llama.cpp's server
// (before it learnt to answer 400 "the request exceeds the available
// context size") and Ollama keep part of it and answer HTTP 200, with
// usage.prompt_tokens counting what they kept. Two signs give such an
// answer away:
//
//   - Identical answers from differing prompts: every generated token of
//     two arrangements of one item, and its alternatives, agree token for
//     token and to SameAnswerTol in log-probability, over at least two
//     tokens (the first with at least SameAnswerMinAlts alternatives),
//     although their prompts differ. The arrangements differ in order and
//     labels, so only a server that dropped the part where they differ
//     answers both alike: a model that reads the whole prompt does not
//     answer two different prompts to the fifth decimal alike, token after
//     token. (One token is not enough: a server whose answer is a function
//     of P(A) alone, like plumb's simulated judges, answers a judge
//     without position bias alike in x0 and x1.) The later arrangement
//     fails with reason "truncated" and the item is not written.
//   - Too few prompt tokens: more than MaxBytesPerToken bytes of prompt a
//     reported token (tokenizers average 2–6 bytes a token on text). Only
//     counted and warned about: a server that reports only the tokens it
//     did not have cached (older Ollama) shows the same sign.

// MaxBytesPerToken is the most prompt bytes per reported prompt token an
// uncut prompt is taken to have.
const MaxBytesPerToken = 16

// SameAnswerTol is how close two alternatives' log-probabilities must be
// for answers to count as identical; SameAnswerMinAlts is how many
// alternatives the first generated token must have, and SameAnswerMinTokens
// how many tokens the answers (fewer carry too little to tell).
const (
	SameAnswerTol       = 1e-4
	SameAnswerMinAlts   = 3
	SameAnswerMinTokens = 2
)

// CutStats counts answers whose prompt looks cut (part of Stats).
type CutStats struct {
	// FewTokens counts answers reporting fewer prompt tokens than their
	// prompt can hold; WorstBytes and WorstTokens are the example with the
	// most bytes per token.
	FewTokens   int64
	WorstBytes  int64
	WorstTokens int64
	cutMu       sync.Mutex
}

// noteTokens counts an answer whose prompt of n bytes was reported as
// tokens prompt tokens, when that is too few.
func (c *CutStats) noteTokens(n, tokens int) {
	if tokens <= 0 || n <= MaxBytesPerToken*tokens {
		return
	}
	atomic.AddInt64(&c.FewTokens, 1)
	c.cutMu.Lock()
	if c.WorstTokens == 0 || int64(n)*c.WorstTokens > c.WorstBytes*int64(tokens) {
		c.WorstBytes, c.WorstTokens = int64(n), int64(tokens)
	}
	c.cutMu.Unlock()
}

// sameAnswers remembers the first generated token's alternatives of each
// item's answered arrangements until the item is done. Safe for
// concurrent use; a nil *sameAnswers checks nothing.
type sameAnswers struct {
	mu    sync.Mutex
	items map[int]*itemFirsts
}

type itemFirsts struct {
	arr  []model.Arrangement
	hash [][sha256.Size]byte
	toks [][]Token
}

func newSameAnswers() *sameAnswers {
	return &sameAnswers{items: map[int]*itemFirsts{}}
}

// check records an arrangement's answer to the prompt system+user and
// returns a "truncated" failure when an earlier arrangement of the item,
// with a different prompt, got an identical one.
func (s *sameAnswers) check(item int, arr model.Arrangement, system, user string, a *Answer) *Failure {
	if s == nil || len(a.Tokens) < SameAnswerMinTokens || len(a.Tokens[0].Top) < SameAnswerMinAlts {
		return nil
	}
	h := sha256.Sum256([]byte(system + "\x00" + user))
	s.mu.Lock()
	defer s.mu.Unlock()
	it := s.items[item]
	if it == nil {
		it = &itemFirsts{}
		s.items[item] = it
	}
	for i := range it.arr {
		if it.hash[i] != h && sameTokens(it.toks[i], a.Tokens) {
			return &Failure{Reason: "truncated", Msg: fmt.Sprintf(
				"the answer equals arrangement %s's (all %d generated tokens and their alternatives agree to %g) although the prompts differ: "+
					"the server most likely cut the prompt to fit its context, silently; give it more context", it.arr[i], len(a.Tokens), SameAnswerTol)}
		}
	}
	it.arr = append(it.arr, arr)
	it.hash = append(it.hash, h)
	it.toks = append(it.toks, a.Tokens)
	return nil
}

// sameTokens reports whether two answers' generated tokens agree, each
// with the same alternatives (sameAlts).
func sameTokens(a, b []Token) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Text != b[i].Text || !sameAlts(a[i].Top, b[i].Top) {
			return false
		}
	}
	return true
}

// forget drops an item whose arrangements are all in.
func (s *sameAnswers) forget(item int) {
	if s == nil {
		return
	}
	s.mu.Lock()
	delete(s.items, item)
	s.mu.Unlock()
}

// sameAlts reports whether two alternatives lists agree token for token
// and to SameAnswerTol in log-probability.
func sameAlts(a, b []Alt) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Token != b[i].Token || !(math.Abs(a[i].Logprob-b[i].Logprob) <= SameAnswerTol) {
			return false
		}
	}
	return true
}

// truncWarnings appends the warnings about cut prompts and context-length
// failures to w.
func truncWarnings(st *Stats, w []string) []string {
	r := st.Reasons()
	if n := r["truncated"] + r["context-length"]; n > 0 {
		w = append(w, fmt.Sprintf("warning: %d requests failed because the prompt did not fit the server's context (%d refused, %d answered from a silently cut prompt); "+
			"their items are not written. Give the server more context: llama.cpp -c N (shared among its -np slots), Ollama num_ctx "+
			"(OLLAMA_CONTEXT_LENGTH), vLLM --max-model-len", n, r["context-length"], r["truncated"]))
	}
	if n := atomic.LoadInt64(&st.FewTokens); n > 0 {
		st.cutMu.Lock()
		b, t := st.WorstBytes, st.WorstTokens
		st.cutMu.Unlock()
		w = append(w, fmt.Sprintf("warning: %d answers reported fewer prompt tokens than their prompt can hold (the worst: %d tokens for %d bytes, %.0f bytes a token, where tokenizers average 2–6): "+
			"the server most likely cut the prompts to fit its context, silently, and the judge answered a part of them "+
			"(a server that counts only the prompt tokens it did not have cached shows this too). Give it more context and collect again into a new file",
			n, t, b, float64(b)/float64(t)))
	}
	return w
}
