package likelihood

import (
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plumb-eval/plumb/calib/internal/asm"
)

// needSteps4 skips a test where asm.PermSteps4 is the AVX-512 loop and
// this CPU cannot run it (plumb then never calls it).
func needSteps4(t *testing.T) {
	t.Helper()
	if !asm.PermSteps4Runs {
		t.Skip("this CPU has no AVX-512 F/DQ/VL: asm.PermSteps4 is not used here, the two-chunk loop is")
	}
}

// perm4Data returns doubled integer ranks of a test of n items with ties.
func perm4Data(t *testing.T, n int, seed uint64) (pr *permRanks, denom float64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 11))
	ls, us := make([]float64, n), make([]float64, n)
	for i := range n {
		ls[i] = math.Round(rng.NormFloat64() * 3) // ties: mid-ranks
		us[i] = rng.NormFloat64()
	}
	a, b := centredRanks(ls), centredRanks(us)
	pr = newPermRanks(a, b)
	if !pr.ok {
		t.Fatalf("n %d: the integer loop does not apply", n)
	}
	return pr, math.Sqrt(sumSquares(a)) * math.Sqrt(sumSquares(b))
}

// TestPermuteCountInt4MatchesInt: four chunks at once count exactly what
// four permuteCountInt calls count, on this CPU's asm.PermSteps4 (the AVX-512
// loop where the CPU has it) and with the loop cut into short runs, so the
// resumption after a step taken in Go is exercised at every position.
func TestPermuteCountInt4MatchesInt(t *testing.T) {
	needSteps4(t)
	for _, n := range []int{3, 4, 17, 400, 2500} {
		pr, denom := perm4Data(t, n, uint64(n))
		for _, thr := range []float64{0, 0.5 / math.Sqrt(float64(n)), 1 / math.Sqrt(float64(n))} {
			var src [4]pcgState
			var want [4]int
			i1 := make([]int32, n)
			for q := range 4 {
				src[q] = permChunkSeeds(uint64(n)*7, q)
				want[q] = permuteCountInt(pr.ai, pr.bi, i1, 60, src[q], denom, thr)
			}
			buf := make([]int32, 4*n)
			for _, maxRun := range []int{0, 1, 7} {
				got := permuteCountInt4(pr.ai, pr.bi, buf, 60, src, denom, thr, maxRun)
				if got != want {
					t.Fatalf("n %d, thr %g, maxRun %d: counts %v, permuteCountInt %v", n, thr, maxRun, got, want)
				}
			}
		}
	}
}

// TestPermSteps4StopsAtRejection: a lane whose next draw x has
// x·k mod 2⁶⁴ < k (Lemire's rejection zone, probability ≈ k/2⁶⁴, so the
// state is constructed by inverting the PCG) makes asm.PermSteps4 return that
// step untaken, with every lane's state, sum and buffer as they were; the
// four-chunk count through that state is still permuteCountInt's.
func TestPermSteps4StopsAtRejection(t *testing.T) {
	needSteps4(t)
	n := 1000
	k := uint64(n) // the first step is i = n−1, k = i+1
	pr, denom := perm4Data(t, n, 9)
	// x = ⌈2⁶⁴/k⌉ gives x·k mod 2⁶⁴ = k − (2⁶⁴ mod k) < k.
	x := math.MaxUint64/k + 1
	if _, frac := bits.Mul64(x, k); frac >= k {
		t.Fatalf("constructed draw is not in the rejection zone: frac %d", frac)
	}
	rej := pcgStateBefore(t, x, 0x1234567890abcdef)
	if _, _, got := asm.PCGStep(rej.hi, rej.lo); got != x {
		t.Fatalf("the inverted state draws %d, want %d", got, x)
	}
	for lane := range 4 {
		var src [4]pcgState
		var st [8]uint64
		for q := range 4 {
			src[q] = permChunkSeeds(3, q)
			if q == lane {
				src[q] = rej
			}
			st[q], st[4+q] = src[q].hi, src[q].lo
		}
		buf := make([]int32, 4*n)
		for q := range 4 {
			copy(buf[q*n:], pr.bi)
		}
		st0, buf0 := st, slices.Clone(buf)
		dots := [4]int64{1, 2, 3, 4}
		if got := asm.PermSteps4(pr.ai, buf, n, n-1, 0, &st, &dots); got != n-1 {
			t.Fatalf("lane %d in the rejection zone: returned %d, want step %d untaken", lane, got, n-1)
		}
		if st != st0 || dots != [4]int64{1, 2, 3, 4} || !slices.Equal(buf, buf0) {
			t.Fatalf("lane %d: the untaken step changed the state, sums or buffers", lane)
		}
		var want [4]int
		i1 := make([]int32, n)
		for q := range 4 {
			want[q] = permuteCountInt(pr.ai, pr.bi, i1, 5, src[q], denom, 0.01)
		}
		if got := permuteCountInt4(pr.ai, pr.bi, buf, 5, src, denom, 0.01, 0); got != want {
			t.Fatalf("lane %d: counts %v, permuteCountInt %v", lane, got, want)
		}
	}
}

