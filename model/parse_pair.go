package model

import (
	"bytes"
	"math"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/internal/jsonscan"
)

// Field paths of a pair's per-arrangement values, for messages.
var (
	paNames     = [NumArrangements]string{"p_a.x0", "p_a.x1", "p_a.x2", "p_a.x3"}
	choiceNames = [NumArrangements]string{"choice.x0", "choice.x1", "choice.x2", "choice.x3"}
	lpNames     = [NumArrangements]string{"logprobs.x0", "logprobs.x1", "logprobs.x2", "logprobs.x3"}
	lpTokNames  = [NumArrangements][2]string{
		{"logprobs.x0.A", "logprobs.x0.B"}, {"logprobs.x1.A", "logprobs.x1.B"},
		{"logprobs.x2.A", "logprobs.x2.B"}, {"logprobs.x3.A", "logprobs.x3.B"},
	}
)

// sourceNames holds the arrangement field paths of each Source.
var sourceNames = [...]*[NumArrangements]string{SourceProb: &paNames, SourceLogprob: &lpNames, SourceChoice: &choiceNames}

// sourceFields maps a Source to its field.
var sourceFields = [...]field{SourceProb: fPA, SourceLogprob: fLogprobs, SourceChoice: fChoice}

// oneOfSources is the hint for a pair without exactly one source field.
const oneOfSources = "a pair record needs exactly one of p_a, logprobs, choice"

// pair decodes a pair record's fields.
func (p *recParser) pair(out *Pair) *LineError {
	var err *LineError
	if out.ID, err = p.reqString(fID, internLast); err != nil {
		return err
	}
	if out.Judge, err = p.reqString(fJudge, internName); err != nil {
		return err
	}
	if out.Group, err = p.optString(fGroup, internName); err != nil {
		return err
	}
	src := Source(-1)
	for s, f := range sourceFields {
		if absent(p.vals[f]) {
			continue
		}
		if src >= 0 {
			return fieldErr(fieldNames[f], "is given together with "+fieldNames[sourceFields[src]]+" ("+oneOfSources+")")
		}
		src = Source(s)
	}
	switch src {
	case SourceProb:
		err = p.probs(out)
	case SourceLogprob:
		err = p.logprobs(out)
	case SourceChoice:
		err = p.choices(out)
	default:
		return errMissing("p_a", oneOfSources)
	}
	if err != nil {
		return err
	}
	out.Source = src
	if !out.Has[X0] {
		return errMissing(fieldNames[sourceFields[src]]+".x0", "x0, the default arrangement, is required")
	}
	if out.Gold, err = p.gold(); err != nil {
		return err
	}
	if out.Prompt, err = p.text(fPrompt); err != nil {
		return err
	}
	if out.Response1, err = p.text(fResponse1); err != nil {
		return err
	}
	if out.Response2, err = p.text(fResponse2); err != nil {
		return err
	}
	out.Empty = p.emptyTexts()
	if err = p.generators(out); err != nil {
		return err
	}
	if out.Condition, err = p.condition(); err != nil {
		return err
	}
	if err = p.samples(out); err != nil {
		return err
	}
	if err = out.validateSamples(); err != nil {
		return err
	}
	out.Truth, err = p.truth()
	return err
}

