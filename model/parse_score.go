package model

import "math"

// oneOfScores is the hint for a score without exactly one judge score field.
const oneOfScores = "a score record needs exactly one of judge_score, score_probs"

// score decodes a score record's fields.
func (p *recParser) score(out *Score) *LineError {
	var err *LineError
	if out.ID, err = p.reqString(fID, internLast); err != nil {
		return err
	}
	if out.Judge, err = p.reqString(fJudge, internName); err != nil {
		return err
	}
	if out.Criterion, err = p.reqString(fCriterion, internName); err != nil {
		return err
	}
	js, sp := p.vals[fJudgeScore], p.vals[fScoreProbs]
	switch {
	case !absent(js) && !absent(sp):
		return fieldErr("score_probs", "is given together with judge_score ("+oneOfScores+")")
	case !absent(js):
		v, err := num("judge_score", js)
		if err != nil {
			return err
		}
		out.JudgeScore = p.vals1.float(v)
	case !absent(sp):
		if out.ScoreProbs, err = p.scoreProbs(sp); err != nil {
			return err
		}
	default:
		return errMissing("judge_score", oneOfScores)
	}
	hs := p.vals[fHumanScore]
	if hs == nil {
		return errMissing("human_score", "")
	}
	if out.HumanScore, err = num("human_score", hs); err != nil {
		return err
	}
	if out.LS, err = p.optNum(fLS); err != nil {
		return err
	}
	if out.LS != nil && *out.LS > 0 {
		return errValue("ls", p.vals[fLS], lsMsg)
	}
	if out.Tokens, err = p.tokens(); err != nil {
		return err
	}
	if out.Input, err = p.text(fInput); err != nil {
		return err
	}
	if out.Output, err = p.text(fOutput); err != nil {
		return err
	}
	if out.Condition, err = p.condition(); err != nil {
		return err
	}
	out.Truth, err = p.truth()
	return err
}

// scoreProbs decodes score_probs: rating (a number, as a string key) →
// probability, with a positive sum. Two keys may not name the same rating.
func (p *recParser) scoreProbs(raw []byte) (map[string]float64, *LineError) {
	if raw[0] != '{' {
		return nil, errType("score_probs", raw, `an object {"rating": probability, ...}`)
	}
	probs := make(map[string]float64, 8)
	if p.ratings == nil {
		p.ratings = make(map[float64]string)
	}
	clear(p.ratings)
	sum := 0.0
	it := newObjIter(raw)
	for {
		k, esc, v, ok := it.next()
		if !ok {
			break
		}
		key := p.internKey(k, esc)
		if _, dup := probs[key]; dup {
			return nil, fieldErr("score_probs."+key, "appears twice")
		}
		r, ok := parseRating(key)
		if !ok {
			return nil, fieldErr("score_probs."+key, "is not a rating: the keys of score_probs must be numbers")
		}
		if first, dup := p.ratings[r]; dup {
			return nil, fieldErr("score_probs."+key, "is the same rating as score_probs."+first)
		}
		q, code := number(v)
		if code != numOK {
			return nil, numErr("score_probs."+key, v, code, "a number")
		}
		if !(q >= 0 && q <= 1) {
			return nil, errValue("score_probs."+key, v, "is not a probability in [0, 1]")
		}
		probs[key] = q
		p.ratings[r] = key
		sum += q
	}
	if !(sum > 0) {
		return nil, fieldErr("score_probs", "has no positive probability (the probabilities must have a positive sum)")
	}
	return probs, nil
}

// maxTokens bounds the tokens field (integers above it are not exact in a float64).
const maxTokens = 1 << 53

// tokens decodes the optional tokens field: a positive integer.
func (p *recParser) tokens() (*int, *LineError) {
	raw := p.vals[fTokens]
	if absent(raw) {
		return nil, nil
	}
	v, code := number(raw)
	if code != numOK {
		return nil, numErr("tokens", raw, code, "a positive integer")
	}
	if v < 1 || v > maxTokens || v != math.Trunc(v) {
		return nil, errValue("tokens", raw, "is not a positive integer")
	}
	return p.vals1.int(int(v)), nil
}
