package mathx

import "math"

// MaxOf returns the largest element of d (−Inf for none; NaNs skipped).
func MaxOf(d []float64) float64 {
	mx := math.Inf(-1)
	for _, v := range d {
		if v > mx {
			mx = v
		}
	}
	return mx
}