// generators decodes the optional model_1, model_2, len_1 and len_2 into
// out.Gen (nil when none is given). With texts skipped and
// textLengths set (or genTextLengths, and one of those fields given), a
// response text's length is kept as its len_k when len_k is not given.
func (p *recParser) generators(out *Pair) *LineError {
	v := &p.vals
	named := !absent(v[fModel1]) || !absent(v[fModel2]) || !absent(v[fLen1]) || !absent(v[fLen2])
	count := p.skipText && (p.textLengths || p.genTextLengths && named)
	if !named && !(count && (!absent(v[fResponse1]) || !absent(v[fResponse2]))) {
		return nil // the common case: nothing to do
	}
	var g Generators
	var err *LineError
	for k, f := range [2]field{fModel1, fModel2} {
		raw := v[f]
		if absent(raw) {
			continue
		}
		if raw[0] != '"' {
			return errType(fieldNames[f], raw, "a string (the model that wrote response_"+string(rune('1'+k))+")")
		}
		if len(raw) == 2 {
			return fieldErr(fieldNames[f], "is empty (leave it out, or null, when the model is not known)")
		}
		name := p.str(raw, f, internName)
		if k == 0 {
			g.Model1 = name
		} else {
			g.Model2 = name
		}
	}
	if g.Len1, err = p.length(fLen1, fResponse1, count); err != nil {
		return err
	}
	if g.Len2, err = p.length(fLen2, fResponse2, count); err != nil {
		return err
	}
	out.LenDiffers = p.lenDiffers(g)
	if g != (Generators{}) {
		out.Gen = p.vals1.gen(g)
	}
	return nil
}

// length decodes the optional length field f, an integer ≥ 0; without it,
// when count is set (texts skipped and their lengths kept), it is the
// length of the text field text in Unicode code points (nil when that is
// absent too).
func (p *recParser) length(f, text field, count bool) (*int, *LineError) {
	raw := p.vals[f]
	if absent(raw) {
		t := p.vals[text]
		if !count || absent(t) || t[0] != '"' {
			return nil, nil
		}
		body := t[1 : len(t)-1]
		if bytes.IndexByte(body, '\\') >= 0 {
			p.scratch = jsonscan.Unescape(p.scratch[:0], body)
			body = p.scratch
		}
		return p.vals1.int(utf8.RuneCount(body)), nil
	}
	n, code := number(raw)
	if code != numOK {
		return nil, numErr(fieldNames[f], raw, code, "an integer ≥ 0 (the length in Unicode code points)")
	}
	if n < 0 || n > maxTokens || n != math.Trunc(n) {
		return nil, errValue(fieldNames[f], raw, "is not a length (an integer ≥ 0, in Unicode code points)")
	}
	return p.vals1.int(int(n)), nil
}

// lenDiffers is the set of responses (bit k-1 for response k) whose
// len_k is given and is not the length of the response text given beside
// it: Pair.Length uses len_k, and a report says how many records differ.
func (p *recParser) lenDiffers(g Generators) uint8 {
	var d uint8
	for k, c := range [2]struct {
		l    *int
		text field
	}{{g.Len1, fResponse1}, {g.Len2, fResponse2}} {
		t := p.vals[c.text]
		if c.l == nil || absent(t) || t[0] != '"' {
			continue
		}
		body := t[1 : len(t)-1]
		if bytes.IndexByte(body, '\\') >= 0 {
			p.scratch = jsonscan.Unescape(p.scratch[:0], body)
			body = p.scratch
		}
		if utf8.RuneCount(body) != *c.l {
			d |= 1 << k
		}
	}
	return d
}

// arrangements iterates the members of the object field f, whose keys must
// be arrangement names, each at most once. fn decodes one value; a null
// value is an absent arrangement (README: null in an optional field means
// the field is absent), so fn never sees it.
func (p *recParser) arrangements(f field, fn func(a Arrangement, val []byte) *LineError) *LineError {
	raw := p.vals[f]
	name := fieldNames[f]
	if raw[0] != '{' {
		return errType(name, raw, "an object keyed by x0, x1, x2, x3")
	}
	var seen [NumArrangements]bool
	it := newObjIter(raw)
	for {
		k, esc, v, ok := it.next()
		if !ok {
			return nil
		}
		key := k
		if esc {
			key = jsonscan.Unescape(nil, k)
		}
		a, known := ParseArrangement(string(key))
		if !known {
			return fieldErr(name+"."+string(key), "is not an arrangement (expected x0, x1, x2 or x3)")
		}
		if seen[a] {
			return fieldErr(name+"."+a.String(), "appears twice")
		}
		seen[a] = true
		if v[0] == 'n' {
			continue // null: the arrangement is absent
		}
		if err := fn(a, v); err != nil {
			return err
		}
	}
}

