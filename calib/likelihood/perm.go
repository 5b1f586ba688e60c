package likelihood

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/internal/asm"
	"github.com/plumb-eval/plumb/internal/mathx"
)

// permChunk is the number of permutations drawn from one seeded stream.
// The R permutations of a test are split into ⌈R/permChunk⌉ chunks, each
// seeded from the test's seed and its index alone, so the p-value does not
// depend on how many goroutines run them.
const permChunk = 256

// permSerialWork is the work (items × permutations) below which a test runs
// on the calling goroutine: starting goroutines would cost more than it saves.
const permSerialWork = 1 << 16

// permTol is the tolerance of the "at least as extreme" comparison, so that
// a permutation that reproduces the observed ranks counts despite rounding.
const permTol = 1e-12

// PermutationSeed derives the seed of the permutation test of one criterion
// (or TotalCriterion) from the analysis seed, so that each criterion gets
// its own stream of permutations.
func PermutationSeed(seed uint64, criterion string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(criterion))
	return mathx.SplitMix64(seed ^ mathx.SplitMix64(h.Sum64()))
}

// PermutationPValue is the two-sided permutation test of Spearman's ρ(ls,
// us) (docs/methods.md §6): it draws R uniformly random permutations of us
// against ls and returns
//
//	p = (1 + #{permutations with |ρ_perm| ≥ |ρ_obs| − 1e-12}) / (1 + R).
//
// The +1 counts the observed arrangement as one of the permutations, which
// makes p a valid p-value (P(p ≤ α) ≤ α under the null) and never 0; the
// smallest possible p is 1/(1 + R). The 1e-12 keeps permutations that tie
// with the observed ρ from being lost to rounding.
//
// The ranks are computed once; each permutation is a Fisher–Yates shuffle
// of us's centred ranks fused with one dot product, with fixed means and
// variances. The R permutations run in fixed chunks seeded from seed and
// the chunk index on up to GOMAXPROCS goroutines, so the same seed gives
// the same p whatever the parallelism.
//
// Tests of more than permLargeN items take two documented shortcuts (a
// settled answer is not recomputed; Besag–Clifford sequential stopping).
//
// The result is undefined (with the reason) for slices of different
// lengths, fewer than 3 pairs, non-finite values, a constant variable or
// R < 1. Its N is the number of pairs.
func PermutationPValue(ls, us []float64, r int, seed uint64) calib.Stat {
	p, _ := permutationPValue(ls, us, r, seed)
	return p
}

// permutationPValue is PermutationPValue with the Monte Carlo standard
// error of the p-value: √(p(1 − p)/L) for L permutations drawn (the
// binomial error of a share estimated from L draws), undefined when the
// loop was skipped because its answer was settled.
func permutationPValue(ls, us []float64, r int, seed uint64) (p, se calib.Stat) {
	p = permutationPValueOnly(ls, us, r, seed, &se)
	return p, se
}

// permutationPValueOnly computes the p-value and sets *se.
func permutationPValueOnly(ls, us []float64, r int, seed uint64, se *calib.Stat) calib.Stat {
	n := len(ls)
	*se = calib.Undefined(n, "no permutation test was run")
	switch {
	case len(us) != n:
		return calib.Undefined(n, fmt.Sprintf("ls has %d values but us has %d", n, len(us)))
	case n < 3:
		return calib.Undefined(n, fmt.Sprintf("the permutation test needs at least 3 items, got %d", n))
	case r < 1:
		return calib.Undefined(n, fmt.Sprintf("the permutation test needs at least 1 permutation, got %d", r))
	}
	for i := range ls {
		if !isFinite(ls[i]) || !isFinite(us[i]) {
			return calib.Undefined(n, fmt.Sprintf("item %d has a non-finite value (ls %v, us %v)", i, ls[i], us[i]))
		}
	}
	a, b := centredRanks(ls), centredRanks(us)
	saa, sbb := sumSquares(a), sumSquares(b)
	switch {
	case saa == 0:
		return calib.Undefined(n, "the likelihoods are all equal, so ρ is 0/0")
	case sbb == 0:
		return calib.Undefined(n, "the US values are all equal, so ρ is 0/0")
	}
	denom := math.Sqrt(saa) * math.Sqrt(sbb)
	var sab float64
	for i := range a {
		sab += a[i] * b[i]
	}
	thr := math.Abs(sab/denom) - permTol

	if n > permLargeN {
		// Large tests: skip the loop when its answer is settled, and stop
		// early once enough permutations are as extreme (see permLargeN).
		if nullTail(math.Abs(sab/denom), n)*float64(r) < permSkipProb {
			*se = calib.Undefined(n, fmt.Sprintf("the permutations were not run: by the normal approximation none of %d would be as extreme, so p is 1/(1 + R) with no Monte Carlo error worth stating", r))
			return calib.Defined(1/float64(1+r), n)
		}
		pv, drawn := sequentialPValue(newPermRanks(a, b), r, seed, denom, thr)
		*se = calib.Defined(math.Sqrt(pv*(1-pv)/float64(drawn)), drawn)
		return calib.Defined(pv, n)
	}
	chunks := (r + permChunk - 1) / permChunk
	extreme := runChunks(newPermRanks(a, b), 0, chunks, r, seed, denom, thr)
	pv := float64(1+extreme) / float64(1+r)
	*se = calib.Defined(math.Sqrt(pv*(1-pv)/float64(r)), r)
	return calib.Defined(pv, n)
}

