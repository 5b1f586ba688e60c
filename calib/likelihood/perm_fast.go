package likelihood

import (
	"math"
	"math/bits"

	"github.com/plumb-eval/plumb/calib/internal/asm"
	"github.com/plumb-eval/plumb/internal/mathx"
)

// The permutation loop is most of a large likelihood analysis (≈ 1.5 ns of
// work per item and permutation even when fast), so it has a fast path that
// gives exactly the counts of permuteCount — the same PCG stream, the same
// Fisher–Yates swaps, the same comparison — with less work per step:
//
//   - The centred mid-ranks are multiples of 1/2 (centredRanks), so twice
//     them are integers and every partial sum of Σ a·b_perm is an exact
//     multiple of 1/4 below n³/4 in magnitude: exact in float64 for
//     n < 208,000 (n³ < 2⁵³), hence independent of order and equal to the
//     int64 sum of the doubled ranks divided by 4. The loop works on int32
//     ranks (half the memory traffic, integer adds instead of a chain of
//     dependent float adds) and converts once per permutation.
//   - The PCG generator is math/rand/v2's PCG (128-bit LCG, DXSM output)
//     written out on local state (asm.PCGStep, inlined; pcgState;
//     TestPCGStateMatchesRand), so its state stays in registers, and
//     Lemire's bounded draw is inlined. (A method on a pointer is not
//     inlined with the bounded draw around it, and the state would go
//     through memory.)
//   - Two chunks are shuffled in one loop, so the two generators'
//     dependency chains overlap.

// permIntMaxN is the largest test the integer path takes (n³ < 2⁵³).
const permIntMaxN = 200_000

// doubledRanks returns 2·a as int32 when every value is a multiple of 1/2
// and the test is small enough for exact sums; ok is false otherwise.
func doubledRanks(a []float64) (out []int32, ok bool) {
	if len(a) > permIntMaxN {
		return nil, false
	}
	out = make([]int32, len(a))
	for i, v := range a {
		d := 2 * v
		if d != math.Trunc(d) || math.Abs(d) > 1<<30 {
			return nil, false
		}
		out[i] = int32(d)
	}
	return out, true
}

// pcgState is math/rand/v2's PCG on a value: the same stream as
// rand.NewPCG(hi, lo).
type pcgState struct{ hi, lo uint64 }

// next returns the next 64-bit output (rand.PCG.Uint64).
func (p *pcgState) next() uint64 {
	var x uint64
	p.hi, p.lo, x = asm.PCGStep(p.hi, p.lo)
	return x
}

// bounded is boundedPCG on pcgState: a uniform integer in [0, n) by
// Lemire's multiply-and-reject method, drawing exactly as boundedPCG does.
func (p *pcgState) bounded(n uint64) uint64 {
	hi, lo := bits.Mul64(p.next(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(p.next(), n)
		}
	}
	return hi
}

// permChunkSeeds returns the PCG seeds of chunk c of a test seeded seed.
func permChunkSeeds(seed uint64, c int) pcgState {
	s1 := mathx.SplitMix64(seed + uint64(c)*0x9e3779b97f4a7c15)
	return pcgState{s1, mathx.SplitMix64(s1 ^ permStream)}
}

// pcgReject finishes a bounded draw whose first product (j, frac) fell in
// Lemire's rejection zone (rare): it draws again as boundedPCG does.
//
//go:noinline
func pcgReject(st *pcgState, n, j, frac uint64) uint64 {
	if thresh := -n % n; frac < thresh {
		for frac < thresh {
			j, frac = bits.Mul64(st.next(), n)
		}
	}
	return j
}

// permuteCountInt is permuteCount on doubled integer ranks: m permutations
// from src, starting from b's order in buf.
func permuteCountInt(a, b, buf []int32, m int, src pcgState, denom, thr float64) int {
	copy(buf, b)
	n := len(a)
	buf = buf[:n]
	a = a[:n]
	hi, lo := src.hi, src.lo
	count := 0
	for range m {
		var dot int64
		for i := n - 1; i > 0; i-- {
			k := uint64(i + 1)
			var x uint64
			hi, lo, x = asm.PCGStep(hi, lo)
			j, frac := bits.Mul64(x, k)
			if frac < k {
				st := pcgState{hi, lo}
				j = pcgReject(&st, k, j, frac)
				hi, lo = st.hi, st.lo
			}
			buf[i], buf[j] = buf[j], buf[i]
			dot += int64(a[i]) * int64(buf[i])
		}
		dot += int64(a[0]) * int64(buf[0])
		if math.Abs(float64(dot)*0.25/denom) >= thr {
			count++
		}
	}
	return count
}

// permuteCountInt2 runs two chunks at once: m permutations from src1 in
// buf1 and m from src2 in buf2 (each starting from b's order), returning
// each chunk's count; the result is that of two permuteCountInt calls.
func permuteCountInt2(a, b, buf1, buf2 []int32, m int, src1, src2 pcgState, denom, thr float64) (c1, c2 int) {
	copy(buf1, b)
	copy(buf2, b)
	n := len(a)
	buf1, buf2, a = buf1[:n], buf2[:n], a[:n]
	h1, l1 := src1.hi, src1.lo
	h2, l2 := src2.hi, src2.lo
	for range m {
		var d1, d2 int64
		for i := n - 1; i > 0; i-- {
			k := uint64(i + 1)
			var x1, x2 uint64
			h1, l1, x1 = asm.PCGStep(h1, l1)
			h2, l2, x2 = asm.PCGStep(h2, l2)
			j1, f1 := bits.Mul64(x1, k)
			j2, f2 := bits.Mul64(x2, k)
			if f1 < k {
				st := pcgState{h1, l1}
				j1 = pcgReject(&st, k, j1, f1)
				h1, l1 = st.hi, st.lo
			}
			if f2 < k {
				st := pcgState{h2, l2}
				j2 = pcgReject(&st, k, j2, f2)
				h2, l2 = st.hi, st.lo
			}
			buf1[i], buf1[j1] = buf1[j1], buf1[i]
			buf2[i], buf2[j2] = buf2[j2], buf2[i]
			ai := int64(a[i])
			d1 += ai * int64(buf1[i])
			d2 += ai * int64(buf2[i])
		}
		a0 := int64(a[0])
		d1 += a0 * int64(buf1[0])
		d2 += a0 * int64(buf2[0])
		if math.Abs(float64(d1)*0.25/denom) >= thr {
			c1++
		}
		if math.Abs(float64(d2)*0.25/denom) >= thr {
			c2++
		}
	}
	return c1, c2
}
