package asm

import "math/bits"

// The PCG's multiplier and increment and DXSM's multiplier
// (math/rand/v2, pcg.go).
const (
	pcgMulHi   = 2549297995355413924
	pcgMulLo   = 4865540595714422341
	pcgIncHi   = 6364136223846793005
	pcgIncLo   = 1442695040888963407
	pcgCheapMu = 0xda942042e4dd58b5
)

// PCGStep advances math/rand/v2's PCG from the state (hi, lo) and returns
// the new state and its output (rand.PCG.Uint64): the 128-bit LCG, then the
// DXSM output. It is the generator PermSteps4 runs in its lanes, and the
// one calib/likelihood's scalar permutation loops inline.
func PCGStep(hi, lo uint64) (nhi, nlo, out uint64) {
	h, l := bits.Mul64(lo, pcgMulLo)
	h += hi*pcgMulLo + lo*pcgMulHi
	l, c := bits.Add64(l, pcgIncLo, 0)
	h, _ = bits.Add64(h, pcgIncHi, c)
	x := h ^ h>>32
	x *= pcgCheapMu
	x ^= x >> 48
	return h, l, x * (l | 1)
}

// permSteps4Go is PermSteps4 in Go (the reference of the assembly and the
// version where it is not built).
func permSteps4Go(a, buf []int32, n, i0, stop int, st *[8]uint64, dots *[4]int64) int {
	for i := i0; i > stop; i-- {
		k := uint64(i + 1)
		var hi, lo, x [4]uint64
		for q := range 4 {
			hi[q], lo[q], x[q] = PCGStep(st[q], st[4+q])
			if _, frac := bits.Mul64(x[q], k); frac < k {
				return i
			}
		}
		for q := range 4 {
			st[q], st[4+q] = hi[q], lo[q]
			j, _ := bits.Mul64(x[q], k)
			l := buf[q*n : (q+1)*n]
			l[i], l[j] = l[j], l[i]
			dots[q] += int64(a[i]) * int64(l[i])
		}
	}
	return stop
}
