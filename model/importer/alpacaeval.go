package importer

import (
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
// Mapping: response_1 = output_1, response_2 = output_2, prompt =
// instruction; x0's p_a = P(response_1 better) = 2 − preference (0 → 0.5);
// judge = annotator; group = dataset; id = "<generator_1> vs
// <generator_2>/<index in the file>". Only one order is recorded, and the
// annotator may have shown the outputs in a random order without saying
// which, so position bias cannot be measured from such a file (the log's
// notes say so). A preference that is null or outside [1, 2] cannot be
// read: the item has no x0 and is left out, counted.

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

// parseAlpacaEval parses element index of an annotations file into
// rc.pairs.
func parseAlpacaEval(rc *recCtx, index int, b []byte) *model.LineError {
	var instr, out1, out2, gen1, gen2, annotator, pref, dataset []byte
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
	if p.Response1, err = rc.text("output_1", out1); err != nil {
		return err
	}
	if p.Response2, err = rc.text("output_2", out2); err != nil {
		return err
	}
	s, ok := alpacaPreference(pref)
	rc.verdict(p.Judge, pref, ok)
	if ok {
		p.Has[model.X0], p.S[model.X0] = true, s
	}
	rc.emit(&p)
	return nil
}
