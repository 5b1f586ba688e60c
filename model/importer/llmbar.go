package importer

import (
	"github.com/plumb-eval/plumb/internal/jsonscan"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/plumb-eval/plumb/model"
)

// LLMBar evaluator outputs (princeton-nlp/LLMBar): one JSON array per
// judge and strategy, Dataset/<group>/<set>/evaluators/<judge>/<strategy>/result.json,
// written by LLMEvaluator/evaluate.py
// (https://github.com/princeton-nlp/LLMBar/blob/main/LLMEvaluator/evaluate.py).
// Each element is the dataset item (input, output_1, output_2, gold label 1
// or 2) with results; the last element of results holds the judge's two
// runs:
//
//	{"input": "...", "output_1": "...", "output_2": "...", "label": 1,
//	 "results": [{"swap = False": {"completion": ["Output (a)", "stop"], "winner": "1"},
//	              "swap = True": {"completion": ["Output (a)", "stop"], "winner": "2"}}]}
//
// "swap = True" showed output_2 first, still calling the first-shown output
// "Output (a)" (IDs stay on positions): that run is x2 (METHODS.md §1), not
// x1. Both winners ("1", "2", or null when the completion could not be
// parsed) are already in output identity.
// Rating* strategies rate each output alone, keeping the ratings as
// "score_1": [text, finish_reason] and "score_2", and derive the two
// winners from them (a tie gives "2" and "1").
//
// Mapping: response_1 = output_1; "swap = False" → x0, "swap = True" → x2
// as hard choices, stored as the token the judge answered (in x0 "1" → A,
// "2" → B; in x2 "1" → B, "2" → A); gold = label; judge =
// "<judge>/<strategy>", group = "<group>/<set>", both from the path (judge
// "llmbar" and no group when the path has no evaluators folder); id =
// "<group>/<set>/<index in the array>". A null or other winner is a
// missing arrangement, counted. For Rating* strategies the ratings also
// become a second judge, "<judge>/<strategy>/scores", whose p_a x0 is the
// soft preference 0.5 + (score_1 − score_2)/20 (ratings are on a 1–10
// scale; clipped to [0, 1]): a one-point lead is 0.55, a nine-point lead
// 0.95. Ratings are given without any order, so that judge has x0 only.

// llmbarPath is where a result.json sits: the judge and group it names.
type llmbarPath struct {
	judge, group string
}

// parseLLMBarPath reads judge "<judge>/<strategy>" and group
// "<group>/<set>" from .../<group>/<set>/evaluators/<judge>/<strategy>/result.json.
func parseLLMBarPath(path string) llmbarPath {
	parts := strings.Split(filepath.ToSlash(filepath.Clean(path)), "/")
	for i := len(parts) - 3; i >= 0; i-- {
		if parts[i] != "evaluators" || i+2 >= len(parts)-1 {
			continue
		}
		lp := llmbarPath{judge: parts[i+1] + "/" + parts[i+2]}
		switch {
		case i >= 2 && parts[i-2] != "" && parts[i-2] != "." && parts[i-2] != "..":
			lp.group = parts[i-2] + "/" + parts[i-1]
		case i >= 1:
			lp.group = parts[i-1]
		}
		return lp
	}
	return llmbarPath{judge: "llmbar"}
}

// llmbarWinner reads a winner in output identity as the preference for
// output_1: "1" → 1, "2" → 0.
func llmbarWinner(raw []byte) (float64, bool) {
	if !isString(raw) {
		return 0, false
	}
	switch string(strBytes(raw)) {
	case "1":
		return 1, true
	case "2":
		return 0, true
	}
	return 0, false
}

// llmbarRating reads a Rating* score as LLMBar does (Python's int() of the
// completion text): [text, finish_reason], a string, or an integer.
func llmbarRating(raw []byte) (float64, bool) {
	if isArray(raw) {
		var first []byte
		elems(raw, func(n int, v []byte) {
			if n == 0 {
				first = v
			}
		})
		raw = first
	}
	switch {
	case isString(raw):
		s := strings.TrimSpace(string(strBytes(raw)))
		v, err := strconv.ParseInt(s, 10, 32)
		return float64(v), err == nil
	case isNumber(raw):
		v, ok := num(raw)
		return v, ok && v == float64(int64(v))
	}
	return 0, false
}

