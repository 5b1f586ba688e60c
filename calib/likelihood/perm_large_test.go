package likelihood

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
)

// largeTestData returns n (ls, us) pairs with correlation about c.
func largeTestData(n int, c float64, seed uint64) (ls, us []float64) {
	rng := rand.New(rand.NewPCG(seed, 7))
	ls, us = make([]float64, n), make([]float64, n)
	for i := range n {
		ls[i] = rng.NormFloat64()
		us[i] = c*ls[i] + math.Sqrt(1-c*c)*rng.NormFloat64()
	}
	return ls, us
}

// fullLoop is the plain test without the large-test shortcuts.
func fullLoop(ls, us []float64, r int, seed uint64) float64 {
	a, b := centredRanks(ls), centredRanks(us)
	denom := math.Sqrt(sumSquares(a)) * math.Sqrt(sumSquares(b))
	var sab float64
	for i := range a {
		sab += a[i] * b[i]
	}
	thr := math.Abs(sab/denom) - permTol
	extreme := runChunks(newPermRanks(a, b), 0, (r+permChunk-1)/permChunk, r, seed, denom, thr)
	return float64(1+extreme) / float64(1+r)
}

// TestPermutationLargeSkip: when the answer is settled (a strong ρ at
// n = 3,000), the shortcut returns exactly what the full loop returns.
func TestPermutationLargeSkip(t *testing.T) {
	ls, us := largeTestData(3000, 0.3, 1)
	const r = 2000
	got := PermutationPValue(ls, us, r, 5)
	if want := fullLoop(ls, us, r, 5); !got.OK() || got.Value != want || want != 1.0/(1+r) {
		t.Errorf("p = %+v, full loop %v, want 1/(1+R) = %v", got, want, 1.0/(1+r))
	}
}

// TestPermutationLargeSequential: under the null at n = 3,000 the test
// stops early with Besag–Clifford's h/L, close to the full loop's p, and
// the same at any GOMAXPROCS.
func TestPermutationLargeSequential(t *testing.T) {
	ls, us := largeTestData(3000, 0, 2)
	const r = 10000
	got := PermutationPValue(ls, us, r, 9)
	full := fullLoop(ls, us, r, 9)
	if !got.OK() {
		t.Fatal(got.Reason)
	}
	// Stopping needs ≥ 1,000 extreme permutations: a p well above 0.1 here.
	if full < 0.2 {
		t.Skipf("this null sample has p = %v; the early stop does not apply", full)
	}
	// h/L with h ≥ 1000 has a relative standard error ≤ ~3%.
	if math.Abs(got.Value-full) > 0.1*full {
		t.Errorf("sequential p = %v, full loop p = %v", got.Value, full)
	}
	prev := runtime.GOMAXPROCS(1)
	one := PermutationPValue(ls, us, r, 9)
	runtime.GOMAXPROCS(prev)
	if one.Value != got.Value {
		t.Errorf("p = %v at GOMAXPROCS 1, %v at %d", one.Value, got.Value, prev)
	}
}
