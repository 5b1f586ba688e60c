//go:build !amd64 || noasm || gccgo || safe

package asm

// AxpyToDot sets p = src + alpha·x and returns dot(q, p) (src may be p):
// axpyToDotGo, where the assembly is not built.
func AxpyToDot(alpha float64, x, src, p, q []float64) float64 {
	return axpyToDotGo(alpha, x, src, p, q)
}

// ExpSum sets w_i = ExpNonPos(d_i − mx) and returns Σ w_i summed in order:
// expSumGo, where the assembly is not built.
func ExpSum(d []float64, mx float64, w []float64) float64 { return expSumGo(d, mx, w) }

// PermSteps4 takes steps i0 down to stop+1 of four Fisher–Yates shuffles,
// stopping before a step in Lemire's rejection zone: permSteps4Go, where
// the assembly is not built.
func PermSteps4(a, buf []int32, n, i0, stop int, st *[8]uint64, dots *[4]int64) int {
	return permSteps4Go(a, buf, n, i0, stop, st, dots)
}

// HavePermSteps4 is false: without the vector loop, two chunks at a time
// (calib/likelihood's permuteCountInt2) are faster than four.
const HavePermSteps4 = false

// PermSteps4Runs is true: PermSteps4 is Go and runs anywhere.
const PermSteps4Runs = true

// KernelsMatchGonum is false here: gonum's pure-Go floats.Dot sums in
// order, while the fused kernels keep the four lanes of its amd64
// assembly, so fits agree with the unfused code only to rounding.
const KernelsMatchGonum = false
