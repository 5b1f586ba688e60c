//go:build !amd64 || noasm || gccgo || safe

package calib

// axpyToDot sets p = src + alpha·x and returns dot(q, p) (src may be p).
func axpyToDot(alpha float64, x, src, p, q []float64) float64 {
	return axpyToDotGo(alpha, x, src, p, q)
}

// expSum sets w_i = expNonPos(d_i − mx) and returns Σ w_i summed in order.
func expSum(d []float64, mx float64, w []float64) float64 { return expSumGo(d, mx, w) }

// kernelsMatchGonum is false here: gonum's pure-Go floats.Dot sums in
// order, while the fused kernels keep the four lanes of its amd64
// assembly, so fits agree with the unfused code only to rounding.
const kernelsMatchGonum = false
