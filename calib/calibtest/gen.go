package calibtest

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/plumb-eval/plumb/model"
)

// Judge describes a synthetic judge for tests: its observed P(A) has
// logit s = logit(P(content labelled A is better)) + token + position·(±1 when
// A is shown first/second) + N(0, noise²) noise.
type Judge struct {
	Token    float64 // logit bonus for the token A
	Position float64 // logit bonus for the response shown first
	Noise    float64 // sd of the logit noise
	Spread   float64 // sd of the items' true preference logits
}

// GenPairs simulates n items judged by j in the arrangements has.
func GenPairs(n int, j Judge, has [model.NumArrangements]bool, seed uint64) []model.Pair {
	rng := rand.New(rand.NewPCG(seed, 7))
	pairs := make([]model.Pair, n)
	for i := range pairs {
		theta := j.Spread * rng.NormFloat64() // logit P(response_1 better)
		p := model.Pair{ID: fmt.Sprintf("item%d", i), Judge: "sim", Has: has, Source: model.SourceProb}
		if theta > 0 {
			p.Gold = model.Gold1
		} else {
			p.Gold = model.Gold2
		}
		for _, a := range model.Arrangements {
			if !has[a] {
				continue
			}
			l := theta
			if a.ContentSwapped() { // A is response_2
				l = -theta
			}
			l += j.Token
			if a.PositionSwapped() { // A shown second
				l -= j.Position
			} else {
				l += j.Position
			}
			l += j.Noise * rng.NormFloat64()
			p.S[a] = 1 / (1 + math.Exp(-l))
		}
		pairs[i] = p
	}
	return pairs
}

// AllIdx returns 0..n−1.
func AllIdx(n int) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	return idx
}

// Has012 and Has0123 are the arrangements x0, x1, x2 and x0..x3.
var Has012 = [model.NumArrangements]bool{true, true, true, false}

// Has012 and Has0123 are the arrangements x0, x1, x2 and x0..x3.
var Has0123 = [model.NumArrangements]bool{true, true, true, true}

// LargePairs is the report's large case: 128,000 items in x0..x3 (M ≈
// 512,000 knots), s rounded to 6 digits as in the simulated 1M-record log.
func LargePairs(n int) []model.Pair {
	pairs := GenPairs(n, Judge{Token: 0.8, Position: 0.5, Noise: 0.5, Spread: 2}, Has0123, 5)
	for i := range pairs {
		for a := range pairs[i].S {
			pairs[i].S[a] = float64(int64(pairs[i].S[a]*1e6+0.5)) / 1e6
		}
	}
	return pairs
}

// PairOf builds a probability record with the given P(A) per arrangement;
// a negative value means the arrangement is absent.
func PairOf(id string, s0, s1, s2, s3 float64) model.Pair {
	p := model.Pair{ID: id, Source: model.SourceProb}
	for a, s := range [4]float64{s0, s1, s2, s3} {
		if s >= 0 {
			p.Has[a], p.S[a] = true, s
		}
	}
	return p
}

// RandomProblem draws a small problem with every arrangement pattern,
// duplicated values and exact 0 and 1.
func RandomProblem(rng *rand.Rand, n int) []model.Pair {
	grid := []float64{0, 0.1, 0.25, 0.5, 0.75, 0.9, 1}
	pairs := make([]model.Pair, n)
	for i := range pairs {
		p := model.Pair{Source: model.SourceProb}
		for a := range model.NumArrangements {
			if rng.Float64() < 0.7 {
				p.Has[a] = true
				if rng.Float64() < 0.3 {
					p.S[a] = grid[rng.IntN(len(grid))]
				} else {
					p.S[a] = rng.Float64()
				}
			}
		}
		pairs[i] = p
	}
	return pairs
}

// StrongA is a judge that inflates P(A) by a token bias of 1 logit.
var StrongA = Judge{Token: 1, Position: 0.2, Noise: 0.4, Spread: 2}

// SweepJudges are the synthetic judges of the pinned 36-fit sweep
// (calibraeval's TestFitPinnedBits).
func SweepJudges() []Judge {
	return []Judge{
		{Token: 0.8, Position: 0.5, Noise: 0.5, Spread: 2},
		{Token: 0, Position: 1.5, Noise: 0.3, Spread: 1.5},
		{Token: 1.2, Position: 0, Noise: 0.8, Spread: 2.5},
		{Token: 0.1, Position: 0.1, Noise: 0.2, Spread: 1},
	}
}
