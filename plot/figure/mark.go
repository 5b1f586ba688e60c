package figure

import (
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// mark is a filled marker shape with a thin dark outline (draw.GlyphDrawer):
// the fill carries the series colour, the outline keeps light colours
// (yellow) visible on white, and each index is its own shape so markers
// differ in greyscale too.
type mark int

// markShapes are the marker shapes' vertices in units of the glyph radius
// (nil: a circle), in series order: circle, square, triangle, diamond,
// inverted triangle, plus, cross, star; each covers about the area of the
// circle, so no series looks smaller.
var markShapes = [...][]vg.Point{
	nil,
	polygon(4, math.Pi/4, 1.25),
	polygon(3, math.Pi/2, 1.5),
	polygon(4, 0, 1.35),
	polygon(3, -math.Pi/2, 1.5),
	plusShape(0),
	plusShape(math.Pi / 4),
	star(5, 1.5, 0.5),
}

// markNames describes markShapes in words for captions.
var markNames = [len(markShapes)]string{"circles", "squares", "triangles", "diamonds", "inverted triangles", "plus signs", "crosses", "stars"}

// DrawGlyph implements draw.GlyphDrawer.
func (m mark) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	var p vg.Path
	if shape := markShapes[int(m)%len(markShapes)]; shape == nil {
		p.Move(vg.Point{X: pt.X + r, Y: pt.Y})
		p.Arc(pt, r, 0, 2*math.Pi)
	} else {
		for i, v := range shape {
			q := vg.Point{X: pt.X + r*v.X, Y: pt.Y + r*v.Y}
			if i == 0 {
				p.Move(q)
			} else {
				p.Line(q)
			}
		}
	}
	p.Close()
	c.SetColor(sty.Color)
	c.Fill(p)
	c.SetLineStyle(draw.LineStyle{Color: outline, Width: vg.Points(0.5)})
	c.Stroke(p)
}

// polygon returns the vertices of a regular n-gon of circumradius r, the
// first at angle start.
func polygon(n int, start, r float64) []vg.Point {
	out := make([]vg.Point, n)
	for i := range out {
		a := start + 2*math.Pi*float64(i)/float64(n)
		out[i] = vg.Point{X: vg.Length(r * math.Cos(a)), Y: vg.Length(r * math.Sin(a))}
	}
	return out
}

// star returns a star of n points, outer radius r and inner radius r·inner.
func star(n int, r, inner float64) []vg.Point {
	out := make([]vg.Point, 2*n)
	for i := range out {
		rr := r
		if i%2 == 1 {
			rr = r * inner
		}
		a := math.Pi/2 + math.Pi*float64(i)/float64(n)
		out[i] = vg.Point{X: vg.Length(rr * math.Cos(a)), Y: vg.Length(rr * math.Sin(a))}
	}
	return out
}

// plusShape returns a thick plus sign (arms 1.2 long, 0.4 wide) turned by
// angle (π/4: a cross).
func plusShape(angle float64) []vg.Point {
	const l, w = 1.2, 0.4
	base := [][2]float64{{w, w}, {w, l}, {-w, l}, {-w, w}, {-l, w}, {-l, -w}, {-w, -w}, {-w, -l}, {w, -l}, {w, -w}, {l, -w}, {l, w}}
	sin, cos := math.Sincos(angle)
	out := make([]vg.Point, len(base))
	for i, b := range base {
		out[i] = vg.Point{X: vg.Length(b[0]*cos - b[1]*sin), Y: vg.Length(b[0]*sin + b[1]*cos)}
	}
	return out
}
