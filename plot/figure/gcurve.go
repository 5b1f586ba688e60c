package figure

import (
	"fmt"
	"image/color"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/internal/textsafe"
)

// CurveSeries is one calibration map to draw, e.g. one λ or one solver.
type CurveSeries struct {
	Label string
	// Series is the curve's colour and dash: its method's (MethodSeries),
	// so a method looks the same in every figure.
	Series int
	Curve  *calib.Curve
}

// histBins is the number of bins of the P(A) histogram.
const histBins = 20

// identityGrey is the colour of the identity line (luminance 0.051).
var identityGrey = color.NRGBA{0x40, 0x40, 0x40, 0xff}

// maxCurvePoints bounds the points drawn per curve: a curve with more knots
// is drawn at this many evenly spaced points (a visual simplification only;
// every drawn point is exact).
const maxCurvePoints = 2001

// GCurve draws calibration maps g* against observed P(A) with the diagonal
// (no calibration) and, in a panel below on the same x axis, the histogram
// of the judge's observed P(A) (its own count axis), so a reader sees where
// the map is supported by data.
func GCurve(name, judge string, curves []CurveSeries, observed []float64) Figure {
	judge = textsafe.Line(judge)
	xlabel := "observed P(A) (probability of the option labelled A)"
	p := newPlot("", xlabel, "calibrated P(A) = g*(P(A))")
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1
	var legend []LegendEntry

	var caption strings.Builder
	fmt.Fprintf(&caption, "Calibration map g* of judge %s: the judge's observed probability of answer A (x) and what CalibraEval maps it to (y). ", judge)
	// The identity is thin, finely dashed and near black: no method's
	// curve (CalibraEval orange, its published code reddish purple) is
	// near it in shade.
	diag := &plotter.Line{XYs: plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}},
		LineStyle: draw.LineStyle{Color: identityGrey, Width: vg.Points(0.8), Dashes: []vg.Length{vg.Points(2), vg.Points(2)}}}
	p.Add(diag)
	legend = append(legend, legendEntry("identity (no calibration)", diag))
	for i, cs := range curves {
		if cs.Curve == nil {
			continue
		}
		l := line(curveXYs(cs.Curve), cs.Series)
		p.Add(l)
		legend = append(legend, legendEntry(cs.Label, l))
		fmt.Fprintf(&caption, "Line %d (%s): g* %s. ", i+1, seriesName(cs.Series), cs.Label)
	}
	caption.WriteString("A map below the diagonal lowers P(A) (it corrects a judge that favours A); a nearly flat map has collapsed and carries no information about the items. ")
	f := Figure{Name: name, Title: "Learned calibration map g* — " + judge, Legend: legend}
	if h, n, top := histogram(observed, xlabel); n > 0 {
		p.X.Label.Text = ""
		p.X.Tick.Marker = roundTicks{NoLabels: true}
		f.Panels, f.RowHeights, f.HeightScale = [][]*plot.Plot{{p}, {h}}, []float64{3, 1}, 1.25
		fmt.Fprintf(&caption, "Lower panel: histogram of the %d observed P(A) values in %d bins of width %.2f (the tallest holds %d).", n, histBins, 1.0/histBins, top)
	} else {
		f.Panels = [][]*plot.Plot{{p}}
	}
	f.Caption = caption.String()
	return f
}

// seriesName describes the i-th series line style in words for captions.
func seriesName(i int) string {
	return colourNames[i%len(colourNames)] + ", " + dashNames[i%len(dashNames)]
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

// histogram returns a panel with the histogram of the observed values in
// [0, 1] on a count axis, how many values it counts and the tallest bar's
// count (n = 0: no panel).
func histogram(observed []float64, xlabel string) (p *plot.Plot, n, top int) {
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
		return nil, 0, 0
	}
	h := &plotter.Histogram{Width: 1.0 / histBins, FillColor: lightGrey,
		LineStyle: draw.LineStyle{Color: grey, Width: vg.Points(0.4)}}
	for i, c := range counts {
		top = max(top, c)
		lo := float64(i) / histBins
		h.Bins = append(h.Bins, plotter.HistogramBin{Min: lo, Max: lo + 1.0/histBins, Weight: float64(c)})
	}
	p = newPlot("", xlabel, "count")
	p.Add(h)
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, float64(top)*1.05
	return p, n, top
}
