package importer

import (
	"encoding/json"
	"github.com/plumb-eval/plumb/internal/jsonscan"
	"path/filepath"
	"strings"

	"github.com/plumb-eval/plumb/model"
)

// PandaLM test set (WeOpenML/PandaLM, data/): testset-v1.json, a JSON array
// of 999 pairs labelled by three people,
//
//	{"idx": 0, "motivation_app": "Grammarly", "cmp_key": "bloom-7b_llama-7b",
//	 "instruction": "...", "input": "...", "response1": "...", "response2": "...",
//	 "annotator1": 2, "annotator2": 2, "annotator3": 2}
//
// (0 = tie, 1, 2), and one file per judge joined to it by idx, such as
// gpt-3.5-turbo-testset-v1.json ({"idx": 0, "gpt_result": "1", "gpt_reason":
// ...}: "1", "2", "Tie" or "garbage") and pandalm-7b-testset-v1.json
// ({"idx": 0, "pandalm_result": 2, ...}: 0 = tie, 1, 2). The authors'
// scoring is data/compute_metrics.py
// (https://github.com/WeOpenML/PandaLM/blob/main/data/compute_metrics.py).
//
// Mapping: verdict-style pair records, x0 only (each pair was judged in one
// order): response_1 = response1, response_2 = response2, prompt =
// instruction and input (joined by a blank line); x0's choice from the
// judge's result (1 → A, 2 → B, 0 or Tie → tie); gold = the annotators'
// majority (0 → tie; no majority → no gold, counted); id = idx; group =
// motivation_app; judge = the judge file's name without
// "-testset-v1.json" (else the prefix of its *_result field). cmp_key and
// the three annotations are kept as extra fields. model_1 and model_2 are
// left out: cmp_key names the two models in alphabetical order (every key
// of the published test set is sorted), not in the order of response1
// and response2, so it does not say which model wrote which. Any other result
// ("garbage") cannot be read: the item has no x0 and is left out, counted.
// A record with two *_result fields is an error naming the second: which
// one is the judge's verdict cannot be told.
// The test set is found among the inputs, or as testset-v1.json beside a
// judge file; without it records have no gold and no texts.
//
// With Options.Annotators the test set's three people are judges too:
// annotatorK's label becomes judge "annotator-K"'s x0 choice on the item
// (same id, gold, texts and extra fields, and AnnotatorField; a missing
// label, no record), so
// the panel compares people with people and with the judges. Their gold is
// the majority they are part of: an annotator's accuracy is its agreement
// with that majority, not with an independent truth.

// pandaItem is one pair of the test set.
type pandaItem struct {
	gold        model.Gold
	prompt      string
	r1, r2      string
	l1, l2      *int // lengths of skipped texts (model.ReadOptions.TextLengths)
	group       string
	cmpKey      string
	annotations json.RawMessage
}

// pandaSet maps idx to the test-set pair.
type pandaSet map[string]*pandaItem

// pandaLabel reads a PandaLM label: 0 (tie), 1 or 2, as a number or a
// string; "Tie"/"tie" is 0.
func pandaLabel(raw []byte) (int, bool) {
	v := string(raw)
	if isString(raw) {
		v = strings.ToLower(strings.TrimSpace(string(strBytes(raw))))
	}
	switch v {
	case "0", "tie":
		return 0, true
	case "1":
		return 1, true
	case "2":
		return 2, true
	}
	return 0, false
}

// parsePandaTestset adds one test-set pair to set and, with annotators,
// each annotator's label as a judge's record (pandaAnnotators).
func parsePandaTestset(rc *recCtx, set pandaSet, annotators bool, b []byte) *model.LineError {
	var idx, app, cmpKey, instr, input, r1, r2 []byte
	var ann [3][]byte
	err := object(b, func(key, val []byte) {
		switch string(key) {
		case "idx":
			idx = val
		case "motivation_app":
			app = val
		case "cmp_key":
			cmpKey = val
		case "instruction":
			instr = val
		case "input":
			input = val
		case "response1":
			r1 = val
		case "response2":
			r2 = val
		case "annotator1":
			ann[0] = val
		case "annotator2":
			ann[1] = val
		case "annotator3":
			ann[2] = val
		}
	})
	if err != nil {
		return err
	}
	id, err := idString("idx", idx)
	if err != nil {
		return err
	}
	it := &pandaItem{}
	if it.group, err = optString("motivation_app", app); err != nil {
		return err
	}
	if it.cmpKey, err = optString("cmp_key", cmpKey); err != nil {
		return err
	}
	in, err := rc.text("instruction", instr)
	if err != nil {
		return err
	}
	extra, err := rc.text("input", input)
	if err != nil {
		return err
	}
	it.prompt = in
	if strings.TrimSpace(extra) != "" {
		it.prompt += "\n\n" + extra
	}
	if it.r1, it.l1, err = rc.response("response1", r1); err != nil {
		return err
	}
	if it.r2, it.l2, err = rc.response("response2", r2); err != nil {
		return err
	}
	var votes [3]int
	var labels []string
	for i, raw := range ann {
		if raw == nil || isNull(raw) {
			continue
		}
		v, ok := pandaLabel(raw)
		if !ok {
			return fieldErr("annotator"+itoa(i+1), "= "+jsonscan.Show(raw)+" is not a label (expected 0 for a tie, 1 or 2)")
		}
		votes[v]++
		labels = append(labels, itoa(v))
	}
	it.annotations = json.RawMessage("[" + strings.Join(labels, ",") + "]")
	it.gold = model.GoldNone
	for v, n := range votes {
		if 2*n > len(labels) {
			it.gold = [3]model.Gold{model.GoldTie, model.Gold1, model.Gold2}[v]
		}
	}
	if _, dup := set[id]; dup {
		return fieldErr("idx", "= "+jsonscan.Show(idx)+" appears twice in the test set")
	}
	set[id] = it
	if annotators {
		pandaAnnotators(rc, id, it, ann)
	}
	return nil
}

