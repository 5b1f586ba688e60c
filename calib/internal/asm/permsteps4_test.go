package asm

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPCGStepMatchesRand: PCGStep is math/rand/v2's PCG.
func TestPCGStepMatchesRand(t *testing.T) {
	for _, seed := range [][2]uint64{{1, 2}, {0, 0}, {^uint64(0), 12345}} {
		ref := rand.NewPCG(seed[0], seed[1])
		hi, lo := seed[0], seed[1]
		for i := range 10000 {
			var x uint64
			hi, lo, x = PCGStep(hi, lo)
			if want := ref.Uint64(); x != want {
				t.Fatalf("seed %v, draw %d: %d, rand's PCG %d", seed, i, x, want)
			}
		}
	}
}

// TestPermSteps4MatchesGo: PermSteps4 (the AVX-512 loop on amd64) leaves
// the same states, sums and buffers as its Go loop permSteps4Go after every
// run, whole or cut at a stop, and a run over ordinary draws takes every
// step (a loop that stopped early at each step would still count right in
// calib/likelihood, only slowly). Lemire's rejection zone is checked in
// calib/likelihood (TestPermSteps4StopsAtRejection), which builds a PCG
// state that draws into it.
func TestPermSteps4MatchesGo(t *testing.T) {
	if !PermSteps4Runs {
		t.Skip("this CPU has no AVX-512 F/DQ/VL: PermSteps4 is not used here")
	}
	rng := rand.New(rand.NewPCG(5, 11))
	n := 3000
	a, b := make([]int32, n), make([]int32, n)
	for i := range n { // doubled centred ranks, ties included
		a[i] = int32(rng.IntN(2*n+1) - n)
		b[i] = int32(rng.IntN(2*n+1) - n)
	}
	bufA, bufB := make([]int32, 4*n), make([]int32, 4*n)
	for q := range 4 {
		copy(bufA[q*n:], b)
		copy(bufB[q*n:], b)
	}
	var stA, stB [8]uint64
	for q := range stA {
		stA[q] = rng.Uint64()
	}
	stB = stA
	var dA, dB [4]int64
	for rep := range 20 {
		stop := 0
		if rep%4 == 3 {
			stop = rng.IntN(n - 1)
		}
		gotA := PermSteps4(a, bufA, n, n-1, stop, &stA, &dA)
		gotB := permSteps4Go(a, bufB, n, n-1, stop, &stB, &dB)
		if gotA != stop || gotB != stop {
			t.Fatalf("run %d stopped at step %d (asm) / %d (Go), want %d: no draw here is in the rejection zone", rep, gotA, gotB, stop)
		}
		if stA != stB || dA != dB || !slices.Equal(bufA, bufB) {
			t.Fatalf("run %d: states %v / %v, sums %v / %v, buffers equal %v", rep, stA, stB, dA, dB, slices.Equal(bufA, bufB))
		}
	}
}
