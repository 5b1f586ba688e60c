package importer

import (
	"github.com/plumb-eval/plumb/internal/jsonscan"
	"path/filepath"
	"strings"

	"github.com/plumb-eval/plumb/internal/mathx"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/model"
)

// JudgeBench outputs (ScalerLab/JudgeBench): JSON Lines in
// outputs/dataset=judgebench,response_model=<m>,judge_name=<j>,judge_model=<jm>.jsonl,
// written by run_judge.py (https://github.com/ScalerLab/JudgeBench/blob/main/run_judge.py,
// record layout in utils/judges.py and the metrics in utils/metrics.py):
//
//	{"pair_id": "e302b0a0-...", "original_id": 1420, "source": "mmlu-pro-law",
//	 "question": "...", "response_model": "gpt-4o-2024-05-13",
//	 "response_A": "...", "response_B": "...", "label": "A>B",
//	 "judge_name": "reward_model",
//	 "judgments": [{"judgment": {"judge_model": "Skywork/...", "prompt": "", "response": "",
//	                             "scores": [5.625, 14.625]}, "decision": "B>A"},
//	               {"judgment": {...,"scores": [14.625, 5.625]}, "decision": "A>B"}]}
//
// The second judgment shows the responses swapped (response_B first, and
// called A: IDs stay on positions, contents swap, which is x2 in
// METHODS.md §1, not x1), and both its decision and its scores are in that
// swapped order. A judgment
// may be null, and a decision null.
//
// Mapping: response_1 = response_A, response_2 = response_B, prompt =
// question; judgment 1 → x0, judgment 2 → x2, each stored as the judge's
// P(A) in the order shown (so x2's P(A) is P(response_B better)); gold =
// label, "A>B" → 1 or "B>A" → 2, the only labels JudgeBench writes (each
// pair has one correct response); any other label, "A=B" included, is an
// error naming it, not a tie or a guess; id = pair_id; group = source; judge =
// "<judge_name>/<judge_model>"; model_1 = model_2 = response_model, the
// model that wrote both responses of every JudgeBench pair (so a pair
// says nothing of one generator against another, and the win rates per
// generator leave it out). Reward-model judges give scores [s_first,
// s_second]; they become a probability by the Bradley–Terry model reward
// models are trained with: P(first better) = 1/(1 + e^−(s_first − s_second)),
// so x0's p_a = σ(s_A − s_B) and x2's = σ(s_B' − s_A') in the swapped
// scores (the first shown there is response_B). A file with scores is written as p_a (a judgment without scores
// then gives 1, 0 or 0.5 from its decision); otherwise decisions are hard
// choices. A null judgment, a null or other decision without scores, or a
// judgment left out (judgments holds one, or none) is a missing
// arrangement, counted.

// judgeBenchDecision maps a decision, in the order shown, to P(first
// shown better).
func judgeBenchDecision(raw []byte) (float64, bool) {
	if !isString(raw) {
		return 0, false
	}
	switch strings.ToUpper(strings.Join(strings.Fields(string(strBytes(raw))), "")) {
	case "A>B", "B<A", "A>>B", "B<<A":
		return 1, true
	case "B>A", "A<B", "B>>A", "A<<B":
		return 0, true
	case "A=B", "B=A":
		return 0.5, true
	}
	return 0, false
}

// judgeBenchLabel reads the gold label: "A>B" or "B>A" exactly, as
// JudgeBench writes it (missing or null is no gold). Unlike a decision,
// which is a judge's free answer, a label is the data set's own, so any
// other spelling is an error: "A=B" would be a tie in a set that has none,
// and "A>>B" a strength that a gold label does not carry.
func judgeBenchLabel(raw []byte) (model.Gold, *model.LineError) {
	if raw == nil || isNull(raw) {
		return model.GoldNone, nil
	}
	if isString(raw) {
		switch string(strBytes(raw)) {
		case "A>B":
			return model.Gold1, nil
		case "B>A":
			return model.Gold2, nil
		}
	}
	return model.GoldNone, fieldErr("label", "= "+jsonscan.Show(raw)+` is not a label (expected "A>B" or "B>A")`)
}

// judgeBenchScores reads scores [s_first, s_second] as P(first better);
// field names it in errors. Missing or null scores are absent (an LLM
// judge gives none: its decision is read instead). Anything else that is
// not two finite numbers is an error, not a fallback to the decision: a
// reward model's scores that cannot be read mean a broken or different
// file, and reading the decision instead would turn a probability into a
// hard choice without a word.
func judgeBenchScores(field string, raw []byte) (p float64, ok bool, err *model.LineError) {
	switch {
	case raw == nil || isNull(raw):
		return 0, false, nil
	case !isArray(raw):
		return 0, false, typeErr(field, raw, "an array of two numbers [s_first, s_second]")
	}
	var s [2]float64
	n := 0
	elems(raw, func(i int, v []byte) {
		n++
		if err != nil || i > 1 {
			return
		}
		f := field + "." + itoa(i)
		if !isNumber(v) {
			err = typeErr(f, v, "a number")
			return
		}
		x, fine := num(v)
		if !fine {
			err = fieldErr(f, "= "+jsonscan.Show(v)+" is out of range (it overflows to infinity)")
			return
		}
		s[i] = x
	})
	if err != nil {
		return 0, false, err
	}
	if n != 2 {
		return 0, false, fieldErr(field, "= "+jsonscan.Show(raw)+" has "+vocab.Plural(n, "score")+", expected two [s_first, s_second]")
	}
	// σ of a difference that overflows (1e308 − (−1e308)) is still 1 or 0.
	return mathx.Sigmoid(s[0] - s[1]), true, nil
}

