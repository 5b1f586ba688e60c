package figure

import (
	"fmt"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/plumb-eval/plumb/calib"
)

// CurveSeries is one calibration map to draw, e.g. one λ or one solver.
type CurveSeries struct {
	Label string
	Curve *calib.Curve
}

// histBins is the number of bins of the P(A) histogram, and histTop the
// height (on the [0, 1] probability axis) of its tallest bar.
const (
	histBins = 20
	histTop  = 0.2
)

// maxCurvePoints bounds the points drawn per curve: a curve with more knots
// is drawn at this many evenly spaced points (a visual simplification only;
// every drawn point is exact).
const maxCurvePoints = 2001

// GCurve draws calibration maps g* against observed P(A) with the diagonal
// (no calibration) and, along the bottom, the histogram of the judge's
// observed P(A) so a reader sees where the map is supported by data.
func GCurve(name, judge string, curves []CurveSeries, observed []float64) Figure {
	p := newPlot("Learned calibration map g* — "+judge,
		"observed P(A) (probability of the option labelled A)", "calibrated P(A) = g*(P(A))")
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1

	var caption strings.Builder
	fmt.Fprintf(&caption, "Calibration map g* of judge %s: the judge's observed probability of answer A (x) and what CalibraEval maps it to (y). ", judge)
	if n, top := histogram(p, observed); n > 0 {
		fmt.Fprintf(&caption, "Grey bars: histogram of the %d observed P(A) values in %d bins of width %.2f; the tallest bar holds %d values (drawn at height %.1f). ", n, histBins, 1.0/histBins, top, histTop)
	}
	diag := refLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}})
	p.Add(diag)
	p.Legend.Add("identity (no calibration)", diag)
	for i, cs := range curves {
		if cs.Curve == nil {
			continue
		}
		l := line(curveXYs(cs.Curve), i)
		p.Add(l)
		p.Legend.Add(cs.Label, l)
		fmt.Fprintf(&caption, "Line %d (%s): g* %s. ", i+1, seriesName(i), cs.Label)
	}
	caption.WriteString("A map below the diagonal lowers P(A) (it corrects a judge that favours A); a nearly flat map has collapsed and carries no information about the items.")
	return single(name, caption.String(), p)
}

// seriesName describes the i-th series style in words for captions.
func seriesName(i int) string {
	colours := []string{"black", "orange", "sky blue", "green", "blue", "vermillion", "purple", "yellow"}
	dashes := []string{"solid", "dashed", "dotted", "dash-dot", "long-dashed"}
	return colours[i%len(colours)] + ", " + dashes[i%len(dashes)]
}

// curveXYs returns the points of c from 0 to 1, held flat outside its knots.
func curveXYs(c *calib.Curve) plotter.XYs {
	n := min(len(c.Z), len(c.G))
	if n == 0 {
		return plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}}
	}
	if n+2 > maxCurvePoints {
		xys := make(plotter.XYs, maxCurvePoints)
		for i := range xys {
			x := float64(i) / float64(maxCurvePoints-1)
			xys[i] = plotter.XY{X: x, Y: c.Apply(x)}
		}
		return xys
	}
	xys := make(plotter.XYs, 0, n+2)
	if c.Z[0] > 0 {
		xys = append(xys, plotter.XY{X: 0, Y: c.G[0]})
	}
	for i := range n {
		if finite(c.Z[i], c.G[i]) {
			xys = append(xys, plotter.XY{X: c.Z[i], Y: c.G[i]})
		}
	}
	if c.Z[n-1] < 1 {
		xys = append(xys, plotter.XY{X: 1, Y: c.G[n-1]})
	}
	return xys
}

// histogram adds the histogram of observed values (in [0, 1]) scaled so
// that its tallest bar has height histTop; it returns how many values were
// counted and the tallest bar's count.
func histogram(p *plot.Plot, observed []float64) (n, top int) {
	var counts [histBins]int
	for _, v := range observed {
		if !finite(v) || v < 0 || v > 1 {
			continue
		}
		b := min(int(v*histBins), histBins-1)
		counts[b]++
		n++
	}
	if n == 0 {
		return 0, 0
	}
	for _, c := range counts {
		top = max(top, c)
	}
	h := &plotter.Histogram{Width: 1.0 / histBins, FillColor: lightGrey,
		LineStyle: draw.LineStyle{Color: grey, Width: vg.Points(0.4)}}
	for i, c := range counts {
		lo := float64(i) / histBins
		h.Bins = append(h.Bins, plotter.HistogramBin{Min: lo, Max: lo + 1.0/histBins, Weight: histTop * float64(c) / float64(top)})
	}
	p.Add(h)
	return n, top
}
