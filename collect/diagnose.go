package collect

import (
	"fmt"
	"math"
	"strconv"
	"sync/atomic"

	"github.com/plumb-eval/plumb/internal/textsafe"
)

// Saying what happened when an answer gives no P(A) from log-probabilities,
// and what a whole run's answers show: a server that returns none, IDs that
// are never among the alternatives, an ID the model never produces as one
// token.

// LPMiss says why an answer has no P(A) from log-probabilities.
type LPMiss uint8

const (
	// LPHit: an ID was among the answer token's alternatives.
	LPHit LPMiss = iota
	// LPNone: the response carried no readable log-probabilities (the
	// server ignored the request for them, or answered in a shape plumb
	// does not read).
	LPNone
	// LPNoAnswerToken: log-probabilities, but no answer token: the reply
	// was only decoration, or the template's marker never came.
	LPNoAnswerToken
	// LPNotInTop: the answer token's alternatives hold neither ID.
	LPNotInTop
)

// describe says what m means for an answer whose answer token had topK
// alternatives, for ids.
func (m LPMiss) describe(topK int, ids IDs) string {
	switch m {
	case LPNone:
		return "the response had no readable log-probabilities"
	case LPNoAnswerToken:
		return "the response's log-probabilities have no answer token (only decoration, or the template's marker never came)"
	case LPNotInTop:
		return fmt.Sprintf("neither %s nor %s is among the answer token's top %d log-probabilities", strconv.Quote(ids[0]), strconv.Quote(ids[1]), topK)
	}
	return "an ID is among the answer token's top log-probabilities"
}

// noVerdict is the failure of an answer with neither log-probabilities for
// an ID nor a verdict in its text.
func noVerdict(o *Outcome, ids IDs, text string) *Failure {
	return &Failure{Reason: "no-verdict", Msg: o.Miss.describe(o.TopK, ids) + ", and the text has no verdict: " + snippet([]byte(text))}
}

// noRating begins the failure message of a score answer without a rating.
func noRating(a *Answer) string {
	if len(a.Tokens) == 0 {
		return "the response had no readable log-probabilities, and the text has no rating: "
	}
	return "no rating among the answer token's top log-probabilities, nor in the text: "
}

// Diag counts what the answers' log-probabilities showed (part of Stats;
// updated atomically while a run goes).
type Diag struct {
	Read          int64    // answers read (a response with a body plumb parsed)
	NoLogprobs    int64    // answers without readable log-probabilities
	NoAnswerToken int64    // answers whose log-probabilities had no answer token
	NotInTop      int64    // answers whose answer token's alternatives held neither ID
	IDSeen        [2]int64 // answers whose answer token's alternatives held ID1, ID2
	TopK          int64    // the most alternatives an answer token had
}

// count adds one read answer.
func (d *Diag) count(o *Outcome) {
	atomic.AddInt64(&d.Read, 1)
	switch o.Miss {
	case LPNone:
		atomic.AddInt64(&d.NoLogprobs, 1)
	case LPNoAnswerToken:
		atomic.AddInt64(&d.NoAnswerToken, 1)
	case LPNotInTop:
		atomic.AddInt64(&d.NotInTop, 1)
	}
	for k := range 2 {
		if o.LP[k] > math.Inf(-1) {
			atomic.AddInt64(&d.IDSeen[k], 1)
		}
	}
	for {
		old := atomic.LoadInt64(&d.TopK)
		if int64(o.TopK) <= old || atomic.CompareAndSwapInt64(&d.TopK, old, int64(o.TopK)) {
			break
		}
	}
}

// IDSplitMin is how many answers must show one ID among the answer token's
// alternatives, while the other never shows, before a run warns that the
// other may be split into several tokens.
const IDSplitMin = 5

