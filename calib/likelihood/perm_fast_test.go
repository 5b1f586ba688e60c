package likelihood

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
)

// TestPCGStateMatchesRand: pcgState is math/rand/v2's PCG, and its bounded
// draw is boundedPCG's, rejections included (bounds near 2⁶³ reject often).
func TestPCGStateMatchesRand(t *testing.T) {
	for _, seed := range [][2]uint64{{1, 2}, {0, 0}, {math.MaxUint64, 12345}} {
		ref := rand.NewPCG(seed[0], seed[1])
		got := pcgState{seed[0], seed[1]}
		for i := range 10000 {
			if a, b := ref.Uint64(), got.next(); a != b {
				t.Fatalf("seed %v, draw %d: %d, rand's PCG %d", seed, i, b, a)
			}
		}
		for i := range 10000 {
			n := uint64(i%97 + 2)
			if i%3 == 0 {
				n = 1<<63 + uint64(i)
			}
			if a, b := boundedPCG(ref, n), got.bounded(n); a != b {
				t.Fatalf("seed %v, bounded draw %d (n %d): %d, boundedPCG %d", seed, i, n, b, a)
			}
		}
	}
}

// TestPermutationIntegerLoopExact: the integer loop (one chunk or two at
// once) counts exactly what the float loop counts, chunk by chunk, on data
// with ties (mid-ranks), thresholds near the null's middle (many extreme
// permutations) and test sizes whose last chunk is short; and a test's
// p-value is the same through either loop at any GOMAXPROCS.
func TestPermutationIntegerLoopExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{3, 5, 17, 400, 2500} {
		ls, us := make([]float64, n), make([]float64, n)
		for i := range n {
			ls[i] = math.Round(rng.NormFloat64() * 3) // ties
			us[i] = rng.NormFloat64()
		}
		a, b := centredRanks(ls), centredRanks(us)
		pr := newPermRanks(a, b)
		if !pr.ok {
			t.Fatalf("n %d: the integer loop does not apply to mid-ranks", n)
		}
		denom := math.Sqrt(sumSquares(a)) * math.Sqrt(sumSquares(b))
		for _, thr := range []float64{0, 0.5 / math.Sqrt(float64(n)), 1 / math.Sqrt(float64(n))} {
			fbuf := make([]float64, n)
			i1, i2 := make([]int32, n), make([]int32, n)
			for c := range 3 {
				s, s2 := permChunkSeeds(9, c), permChunkSeeds(9, c+1)
				want := permuteCount(a, b, fbuf, 100, s.hi, s.lo, denom, thr)
				want2 := permuteCount(a, b, fbuf, 100, s2.hi, s2.lo, denom, thr)
				got := permuteCountInt(pr.ai, pr.bi, i1, 100, s, denom, thr)
				g1, g2 := permuteCountInt2(pr.ai, pr.bi, i1, i2, 100, s, s2, denom, thr)
				if got != want || g1 != want || g2 != want2 {
					t.Errorf("n %d thr %v chunk %d: float %d, %d; integer %d; two at once %d, %d", n, thr, c, want, want2, got, g1, g2)
				}
			}
		}
		flt := &permRanks{a: a, b: b}
		for _, r := range []int{1, 300, 1000, 1300} {
			chunks := (r + permChunk - 1) / permChunk
			for _, procs := range []int{1, 2, 3} {
				prev := runtime.GOMAXPROCS(procs)
				got := runChunks(pr, 0, chunks, r, 11, denom, 0.3/math.Sqrt(float64(n)))
				want := runChunks(flt, 0, chunks, r, 11, denom, 0.3/math.Sqrt(float64(n)))
				runtime.GOMAXPROCS(prev)
				if got != want {
					t.Errorf("n %d r %d GOMAXPROCS %d: integer loop %d extreme, float loop %d", n, r, procs, got, want)
				}
			}
		}
	}
}

// TestDoubledRanks: only multiples of 1/2 take the integer loop.
func TestDoubledRanks(t *testing.T) {
	if _, ok := doubledRanks([]float64{-1.5, 0, 1.5}); !ok {
		t.Error("half-integers refused")
	}
	if _, ok := doubledRanks([]float64{-1.25, 0, 1.25}); ok {
		t.Error("quarters accepted")
	}
	if _, ok := doubledRanks(make([]float64, permIntMaxN+1)); ok {
		t.Error("a test too large for exact sums accepted")
	}
}

// BenchmarkPermutationLoop25600 is the loop of one large test as the 1M
// report runs it (25,600 items, one wave of 2,048 permutations), through
// the float loop (the reference) and the integer loop.
func BenchmarkPermutationLoop25600(b *testing.B) {
	ls, us := largeTestData(25600, 0, 2)
	a, c := centredRanks(ls), centredRanks(us)
	denom := math.Sqrt(sumSquares(a)) * math.Sqrt(sumSquares(c))
	for _, loop := range []struct {
		name string
		pr   *permRanks
	}{{"float", &permRanks{a: a, b: c}}, {"int", newPermRanks(a, c)}} {
		b.Run(loop.name, func(b *testing.B) {
			for b.Loop() {
				runChunks(loop.pr, 0, permWave, permWave*permChunk, 1, denom, 0.01)
			}
		})
	}
}
