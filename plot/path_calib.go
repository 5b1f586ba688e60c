package plot

import (
	"math"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/metrics"
)

// PathSeriesOf returns the series PathChart draws for CalibraEval's fit
// path, over all items or, when heldout, over the held-out items (nil when
// the path has none): the objective L/K rescaled to the y axis (·), accuracy
// (mean over arrangements; a, best A; only when some item has gold), RStd/100
// (r, best R = lowest), Fleiss' κ (κ, best K) and ICC(2,k) (box lines, best
// I), drawn in that order so that ICC(2,k) is on top. Undefined values
// leave gaps. A series with no defined value is left out.
func PathSeriesOf(p *calibraeval.Path, heldout bool) []PathSeries {
	if p == nil || len(p.Points) == 0 {
		return nil
	}
	peak := p.Peak
	if heldout {
		if p.Points[0].Heldout == nil {
			return nil
		}
		peak = p.HeldoutPeak()
	}
	metric := func(i int) *metrics.Metrics {
		if heldout {
			return p.Points[i].Heldout
		}
		return &p.Points[i].All
	}
	n := len(p.Points)
	var out []PathSeries
	obj := make([]float64, n)
	for i, pt := range p.Points {
		obj[i] = pt.Objective
	}
	out = append(out, PathSeries{Label: "objective (rescaled)", Short: "L/K scaled", Glyph: '·', Ys: obj, Rescale: true})
	add := func(label, shortLabel string, g, pk rune, key string, get func(*metrics.Metrics) calib.Stat, scale float64) {
		ys := make([]float64, n)
		some := false
		for i := range ys {
			ys[i] = math.NaN()
			if m := metric(i); m != nil {
				if s := get(m); s.OK() {
					ys[i] = s.Value * scale
					some = true
				}
			}
		}
		if !some {
			return
		}
		s := PathSeries{Label: label, Short: shortLabel, Glyph: g, Ys: ys}
		if i, ok := peak[key]; ok {
			s.Peak, s.PeakAt = pk, i
		}
		out = append(out, s)
	}
	add("accuracy", "acc", 'a', 'A', calibraeval.PeakAccuracy, func(m *metrics.Metrics) calib.Stat { return m.AccuracyMean }, 1)
	add("RStd/100", "", 'r', 'R', calibraeval.PeakRStd, func(m *metrics.Metrics) calib.Stat { return m.RStd }, 0.01)
	add("κ", "", 'κ', 'K', calibraeval.PeakKappa, func(m *metrics.Metrics) calib.Stat { return m.FleissKappa }, 1)
	add("ICC(2,k)", "ICC", 0, 'I', calibraeval.PeakICC2k, func(m *metrics.Metrics) calib.Stat { return m.ICC2k }, 1)
	return out
}
