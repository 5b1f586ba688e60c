package sim

import (
	"github.com/plumb-eval/plumb/model"

	"math"
	"strconv"
)

func fmtG(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func meanSD(x []float64) (mean, sd float64) {
	for _, v := range x {
		mean += v
	}
	mean /= float64(len(x))
	for _, v := range x {
		sd += (v - mean) * (v - mean)
	}
	return mean, math.Sqrt(sd / float64(len(x)-1))
}

func pearson(x, y []float64) float64 {
	mx, sx := meanSD(x)
	my, sy := meanSD(y)
	s := 0.0
	for i := range x {
		s += (x[i] - mx) * (y[i] - my)
	}
	return s / float64(len(x)-1) / (sx * sy)
}

// discard is a Sink that drops every record.
type discard struct{}

func (discard) WritePair(*model.Pair) error       { return nil }
func (discard) WriteScore(*model.Score) error     { return nil }
func (discard) WriteVerdict(*model.Verdict) error { return nil }
