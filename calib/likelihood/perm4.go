package likelihood

import (
	"math"
	"math/bits"

	"github.com/plumb-eval/plumb/calib/internal/asm"
)

// Four chunks at a time. The integer loop (perm_fast.go) is
// bound by the PCG's multiplies: six 64-bit products per step, at about 3 ns
// per step on one core. On CPUs with AVX-512 (F, DQ, VL) asm.PermSteps4
// (calib/internal/asm) runs
// the generators of four chunks in the four lanes of one vector — the
// 128-bit LCG from 32-bit partial products, DXSM and Lemire's draw with the
// 64-bit multiply — and only the swaps and the sums stay scalar: the same
// streams, the same swaps, the same exact integer sums, so the counts are
// those of permuteCountInt (TestPermuteCountInt4MatchesInt). A step in
// Lemire's rejection zone (probability about k/2⁶⁴ per draw) is left to
// permStep4 here, which draws exactly as boundedPCG does.

// permuteCountInt4 runs chunks with seeds src[0..3] at once: m permutations
// each, lane q of buf (4·len(a) values) starting from b's order; the counts
// are those of four permuteCountInt calls. maxRun, when positive, bounds
// the steps of one asm.PermSteps4 call (tests use it to exercise the resumption).
func permuteCountInt4(a, b, buf []int32, m int, src [4]pcgState, denom, thr float64, maxRun int) (c [4]int) {
	n := len(a)
	b, buf = b[:n], buf[:4*n]
	for q := range 4 {
		copy(buf[q*n:(q+1)*n], b)
	}
	var st [8]uint64
	for q, s := range src {
		st[q], st[4+q] = s.hi, s.lo
	}
	for range m {
		var dots [4]int64
		for i := n - 1; i > 0; {
			stop := 0
			if maxRun > 0 {
				stop = max(0, i-maxRun)
			}
			i = asm.PermSteps4(a, buf, n, i, stop, &st, &dots)
			if i > stop {
				permStep4(a, buf, n, i, &st, &dots)
				i--
			}
		}
		for q := range 4 {
			d := dots[q] + int64(a[0])*int64(buf[q*n])
			if math.Abs(float64(d)*0.25/denom) >= thr {
				c[q]++
			}
		}
	}
	return c
}

// permStep4 takes step i of the four shuffles exactly as permuteCountInt
// does, rejection zone included.
func permStep4(a, buf []int32, n, i int, st *[8]uint64, dots *[4]int64) {
	k := uint64(i + 1)
	for q := range 4 {
		hi, lo, x := asm.PCGStep(st[q], st[4+q])
		j, frac := bits.Mul64(x, k)
		if frac < k {
			s := pcgState{hi, lo}
			j = pcgReject(&s, k, j, frac)
			hi, lo = s.hi, s.lo
		}
		st[q], st[4+q] = hi, lo
		l := buf[q*n : (q+1)*n]
		l[i], l[j] = l[j], l[i]
		dots[q] += int64(a[i]) * int64(l[i])
	}
}