// pcgStateBefore returns the PCG state whose next step has low word lo and
// outputs x: DXSM is inverted on the high word (both xorshifts are their
// own inverses, the multipliers are odd), then the LCG step mod 2¹²⁸.
func pcgStateBefore(t *testing.T, x, lo uint64) pcgState {
	t.Helper()
	// PCG's multiplier and increment and DXSM's multiplier (math/rand/v2,
	// pcg.go).
	const (
		pcgMulHi   = 2549297995355413924
		pcgMulLo   = 4865540595714422341
		pcgIncHi   = 6364136223846793005
		pcgIncLo   = 1442695040888963407
		pcgCheapMu = 0xda942042e4dd58b5
	)
	inv := func(a uint64) uint64 { // a⁻¹ mod 2⁶⁴ for odd a (Newton)
		y := a
		for range 6 {
			y *= 2 - a*y
		}
		return y
	}
	y := x * inv(lo|1)
	y ^= y >> 48
	y *= inv(pcgCheapMu)
	hi := y ^ y>>32
	two128 := new(big.Int).Lsh(big.NewInt(1), 128)
	word := func(h, l uint64) *big.Int {
		v := new(big.Int).SetUint64(h)
		return v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(l))
	}
	mul, inc := word(pcgMulHi, pcgMulLo), word(pcgIncHi, pcgIncLo)
	prev := new(big.Int).Sub(word(hi, lo), inc)
	prev.Mul(prev, new(big.Int).ModInverse(mul, two128)).Mod(prev, two128)
	mask := new(big.Int).SetUint64(math.MaxUint64)
	return pcgState{new(big.Int).Rsh(prev, 64).Uint64(), new(big.Int).And(prev, mask).Uint64()}
}

// BenchmarkPermutationKernels25600 is one wave of a large test (8 chunks of
// 256 permutations of 25,600 items) on the calling goroutine through each
// integer loop: two chunks at a time (permuteCountInt2, used without
// AVX-512) and four (permuteCountInt4, used with it). The counts are equal.
func BenchmarkPermutationKernels25600(b *testing.B) {
	ls, us := largeTestData(25600, 0, 2)
	a, c := centredRanks(ls), centredRanks(us)
	denom := math.Sqrt(sumSquares(a)) * math.Sqrt(sumSquares(c))
	pr := newPermRanks(a, c)
	n := len(a)
	b.Run("pairs", func(b *testing.B) {
		i1, i2 := make([]int32, n), make([]int32, n)
		for b.Loop() {
			for ch := 0; ch < permWave; ch += 2 {
				permuteCountInt2(pr.ai, pr.bi, i1, i2, permChunk, permChunkSeeds(1, ch), permChunkSeeds(1, ch+1), denom, 0.01)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(permWave*permChunk*(n-1)), "ns/step")
	})
	b.Run("quads", func(b *testing.B) {
		if !asm.PermSteps4Runs {
			b.Skip("no AVX-512 F/DQ/VL on this CPU")
		}
		buf := make([]int32, 4*n)
		for b.Loop() {
			for ch := 0; ch < permWave; ch += 4 {
				src := [4]pcgState{permChunkSeeds(1, ch), permChunkSeeds(1, ch+1), permChunkSeeds(1, ch+2), permChunkSeeds(1, ch+3)}
				permuteCountInt4(pr.ai, pr.bi, buf, permChunk, src, denom, 0.01, 0)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(permWave*permChunk*(n-1)), "ns/step")
	})
}
