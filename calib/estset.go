package calib

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// estSetStream is the PCG stream constant of EstimationSet, so that the same
// seed drawn elsewhere does not give correlated samples.
const estSetStream = 0x6e6f61_65737473 // "noa_ests"

// EstimationSet draws CalibraEval's estimation set (docs/methods.md §3): a
// uniformly random sample, without replacement, of ⌈frac·n⌉ of the indices
// 0..n−1, seeded by seed, and the indices left out (held out). Both are
// sorted. frac must be in (0, 1]; frac = 1 gives all indices and no held-out
// ones. The size is at least 1. frac·n within 1e-9 of an integer counts as
// that integer, so 0.1·30 gives 3, not 4.
func EstimationSet(n int, frac float64, seed uint64) (est, heldout []int, err error) {
	if n <= 0 {
		return nil, nil, fmt.Errorf("estimation set: no items (n = %d)", n)
	}
	if !(frac > 0 && frac <= 1) {
		return nil, nil, fmt.Errorf("estimation set: fraction %v is not in (0, 1]", frac)
	}
	k := estSetSize(n, frac)
	if k == n {
		est = make([]int, n)
		for i := range est {
			est[i] = i
		}
		return est, []int{}, nil
	}
	// Partial Fisher–Yates shuffle: the first k entries are the sample.
	rng := rand.New(rand.NewPCG(seed, estSetStream))
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	for i := 0; i < k; i++ {
		j := i + rng.IntN(n-i)
		perm[i], perm[j] = perm[j], perm[i]
	}
	est = slices.Clone(perm[:k])
	heldout = slices.Clone(perm[k:])
	slices.Sort(est)
	slices.Sort(heldout)
	return est, heldout, nil
}

// estSetSize is ⌈frac·n⌉ with a 1e-9 tolerance, clamped to [1, n].
func estSetSize(n int, frac float64) int {
	x := frac * float64(n)
	k := int(math.Ceil(x))
	if r := math.Round(x); math.Abs(x-r) <= 1e-9*math.Max(1, x) {
		k = int(r)
	}
	return max(1, min(k, n))
}