// Large permutation tests (more than permLargeN items) cost n·R and would
// dominate a report on a big log, so two shortcuts apply to them only:
//
//   - When the normal approximation of the permutation distribution of ρ
//     (ρ√(n−1) ~ N(0, 1), accurate at this n) makes it less likely than
//     permSkipProb that any of the R permutations is as extreme as the
//     observed ρ, the loop would count none: p = 1/(1 + R) is returned
//     without running it.
//   - Otherwise the permutations run in waves of permWave chunks and stop
//     at the first wave boundary with at least permStopHits extreme
//     permutations, returning Besag and Clifford's (1991) sequential
//     p-value h/L (h extreme among L drawn), which is valid as it stands;
//     a test that never reaches h returns (1 + h)/(1 + R) as usual. Wave
//     boundaries do not depend on the number of goroutines, so the result
//     is as deterministic as the plain loop.
const (
	permLargeN   = 2000
	permSkipProb = 1e-9
	permWave     = 8
	permStopHits = 1000
)

// nullTail is the two-sided normal-approximation tail P(|ρ_perm| ≥ rho)
// for n items.
func nullTail(rho float64, n int) float64 {
	return math.Erfc(rho * math.Sqrt(float64(n-1)) / math.Sqrt2)
}

// sequentialPValue runs the permutation chunks in waves and stops early as
// described at permLargeN.
func sequentialPValue(pr *permRanks, r int, seed uint64, denom, thr float64) (p float64, drawn int) {
	chunks := (r + permChunk - 1) / permChunk
	extreme := 0
	for lo := 0; lo < chunks; lo += permWave {
		hi := min(lo+permWave, chunks)
		extreme += runChunks(pr, lo, hi, r, seed, denom, thr)
		if drawn := min(hi*permChunk, r); extreme >= permStopHits && drawn < r {
			return float64(extreme) / float64(drawn), drawn
		}
	}
	return float64(1+extreme) / float64(1+r), r
}

// permRanks are the centred ranks of a test, and twice them as integers
// when the integer loop applies (ok; perm_fast.go).
type permRanks struct {
	a, b   []float64
	ai, bi []int32
	ok     bool
}

func newPermRanks(a, b []float64) *permRanks {
	pr := &permRanks{a: a, b: b}
	if ai, ok := doubledRanks(a); ok {
		if bi, ok := doubledRanks(b); ok {
			pr.ai, pr.bi, pr.ok = ai, bi, true
		}
	}
	return pr
}

