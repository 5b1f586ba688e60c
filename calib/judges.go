package calib

import (
	"slices"

	"github.com/plumb-eval/plumb/model"
)

// SplitByJudge groups pairs by judge, keeping their order within a judge.
// The judge names come back sorted.
func SplitByJudge(pairs []model.Pair) (judges []string, byJudge map[string][]model.Pair) {
	byJudge = make(map[string][]model.Pair)
	for i := range pairs {
		j := pairs[i].Judge
		if _, ok := byJudge[j]; !ok {
			judges = append(judges, j)
		}
		byJudge[j] = append(byJudge[j], pairs[i])
	}
	slices.Sort(judges)
	return judges, byJudge
}
