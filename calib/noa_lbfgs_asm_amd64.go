//go:build !noasm && !gccgo && !safe

package calib

// axpyToDot sets p = src + alpha·x and returns dot(q, p) (src may be p);
// x, src and q must be at least as long as p (SSE2, noa_lbfgs_amd64.s).
//
//go:noescape
func axpyToDot(alpha float64, x, src, p, q []float64) float64

// expSumPairs is the SSE2 loop of expSum (noa_exp_amd64.s).
//
//go:noescape
func expSumPairs(d []float64, mx float64, w []float64, s float64, c *[10][2]float64, tab *[64]float64) (sum float64, done int)

// expSum sets w_i = expNonPos(d_i − mx) and returns Σ w_i summed in order,
// two exponentials at a time with expNonPos's exact operations; elements
// below −708 or NaN (and an odd last one) go through expNonPos itself.
func expSum(d []float64, mx float64, w []float64) float64 {
	w = w[:len(d)]
	s := 0.0
	i := 0
	for i < len(d) {
		var n int
		s, n = expSumPairs(d[i:], mx, w[i:], s, &expPairConsts, &exp2Table)
		i += n
		if i < len(d) {
			e := expNonPos(d[i] - mx)
			w[i] = e
			s += e
			i++
		}
	}
	return s
}

// kernelsMatchGonum is true where floats.Dot and floats.AddScaled run
// gonum's amd64 assembly, whose order of summation the fused kernels
// reproduce (so the fit's bits equal those of the unfused code).
const kernelsMatchGonum = true
