package figure

import (
	"fmt"
	"image/color"
	"strings"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/internal/textsafe"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// SplitMark is one named split of the calibration budget.
type SplitMark struct {
	Label string
	Split reporting.SplitWidth
}

// SplitMarks returns the splits of r in the order plumb's report lists them,
// labelled with labels (current, equal, exact, approx, adaptive, best).
func SplitMarks(r *reporting.Result, labels [6]string) []SplitMark {
	s := r.Splits
	return []SplitMark{
		{labels[0], s.Current}, {labels[1], s.Equal}, {labels[2], s.Exact},
		{labels[3], s.Approx}, {labels[4], s.Adaptive}, {labels[5], s.Best},
	}
}

// CIWidth draws the width of the bias-corrected rate's confidence interval
// against m0, the calibration items with z = 0 (the rest of the budget, m1,
// have z = 1), with each named split marked. The y axis is zoomed to the
// curve so that differences between the splits are visible.
func CIWidth(name, judge string, r *reporting.Result, marks []SplitMark, alpha float64) Figure {
	judge = textsafe.Line(judge)
	p := newPlot(fmt.Sprintf("CI width against the budget split — %s", judge),
		fmt.Sprintf("m0 = calibration items with z = 0 (m1 = %d − m0)", r.Budget), fmt.Sprintf("width of the %.0f%% CI of the %s %s", 100*(1-alpha), vocab.CorrectedRate, vocab.CorrectedRateSym))
	var caption strings.Builder
	fmt.Fprintf(&caption, "Width of the %.0f%% confidence interval of judge %s's %s %s (Lee et al. 2025) for each split of a calibration budget of %d labelled items into m0 with z = 0 and m1 with z = 1, at the observed p̂, q̂0, q̂1 and test size. ", 100*(1-alpha), judge, vocab.CorrectedRate, vocab.CorrectedRateSym, r.Budget)
	xys := make(plotter.XYs, 0, len(r.WidthCurve))
	for _, sw := range r.WidthCurve {
		if sw.Width.OK() && finite(sw.Width.Value) {
			xys = append(xys, plotter.XY{X: float64(sw.M0), Y: sw.Width.Value})
		}
	}
	var legend []LegendEntry
	if len(xys) > 1 {
		// The curve is the background the splits sit on: dark grey, so
		// the marks keep the palette.
		l := &plotter.Line{XYs: xys, LineStyle: draw.LineStyle{Color: curveGrey, Width: vg.Points(1.2)}}
		p.Add(l)
		legend = append(legend, legendEntry("CI width", l))
	}
	var parts []string
	lo, hi, first := 0.0, 0.0, true
	for i, m := range marks {
		if !m.Split.Width.OK() {
			parts = append(parts, fmt.Sprintf("%s: undefined (%s)", m.Label, m.Split.Width.Reason))
			continue
		}
		w := m.Split.Width.Value
		if first {
			lo, hi, first = w, w, false
		}
		lo, hi = min(lo, w), max(hi, w)
		s := scatter(plotter.XYs{{X: float64(m.Split.M0), Y: w}}, i, vg.Points(4))
		p.Add(s)
		legend = append(legend, legendEntry(fmt.Sprintf("%s (m0 = %d, %.4f)", m.Label, m.Split.M0, w), s))
		parts = append(parts, fmt.Sprintf("%s (%s %s) m0 = %d, m1 = %d, width %.4f", m.Label, colourNames[i%len(colourNames)], markNames[i%len(markNames)], m.Split.M0, m.Split.M1, w))
	}
	if !first {
		// Zoom around the marked splits, with room for the curve between
		// them.
		lo0, hi0 := float64(r.Budget), 0.0
		for _, m := range marks {
			if m.Split.Width.OK() {
				lo0, hi0 = min(lo0, float64(m.Split.M0)), max(hi0, float64(m.Split.M0))
			}
		}
		xpad := max(0.25*(hi0-lo0), 0.05*float64(r.Budget), 1)
		p.X.Min, p.X.Max = max(0, lo0-xpad), min(float64(r.Budget), hi0+xpad)
		top := hi
		for _, q := range xys {
			if q.X >= p.X.Min && q.X <= p.X.Max {
				top = max(top, q.Y)
			}
		}
		pad := max(0.1*(top-lo), 0.02*hi, 1e-4)
		p.Y.Min, p.Y.Max = max(0, lo-pad), top+pad
		fmt.Fprintf(&caption, "The axes are zoomed to the marked splits. ")
	}
	fmt.Fprintf(&caption, "Marked splits: %s.", strings.Join(parts, "; "))
	return single(name, caption.String(), p, legend)
}

// curveGrey is the colour of a curve that is the background of marks.
var curveGrey = color.NRGBA{0x55, 0x55, 0x55, 0xff}
