package style

import (
	"math"

	"github.com/plumb-eval/plumb/calib"
)

// BinMinHalfSpan is the least distance from 0.5 a chart of the bins'
// preferences covers on each side: with it, and every bin's interval
// inside the axis, a few points of noise never fill the chart's height.
const BinMinHalfSpan = 0.1

// WilsonInterval is the Wilson score interval at the given level of a bin's
// mean preference p over n items (docs/methods.md §8): with z the normal
// quantile, (p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n). For hard
// choices it is the Wilson interval of the proportion; for soft
// preferences in [0, 1] the variance of one item is at most p(1−p)
// (Bhatia–Davis), so the interval is conservative — wider than one from
// the items' own variance — and needs only the bin's count and mean,
// which LengthBin holds. ok is false when n < 1.
func WilsonInterval(p float64, n int, level float64) (iv calib.Interval, ok bool) {
	if n < 1 || math.IsNaN(p) {
		return calib.Interval{}, false
	}
	p = min(1, max(0, p))
	z := normalQuantile(0.5 + level/2)
	fn := float64(n)
	den := 1 + z*z/fn
	mid := (p + z*z/(2*fn)) / den
	half := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn)) / den
	return calib.Interval{Lower: max(0, mid-half), Upper: min(1, mid+half), Level: level}, true
}

// normalQuantile is the standard normal quantile Φ⁻¹(q), 0 < q < 1.
func normalQuantile(q float64) float64 { return math.Sqrt2 * math.Erfinv(2*q-1) }