// parseLLMBar parses element index of a result.json into rc.pairs.
func parseLLMBar(rc *recCtx, lp llmbarPath, index int, b []byte) *model.LineError {
	var input, out1, out2, label, results []byte
	err := object(b, func(key, val []byte) {
		switch string(key) {
		case "input":
			input = val
		case "output_1":
			out1 = val
		case "output_2":
			out2 = val
		case "label":
			label = val
		case "results":
			results = val
		}
	})
	if err != nil {
		return err
	}
	if results == nil {
		return fieldErr("results", "is missing: this is an LLMBar dataset without judgments "+
			"(give the evaluators/<judge>/<strategy>/result.json files, or the folder)")
	}
	if !isArray(results) {
		return typeErr("results", results, "an array")
	}
	var run []byte // the last element of results: the final module's runs
	elems(results, func(_ int, v []byte) { run = v })
	if !isObject(run) {
		return typeErr("results", run, `an array whose last element is an object with "swap = False" and "swap = True"`)
	}
	var noSwap, swap, score1, score2 []byte
	fields(run, func(key, val []byte) {
		switch string(key) {
		case "swap = False":
			noSwap = val
		case "swap = True":
			swap = val
		case "score_1":
			score1 = val
		case "score_2":
			score2 = val
		}
	})
	p := model.Pair{Judge: rc.internString(lp.judge), Group: rc.internString(lp.group), Source: model.SourceChoice}
	p.ID = index0(lp.group, index)
	if p.Gold, err = llmbarGold(label); err != nil {
		return err
	}
	if p.Prompt, err = rc.text("input", input); err != nil {
		return err
	}
	var l1, l2 *int
	if p.Response1, l1, err = rc.response("output_1", out1); err != nil {
		return err
	}
	if p.Response2, l2, err = rc.response("output_2", out2); err != nil {
		return err
	}
	p.Empty = rc.empties(input, out1, out2)
	rc.setLengths(&p, l1, l2)
	for i, run := range [2][]byte{noSwap, swap} {
		var winner []byte
		if isObject(run) {
			fields(run, func(key, val []byte) {
				if string(key) == "winner" {
					winner = val
				}
			})
		}
		r, ok := llmbarWinner(winner)
		rc.verdict(p.Judge, winner, ok)
		if ok {
			setPref(&p, [2]model.Arrangement{model.X0, swappedRun}[i], r) // swap = False → x0, swap = True → x2
		}
	}
	if score1 == nil && score2 == nil {
		rc.emit(&p)
		return nil
	}
	soft := p
	soft.Judge = rc.internString(lp.judge + "/scores")
	soft.Source = model.SourceProb
	soft.Has, soft.S = [model.NumArrangements]bool{}, [model.NumArrangements]float64{}
	rc.emit(&p)
	s1, ok1 := llmbarRating(score1)
	s2, ok2 := llmbarRating(score2)
	if !ok1 || !ok2 {
		rc.tally.get(soft.Judge).unscored++
		return nil
	}
	soft.Has[model.X0], soft.S[model.X0] = true, min(1, max(0, 0.5+(s1-s2)/20))
	soft.Extra = model.Extra{"score_1": jsonNumber(s1), "score_2": jsonNumber(s2)}
	rc.emit(&soft)
	return nil
}

// index0 is the id of element index of a set: "<group>/<index>".
func index0(group string, index int) string {
	if group == "" {
		return itoa(index)
	}
	return group + "/" + itoa(index)
}

// llmbarGold reads label: 1 or 2 (a number or a string); missing or null
// is no gold.
func llmbarGold(raw []byte) (model.Gold, *model.LineError) {
	if raw == nil || isNull(raw) {
		return model.GoldNone, nil
	}
	v := string(raw)
	if isString(raw) {
		v = strings.TrimSpace(string(strBytes(raw)))
	}
	switch v {
	case "1":
		return model.Gold1, nil
	case "2":
		return model.Gold2, nil
	}
	return model.GoldNone, fieldErr("label", "= "+jsonscan.Show(raw)+" is not a gold label (expected 1 or 2)")
}
