package present

import (
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/bootstrap"
)

// TestChangeDecimals: a change whose interval excludes 0 gets decimals
// until neither it nor the interval's end nearest 0 prints as zero; one
// whose interval contains 0, or that has none, keeps the column's.
func TestChangeDecimals(t *testing.T) {
	iv := func(lo, hi float64) bootstrap.Interval {
		return bootstrap.Interval{CI: &calib.Interval{Lower: lo, Upper: hi}}
	}
	for _, c := range []struct {
		delta bootstrap.Interval
		d     float64
		dec   int
		want  int
	}{
		{iv(-0.0006, -0.0003), -0.00045, 3, 4},
		{iv(-0.0002, -0.00004), -0.00013, 3, 5},
		{iv(0.02, 0.1), 0.05, 3, 3},
		{iv(-0.001, 0.002), 0.0001, 3, 3},     // within noise: ±0 is honest
		{bootstrap.Interval{}, 0.00001, 3, 3}, // no interval, no mark
		{iv(1e-15, 2e-15), 1.5e-15, 3, MaxChangeDecimals},
		{iv(0.004, 0.3), 0.1, 2, 3}, // RStd's two decimals: the lower end 0.004 needs three
	} {
		if got := ChangeDecimals(c.delta, c.d, c.dec); got != c.want {
			t.Errorf("ChangeDecimals(%v, %v, %d) = %d, want %d", c.delta.CI, c.d, c.dec, got, c.want)
		}
	}
}
