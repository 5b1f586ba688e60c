package calibtest

import (
	"fmt"
	"math"

	"github.com/plumb-eval/plumb/model"
)

// CrossingPairs is a hand-built judge (probabilities, x0 and x2: A is
// always shown first) whose Pride row moves the first-position rate across
// ½ — the shape of GPT-4 judging its own summaries (raw 0.487, Pride
// 0.511). Its 2,000 items, as logits of P(A) in x0 and x2, interleaved:
//
//   - 48 near-ties (−0.1, −0.1): B twice raw, A twice after Pride;
//   - 300 (4, 4): A twice; 304 (−4, −4): B twice;
//   - 1,348 (4 + t, −4 + t), t = −0.28846: once each.
//
// t puts Pride's prior at P(A) = σ(−0.2) (its mean of σ of each item's
// mean logit), so Pride adds 0.2 to every logit and flips exactly the 96
// near-tie choices. Raw's first-position rate is 1,948/4,000 = 0.487,
// Pride's 2,044/4,000 = 0.511: the signed change, +0.024, is far outside
// noise; the change in the distance from ½, 0.011 − 0.013 = −0.002, is
// not (its per-item spread comes from the 604 items that pick one answer
// twice).
func CrossingPairs() []model.Pair {
	const t = -0.28846
	kinds := []struct {
		n    int
		a, b float64 // logit P(A) in x0 and x2
	}{{48, -0.1, -0.1}, {300, 4, 4}, {304, -4, -4}, {1348, 4 + t, -4 + t}}
	left := make([]int, len(kinds))
	for i, k := range kinds {
		left[i] = k.n
	}
	sig := func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
	var ps []model.Pair
	for len(ps) < 2000 {
		for i, k := range kinds {
			if left[i] == 0 {
				continue
			}
			left[i]--
			var p model.Pair
			p.ID, p.Judge, p.Source = fmt.Sprintf("c%04d", len(ps)), "crossing", model.SourceProb
			p.Has[model.X0], p.Has[model.X2] = true, true
			p.S[model.X0], p.S[model.X2] = sig(k.a), sig(k.b)
			ps = append(ps, p)
		}
	}
	return ps
}
