package importer

import (
	"math"

	"github.com/plumb-eval/plumb/model"
)

// AlpacaEval annotations (tatsu-lab/alpaca_eval): the annotations.json that
// alpaca_eval writes beside a leaderboard, a JSON array of
//
//	{"instruction": "...", "output_1": "...", "generator_1": "gpt4_1106_preview",
//	 "output_2": "...", "generator_2": "my-model", "annotator": "weighted_alpaca_eval_gpt4_turbo",
//	 "preference": 1.83, "raw_completion": ..., "dataset": "helpful_base", ...}
//
// preference is 1 when output_1 is preferred and 2 when output_2 is, and
// continuous in between for annotators that read log-probabilities; 0 and
// 1.5 mean a draw, null that nothing could be parsed
// (https://github.com/tatsu-lab/alpaca_eval, src/alpaca_eval/metrics and
// the annotator configs in src/alpaca_eval/evaluators_configs).
//
// The shown order. AlpacaEval shows the two outputs in an order chosen at
// random per instruction, labelled m (shown first) and M (shown second),
// and stores them unswitched. The weighted annotators keep the judge's
// answer token with its top log-probabilities in raw_completion
// (logprobs.content[0].top_logprobs, the chat API's form, or
// logprobs.top_logprobs[0], the completions API's), and their preference is
// 1 + q with q = P(M)/(P(m) + P(M)) when output_1 was shown first, 2 − q
// when output_2 was. So the order is recovered by comparing preference − 1
// with q and 1 − q (within alpacaOrderTolerance; the file rounds preference
// to 10 decimals).
//
// Mapping: judge = annotator; group = dataset; prompt = instruction; id =
// "<generator_1> vs <generator_2>/<index in the file>". An item whose order
// is recovered is recorded as the judge saw it, in x0 with the
// log-probabilities of m (A, shown first) and M (B): response_1 is the
// output shown first and model_1 its generator, so when output_2 was shown
// first response_1 = output_2 and model_1 = generator_2 (the log format
// needs x0, and x0 of the swapped pair is exactly x2 of the stored one);
// the extra field shown_first says which ("output_1" or "output_2"). Then
// preference − 1 is P(response_2 better) = 1 − P(A) or P(A) as the order
// says, so the mean of the generators' preferences is AlpacaEval's
// win_rate. An item whose order cannot be recovered (no raw_completion
// with m or M, a preference that matches neither order, or P(m) = P(M) so
// that both orders give the same preference) keeps the stored order:
// response_1 = output_1, model_1 = generator_1, and x0's p_a =
// P(response_1 better) = 2 − preference (0 → 0.5); each kind is counted in
// the notes. A preference that is null or outside [1, 2] cannot be read:
// the item has no x0 and is left out, counted.

// alpacaOrderTolerance is how close preference − 1 must be to q (or
// 1 − q) for the order to be read off it.
const alpacaOrderTolerance = 1e-6

// alpacaPreference maps a preference to P(response_1 better).
func alpacaPreference(raw []byte) (float64, bool) {
	if !isNumber(raw) {
		return 0, false
	}
	v, ok := num(raw)
	switch {
	case !ok:
		return 0, false
	case v == 0: // a draw, in older versions
		return 0.5, true
	case v >= 1 && v <= 2:
		return 2 - v, true
	}
	return 0, false
}

// alpacaOrder is what the log-probabilities say of an item's shown order.
type alpacaOrder int

const (
	orderNone      alpacaOrder = iota // no log-probabilities of m or M
	orderFirst1                       // output_1 was shown first
	orderFirst2                       // output_2 was shown first
	orderAmbiguous                    // P(m) = P(M): both orders give the preference
	orderMismatch                     // the preference matches neither order
)

// alpacaTokens reads the log-probabilities of the tokens m and M from a
// raw_completion object (−Inf for a token not among the top ones; the
// first occurrence of each counts). ok is false when neither is there or
// the object has no top log-probabilities.
func alpacaTokens(raw []byte) (lm, lM float64, ok bool) {
	lm, lM = math.Inf(-1), math.Inf(-1)
	if !isObject(raw) {
		return lm, lM, false
	}
	var logprobs []byte
	fields(raw, func(k, v []byte) {
		if string(k) == "logprobs" {
			logprobs = v
		}
	})
	if !isObject(logprobs) {
		return lm, lM, false
	}
	var top []byte
	fields(logprobs, func(k, v []byte) {
		switch string(k) {
		case "content": // chat: content[0].top_logprobs = [{"token", "logprob"}, ...]
			if isArray(v) {
				elems(v, func(n int, e []byte) {
					if n == 0 && isObject(e) {
						fields(e, func(k2, v2 []byte) {
							if string(k2) == "top_logprobs" && isArray(v2) {
								top = v2
							}
						})
					}
				})
			}
		case "top_logprobs": // completions: top_logprobs[0] = {"token": logprob, ...}
			if top == nil && isArray(v) {
				elems(v, func(n int, e []byte) {
					if n == 0 && isObject(e) {
						top = e
					}
				})
			}
		}
	})
	seen := [2]bool{}
	set := func(tok string, lp []byte) {
		if !isNumber(lp) {
			return
		}
		x, fine := num(lp)
		if !fine || x > 0 {
			return
		}
		switch {
		case tok == "m" && !seen[0]:
			lm, seen[0] = x, true
		case tok == "M" && !seen[1]:
			lM, seen[1] = x, true
		}
	}
	switch {
	case isArray(top):
		elems(top, func(_ int, e []byte) {
			if !isObject(e) {
				return
			}
			var tok string
			var lp []byte
			fields(e, func(k, v []byte) {
				switch string(k) {
				case "token":
					if isString(v) {
						tok = str(v)
					}
				case "logprob":
					lp = v
				}
			})
			set(tok, lp)
		})
	case isObject(top):
		fields(top, func(k, v []byte) { set(string(k), v) })
	}
	return lm, lM, seen[0] || seen[1]
}