// judgeBenchJudgment is one parsed judgment.
type judgeBenchJudgment struct {
	present  bool
	model    string
	decision []byte
	p        float64 // P(first shown better)
	ok       bool    // p was read
	scored   bool    // p came from scores
}

// judgeBenchFileJudge reads the judge from a JudgeBench output file name:
// "judge_name=<j>,judge_model=<m>" → "<j>/<m>" ("" when absent).
func judgeBenchFileJudge(path string) string {
	base := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(path), ".gz"), ".jsonl")
	var name, mdl string
	for part := range strings.SplitSeq(base, ",") {
		k, v, _ := strings.Cut(part, "=")
		switch k {
		case "judge_name":
			name = v
		case "judge_model":
			mdl = v
		}
	}
	if name == "" {
		return ""
	}
	if mdl == "" {
		return name
	}
	return name + "/" + mdl
}

// parseJudgeBench parses one JudgeBench output line into rc.pairs;
// fileJudge names the judge when the record does not.
func parseJudgeBench(rc *recCtx, fileJudge string, b []byte) *model.LineError {
	var pairID, source, question, respA, respB, label, judgeName, judgments, respModel []byte
	err := object(b, func(key, val []byte) {
		switch string(key) {
		case "pair_id":
			pairID = val
		case "source":
			source = val
		case "question":
			question = val
		case "response_A":
			respA = val
		case "response_B":
			respB = val
		case "label":
			label = val
		case "judge_name":
			judgeName = val
		case "judgments":
			judgments = val
		case "response_model":
			respModel = val
		}
	})
	if err != nil {
		return err
	}
	p := model.Pair{}
	if p.ID, err = idString("pair_id", pairID); err != nil {
		return err
	}
	src, err := optString("source", source)
	if err != nil {
		return err
	}
	p.Group = rc.internString(src)
	if p.Prompt, err = rc.text("question", question); err != nil {
		return err
	}
	var l1, l2 *int
	if p.Response1, l1, err = rc.response("response_A", respA); err != nil {
		return err
	}
	if p.Response2, l2, err = rc.response("response_B", respB); err != nil {
		return err
	}
	p.Empty = rc.empties(question, respA, respB)
	rm, err := optString("response_model", respModel)
	if err != nil {
		return err
	}
	if rm != "" {
		rm = rc.internString(rm)
		p.Gen = &model.Generators{Model1: rm, Model2: rm}
	}
	rc.setLengths(&p, l1, l2)
	if p.Gold, err = judgeBenchLabel(label); err != nil {
		return err
	}
	if !isArray(judgments) {
		return typeErr("judgments", judgments, "an array of the original and the swapped judgment")
	}
	var js [2]judgeBenchJudgment
	var jerr *model.LineError
	elems(judgments, func(n int, v []byte) {
		if jerr != nil {
			return
		}
		if n > 1 {
			jerr = fieldErr("judgments", "has more than two judgments (expected the original and the swapped order)")
			return
		}
		j := &js[n]
		j.present = true
		switch {
		case isNull(v):
			return
		case !isObject(v):
			jerr = typeErr("judgments."+itoa(n), v, "an object with a judgment and a decision")
			return
		}
		var inner []byte
		fields(v, func(key, val []byte) {
			switch string(key) {
			case "judgment":
				inner = val
			case "decision":
				j.decision = val
			}
		})
		var scores []byte
		if isObject(inner) {
			fields(inner, func(key, val []byte) {
				switch string(key) {
				case "judge_model":
					if isString(val) {
						j.model = str(val)
					}
				case "scores":
					scores = val
				}
			})
		}
		var serr *model.LineError
		if j.p, j.ok, serr = judgeBenchScores("judgments."+itoa(n)+".judgment.scores", scores); serr != nil {
			jerr = serr
			return
		}
		if j.ok {
			j.scored = true
			return
		}
		j.p, j.ok = judgeBenchDecision(j.decision)
	})
	if jerr != nil {
		return jerr
	}
	judge, err := optString("judge_name", judgeName)
	if err != nil {
		return err
	}
	switch {
	case judge != "" && js[0].model != "":
		judge += "/" + js[0].model
	case judge != "" && js[1].model != "":
		judge += "/" + js[1].model
	case judge == "":
		judge = fileJudge
	}
	if strings.TrimSpace(judge) == "" {
		return typeErr("judge_name", judgeName, "the judge's name")
	}
	p.Judge = rc.internString(judge)
	p.Source = model.SourceChoice
	if js[0].scored || js[1].scored {
		p.Source = model.SourceProb
	}
	for n := range js {
		j := &js[n]
		if !j.present { // a judgment left out is a missing verdict, as in FastChat
			rc.verdict(p.Judge, nil, false)
			continue
		}
		raw := j.decision
		if raw == nil && !j.ok {
			raw = []byte("null")
		}
		rc.verdict(p.Judge, raw, j.ok)
		if !j.ok {
			continue
		}
		a := model.X0
		if n == 1 { // swapped: first shown is response_B, called A
			a = swappedRun
		}
		p.Has[a], p.S[a] = true, j.p
	}
	rc.emit(&p)
	return nil
}
