package collect

import (
	"math"
	"strings"
	"unicode"

	"github.com/plumb-eval/plumb/internal/mathx"
)

// Reading the judge's answer. The answer token is the first generated
// token, or with a template marker (MT-Bench's "[["), the first token
// after the marker. Tokens made only of decoration — whitespace and the
// characters ( [ * " ' # : ` and the tokenizer space marks Ġ and ▁ — are
// passed over, so "**A**" and " (A)" find A.
//
// Among the answer token's top alternatives, a variant of an option ID is
// the ID with any such decoration before it and any of ) ] * . : , " ' `
// after it: "A", " A", "(A", "**A", "[A", "A)", "A." all count for A.
// Matching ignores case (so "a" counts for A) unless CaseSensitive is set.
// The log-probabilities of an ID's variants are summed (log-sum-exp), and
// the sum is capped at 0: "A" at 0.0 and " A" at −17.5 sum to +2.5e-8 in
// floating point, which is no log-probability.
//
// A positive log-probability (a buggy server, or rounding of a
// near-certain token) is impossible: it is read as 0 — probability 1 —
// and the answer is marked (Outcome.Positive), counted in the run's
// summary and named in the record's collect.positive_logprob. Skipping it
// instead would make its ID's probability 0 and invert the answer; failing
// the request would make a re-run fail the same way on a deterministic
// server. Two IDs both positive both read as 0: P = 0.5, never inverted.

// Outcome is what one answer says.
type Outcome struct {
	// HasLP is true when at least one ID was among the answer token's top
	// alternatives; LP holds the summed log-probabilities of the two IDs,
	// −Inf for an ID that was not there.
	HasLP bool
	LP    [2]float64
	// Positive is true when an ID's variant had a positive log-probability,
	// read as 0.
	Positive bool
	// Verdict is the text's verdict: 1 (ID1), 2 (ID2), 3 (tie), 0 (none).
	Verdict int
	// Miss says why HasLP is false (LPHit when it is true); TopK is how
	// many alternatives the answer token had (0 when there was none).
	Miss LPMiss
	TopK int
}

// P returns P(ID1) normalised over the two IDs from LP.
func (o *Outcome) P() float64 {
	a, b := o.LP[0], o.LP[1]
	switch {
	case math.IsInf(b, -1):
		return 1
	case math.IsInf(a, -1):
		return 0
	}
	return mathx.Sigmoid(a - b)
}

// Reader reads answers for one template and pair of IDs.
type Reader struct {
	IDs           IDs
	Marker        string
	Tie           string
	CaseSensitive bool
}

const decoLead = " \t\r\n([*\"'#:`ĠĊ▁"
const decoTrail = " \t\r\n)]*.:,\"'`"

// match returns 1 or 2 when tok is a variant of ID1 or ID2, 3 for the tie
// answer, else 0.
func (r *Reader) match(tok string) int {
	s := strings.TrimLeft(tok, decoLead)
	s = strings.TrimRight(s, decoTrail)
	if s == "" {
		return 0
	}
	eq := strings.EqualFold
	if r.CaseSensitive {
		eq = func(a, b string) bool { return a == b }
	}
	switch {
	case eq(s, r.IDs[0]):
		return 1
	case eq(s, r.IDs[1]):
		return 2
	case r.Tie != "" && eq(s, r.Tie):
		return 3
	}
	return 0
}

// Read returns the outcome of an answer.
func (r *Reader) Read(a *Answer) Outcome {
	o := Outcome{LP: [2]float64{math.Inf(-1), math.Inf(-1)}}
	o.Verdict = r.textVerdict(a.Text)
	k := r.answerToken(a.Tokens)
	if k < 0 {
		o.Miss = LPNone
		if len(a.Tokens) > 0 {
			o.Miss = LPNoAnswerToken
		}
		return o
	}
	o.TopK = len(a.Tokens[k].Top)
	for _, alt := range a.Tokens[k].Top {
		if m := r.match(alt.Token); m == 1 || m == 2 {
			lp, ok, pos := readLogprob(alt.Logprob)
			if !ok {
				continue
			}
			o.Positive = o.Positive || pos
			o.LP[m-1] = min(logAddExp(o.LP[m-1], lp), 0)
			o.HasLP = true
		}
	}
	if !o.HasLP {
		o.Miss = LPNotInTop
	}
	return o
}

// answerToken returns the index of the answer token, or −1.
func (r *Reader) answerToken(toks []Token) int {
	start := 0
	if r.Marker != "" {
		var b strings.Builder
		ends := make([]int, len(toks))
		for i, t := range toks {
			b.WriteString(t.Text)
			ends[i] = b.Len()
		}
		at := strings.Index(b.String(), r.Marker)
		if at < 0 {
			return -1
		}
		after := at + len(r.Marker)
		start = len(toks)
		for i, e := range ends {
			if e > after {
				start = i
				break
			}
		}
		// A token that straddles the marker ("[[A") holds the answer.
		if start < len(toks) && ends[start]-len(toks[start].Text) < after {
			return start
		}
	}
	for i := start; i < len(toks); i++ {
		if strings.Trim(toks[i].Text, decoLead) != "" {
			return i
		}
	}
	return -1
}

// textVerdict reads the verdict from the text: the first word after the
// marker (or of the text), with decoration trimmed.
func (r *Reader) textVerdict(text string) int {
	if r.Marker != "" {
		at := strings.Index(text, r.Marker)
		if at < 0 {
			return 0
		}
		text = text[at+len(r.Marker):]
	}
	text = strings.TrimLeft(text, decoLead)
	end := strings.IndexFunc(text, func(c rune) bool {
		return unicode.IsSpace(c) || strings.ContainsRune(decoTrail, c)
	})
	if end >= 0 {
		text = text[:end]
	}
	return r.match(text)
}

// readLogprob checks one log-probability: ok is false for NaN (not a
// number: left out), and a positive value is returned as 0 with positive
// set (see the doc above Outcome).
func readLogprob(lp float64) (v float64, ok, positive bool) {
	switch {
	case math.IsNaN(lp):
		return 0, false, false
	case lp > 0:
		return 0, true, true
	}
	return lp, true, false
}

// logAddExp returns log(e^a + e^b).
func logAddExp(a, b float64) float64 {
	if math.IsInf(a, -1) {
		return b
	}
	if math.IsInf(b, -1) {
		return a
	}
	if a < b {
		a, b = b, a
	}
	return a + math.Log1p(math.Exp(b-a))
}
