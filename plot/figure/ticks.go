package figure

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// roundTicks is plumb's tick marker (plot.Ticker): labelled ticks at whole
// multiples of a round step — 1, 2 or 5 times a power of ten, giving 2 to
// 6 labels — so 0 is a labelled tick whenever the axis spans it, every
// label has the step's number of decimals ("0.0, 0.5, 1.0"), and an
// unlabelled minor tick halves each step. NoLabels keeps the ticks and
// drops the labels (a panel whose x axis the panel below labels).
type roundTicks struct {
	NoLabels bool
}

// Ticks implements plot.Ticker.
func (t roundTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return nil
	}
	step, dec := roundStep(hi - lo)
	var out []plot.Tick
	first, last := math.Ceil(lo/step*2-1e-9), math.Floor(hi/step*2+1e-9)
	if last-first > 1000 {
		return nil
	}
	for k := first; k <= last; k++ {
		v := k * step / 2
		if v == 0 {
			v = 0 // no "-0"
		}
		tick := plot.Tick{Value: v}
		if int64(k)%2 == 0 && !t.NoLabels {
			tick.Label = strconv.FormatFloat(v, 'f', dec, 64)
		}
		out = append(out, tick)
	}
	return out
}

// roundStep returns the labelled-tick step for an axis spanning span — the
// largest of 1, 2 and 5 times a power of ten that gives at least two
// steps — and the decimals that print its multiples exactly.
func roundStep(span float64) (step float64, decimals int) {
	e := math.Floor(math.Log10(span))
	for {
		for _, m := range []float64{5, 2, 1} {
			step = m * math.Pow(10, e)
			if span/step >= 2 {
				return step, max(0, int(-e))
			}
		}
		e--
	}
}
