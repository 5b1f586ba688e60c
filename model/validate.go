package model

import (
	"cmp"
	"encoding/json"
	"github.com/plumb-eval/plumb/internal/jsonscan"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Validation of records built in memory (by the simulator, importers or
// tests). The reader checks the same rules on the raw JSON, so a record
// read from a log is always valid, and a valid record written by Writer
// reads back equal.

// Validate checks p against the rules of log format v1, except for
// duplicates: non-empty ID and Judge, x0 present, every present S[a] a
// probability in [0, 1] (0, 0.5 or 1 for SourceChoice), log-probabilities
// ≤ 0 that give S[a] (within 1e-9) for SourceLogprob, a known Gold, a Gen
// that is nil or sets a field, with lengths ≥ 0, finite Truth and Extra
// fields that are valid JSON and not fields of a pair. The error is a
// *LineError located at p.Pos.
func (p *Pair) Validate() error {
	if err := p.validate(); err != nil {
		return err.at(p.Pos)
	}
	return nil
}

// Validate checks s against the rules of log format v1, except for
// duplicates: non-empty ID, Judge and Criterion, exactly one of JudgeScore
// and ScoreProbs, finite numbers, ScoreProbs keyed by distinct numbers with
// probabilities in [0, 1] and a positive sum, Tokens ≥ 1, and Truth and
// Extra as for a pair. The error is a *LineError located at s.Pos.
func (s *Score) Validate() error {
	if err := s.validate(nil); err != nil {
		return err.at(s.Pos)
	}
	return nil
}

// Validate checks v against the rules of log format v1, except for
// duplicates: non-empty ID and Judge, finite Truth, valid Extra. The error
// is a *LineError located at v.Pos.
func (v *Verdict) Validate() error {
	if err := v.validate(); err != nil {
		return err.at(v.Pos)
	}
	return nil
}

// fmtNum renders v as the writer would, for messages.
func fmtNum(v float64) []byte { return strconv.AppendFloat(nil, v, 'g', -1, 64) }

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// lsMsg says why a positive ls is refused: LS is a sum of token
// log-probabilities, each ≤ 0.
const lsMsg = "is not a log-likelihood (a sum of token log-probabilities, it must be ≤ 0)"

// checkFinite checks that the number v of field name is finite.
func checkFinite(name string, v float64) *LineError {
	if !finite(v) {
		return errValue(name, fmtNum(v), "is not a finite number")
	}
	return nil
}

func checkNonEmpty(name, s string) *LineError {
	if s == "" {
		return fieldErr(name, "is empty")
	}
	return nil
}

// logprobTolerance is how far S may be from the value its log-probabilities give.
const logprobTolerance = 1e-9

func (p *Pair) validate() *LineError {
	if err := checkNonEmpty("id", p.ID); err != nil {
		return err
	}
	if err := checkNonEmpty("judge", p.Judge); err != nil {
		return err
	}
	if p.Source < SourceProb || p.Source > SourceChoice {
		return fieldErr("source", "= "+strconv.Itoa(int(p.Source))+" is not p_a, logprobs or choice")
	}
	src := p.Source.String()
	if !p.Has[X0] {
		return errMissing(src+".x0", "x0, the default arrangement, is required")
	}
	for _, a := range Arrangements {
		if !p.Has[a] {
			continue
		}
		s := p.S[a]
		name := sourceNames[p.Source][a]
		if !(s >= 0 && s <= 1) {
			return errValue(name, fmtNum(s), "is not a probability in [0, 1]")
		}
		switch p.Source {
		case SourceChoice:
			if s != 0 && s != 0.5 && s != 1 {
				return errValue(name, fmtNum(s), "is not A (1), B (0) or tie (0.5)")
			}
		case SourceLogprob:
			lp := p.Logprobs[a]
			for t := range lp {
				if math.IsNaN(lp[t]) || lp[t] > 0 {
					return errValue(lpTokNames[a][t], fmtNum(lp[t]), "is not a log-probability (it must be ≤ 0)")
				}
			}
			if math.IsInf(lp[0], -1) && math.IsInf(lp[1], -1) {
				return fieldErr(name, "has neither A nor B (both log-probabilities are -Inf)")
			}
			if pa := probA(lp[0], lp[1]); math.Abs(pa-s) > logprobTolerance {
				return fieldErr(name, "gives P(A) = "+string(fmtNum(pa))+", not S = "+string(fmtNum(s)))
			}
		}
	}
	if p.Gold < GoldNone || p.Gold > GoldTie {
		return fieldErr("gold", "= "+strconv.Itoa(int(p.Gold))+` is not 1, 2 or "tie"`)
	}
	if err := p.Gen.validate(); err != nil {
		return err
	}
	if err := validCondition(p.Condition); err != nil {
		return err
	}
	if err := p.validateSamples(); err != nil {
		return err
	}
	if err := validTruth(p.Truth); err != nil {
		return err
	}
	return validExtra(p.Extra, pairFields)
}

// validate checks a pair's generators (nil is valid): a Generators value
// must set a field, or it would be written as nothing and read back as nil.
func (g *Generators) validate() *LineError {
	if g == nil {
		return nil
	}
	if *g == (Generators{}) {
		return errMissing("model_1", "a Generators value must give a model or a length; use a nil Gen for none")
	}
	for k, l := range [2]*int{g.Len1, g.Len2} {
		if l != nil && (*l < 0 || *l > maxTokens) {
			return errValue("len_"+strconv.Itoa(k+1), []byte(strconv.Itoa(*l)), "is not a length (an integer ≥ 0, in Unicode code points)")
		}
	}
	return nil
}

// validate checks s; scratch, when not nil, is reused for the sorted
// score_probs, which it then holds.
func (s *Score) validate(scratch *[]ratingProb) *LineError {
	if err := checkNonEmpty("id", s.ID); err != nil {
		return err
	}
	if err := checkNonEmpty("judge", s.Judge); err != nil {
		return err
	}
	if err := checkNonEmpty("criterion", s.Criterion); err != nil {
		return err
	}
	switch {
	case s.JudgeScore != nil && s.ScoreProbs != nil:
		return fieldErr("score_probs", "is given together with judge_score ("+oneOfScores+")")
	case s.JudgeScore != nil:
		if err := checkFinite("judge_score", *s.JudgeScore); err != nil {
			return err
		}
	case s.ScoreProbs != nil:
		var buf []ratingProb
		if scratch != nil {
			buf = *scratch
		}
		buf, err := sortedScoreProbs(s.ScoreProbs, buf)
		if scratch != nil {
			*scratch = buf
		}
		if err != nil {
			return err
		}
	default:
		return errMissing("judge_score", oneOfScores)
	}
	if err := checkFinite("human_score", s.HumanScore); err != nil {
		return err
	}
	if s.LS != nil {
		if err := checkFinite("ls", *s.LS); err != nil {
			return err
		}
		if *s.LS > 0 {
			return errValue("ls", fmtNum(*s.LS), lsMsg)
		}
	}
	if s.Tokens != nil && (*s.Tokens < 1 || *s.Tokens > maxTokens) {
		return errValue("tokens", []byte(strconv.Itoa(*s.Tokens)), "is not a positive integer")
	}
	if err := validCondition(s.Condition); err != nil {
		return err
	}
	if err := validTruth(s.Truth); err != nil {
		return err
	}
	return validExtra(s.Extra, scoreFields)
}

// ratingProb is one entry of score_probs.
type ratingProb struct {
	rating float64
	key    string
	prob   float64
}

// parseRating parses a score_probs key: a JSON number with a finite value.
func parseRating(k string) (float64, bool) {
	if !jsonscan.IsNumber([]byte(k)) {
		return 0, false
	}
	r, err := strconv.ParseFloat(k, 64)
	return r, err == nil && finite(r)
}

// sortedScoreProbs checks score_probs and returns its entries in order of
// rating, appended to buf. Errors are deterministic: the first bad entry in
// that order (or the smallest bad key) is reported.
func sortedScoreProbs(m map[string]float64, buf []ratingProb) ([]ratingProb, *LineError) {
	buf = buf[:0]
	badKey, bad := "", false
	sum := 0.0
	for k, q := range m {
		r, ok := parseRating(k)
		if !ok {
			if !bad || k < badKey {
				badKey, bad = k, true
			}
			continue
		}
		buf = append(buf, ratingProb{r, k, q})
		sum += q
	}
	if bad {
		return buf, fieldErr("score_probs."+badKey, "is not a rating: the keys of score_probs must be numbers")
	}
	slices.SortFunc(buf, func(a, b ratingProb) int {
		if c := cmp.Compare(a.rating, b.rating); c != 0 {
			return c
		}
		return strings.Compare(a.key, b.key)
	})
	for i, e := range buf {
		if i > 0 && buf[i-1].rating == e.rating {
			return buf, fieldErr("score_probs."+e.key, "is the same rating as score_probs."+buf[i-1].key)
		}
		if !(e.prob >= 0 && e.prob <= 1) {
			return buf, errValue("score_probs."+e.key, fmtNum(e.prob), "is not a probability in [0, 1]")
		}
	}
	if !(sum > 0) {
		return buf, fieldErr("score_probs", "has no positive probability (the probabilities must have a positive sum)")
	}
	return buf, nil
}

func (v *Verdict) validate() *LineError {
	if err := checkNonEmpty("id", v.ID); err != nil {
		return err
	}
	if err := checkNonEmpty("judge", v.Judge); err != nil {
		return err
	}
	if err := validTruth(v.Truth); err != nil {
		return err
	}
	return validExtra(v.Extra, verdictFields)
}

// validTruth checks that truth values are finite, in key order.
func validTruth(t Truth) *LineError {
	for _, e := range t.e {
		if !finite(e.Value) {
			return checkFinite("truth."+e.Key, e.Value)
		}
	}
	return nil
}

// validExtra checks that extra fields are valid JSON and do not shadow a
// field of the record's kind (own), in sorted key order.
func validExtra(e Extra, own fieldSet) *LineError {
	if len(e) == 0 {
		return nil
	}
	for _, k := range slices.Sorted(maps.Keys(e)) {
		if f := lookupField([]byte(k)); f != fUnknown && own.has(f) {
			return fieldErr(k, "is a field of the record and cannot be kept in Extra")
		}
		if v := e[k]; !json.Valid(v) {
			return errValue(k, v, "is not valid JSON")
		}
	}
	return nil
}
