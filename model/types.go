package model

import (
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

// Kind is the kind of a log record: "pair", "score", "verdict" or "probe".
type Kind string

// The record kinds of log format v1.
const (
	KindPair    Kind = "pair"
	KindScore   Kind = "score"
	KindVerdict Kind = "verdict"
	KindProbe   Kind = "probe"
)

// Arrangement is one of the four ways a pair item is shown to a judge
// (docs/methods.md §1). The judge answers with an ID token, A or B.
//
//	x0: A = response_1 first, B = response_2 second; P(A) = P(response_1 better)
//	x1: B = response_2 first, A = response_1 second; P(A) = P(response_1 better)
//	x2: A = response_2 first, B = response_1 second; P(A) = P(response_2 better)
//	x3: B = response_1 first, A = response_2 second; P(A) = P(response_2 better)
type Arrangement int

// The four arrangements.
const (
	X0 Arrangement = iota // default order
	X1                    // positions swapped
	X2                    // contents swapped (IDs stay on positions)
	X3                    // both swapped
)

// NumArrangements is the number of arrangements a pair record can carry.
const NumArrangements = 4

// Arrangements lists X0..X3 in order.
var Arrangements = [NumArrangements]Arrangement{X0, X1, X2, X3}

// String returns the arrangement's name in the log format: "x0".."x3".
func (a Arrangement) String() string {
	if a < 0 || a >= NumArrangements {
		return fmt.Sprintf("x?%d", int(a))
	}
	return [...]string{"x0", "x1", "x2", "x3"}[a]
}

// ParseArrangement parses "x0".."x3".
func ParseArrangement(s string) (Arrangement, bool) {
	switch s {
	case "x0":
		return X0, true
	case "x1":
		return X1, true
	case "x2":
		return X2, true
	case "x3":
		return X3, true
	}
	return 0, false
}

// ContentSwapped reports whether P(A) in this arrangement refers to
// response_2 (x2, x3), so that the preference for response_1 is 1 − P(A).
func (a Arrangement) ContentSwapped() bool { return a == X2 || a == X3 }

// PositionSwapped reports whether token B is shown first (x1, x3).
func (a Arrangement) PositionSwapped() bool { return a == X1 || a == X3 }

// FirstShown returns which response (1 or 2) is shown first.
func (a Arrangement) FirstShown() int {
	if a == X0 || a == X3 {
		return 1
	}
	return 2
}

// Preference turns an observed P(A) in arrangement a into P(response_1 better):
// s for x0 and x1, 1 − s for x2 and x3.
func (a Arrangement) Preference(s float64) float64 {
	if a.ContentSwapped() {
		return 1 - s
	}
	return s
}

// Source says how a pair record gave its observations.
type Source int

// The three ways a pair record can give its judge's answers.
const (
	SourceProb    Source = iota // "p_a": P(A) per arrangement
	SourceLogprob               // "logprobs": log-probabilities of the A and B tokens
	SourceChoice                // "choice": hard verdicts A, B or tie
)

// String names the source as its JSON field.
func (s Source) String() string {
	switch s {
	case SourceProb:
		return "p_a"
	case SourceLogprob:
		return "logprobs"
	case SourceChoice:
		return "choice"
	}
	return "unknown"
}

// Gold is the human label of a pair item.
type Gold int

// Gold labels. GoldNone means the record has no gold.
const (
	GoldNone Gold = iota
	Gold1         // response_1 is better
	Gold2         // response_2 is better
	GoldTie
)

// String returns the label as written in the log ("1", "2", "tie"), or "" for none.
func (g Gold) String() string {
	switch g {
	case Gold1:
		return "1"
	case Gold2:
		return "2"
	case GoldTie:
		return "tie"
	}
	return ""
}

// Extra keeps a record's unknown fields, verbatim, so that a log can be
// read and written again without losing them.
type Extra map[string]json.RawMessage

// Pos is where a record came from.
type Pos struct {
	File string // as given on the command line, or "demo" for the embedded log
	Line int    // 1-based line number (for a JSON array: the line the element starts on)
}

// String formats the position as "file:line".
func (p Pos) String() string { return fmt.Sprintf("%s:%d", p.File, p.Line) }

// Pair is a pairwise judgment: one item judged in one to four arrangements.
type Pair struct {
	ID    string
	Judge string
	Group string // optional

	// Has[a] is true when arrangement a was judged.
	Has [NumArrangements]bool
	// S[a] is the judge's observed P(A) in arrangement a, normalised over
	// {A, B}. For SourceChoice it is 1 (A), 0 (B) or 0.5 (tie).
	S [NumArrangements]float64
	// Source says which field S came from.
	Source Source
	// Logprobs[a] holds the raw log-probabilities of A and B when Source is
	// SourceLogprob (−Inf where a token was missing from the top-k), so the
	// record can be written back as read.
	Logprobs [NumArrangements][2]float64

	Gold      Gold
	Prompt    string
	Response1 string
	Response2 string
	// Empty marks the texts given as the empty string (""), which are
	// values: written back and counted as length 0, never taken for
	// texts left out. A non-empty text needs no mark.
	Empty EmptyTexts
	// LenDiffers has bit k-1 set when len_k is given and differs from the
	// length of response_k given beside it (Length uses len_k); see
	// LengthsDiffer.
	LenDiffers uint8
	// Gen names the generators of the two responses and, optionally, their
	// lengths (fields model_1, model_2, len_1, len_2); nil when the record
	// gives none of them. A pointer keeps records without it small.
	Gen *Generators
	// Condition is the record's "condition" object (the collection
	// condition: template, option IDs, shots), verbatim; nil when absent.
	// Records read with the same bytes share one copy: do not modify it.
	Condition json.RawMessage
	// Samples holds the judge's sampled judgments per arrangement (field
	// samples), from which P(A) was estimated; nil when the record has none.
	Samples *Samples
	Truth   Truth
	Extra   Extra
	Pos     Pos
}

// EmptyTexts is a set of a pair record's text fields given as "".
type EmptyTexts uint8

// The text fields of EmptyTexts.
const (
	EmptyPrompt EmptyTexts = 1 << iota
	EmptyResponse1
	EmptyResponse2
)

// Has reports whether f is in the set.
func (e EmptyTexts) Has(f EmptyTexts) bool { return e&f != 0 }

// LengthsDiffer counts the records of pairs whose len_1 or len_2 is not
// the length of the response text the record gives beside it: the length
// measures use len_k there.
func LengthsDiffer(pairs []Pair) int {
	n := 0
	for i := range pairs {
		if pairs[i].LenDiffers != 0 {
			n++
		}
	}
	return n
}

// Generators holds a pair record's optional fields about who wrote the two
// responses (docs/style.md): model_1 and model_2, the generators of
// response_1 and response_2 (non-empty strings), and len_1 and len_2, the
// responses' lengths in Unicode code points (integers ≥ 0), which stand in
// for the texts when a log leaves them out. The length and self-preference
// measures and the win rates per generator (package calib/style) read
// them. A Generators value sets at least one of its fields: a record
// without any has Gen == nil.
type Generators struct {
	Model1, Model2 string // "" when not given
	Len1, Len2     *int   // nil when not given
}

// Model returns the generator of response k (1 or 2), or "" when the
// record does not name it.
func (p *Pair) Model(k int) string {
	if p.Gen == nil {
		return ""
	}
	if k == 1 {
		return p.Gen.Model1
	}
	return p.Gen.Model2
}

// Length returns the length of response k (1 or 2) in Unicode code points:
// len_k when the record gives it, else the length of its text. ok is false
// when neither is known (no len_k and a missing or skipped text; a text
// given as "" has length 0).
func (p *Pair) Length(k int) (n int, ok bool) {
	l, text, empty := (*int)(nil), p.Response2, p.Empty.Has(EmptyResponse2)
	if k == 1 {
		text, empty = p.Response1, p.Empty.Has(EmptyResponse1)
	}
	if p.Gen != nil {
		l = p.Gen.Len2
		if k == 1 {
			l = p.Gen.Len1
		}
	}
	switch {
	case l != nil:
		return *l, true
	case text != "" || empty:
		return utf8.RuneCountInString(text), true
	}
	return 0, false
}

// R returns the preference for response_1 read from arrangement a
// (docs/methods.md §1): S[a] for x0, x1 and 1 − S[a] for x2, x3.
func (p *Pair) R(a Arrangement) float64 { return a.Preference(p.S[a]) }

// NumArrangementsPresent counts the arrangements the record has.
func (p *Pair) NumArrangementsPresent() int {
	n := 0
	for _, h := range p.Has {
		if h {
			n++
		}
	}
	return n
}

// Score is a pointwise judgment of one output on one criterion.
type Score struct {
	ID        string
	Judge     string
	Criterion string

	// JudgeScore is the judge's score; nil when ScoreProbs is given instead.
	JudgeScore *float64
	// ScoreProbs maps a rating (as written in the log, a number) to the
	// judge's probability of giving it; nil when JudgeScore is given.
	ScoreProbs map[string]float64

	HumanScore float64
	LS         *float64 // log-likelihood of the output under a language model
	Tokens     *int     // number of tokens of the output
	Input      string
	Output     string
	// Condition is the record's "condition" object, verbatim (as for Pair).
	Condition json.RawMessage
	Truth     Truth
	Extra     Extra
	Pos       Pos
}

// Verdict is a binary judgment (e.g. "the answer is correct") with an
// optional human label.
type Verdict struct {
	ID      string
	Judge   string
	Verdict bool
	Human   *bool // nil when the item has no human label
	Truth   Truth
	Extra   Extra
	Pos     Pos
}

// FileInfo summarises one input file.
type FileInfo struct {
	Name     string
	Pairs    int
	Scores   int
	Verdicts int
	Probes   int
	Skipped  int // bad lines skipped under SkipBad
}

// Log is everything read from one or more files.
type Log struct {
	Pairs    []Pair
	Scores   []Score
	Verdicts []Verdict
	// Probes holds the probe records (kind "probe"), in file order.
	Probes []Probe
	Files  []FileInfo

	// Skipped counts bad lines left out under ReadOptions.SkipBad, over all
	// files; SkipReasons holds the first few of their errors.
	Skipped     int
	SkipReasons []string

	// Notes holds remarks from importers (package model/importer) that a
	// report should show: verdicts that could not be read and became
	// missing arrangements, items left out, position bias that cannot be
	// measured from a file judged in one order only. Logs read by
	// ReadFiles have none.
	Notes []string

	// Pending counts the bytes of half-written last lines left for a later
	// read (Watcher.Poll); always 0 from ReadFiles and Read.
	Pending int
}

// ProbeKind says what a probe record's input was: "cc" or "dc".
type ProbeKind string

// The probe kinds (docs/log-format.md, docs/methods.md §4).
const (
	// ProbeCC is a content-free input (Zhao et al. 2021): the prompt and
	// both responses replaced by "N/A".
	ProbeCC ProbeKind = "cc"
	// ProbeDC is a domain-context input (Fei et al. 2023): random
	// in-domain words in place of the prompt and the responses.
	ProbeDC ProbeKind = "dc"
)

// Probe is the judge's answer to a probe record (kind "probe"): its P(A)
// in each arrangement it was asked in, for an input without content.
type Probe struct {
	Probe ProbeKind
	ID    string
	Judge string
	// Has[a] is true when arrangement a was asked; S[a] is the P(A).
	Has [NumArrangements]bool
	S   [NumArrangements]float64
	// Condition is the record's "condition" object, verbatim (nil when
	// absent).
	Condition json.RawMessage
	Truth     Truth
	Extra     Extra
	Pos       Pos
}