// Warnings returns what a finished run's answers show that the user must
// know, one line each, without a trailing newline: no log-probabilities
// (the server ignored them), IDs never among the alternatives, an ID that
// never shows while the other does (split into several tokens), prompts
// the server cut, answers from another model than asked. Empty when
// there is nothing to say.
func Warnings(st *Stats, ids IDs) []string {
	var w []string
	if s := servedWarning(st); s != "" {
		w = append(w, s)
	}
	w = append(w, sampleWarnings(st)...)
	read := atomic.LoadInt64(&st.Read)
	if read == 0 {
		return truncWarnings(st, w)
	}
	q := [2]string{strconv.Quote(textsafe.Line(ids[0])), strconv.Quote(textsafe.Line(ids[1]))}
	if n := st.NoLogprobs; n > 0 {
		w = append(w, fmt.Sprintf("warning: %d of %d answers carried no readable log-probabilities although plumb asked for them "+
			"(chat: logprobs + top_logprobs; --completions: logprobs): P(A) came from the text's verdict, or the request failed. "+
			"Check that the server returns log-probabilities on this endpoint (send it one request by hand; --dry-run prints the prompts)",
			n, read))
	}
	if n := st.NoAnswerToken; n > 0 {
		w = append(w, fmt.Sprintf("warning: %d of %d answers had log-probabilities but no answer token (a reply of only decoration, or the template's marker never came); --dry-run prints the prompts", n, read))
	}
	if n := st.NotInTop; n > 0 {
		level := "note" // a judge may answer something else now and then
		if 2*n >= read {
			level = "warning"
		}
		w = append(w, fmt.Sprintf("%s: in %d of %d answers neither %s nor %s was among the answer token's top %d log-probabilities "+
			"(the judge answered something else; the IDs must be what the model answers, each one token: --dry-run prints the prompts, the server's tokenizer shows how it splits an ID)",
			level, n, read, q[0], q[1], st.TopK))
	}
	for k := range 2 {
		if seen, other := st.IDSeen[k], st.IDSeen[1-k]; seen == 0 && other >= IDSplitMin {
			w = append(w, fmt.Sprintf("warning: %s was never among the answer token's top %d log-probabilities while %s was, in %d answers: "+
				"if the model's tokenizer splits %s into several tokens it can never be the answer token, and P(%s) reads as 1. "+
				"Choose IDs the model writes as one token each (A,B or 1,2); llama.cpp's and vLLM's POST /tokenize show how an ID is split",
				q[k], st.TopK, q[1-k], other, q[k], q[1-k]))
		}
	}
	return truncWarnings(st, w)
}

// inspect checks an answer to the prompt system+user: a prompt the server
// cut (an answer identical to another arrangement's fails; too few prompt
// tokens is counted), and what its log-probabilities showed (counted).
func (cfg *Config) inspect(t task, system, user string, a *Answer, o *Outcome, st *Stats) *Failure {
	if f := cfg.same.check(t.item, t.arr, system, user, a); f != nil {
		return f
	}
	st.noteTokens(len(system)+len(user), a.PromptTokens)
	st.count(o)
	return nil
}

// EarlyWarnAfter is how many answers a run reads before it warns, while it
// goes on, that none had P(A) from log-probabilities.
const EarlyWarnAfter = 20

// warnEarly sends cfg.Warn one warning when the first EarlyWarnAfter
// answers all lacked P(A) from log-probabilities.
func (cfg *Config) warnEarly(st *Stats, warned *bool) {
	if cfg.Warn == nil || *warned {
		return
	}
	read := atomic.LoadInt64(&st.Read)
	if read < EarlyWarnAfter || atomic.LoadInt64(&st.WithLP) > 0 {
		return
	}
	*warned = true
	cfg.Warn(fmt.Sprintf("warning: none of the first %d answers gave P(A) from log-probabilities: %d had no readable log-probabilities, "+
		"%d neither ID among the answer token's top %d, %d no answer token; P(A) now comes from the text's verdict where it has one (the summary says more)",
		read, atomic.LoadInt64(&st.NoLogprobs), atomic.LoadInt64(&st.NotInTop), atomic.LoadInt64(&st.TopK), atomic.LoadInt64(&st.NoAnswerToken)))
}
