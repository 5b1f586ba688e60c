package importer

import (
	"strings"

	"github.com/plumb-eval/plumb/model"
)

// Arena-Hard-Auto judgments (lmarena/arena-hard-auto): JSON Lines in
// data/<bench>/model_judgment/<judge>/<model>.jsonl, written by
// gen_judgment.py (https://github.com/lmarena/arena-hard-auto/blob/main/gen_judgment.py;
// v2.0: src/arenahard/gen_judgment.py, which writes uid, category and
// baseline as well):
//
//	{"question_id": "328c149ed45a41c0b9d6f14659e63599", "model": "gpt-4o",
//	 "judge": "gpt-4-1106-preview",
//	 "games": [{"user_prompt": "...", "judgment": "...", "score": "B>A"},
//	           {"user_prompt": "...", "judgment": "...", "score": "A>B"}]}
//
// Game 1 shows the baseline as assistant A (first) and the model as B;
// game 2 shows the model first and calls it assistant A (IDs stay on
// positions, contents swap): x2 in METHODS.md §1, not x1. score is the
// judge's label, one of A>>B, A>B, A=B, B>A, B>>A, or null when none could
// be parsed.
//
// Mapping: response_1 = the baseline, response_2 = the model; game 1 → x0,
// game 2 → x2, as p_a (the judge's P(A)) with the strength kept: a label's
// P(A) is A>>B 1, A>B 0.75, A=B 0.5, B>A 0.25, B>>A 0. In game 2 A is the
// model, so that P(A) is stored as is and the preference for the baseline
// is 1 minus it (Pair.R). So every decision is Arena-Hard's own, and a strong verdict sits
// further from 0.5 than a weak one (Arena-Hard counts a strong verdict as
// three wins). A<B is read as B>A, B=A as A=B. id = "<question_id or
// uid>/<model>"; judge = judge (else the file's folder name); group =
// category when present; model_2 = model and, when the record names it
// (v2.0), model_1 = baseline (v0.1 records do not say which baseline they
// used, so model_1 is left out rather than guessed); model and baseline
// are also kept as extra fields, as before. A
// null or other score, a null game, or a game left out (games holds
// one game, or none) is a missing arrangement, counted.

// arenaStrength maps an Arena-Hard label to P(A).
func arenaStrength(raw []byte) (float64, bool) {
	if !isString(raw) {
		return 0, false
	}
	switch strings.ToUpper(strings.Join(strings.Fields(string(strBytes(raw))), "")) {
	case "A>>B", "B<<A":
		return 1, true
	case "A>B", "B<A":
		return 0.75, true
	case "A=B", "B=A":
		return 0.5, true
	case "B>A", "A<B":
		return 0.25, true
	case "B>>A", "A<<B":
		return 0, true
	}
	return 0, false
}

// parseArenaHard parses one Arena-Hard judgment line into rc.pairs;
// judgeDir names the judge when the record does not.
func parseArenaHard(rc *recCtx, judgeDir string, b []byte) *model.LineError {
	var qid, uid, mdl, judge, baseline, category, games []byte
	err := object(b, func(key, val []byte) {
		switch string(key) {
		case "question_id":
			qid = val
		case "uid":
			uid = val
		case "model":
			mdl = val
		case "judge":
			judge = val
		case "baseline":
			baseline = val
		case "category":
			category = val
		case "games":
			games = val
		}
	})
	if err != nil {
		return err
	}
	idField, idRaw := "question_id", qid
	if qid == nil && uid != nil {
		idField, idRaw = "uid", uid
	}
	id, err := idString(idField, idRaw)
	if err != nil {
		return err
	}
	name, err := needString("model", mdl)
	if err != nil {
		return err
	}
	p := model.Pair{ID: id + "/" + name, Source: model.SourceProb}
	switch {
	case isString(judge) && len(strBytes(judge)) > 0:
		p.Judge = rc.intern(strBytes(judge))
	case judge == nil || isNull(judge):
		if judgeDir == "" {
			return typeErr("judge", judge, "the judge's name (or keep the file in model_judgment/<judge>/)")
		}
		p.Judge = rc.internString(judgeDir)
	default:
		return typeErr("judge", judge, "a string")
	}
	base, err := optString("baseline", baseline)
	if err != nil {
		return err
	}
	cat, err := optString("category", category)
	if err != nil {
		return err
	}
	p.Group = rc.internString(cat)
	if !isArray(games) {
		return typeErr("games", games, "an array of two games")
	}
	var gerr *model.LineError
	played := 0
	elems(games, func(n int, g []byte) {
		played = n + 1
		if n > 1 || gerr != nil {
			if n == 2 {
				gerr = fieldErr("games", "has more than two games (expected the original and the swapped order)")
			}
			return
		}
		var score []byte
		switch {
		case isObject(g):
			fields(g, func(key, val []byte) {
				if string(key) == "score" {
					score = val
				}
			})
		case isNull(g):
			score = g // a null game counts as a null score
		default:
			gerr = typeErr("games."+itoa(n), g, "an object with a score")
			return
		}
		s, ok := arenaStrength(score)
		rc.verdict(p.Judge, score, ok)
		if !ok {
			return
		}
		a := model.X0
		if n == 1 { // game 2: A is the model (response_2), shown first
			a = swappedRun
		}
		p.Has[a], p.S[a] = true, s
	})
	if gerr != nil {
		return gerr
	}
	for range 2 - played { // a game left out is a missing verdict, as in FastChat
		rc.verdict(p.Judge, nil, false)
	}
	p.Gen = &model.Generators{Model1: rc.internString(base), Model2: rc.internString(name)}
	p.Extra = model.Extra{"model": jsonString(name)}
	if base != "" {
		p.Extra["baseline"] = jsonString(base)
	}
	rc.emit(&p)
	return nil
}