// alpacaShownOrder compares the preference for output_2, pref2 =
// preference − 1, with the log-probabilities of m and M.
func alpacaShownOrder(pref2, lm, lM float64) alpacaOrder {
	q := probA(lM, lm) // P(M) / (P(m) + P(M))
	d1, d2 := math.Abs(pref2-q), math.Abs(pref2-(1-q))
	switch {
	case d1 <= alpacaOrderTolerance && d2 <= alpacaOrderTolerance:
		return orderAmbiguous
	case d1 <= alpacaOrderTolerance:
		return orderFirst1
	case d2 <= alpacaOrderTolerance:
		return orderFirst2
	}
	return orderMismatch
}

// parseAlpacaEval parses element index of an annotations file into
// rc.pairs.
func parseAlpacaEval(rc *recCtx, index int, b []byte) *model.LineError {
	var instr, out1, out2, gen1, gen2, annotator, pref, dataset, rawCompletion []byte
	err := object(b, func(key, val []byte) {
		switch string(key) {
		case "instruction":
			instr = val
		case "output_1":
			out1 = val
		case "output_2":
			out2 = val
		case "generator_1":
			gen1 = val
		case "generator_2":
			gen2 = val
		case "annotator":
			annotator = val
		case "preference":
			pref = val
		case "dataset":
			dataset = val
		case "raw_completion":
			rawCompletion = val
		}
	})
	if err != nil {
		return err
	}
	p := model.Pair{Source: model.SourceProb}
	judge, err := optString("annotator", annotator)
	if err != nil {
		return err
	}
	if judge == "" {
		judge = "alpacaeval"
	}
	p.Judge = rc.internString(judge)
	g1, err := optString("generator_1", gen1)
	if err != nil {
		return err
	}
	g2, err := optString("generator_2", gen2)
	if err != nil {
		return err
	}
	p.ID = itoa(index)
	if g1 != "" || g2 != "" {
		p.ID = g1 + " vs " + g2 + "/" + p.ID
	}
	ds, err := optString("dataset", dataset)
	if err != nil {
		return err
	}
	p.Group = rc.internString(ds)
	if p.Prompt, err = rc.text("instruction", instr); err != nil {
		return err
	}
	r1, l1, err := rc.response("output_1", out1)
	if err != nil {
		return err
	}
	r2, l2, err := rc.response("output_2", out2)
	if err != nil {
		return err
	}
	s, ok := alpacaPreference(pref)
	rc.verdict(p.Judge, pref, ok)
	order := orderNone
	if ok {
		lm, lM, found := alpacaTokens(rawCompletion)
		if found {
			order = alpacaShownOrder(1-s, lm, lM)
		}
		if order == orderFirst1 || order == orderFirst2 {
			p.Source = model.SourceLogprob
			p.Has[model.X0], p.Logprobs[model.X0] = true, [2]float64{lm, lM} // A = m, shown first
			p.S[model.X0] = probA(lm, lM)
		} else {
			p.Has[model.X0], p.S[model.X0] = true, s
		}
		rc.tally.get(p.Judge).alpaca[order]++
	}
	if order == orderFirst2 { // record the pair as shown: output_2 first, as response_1
		r1, r2, l1, l2, g1, g2 = r2, r1, l2, l1, g2, g1
		out1, out2 = out2, out1
	}
	p.Empty = rc.empties(instr, out1, out2)
	p.Response1, p.Response2 = r1, r2
	if g1 != "" || g2 != "" {
		p.Gen = &model.Generators{Model1: rc.internString(g1), Model2: rc.internString(g2)}
	}
	rc.setLengths(&p, l1, l2)
	switch order {
	case orderFirst1:
		p.Extra = model.Extra{"shown_first": jsonString("output_1")}
	case orderFirst2:
		p.Extra = model.Extra{"shown_first": jsonString("output_2")}
	}
	rc.emit(&p)
	return nil
}
