package plot

import (
	"fmt"
	"math"
	"strings"
)

// Point is a data point.
type Point struct{ X, Y float64 }

// ScatterOptions configures Scatter.
type ScatterOptions struct {
	Width, Height  int     // whole chart incl. axes and labels
	XLabel, YLabel string  // e.g. "LS", "US"
	Highlight      []Point // drawn as HighlightGlyph on their cell (e.g. top-RS items)
	HighlightGlyph rune    // default '◆'
	HighlightLabel string  // legend text for the highlighted points; default "highlighted"
	Trend          bool    // least-squares line y = a + b·x drawn in braille over the x range
}

// Scatter draws pts in braille on one canvas (all points set first, rendered
// once), with a y axis (min/max tick labels, YLabel between them) on the left,
// an x axis with min/max tick labels and XLabel below, and optionally the
// least-squares trend line. A caption line names the trend fit and the
// highlight glyph when there is room. Non-finite points are skipped. The result
// has exactly Height lines of exactly Width cells ("" when either is < 1).
func Scatter(pts []Point, o ScatterOptions) string {
	w, h := o.Width, o.Height
	if w < 1 || h < 1 {
		return ""
	}
	hg := glyph(o.HighlightGlyph, '◆')

	// Data range over the points and the highlights, so every mark is inside.
	xr, yr := newRange(), newRange()
	n := 0
	for _, p := range pts {
		if finite(p.X) && finite(p.Y) {
			xr.add(p.X)
			yr.add(p.Y)
			n++
		}
	}
	for _, p := range o.Highlight {
		if finite(p.X) && finite(p.Y) {
			xr.add(p.X)
			yr.add(p.Y)
		}
	}
	xlo, xhi := xr.bounds()
	ylo, yhi := yr.bounds()

	a, b, trendOK := 0.0, 0.0, false
	if o.Trend {
		a, b, trendOK = leastSquares(pts)
	}

	// Caption: what the trend line and the highlight glyph mean.
	var capParts []string
	if trendOK {
		capParts = append(capParts, fmt.Sprintf("trend y = %.3g %s %.3g·x", a, signWord(b), math.Abs(b)))
	}
	if len(o.Highlight) > 0 {
		lab := clean(o.HighlightLabel)
		if lab == "" {
			lab = "highlighted"
		}
		capParts = append(capParts, string(hg)+" "+lab)
	}
	if n == 0 {
		capParts = append(capParts, "no points")
	}

	// Vertical layout: canvas rows, then the x axis, its labels, the caption.
	axisRow, tickRow, capRow := h >= 2, h >= 4, len(capParts) > 0 && h >= 7
	ch := h - btoi(axisRow) - btoi(tickRow) - btoi(capRow)

	// Horizontal layout: label column, y axis, canvas.
	fx, fy := tickFormat(xlo, xhi), tickFormat(ylo, yhi)
	ytop, ybot, ylab := fy(yhi), fy(ylo), trunc(clean(o.YLabel), 8)
	lw := max(cells(ytop), cells(ybot), cells(ylab))
	if w < lw+1+4 {
		lw = 0
	}
	axisCol := w >= 2
	cw := w - lw - btoi(axisCol)

	c := NewCanvas(cw, ch)
	sx := float64(2*cw-1) / (xhi - xlo)
	sy := float64(4*ch-1) / (yhi - ylo)
	for _, p := range pts {
		if finite(p.X) && finite(p.Y) {
			c.Set(int(math.Round((p.X-xlo)*sx)), int(math.Round((yhi-p.Y)*sy)))
		}
	}
	if trendOK {
		c.line(0, (yhi-(a+b*xlo))*sy, (xhi-xlo)*sx, (yhi-(a+b*xhi))*sy)
	}
	for _, p := range o.Highlight {
		if finite(p.X) && finite(p.Y) {
			x, y := int(math.Round((p.X-xlo)*sx)), int(math.Round((yhi-p.Y)*sy))
			c.Mark(x/2, y/4, hg)
		}
	}

	lines := make([]string, 0, h)
	for i, row := range c.Lines() {
		var left string
		if lw > 0 {
			switch {
			case i == 0 && ch > 1:
				left = ytop
			case i == ch-1 && ch > 1:
				left = ybot
			case i == (ch-1)/2:
				left = ylab
			}
		}
		axis := ""
		if axisCol {
			axis = "│"
			if ch > 1 && (i == 0 || i == ch-1) {
				axis = "┤"
			}
		}
		lines = append(lines, fitRight(left, lw)+axis+row)
	}
	pad := strings.Repeat(" ", lw)
	if axisRow {
		lines = append(lines, pad+"└"+strings.Repeat("─", cw))
	}
	if tickRow {
		lines = append(lines, pad+" "+spread(fx(xlo), clean(o.XLabel), fx(xhi), cw))
	}
	if capRow {
		lines = append(lines, pad+" "+strings.Join(capParts, "   "))
	}
	return block(lines, w, h)
}

// leastSquares fits y = a + b·x to the finite points (centred sums). ok is
// false with fewer than two points or no spread in x.
func leastSquares(pts []Point) (a, b float64, ok bool) {
	var n, mx, my float64
	for _, p := range pts {
		if finite(p.X) && finite(p.Y) {
			n++
			mx += p.X
			my += p.Y
		}
	}
	if n < 2 {
		return 0, 0, false
	}
	mx /= n
	my /= n
	var sxx, sxy float64
	for _, p := range pts {
		if finite(p.X) && finite(p.Y) {
			dx := p.X - mx
			sxx += dx * dx
			sxy += dx * (p.Y - my)
		}
	}
	if !(sxx > 0) || !finite(sxy/sxx) {
		return 0, 0, false
	}
	b = sxy / sxx
	return my - b*mx, b, true
}

// signWord returns "+" or "−" for writing a + b·x with |b|.
func signWord(b float64) string {
	if b < 0 {
		return "−"
	}
	return "+"
}

// span tracks the minimum and maximum of finite values.
type span struct{ lo, hi float64 }

func newRange() span { return span{math.Inf(1), math.Inf(-1)} }

func (s *span) add(v float64) {
	if v < s.lo {
		s.lo = v
	}
	if v > s.hi {
		s.hi = v
	}
}

// bounds returns a non-empty interval: [0, 1] without data, and a small
// interval around the value when all values are equal.
func (s span) bounds() (lo, hi float64) {
	switch {
	case s.lo > s.hi:
		return 0, 1
	case s.lo == s.hi:
		d := math.Abs(s.lo) * 0.05
		if !(d > 0) {
			d = 0.5
		}
		return s.lo - d, s.hi + d
	case math.IsInf(s.hi-s.lo, 0):
		return -math.MaxFloat64 / 2, math.MaxFloat64 / 2
	}
	return s.lo, s.hi
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
