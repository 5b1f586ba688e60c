//go:build !noasm && !gccgo && !safe

package asm

import (
	"golang.org/x/sys/cpu"
)

// AxpyToDot sets p = src + alpha·x and returns dot(q, p) (src may be p);
// x, src and q must be at least as long as p (SSE2, axpytodot_amd64.s).
// It is
//
//	n := len(p)
//	var s [4]float64
//	for i := range n {
//		p[i] = src[i] + float64(alpha*x[i]) // the product rounded, then the sum
//		lane := i % 4
//		if i >= n&^3 {
//			lane = 0 // the 1–3 trailing elements
//		}
//		s[lane] += float64(q[i] * p[i])
//	}
//	return (s[0] + s[2]) + (s[1] + s[3])
//
// exactly: axpyToDotGo.
//
//go:noescape
func AxpyToDot(alpha float64, x, src, p, q []float64) float64

// expSumPairs is the SSE2 loop of ExpSum (expsum_amd64.s): for i = 0, 2,
// 4, … while two elements are left and both are ≥ −708 after subtracting
// mx,
//
//	w[i], w[i+1] = ExpNonPos(d[i]-mx), ExpNonPos(d[i+1]-mx) // two lanes
//	s += w[i]
//	s += w[i+1]
//
// returning s and the number of elements done.
//
//go:noescape
func expSumPairs(d []float64, mx float64, w []float64, s float64, c *[10][2]float64, tab *[64]float64) (sum float64, done int)

// ExpSum sets w_i = ExpNonPos(d_i − mx) and returns Σ w_i summed in order,
// two exponentials at a time with ExpNonPos's exact operations; elements
// below −708 or NaN (and an odd last one) go through ExpNonPos itself. It
// is
//
//	s := 0.0
//	for i, v := range d {
//		w[i] = ExpNonPos(v - mx)
//		s += w[i]
//	}
//	return s
//
// exactly: expSumGo.
func ExpSum(d []float64, mx float64, w []float64) float64 {
	w = w[:len(d)]
	s := 0.0
	i := 0
	for i < len(d) {
		var n int
		s, n = expSumPairs(d[i:], mx, w[i:], s, &expPairConsts, &exp2Table)
		i += n
		if i < len(d) {
			e := ExpNonPos(d[i] - mx)
			w[i] = e
			s += e
			i++
		}
	}
	return s
}

// PermSteps4 takes steps i = i0, i0−1, …, stop+1 of four Fisher–Yates
// shuffles at once (permsteps4_amd64.s, AVX-512 F, DQ and VL): lane q is
// buf[q·n : (q+1)·n], its PCG's state st[q] (high word) and st[4+q] (low
// word), its running sum dots[q]. It stops before the first step whose
// draw falls in Lemire's rejection zone in any lane, returning that step's
// i with every lane as it was before it, or stop when every step was taken.
// It is
//
//	for i := i0; i > stop; i-- {
//		k := uint64(i + 1)
//		var hi, lo, x [4]uint64
//		for q := range 4 {
//			hi[q], lo[q], x[q] = PCGStep(st[q], st[4+q])
//			if _, frac := bits.Mul64(x[q], k); frac < k {
//				return i // Lemire's rejection zone: the caller takes step i
//			}
//		}
//		for q := range 4 {
//			st[q], st[4+q] = hi[q], lo[q]
//			j, _ := bits.Mul64(x[q], k) // Lemire's draw in [0, i]
//			l := buf[q*n : (q+1)*n]
//			l[i], l[j] = l[j], l[i]
//			dots[q] += int64(a[i]) * int64(l[i])
//		}
//	}
//	return stop
//
// exactly: permSteps4Go. The generators run in the four lanes of one
// vector, the swaps and sums are scalar. It reads a[:n] and buf[:4n]
// without bounds checks: the caller guarantees the lengths, 0 ≤ stop and
// i0 < n < 2³¹. Only a CPU with HavePermSteps4 may run it.
//
//go:noescape
func PermSteps4(a, buf []int32, n, i0, stop int, st *[8]uint64, dots *[4]int64) int

// HavePermSteps4 is true when this CPU runs PermSteps4's assembly: AVX-512
// F, DQ (the 64-bit multiply) and VL (on 256-bit vectors), with the OS
// saving their state (x/sys/cpu checks both). Set once at start-up, never
// changed.
var HavePermSteps4 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512DQ && cpu.X86.HasAVX512VL

// PermSteps4Runs is true when PermSteps4 may be called on this CPU (tests
// skip it otherwise): here, where it is the assembly, HavePermSteps4.
var PermSteps4Runs = HavePermSteps4

// KernelsMatchGonum is true where floats.Dot and floats.AddScaled run
// gonum's amd64 assembly, whose order of summation the fused kernels
// reproduce (so the fit's bits equal those of the unfused code).
const KernelsMatchGonum = true
