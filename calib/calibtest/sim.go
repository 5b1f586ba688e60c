package calibtest

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/plumb-eval/plumb/model"
)

// Sim describes a synthetic pairwise judge. Each item has gold 1 or
// 2 (equally likely) and a true logit ±Signal for response 1; the judge's
// own, unbiased logit is v = ±Signal + JudgeNoise·N(0,1) (stored as
// Truth["v"]). In arrangement a the judge's logit for token A is
//
//	±v + Tok + Pos·(+1 if A is shown first, −1 if B is) + Noise·N(0,1)
//
// with +v when A holds response_1 (x0, x1) and −v otherwise: Tok is a
// token bias towards A and Pos a position bias towards the first shown.
type Sim struct {
	Judge      string
	N          int
	Arr        [4]bool
	Signal     float64
	JudgeNoise float64
	Tok, Pos   float64
	Noise      float64
	Source     model.Source // SourceChoice rounds P(A) to 0, 0.5 or 1
}

// Simulate draws cfg.N pair records deterministically from seed.
func Simulate(seed uint64, cfg Sim) []model.Pair {
	rng := rand.New(rand.NewPCG(seed, 0x53494d))
	pairs := make([]model.Pair, cfg.N)
	for i := range pairs {
		p := &pairs[i]
		p.ID = fmt.Sprintf("item%05d", i)
		p.Judge = cfg.Judge
		p.Source = cfg.Source
		p.Has = cfg.Arr
		u := cfg.Signal
		p.Gold = model.Gold1
		if rng.IntN(2) == 1 {
			u, p.Gold = -u, model.Gold2
		}
		v := u + cfg.JudgeNoise*rng.NormFloat64()
		p.Truth = model.TruthFromMap(map[string]float64{"v": v})
		for _, a := range model.Arrangements {
			if !cfg.Arr[a] {
				continue
			}
			content := v
			if a.ContentSwapped() {
				content = -v
			}
			pos := cfg.Pos
			if a.PositionSwapped() {
				pos = -pos
			}
			logit := content + cfg.Tok + pos + cfg.Noise*rng.NormFloat64()
			s := 1 / (1 + math.Exp(-logit))
			if cfg.Source == model.SourceChoice {
				switch {
				case logit > 0:
					s = 1
				case logit < 0:
					s = 0
				default:
					s = 0.5
				}
			}
			p.S[a] = s
		}
	}
	return pairs
}

var AllArr = [4]bool{true, true, true, true}

// BiasedJudge has strong token and position biases (raw first-position
// rate 0.75, κ < 0) in the paper's design x0, x1, x2.
var BiasedJudge = Sim{Judge: "biased", N: 1500, Arr: [4]bool{true, true, true, false}, Signal: 1.5, JudgeNoise: 1, Tok: 1.5, Pos: 1, Noise: 0.3}

// FourJudge has a strong token bias and a moderate position bias (raw
// first-position rate 0.59) in all four arrangements.
var FourJudge = Sim{Judge: "four", N: 1500, Arr: AllArr, Signal: 1.5, JudgeNoise: 1, Tok: 1.5, Pos: 0.5, Noise: 0.3}
