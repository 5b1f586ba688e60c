//go:build !noasm && !gccgo && !safe

package calib

// axpyToDot sets p = src + alpha·x and returns dot(q, p) (src may be p);
// x, src and q must be at least as long as p (SSE2, noa_lbfgs_amd64.s).
//
//go:noescape
func axpyToDot(alpha float64, x, src, p, q []float64) float64
