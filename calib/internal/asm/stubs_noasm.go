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

// KernelsMatchGonum is false here: gonum's pure-Go floats.Dot sums in
// order, while the fused kernels keep the four lanes of its amd64
// assembly, so fits agree with the unfused code only to rounding.
const KernelsMatchGonum = false
