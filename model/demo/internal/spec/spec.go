// Package spec holds the embedded demo's simulator configuration, shared by
// package demo and its generator (which must build even when the embedded
// file is missing).
package spec

import (
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// FileName is the embedded file, relative to the demo package.
const FileName = "demo.jsonl.gz"

// Config returns the demo's configuration, spelled out in full so that a
// change to the simulator's defaults cannot change the demo silently.
func Config() sim.Config {
	fair := sim.Judge{
		Name: "judge-fair", Skill: 1.6, ItemNoise: 1, PosBias: 0.1, TokenBias: 0.05, Noise: 0.3,
		Mode: model.SourceProb, Slope: 0, ScoreNoise: 0.5, Sensitivity: 0.92, Specificity: 0.9,
	}
	first := sim.Judge{
		Name: "judge-first", Skill: 1.4, ItemNoise: 1, PosBias: 1.5, TokenBias: 0, Noise: 0.4,
		Mode: model.SourceProb, Slope: 0.15, ScoreNoise: 0.5, Sensitivity: 0.85, Specificity: 0.75,
	}
	tokenA := sim.Judge{
		Name: "judge-tokenA", Skill: 1.2, ItemNoise: 1, PosBias: 0.6, TokenBias: 1.2, Noise: 0.5,
		Mode: model.SourceProb, Slope: 0.4, ScoreNoise: 0.6, Sensitivity: 0.95, Specificity: 0.6,
	}
	return sim.Config{
		Seed:           20250101,
		Pairs:          3000,
		Scores:         600,
		Verdicts:       1000,
		GoldShare:      0.3,
		Arrangements:   []model.Arrangement{model.X0, model.X1, model.X2, model.X3},
		Spread:         1.5,
		TieBand:        0.15,
		Criteria:       []string{"helpfulness", "accuracy", "fluency"},
		TokensMin:      20,
		TokensMax:      200,
		NLLMedian:      1.8,
		NLLSpread:      0.3,
		QualitySD:      0.8,
		CriterionSD:    0.5,
		ScoreProbWidth: 0.6,
		Prevalence:     0.3,
		Digits:         6,
		Judges:         []sim.Judge{fair, first, tokenA},
	}
}
