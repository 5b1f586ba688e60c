package main

import (
	"slices"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/model"
)

// styleReadOptions are the read options the style mode needs: the
// lengths of the skipped response texts of records that name a generator
// (auto), of every record (on), or none (off).
func styleReadOptions(mode analysis.StyleMode) model.ReadOptions {
	switch mode {
	case analysis.StyleAuto:
		return model.ReadOptions{GenTextLengths: true}
	case analysis.StyleOn:
		return model.ReadOptions{TextLengths: true}
	}
	return model.ReadOptions{}
}

// selfPairs lists JUDGE=MODEL for every judge and every generator its pair
// records name (the completions of --self).
func selfPairs(lg *model.Log) []string {
	var out []string
	for j, ms := range analysis.GeneratorsByJudge(lg.Pairs) {
		for _, m := range ms {
			out = append(out, j+"="+m)
		}
	}
	slices.Sort(out)
	return out
}
