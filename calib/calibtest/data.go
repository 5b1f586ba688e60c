package calibtest

import (
	"testing"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/demo"
	"github.com/plumb-eval/plumb/model/sim"
)

// DemoPairs returns one judge's pairs of the embedded demo.
func DemoPairs(t testing.TB, judge string) []model.Pair {
	t.Helper()
	lg, err := demo.Log()
	if err != nil {
		t.Fatal(err)
	}
	by := byJudge(lg.Pairs)
	if len(by[judge]) == 0 {
		t.Fatalf("no demo judge %s", judge)
	}
	return by[judge]
}

// SimJudges returns the pairs of the simulator's three default judges
// (judge-fair, judge-first, judge-tokenA) with n items in the arrangements
// arr, answering with logprobs: what `plumb simulate --pairs n
// --arrangements ... --mode logprob` writes.
func SimJudges(t testing.TB, n int, arr ...model.Arrangement) map[string][]model.Pair {
	t.Helper()
	cfg := sim.DefaultConfig()
	cfg.Pairs, cfg.Scores, cfg.Verdicts = n, 0, 0
	cfg.Arrangements = arr
	for i := range cfg.Judges {
		cfg.Judges[i].Mode = model.SourceLogprob
	}
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return byJudge(lg.Pairs)
}

// byJudge groups pairs by judge, keeping their order within a judge (as
// calib.SplitByJudge does; this package imports no calib package).
func byJudge(pairs []model.Pair) map[string][]model.Pair {
	by := make(map[string][]model.Pair)
	for i := range pairs {
		by[pairs[i].Judge] = append(by[pairs[i].Judge], pairs[i])
	}
	return by
}
