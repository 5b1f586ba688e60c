package calibtest

import (
	"testing"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// SimScores simulates score records only: items score items on the given
// criteria, one judge per slope (named "slope-<i>"), seeded by seed.
func SimScores(tb testing.TB, items int, criteria []string, seed uint64, judges ...sim.Judge) []model.Score {
	tb.Helper()
	cfg := sim.DefaultConfig()
	cfg.Seed = seed
	cfg.Pairs, cfg.Verdicts, cfg.Scores = 0, 0, items
	cfg.Criteria = criteria
	cfg.Judges = judges
	lg, err := sim.Collect(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return lg.Scores
}

// SlopeJudge is a judge with the given likelihood slope.
func SlopeJudge(name string, slope float64) sim.Judge {
	j := sim.DefaultJudge(name)
	j.Slope = slope
	return j
}
