package figure

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Font sizes and spacing of a figure.
const (
	titleSize    = 11 // the figure's title, pt
	subtitleSize = 9  // a panel's title and axis labels, pt
	tickSize     = 8  // tick labels and legend entries, pt
)

var (
	figurePad  = vg.Points(4)  // around the figure and below title and legend
	panelPad   = vg.Points(10) // between panels
	thumbWidth = vg.Points(18) // a legend entry's sample
	entryGap   = vg.Points(14) // between legend columns
)

// textStyle returns the text style of plumb's figures at size points.
func textStyle(size float64) text.Style {
	return text.Style{Color: color.Black, Font: font.From(plot.DefaultFont, vg.Points(size)), Handler: newHatText()}
}

// LegendEntry is one series of a figure's legend: its label and the
// samples drawn before it (e.g. a line and a marker).
type LegendEntry struct {
	Label  string
	Thumbs []plot.Thumbnailer
}

// legendEntry returns a legend entry.
func legendEntry(label string, thumbs ...plot.Thumbnailer) LegendEntry {
	return LegendEntry{Label: label, Thumbs: thumbs}
}

// drawLegend draws the entries in a grid of equal columns, as many as fit
// across c, centred at the top of c, in reading order; it returns the
// height used.
func drawLegend(c draw.Canvas, entries []LegendEntry) vg.Length {
	sty := textStyle(tickSize)
	em := sty.Rectangle(" ").Max.X
	var colW vg.Length
	for _, e := range entries {
		colW = max(colW, thumbWidth+em+sty.Rectangle(e.Label).Max.X)
	}
	width := c.Max.X - c.Min.X
	cols := max(1, min(len(entries), int((width+entryGap)/(colW+entryGap))))
	rows := (len(entries) + cols - 1) / cols
	rowH := sty.Height("Ag") * 1.25
	x0 := c.Center().X - (vg.Length(cols)*(colW+entryGap)-entryGap)/2
	for i, e := range entries {
		x := x0 + vg.Length(i%cols)*(colW+entryGap)
		top := c.Max.Y - vg.Length(i/cols)*rowH
		icon := &draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
			Min: vg.Point{X: x, Y: top - rowH*0.9}, Max: vg.Point{X: x + thumbWidth, Y: top - rowH*0.1}}}
		for _, t := range e.Thumbs {
			t.Thumbnail(icon)
		}
		ts := sty
		ts.YAlign = text.YCenter
		c.FillText(ts, vg.Point{X: x + thumbWidth + em, Y: top - rowH/2}, e.Label)
	}
	return vg.Length(rows) * rowH
}

// layout places the panels in c: columns of equal width and rows of the
// relative heights weights (nil: equal), with the data areas of every
// column and every row lined up (as plot.Align does for equal tiles).
func layout(panels [][]*plot.Plot, weights []float64, c draw.Canvas) [][]draw.Canvas {
	rows, cols := len(panels), len(panels[0])
	if len(weights) != rows {
		weights = make([]float64, rows)
		for i := range weights {
			weights[i] = 1
		}
	}
	var wsum float64
	for _, w := range weights {
		wsum += max(w, 0)
	}
	if wsum <= 0 {
		wsum = 1
	}
	W, H := c.Max.X-c.Min.X, c.Max.Y-c.Min.Y
	tile := func(x0, y0, w, h vg.Length) draw.Canvas {
		return draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{Min: vg.Point{X: x0, Y: y0}, Max: vg.Point{X: x0 + w, Y: y0 + h}}}
	}
	// Margins (axes, titles) of each panel, measured in an equal tile:
	// they depend on the labels, not on the size.
	margins := func(p *plot.Plot, t draw.Canvas) (l, r, b, tp vg.Length) {
		d := p.DataCanvas(t)
		return d.Min.X - t.Min.X, t.Max.X - d.Max.X, d.Min.Y - t.Min.Y, t.Max.Y - d.Max.Y
	}
	left, right := make([]vg.Length, cols), make([]vg.Length, cols)
	bottom, top := make([]vg.Length, rows), make([]vg.Length, rows)
	probe := tile(c.Min.X, c.Min.Y, (W-panelPad*vg.Length(cols-1))/vg.Length(cols), (H-panelPad*vg.Length(rows-1))/vg.Length(rows))
	for j, row := range panels {
		for i, p := range row {
			l, r, b, t := margins(p, probe)
			left[i], right[i] = max(left[i], l), max(right[i], r)
			bottom[j], top[j] = max(bottom[j], b), max(top[j], t)
		}
	}
	dataW := W - panelPad*vg.Length(cols-1)
	for i := range cols {
		dataW -= left[i] + right[i]
	}
	dataW /= vg.Length(cols)
	dataH := H - panelPad*vg.Length(rows-1)
	for j := range rows {
		dataH -= bottom[j] + top[j]
	}
	out := make([][]draw.Canvas, rows)
	y := c.Max.Y
	for j, row := range panels {
		h := dataH * vg.Length(max(weights[j], 0)/wsum)
		y -= top[j] + h + bottom[j]
		out[j] = make([]draw.Canvas, cols)
		x := c.Min.X
		for i, p := range row {
			t := tile(x, y, left[i]+dataW+right[i], top[j]+h+bottom[j])
			// Crop to this panel's own margins so its data area starts
			// where the column's does.
			l, r, b, tp := margins(p, t)
			out[j][i] = draw.Crop(t, left[i]-l, r-right[i], bottom[j]-b, tp-top[j])
			x += left[i] + dataW + right[i] + panelPad
		}
		y -= panelPad
	}
	return out
}
