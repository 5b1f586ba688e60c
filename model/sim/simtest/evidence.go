package simtest

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/plumb-eval/plumb/model"
)

// EvidenceLog returns n pair items of judge "mec" sampled as FairEval's
// evidence-first judge is (x0 and x2, k samples each): the answer shown
// first gets bonus points, each score has Gaussian noise of sd sigma and
// is rounded into [1, 10], every seventh sample's text gives no scores
// (unread, kept), and p_a is the share of A among the read samples. Gold
// is the better response, a tie on every tenth item.
func EvidenceLog(n, k int, bonus, sigma float64, seed uint64) *model.Log {
	r := rand.New(rand.NewPCG(seed, 29))
	score := func(q float64) float64 { return math.Max(1, math.Min(10, math.Round(q+sigma*r.NormFloat64()))) }
	lg := &model.Log{}
	count := 0
	for i := range n {
		q1, q2 := 3+5*r.Float64(), 3+5*r.Float64()
		gold := model.Gold1
		switch {
		case i%10 == 9:
			q2, gold = q1, model.GoldTie
		case q2 > q1:
			gold = model.Gold2
		}
		p := model.Pair{ID: fmt.Sprintf("q%03d", i), Judge: "mec", Source: model.SourceProb, Gold: gold}
		var ss model.Samples
		for _, a := range []model.Arrangement{model.X0, model.X2} {
			first, second := q1, q2
			if a == model.X2 {
				first, second = q2, q1
			}
			for range k {
				count++
				if count%7 == 0 {
					ss[a] = append(ss[a], model.Sample{Text: "I cannot score these answers."})
					continue
				}
				s := [2]float64{score(first + bonus), score(second)}
				ss[a] = append(ss[a], model.Sample{Kind: model.SampleScores, Scores: s,
					Text: fmt.Sprintf("Evaluation evidence: …\nScore of the Assistant 1: %g\nScore of the Assistant 2: %g", s[0], s[1])})
			}
			if share, m := model.SampleShare(ss[a], a); m > 0 {
				p.Has[a], p.S[a] = true, share
			}
		}
		p.Samples = &ss
		if !p.Has[model.X0] {
			continue // every x0 sample unread: no P(A) in the default arrangement
		}
		lg.Pairs = append(lg.Pairs, p)
	}
	return lg
}
