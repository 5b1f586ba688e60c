package style

import (
	"math"
	"testing"
)

// TestWilsonIntervalPublished: Newcombe (1998), "Two-sided confidence
// intervals for the single proportion: comparison of seven methods",
// Statistics in Medicine 17, Table I, method 3 (score interval without
// continuity correction): 81/263 → 0.2553–0.3662, 15/148 → 0.0624–0.1605,
// 0/20 → 0–0.1611, 1/29 → 0.0061–0.1718 (4 decimals as published).
func TestWilsonIntervalPublished(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{{81, 263, 0.2553, 0.3662}, {15, 148, 0.0624, 0.1605}, {0, 20, 0, 0.1611}, {1, 29, 0.0061, 0.1718}} {
		iv, ok := WilsonInterval(float64(c.k)/float64(c.n), c.n, 0.95)
		if !ok || math.Abs(iv.Lower-c.lo) > 5e-5 || math.Abs(iv.Upper-c.hi) > 5e-5 {
			t.Errorf("%d/%d: [%.5f, %.5f], Newcombe gives [%.4f, %.4f]", c.k, c.n, iv.Lower, iv.Upper, c.lo, c.hi)
		}
	}
	if _, ok := WilsonInterval(0.5, 0, 0.95); ok {
		t.Error("an interval over no items")
	}
}