// runChunks draws the permutations of chunks [lo, hi) of a test of r
// permutations, on up to GOMAXPROCS goroutines, and returns how many are at
// least as extreme as thr. Each chunk is seeded from seed and its index
// alone, so the count does not depend on the parallelism.
func runChunks(pr *permRanks, lo, hi, r int, seed uint64, denom, thr float64) int {
	n := len(pr.a)
	counts := make([]int, hi-lo)
	size := func(c int) int { return min(permChunk, r-c*permChunk) }
	// group is how many chunks one loop shuffles at once: four with the
	// AVX-512 loop (perm4.go), else two (the integer loop) or one.
	group := 1
	var run func(c, end int, w *permWork) int
	if pr.ok {
		group = 2
		if asm.HavePermSteps4 {
			group = 4
		}
		// run does chunk c, and the next one or three with it when they
		// are below end and of the same size; it returns how many it did.
		run = func(c, end int, w *permWork) int {
			m := size(c)
			if group == 4 && c+4 <= end && size(c+3) == m {
				src := [4]pcgState{permChunkSeeds(seed, c), permChunkSeeds(seed, c+1), permChunkSeeds(seed, c+2), permChunkSeeds(seed, c+3)}
				got := permuteCountInt4(pr.ai, pr.bi, w.i4, m, src, denom, thr, 0)
				copy(counts[c-lo:], got[:])
				return 4
			}
			if c+2 <= end && size(c+1) == m {
				counts[c-lo], counts[c+1-lo] = permuteCountInt2(pr.ai, pr.bi, w.i1, w.i2, m,
					permChunkSeeds(seed, c), permChunkSeeds(seed, c+1), denom, thr)
				return 2
			}
			counts[c-lo] = permuteCountInt(pr.ai, pr.bi, w.i1, m, permChunkSeeds(seed, c), denom, thr)
			return 1
		}
	} else {
		run = func(c, _ int, w *permWork) int {
			s := permChunkSeeds(seed, c)
			counts[c-lo] = permuteCount(pr.a, pr.b, w.f, size(c), s.hi, s.lo, denom, thr)
			return 1
		}
	}
	workers := min(runtime.GOMAXPROCS(0), (hi-lo+group-1)/group)
	if workers <= 1 || n*min(r, (hi-lo)*permChunk) < permSerialWork {
		w := newPermWork(pr, group)
		for c := lo; c < hi; {
			c += run(c, hi, w)
		}
	} else {
		// Workers take groups of chunks: [lo, lo+group), [lo+group, …), …
		var next atomic.Int64
		next.Store(int64(lo))
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				w := newPermWork(pr, group)
				for {
					c := int(next.Add(int64(group)) - int64(group))
					if c >= hi {
						return
					}
					for end := min(c+group, hi); c < end; {
						c += run(c, end, w)
					}
				}
			})
		}
		wg.Wait()
	}
	extreme := 0
	for _, k := range counts {
		extreme += k
	}
	return extreme
}

// permWork is one goroutine's shuffle buffers.
type permWork struct {
	f      []float64
	i1, i2 []int32
	i4     []int32 // four lanes of n, for permuteCountInt4
}

func newPermWork(pr *permRanks, group int) *permWork {
	n := len(pr.a)
	if !pr.ok {
		return &permWork{f: make([]float64, n)}
	}
	w := &permWork{i1: make([]int32, n), i2: make([]int32, n)}
	if group == 4 {
		w.i4 = make([]int32, 4*n)
	}
	return w
}

// permStream distinguishes the second PCG seed word of a chunk.
const permStream = 0x6c696b5f7065726d // "lik_perm"

// permuteCount draws m permutations of b (starting from b's order, in buf)
// and counts those whose |Σ a·b_perm| / denom ≥ thr. Each permutation is a
// Fisher–Yates shuffle from the last position down, and position i is final
// once swapped, so the dot product accumulates in the same pass.
func permuteCount(a, b, buf []float64, m int, s1, s2 uint64, denom, thr float64) int {
	copy(buf, b)
	src := rand.NewPCG(s1, s2)
	n := len(a)
	buf = buf[:n]
	count := 0
	for range m {
		var dot float64
		for i := n - 1; i > 0; i-- {
			j := boundedPCG(src, uint64(i+1))
			buf[i], buf[j] = buf[j], buf[i]
			dot += a[i] * buf[i]
		}
		dot += a[0] * buf[0]
		if math.Abs(dot/denom) >= thr {
			count++
		}
	}
	return count
}

// boundedPCG returns a uniform integer in [0, n) by Lemire's
// multiply-and-reject method (exactly uniform).
func boundedPCG(src *rand.PCG, n uint64) uint64 {
	hi, lo := bits.Mul64(src.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(src.Uint64(), n)
		}
	}
	return hi
}