// probs decodes p_a.
func (p *recParser) probs(out *Pair) *LineError {
	return p.arrangements(fPA, func(a Arrangement, v []byte) *LineError {
		s, err := prob(paNames[a], v)
		if err != nil {
			return err
		}
		out.Has[a], out.S[a] = true, s
		return nil
	})
}

// choices decodes choice: "A" → 1, "B" → 0, "tie" → 0.5.
func (p *recParser) choices(out *Pair) *LineError {
	return p.arrangements(fChoice, func(a Arrangement, v []byte) *LineError {
		if v[0] != '"' {
			return errType(choiceNames[a], v, `"A", "B" or "tie"`)
		}
		var s float64
		switch string(strBody(v)) {
		case "A":
			s = 1
		case "B":
			s = 0
		case "tie":
			s = 0.5
		default:
			return errValue(choiceNames[a], v, `is not "A", "B" or "tie"`)
		}
		out.Has[a], out.S[a] = true, s
		return nil
	})
}

// logprobs decodes logprobs: per arrangement an object with the
// log-probabilities of tokens A and B; a missing token has probability 0.
func (p *recParser) logprobs(out *Pair) *LineError {
	return p.arrangements(fLogprobs, func(a Arrangement, v []byte) *LineError {
		if v[0] != '{' {
			return errType(lpNames[a], v, `an object {"A": logprob, "B": logprob}`)
		}
		lp := [2]float64{math.Inf(-1), math.Inf(-1)}
		var seen [2]bool
		it := newObjIter(v)
		for {
			k, esc, tv, ok := it.next()
			if !ok {
				break
			}
			key := k
			if esc {
				key = jsonscan.Unescape(nil, k)
			}
			var t int
			switch string(key) {
			case "A":
				t = 0
			case "B":
				t = 1
			default:
				return fieldErr(lpNames[a]+"."+string(key), "is not a token (expected A or B)")
			}
			if seen[t] {
				return fieldErr(lpTokNames[a][t], "appears twice")
			}
			seen[t] = true
			if tv[0] == 'n' {
				continue // null: the token is absent (probability 0), as when left out
			}
			x, code := number(tv)
			if code != numOK {
				return numErr(lpTokNames[a][t], tv, code, "a number")
			}
			if x > 0 {
				return errValue(lpTokNames[a][t], tv, "is not a log-probability (it must be ≤ 0)")
			}
			lp[t] = x
		}
		if math.IsInf(lp[0], -1) && math.IsInf(lp[1], -1) {
			return fieldErr(lpNames[a], "has neither A nor B (a missing token counts as probability 0, but one is needed)")
		}
		out.Has[a], out.S[a], out.Logprobs[a] = true, probA(lp[0], lp[1]), lp
		return nil
	})
}

// probA returns exp(la)/(exp(la)+exp(lb)) without overflow or underflow;
// either may be −Inf (probability 0), not both.
func probA(la, lb float64) float64 {
	if la >= lb {
		return 1 / (1 + math.Exp(lb-la))
	}
	e := math.Exp(la - lb)
	return e / (1 + e)
}

// gold decodes the optional gold label: "1", "2", "tie", or the number 1 or 2.
func (p *recParser) gold() (Gold, *LineError) {
	raw := p.vals[fGold]
	if absent(raw) {
		return GoldNone, nil
	}
	const want = `1, 2 or "tie"`
	switch raw[0] {
	case '"':
		switch string(strBody(raw)) {
		case "1":
			return Gold1, nil
		case "2":
			return Gold2, nil
		case "tie":
			return GoldTie, nil
		}
		return GoldNone, errValue("gold", raw, "is not "+want)
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		v, code := number(raw)
		switch {
		case code == numOK && v == 1:
			return Gold1, nil
		case code == numOK && v == 2:
			return Gold2, nil
		}
		return GoldNone, errValue("gold", raw, "is not "+want)
	}
	return GoldNone, errType("gold", raw, want)
}
