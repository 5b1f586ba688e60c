package importer

import (
	"strings"
	"unicode/utf8"

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
// generators); turn is kept as an extra field.
//
// Texts. FastChat's rows hold no texts of their own, but game 1's judge
// prompt quotes them (fastchat/llm_judge/data/judge_prompts.jsonl): the
// single-turn templates (pair-v2, pair-math-v1) as "[User
// Question]\n{question}\n\n ... [The Start of Assistant A's
// Answer]\n{answer_a}\n[The End of Assistant A's Answer]" and the same for
// B, the multi-turn ones (pair-v2-multi-turn, pair-math-v1-multi-turn) as
// "<|The Start of Assistant A's Conversation with User|>\n\n### User:\n{q1}
// \n\n### Assistant A:\n{a1}\n\n### User:\n{q2}\n\n### Assistant
// A:\n{a2}\n\n<|The End of Assistant A's Conversation with User|>" and the
// same for B. response_1 and response_2 are read from there (the answers of
// the judged turn: a1 for turn 1, a2 for turn 2), and prompt is that
// turn's question, so that the length measures have texts. Every marker
// must occur exactly once (each "### ..." line as often as the turn says);
// an answer that quotes a marker, another template or a prompt cut short
// leaves the texts empty, as they were before (the length analysis counts
// the items without lengths). Game 2's prompt is not read (it quotes the
// same answers the other way round). Any other
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
	var qid, m1, m2, g1, g2, judge, turn, prompt1 []byte
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
		case "g1_user_prompt":
			prompt1 = val
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
	if isString(prompt1) && (!rc.skipText || rc.textLengths || rc.genTextLengths) {
		if q, a, b, ok := fastChatTexts(str(prompt1), int(t)); ok {
			if rc.skipText {
				la, lb := utf8.RuneCountInString(a), utf8.RuneCountInString(b)
				rc.setLengths(&p, &la, &lb)
			} else {
				p.Prompt, p.Response1, p.Response2 = q, a, b
			}
		}
	}
	p.Extra = model.Extra{"turn": jsonNumber(t)}
	rc.emit(&p)
	return nil
}

// between returns the text of s between the only occurrence of start and
// the only occurrence of end after it; ok is false unless each occurs
// exactly once in s, in that order.
func between(s, start, end string) (string, bool) {
	i, j := strings.Index(s, start), strings.Index(s, end)
	if i < 0 || j < i+len(start) || strings.Count(s, start) != 1 || strings.Count(s, end) != 1 {
		return "", false
	}
	return s[i+len(start) : j], true
}

// fastChatTexts reads the question and the two answers of the judged turn
// out of a FastChat judge prompt (see parseFastChat's doc); ok is false
// when the prompt is not in a known template or a marker is ambiguous.
func fastChatTexts(prompt string, turn int) (question, a, b string, ok bool) {
	if turn == 1 && strings.HasPrefix(prompt, "[User Question]\n") {
		a, okA := between(prompt, "[The Start of Assistant A's Answer]\n", "\n[The End of Assistant A's Answer]")
		b, okB := between(prompt, "[The Start of Assistant B's Answer]\n", "\n[The End of Assistant B's Answer]")
		q, okQ := strings.CutPrefix(prompt, "[User Question]\n")
		q, _, okEnd := strings.Cut(q, "\n\n[The Start of ")
		return q, a, b, okA && okB && okQ && okEnd
	}
	var qs [2]string
	var as [2]string
	for k, id := range [2]string{"A", "B"} {
		conv, okC := between(prompt, "<|The Start of Assistant "+id+"'s Conversation with User|>\n\n",
			"\n\n<|The End of Assistant "+id+"'s Conversation with User|>")
		user, asst := "### User:\n", "\n\n### Assistant "+id+":\n"
		if !okC || !strings.HasPrefix(conv, user) || strings.Count(conv, user) != turn || strings.Count(conv, asst) != turn {
			return "", "", "", false
		}
		last := conv[strings.LastIndex(conv, user)+len(user):] // "{q}\n\n### Assistant X:\n{a}"
		qs[k], as[k], _ = strings.Cut(last, asst)
	}
	return qs[0], as[0], as[1], qs[0] == qs[1]
}
