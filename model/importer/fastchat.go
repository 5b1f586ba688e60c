package importer

import (
	"github.com/plumb-eval/plumb/internal/jsonscan"
	"github.com/plumb-eval/plumb/model"
)

// FastChat / MT-Bench pairwise judgments: the JSON Lines that FastChat's
// llm_judge/gen_judgment.py writes in pairwise mode, e.g.
// data/mt_bench/model_judgment/gpt-4_pair.jsonl. The record is built by
// play_a_match_pair in fastchat/llm_judge/common.py
// (https://github.com/lm-sys/FastChat/blob/main/fastchat/llm_judge/common.py):
//
//	{"question_id": 81, "model_1": "vicuna-13b", "model_2": "llama-13b",
//	 "g1_winner": "model_1", "g2_winner": "tie", "judge": ["gpt-4", "pair-v2"],
//	 "g1_user_prompt": "...", "g1_judgment": "...", "g2_user_prompt": "...",
//	 "g2_judgment": "...", "turn": 1, "tstamp": 1687222961.2}
//
// Game 1 shows model_1 first and game 2 model_2 first; both winners are
// already in model identity ("model_1", "model_2", "tie", or "error" when
// the judgment had no verdict).
//
// Game 2 shows model_2 first and still calls the first-shown answer
// "Assistant A" (IDs stay on positions): it is x2 (METHODS.md §1), not x1.
//
// Mapping: response_1 = model_1, response_2 = model_2; game 1 → x0 and
// game 2 → x2 as hard choices, stored as the token the judge answered:
// in game 1 model_1 → A, model_2 → B; in game 2 model_1 → B (it was shown
// second), model_2 → A; tie → tie. judge =
// judge[0] (the judge model), group = judge[1] (the prompt template, e.g.
// pair-v2 or pair-math-v1); id = "<question_id>/<model_1> vs <model_2>/turn
// <turn>"; model_1 and model_2 are the record's model_1 and model_2 (the
// generators); turn is kept as an extra field. Any other
// winner (error, null, missing) is a missing arrangement, counted; an item
// whose game 1 cannot be read is left out (x0 is required), counted.

// fastChatWinner maps a FastChat winner to the preference for response_1 =
// model_1 (1 = model_1, 0 = model_2, 0.5 = tie).
func fastChatWinner(raw []byte) (float64, bool) {
	if !isString(raw) {
		return 0, false
	}
	switch string(strBytes(raw)) {
	case "model_1":
		return 1, true
	case "model_2":
		return 0, true
	case "tie":
		return 0.5, true
	}
	return 0, false
}

// parseFastChat parses one FastChat pairwise judgment into rc.pairs.
func parseFastChat(rc *recCtx, b []byte) *model.LineError {
	var qid, m1, m2, g1, g2, judge, turn []byte
	err := object(b, func(key, val []byte) {
		switch string(key) {
		case "question_id":
			qid = val
		case "model_1":
			m1 = val
		case "model_2":
			m2 = val
		case "g1_winner":
			g1 = val
		case "g2_winner":
			g2 = val
		case "judge":
			judge = val
		case "turn":
			turn = val
		}
	})
	if err != nil {
		return err
	}
	id, err := idString("question_id", qid)
	if err != nil {
		return err
	}
	model1, err := needString("model_1", m1)
	if err != nil {
		return err
	}
	model2, err := needString("model_2", m2)
	if err != nil {
		return err
	}
	p := model.Pair{Source: model.SourceChoice}
	switch {
	case isString(judge):
		p.Judge = rc.intern(strBytes(judge))
	case isArray(judge):
		elems(judge, func(n int, v []byte) {
			if !isString(v) {
				return
			}
			switch n {
			case 0:
				p.Judge = rc.intern(strBytes(v))
			case 1:
				p.Group = rc.intern(strBytes(v))
			}
		})
	}
	if p.Judge == "" {
		return typeErr("judge", judge, `a judge name or [judge, prompt name], e.g. ["gpt-4", "pair-v2"]`)
	}
	t := 1.0
	if turn != nil && !isNull(turn) {
		v, ok := 0.0, isNumber(turn)
		if ok {
			v, ok = num(turn)
		}
		if !ok || v < 1 || v != float64(int(v)) || v > 1e6 {
			return fieldErr("turn", "= "+jsonscan.Show(turn)+" is not a turn number (expected 1, 2, ...)")
		}
		t = v
	}
	p.ID = id + "/" + model1 + " vs " + model2 + "/turn " + itoa(int(t))
	for i, raw := range [2][]byte{g1, g2} {
		r, ok := fastChatWinner(raw)
		rc.verdict(p.Judge, raw, ok)
		if ok {
			setPref(&p, [2]model.Arrangement{model.X0, swappedRun}[i], r) // game 1 → x0, game 2 → x2
		}
	}
	p.Gen = &model.Generators{Model1: rc.internString(model1), Model2: rc.internString(model2)}
	p.Extra = model.Extra{"turn": jsonNumber(t)}
	rc.emit(&p)
	return nil
}