// pandaAnnotators emits annotator K's label of the test-set item it (id)
// as judge "annotator-K"'s x0 choice; the labels were checked.
func pandaAnnotators(rc *recCtx, id string, it *pandaItem, ann [3][]byte) {
	rc.tally.annotated++
	for k, raw := range ann {
		if raw == nil || isNull(raw) {
			continue
		}
		v, _ := pandaLabel(raw)
		p := model.Pair{ID: id, Judge: rc.internString("annotator-" + itoa(k+1)), Source: model.SourceChoice,
			Gold: it.gold, Group: rc.internString(it.group), Prompt: it.prompt, Response1: it.r1, Response2: it.r2}
		p.Has[model.X0], p.S[model.X0] = true, [3]float64{0.5, 1, 0}[v]
		rc.setLengths(&p, it.l1, it.l2)
		p.Extra = model.Extra{"annotations": it.annotations, AnnotatorField: json.RawMessage("true")}
		if it.cmpKey != "" {
			p.Extra["cmp_key"] = jsonString(it.cmpKey)
		}
		rc.emit(&p)
	}
}

// AnnotatorField is the extra field, true, that marks a pair record of a
// person's label (--annotators): the panel counts its judge as a person.
const AnnotatorField = "annotator"

// pandaFileJudge names a judge file: "gpt-3.5-turbo-testset-v1.json" →
// "gpt-3.5-turbo".
func pandaFileJudge(path string) string {
	base := filepath.Base(path)
	for _, ext := range []string{".gz", ".json", ".jsonl"} {
		base = strings.TrimSuffix(base, ext)
	}
	if i := strings.Index(base, "-testset"); i > 0 {
		return base[:i]
	}
	return base
}

// parsePandaJudge parses one judge record, joined to set, into rc.pairs.
// haveSet says whether a test set was found; fileJudge is the judge's name
// from its file ("" to use the result field's prefix).
func parsePandaJudge(rc *recCtx, set pandaSet, haveSet bool, fileJudge string, b []byte) *model.LineError {
	var idx, result []byte
	var resultKey, second string
	err := object(b, func(key, val []byte) {
		switch k := string(key); {
		case k == "idx":
			idx = val
		case !strings.HasSuffix(k, "_result"):
		case resultKey == "":
			resultKey, result = k, val
		case second == "":
			second = k
		}
	})
	if err != nil {
		return err
	}
	if second != "" {
		// Reading either would drop the other verdict without a word.
		return fieldErr(second, "is given together with "+resultKey+
			" (a PandaLM judge record has one <judge>_result field; give each judge its own file)")
	}
	id, err := idString("idx", idx)
	if err != nil {
		return err
	}
	if resultKey == "" {
		return fieldErr("<judge>_result", `is missing (expected a field such as "gpt_result" with the judge's verdict)`)
	}
	judge := fileJudge
	if strings.TrimSpace(judge) == "" {
		judge = strings.TrimSuffix(resultKey, "_result")
	}
	if strings.TrimSpace(judge) == "" {
		judge = resultKey
	}
	p := model.Pair{ID: id, Judge: rc.internString(judge), Source: model.SourceChoice}
	v, ok := pandaLabel(result)
	rc.verdict(p.Judge, result, ok)
	if ok {
		p.Has[model.X0], p.S[model.X0] = true, [3]float64{0.5, 1, 0}[v]
	}
	if it := set[id]; it != nil {
		p.Gold, p.Group = it.gold, rc.internString(it.group)
		p.Prompt, p.Response1, p.Response2 = it.prompt, it.r1, it.r2
		rc.setLengths(&p, it.l1, it.l2)
		p.Extra = model.Extra{"annotations": it.annotations}
		if it.cmpKey != "" {
			p.Extra["cmp_key"] = jsonString(it.cmpKey)
		}
		if it.gold == model.GoldNone && ok {
			rc.tally.get(p.Judge).noGold++
		}
	} else if haveSet && ok {
		rc.tally.get(p.Judge).unjoined++
	}
	rc.emit(&p)
	return nil
}
