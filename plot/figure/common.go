package figure

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// newPlot returns a plot with plumb's common look: title, axis labels,
// a light grid and the legend at the top left.
func newPlot(title, xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(11)
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size = vg.Points(9)
		a.Tick.Label.Font.Size = vg.Points(8)
	}
	p.Legend.TextStyle.Font.Size = vg.Points(8)
	p.Legend.Top = true
	p.Legend.Left = true
	p.Legend.Padding = vg.Points(1)
	g := plotter.NewGrid()
	g.Vertical.Color = color.NRGBA{0xe5, 0xe5, 0xe5, 0xff}
	g.Horizontal.Color = g.Vertical.Color
	p.Add(g)
	return p
}

// line returns a line plotter in the i-th series style.
func line(xys plotter.XYs, i int) *plotter.Line {
	l := &plotter.Line{XYs: xys, LineStyle: lineStyle(i)}
	return l
}

// refLine returns a thin grey dashed line through the points.
func refLine(xys plotter.XYs) *plotter.Line {
	return &plotter.Line{XYs: xys, LineStyle: draw.LineStyle{Color: grey, Width: vg.Points(0.8), Dashes: []vg.Length{vg.Points(3), vg.Points(3)}}}
}

// scatter returns a scatter plotter in the i-th series glyph style.
func scatter(xys plotter.XYs, i int, radius vg.Length) *plotter.Scatter {
	return &plotter.Scatter{XYs: xys, GlyphStyle: glyphStyle(i, radius)}
}

// finite reports whether every value is a finite number.
func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// pct formats a share as a percentage.
func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

// unitTicks marks 0, 0.25, 0.5, 0.75 and 1 only, for an axis that has room
// above 1 for a legend.
type unitTicks struct{}

// Ticks implements plot.Ticker.
func (unitTicks) Ticks(_, _ float64) []plot.Tick {
	return []plot.Tick{{Value: 0, Label: "0"}, {Value: 0.25}, {Value: 0.5, Label: "0.5"}, {Value: 0.75}, {Value: 1, Label: "1"}}
}
