package figure

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// newPlot returns a panel with plumb's common look: its title (a panel's
// subtitle; single lifts a one-panel figure's to the figure's title), axis
// labels, ticks at round values (roundTicks), a light grid, and every text
// drawn by hatText (θ̂ and p̂ with their hats). The figure's legend is
// drawn once above the panels (Figure.Legend), not in the panel.
func newPlot(title, xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle = textStyle(subtitleSize)
	p.Title.TextStyle.XAlign, p.Title.TextStyle.YAlign = text.XCenter, text.YTop
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		rot, xa, ya := a.Label.TextStyle.Rotation, a.Label.TextStyle.XAlign, a.Label.TextStyle.YAlign
		a.Label.TextStyle = textStyle(subtitleSize)
		a.Label.TextStyle.Rotation, a.Label.TextStyle.XAlign, a.Label.TextStyle.YAlign = rot, xa, ya
		xa, ya = a.Tick.Label.XAlign, a.Tick.Label.YAlign
		a.Tick.Label = textStyle(tickSize)
		a.Tick.Label.XAlign, a.Tick.Label.YAlign = xa, ya
		a.Tick.Marker = roundTicks{}
	}
	// A panel legend, for figures that draw one in the panel (Figure.Legend
	// is the figure's): top left, small.
	p.Legend = plot.NewLegend()
	p.Legend.TextStyle = textStyle(tickSize)
	p.Legend.Top, p.Legend.Left = true, true
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

// unitTicks marks 0, 0.25, 0.5, 0.75 and 1 only (labels at 0, 0.5 and 1),
// for a [0, 1] axis that has room above 1 for a panel legend; roundTicks
// is the default.
type unitTicks struct{}

// Ticks implements plot.Ticker.
func (unitTicks) Ticks(_, _ float64) []plot.Tick {
	return []plot.Tick{{Value: 0, Label: "0"}, {Value: 0.25}, {Value: 0.5, Label: "0.5"}, {Value: 0.75}, {Value: 1, Label: "1"}}
}
