//go:build !amd64 || noasm || gccgo || safe

package calib

// axpyToDot sets p = src + alpha·x and returns dot(q, p) (src may be p).
func axpyToDot(alpha float64, x, src, p, q []float64) float64 {
	return axpyToDotGo(alpha, x, src, p, q)
}
