package calib

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/plumb-eval/plumb/model"
)

// biasedJudge describes a synthetic judge for tests: its observed P(A) has
// logit s = logit(P(content labelled A is better)) + token + position·(±1 when
// A is shown first/second) + N(0, noise²) noise.
type biasedJudge struct {
	token    float64 // logit bonus for the token A
	position float64 // logit bonus for the response shown first
	noise    float64 // sd of the logit noise
	spread   float64 // sd of the items' true preference logits
}

// genPairs simulates n items judged by j in the arrangements has.
func genPairs(n int, j biasedJudge, has [model.NumArrangements]bool, seed uint64) []model.Pair {
	rng := rand.New(rand.NewPCG(seed, 7))
	pairs := make([]model.Pair, n)
	for i := range pairs {
		theta := j.spread * rng.NormFloat64() // logit P(response_1 better)
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
			l += j.token
			if a.PositionSwapped() { // A shown second
				l -= j.position
			} else {
				l += j.position
			}
			l += j.noise * rng.NormFloat64()
			p.S[a] = 1 / (1 + math.Exp(-l))
		}
		pairs[i] = p
	}
	return pairs
}

// allIdx returns 0..n−1.
func allIdx(n int) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	return idx
}

var has012 = [model.NumArrangements]bool{true, true, true, false}
