//go:build !noasm && !gccgo && !safe

package asm

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

// KernelsMatchGonum is true where floats.Dot and floats.AddScaled run
// gonum's amd64 assembly, whose order of summation the fused kernels
// reproduce (so the fit's bits equal those of the unfused code).
const KernelsMatchGonum = true
