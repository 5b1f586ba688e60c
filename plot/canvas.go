package plot

import (
	"math"
	"strings"
)

// Canvas is a braille dot canvas of W×H cells, i.e. 2W×4H dots (U+2800
// block). Each cell is one braille character whose eight dots are set
// individually; a cell can instead be overlaid with a whole glyph (Mark).
type Canvas struct {
	w, h  int
	dots  []uint8 // braille bit pattern per cell, row-major
	marks []rune  // overlay glyph per cell, 0 = none
}

// dotBit maps a dot's position inside its cell (row 0..3, column 0..1) to its
// bit in the U+2800 block.
var dotBit = [4][2]uint8{{0x01, 0x08}, {0x02, 0x10}, {0x04, 0x20}, {0x40, 0x80}}

// NewCanvas returns an empty canvas of w×h cells; negative sizes count as 0.
func NewCanvas(w, h int) *Canvas {
	w, h = max(w, 0), max(h, 0)
	return &Canvas{w: w, h: h, dots: make([]uint8, w*h), marks: make([]rune, w*h)}
}

// Size returns the canvas size in cells.
func (c *Canvas) Size() (w, h int) { return c.w, c.h }

// Set turns on the dot at (x, y) in dot coordinates (0 ≤ x < 2W, 0 ≤ y < 4H),
// origin top-left. Dots out of range are ignored.
func (c *Canvas) Set(x, y int) {
	if x < 0 || y < 0 || x >= 2*c.w || y >= 4*c.h {
		return
	}
	c.dots[(y>>2)*c.w+(x>>1)] |= dotBit[y&3][x&1]
}

// Line draws a Bresenham line between the dots (x0, y0) and (x1, y1), both
// inclusive. The segment is clipped to the canvas first, so far-away end
// points cost nothing extra.
func (c *Canvas) Line(x0, y0, x1, y1 int) {
	c.line(float64(x0), float64(y0), float64(x1), float64(y1))
}

// line clips the segment to the canvas in floating point, rounds the clipped
// end points to dots and draws between them.
func (c *Canvas) line(x0, y0, x1, y1 float64) {
	if c.w == 0 || c.h == 0 {
		return
	}
	x0, y0, x1, y1, ok := clip(x0, y0, x1, y1, float64(2*c.w-1), float64(4*c.h-1))
	if !ok {
		return
	}
	ax, ay := int(math.Round(x0)), int(math.Round(y0))
	bx, by := int(math.Round(x1)), int(math.Round(y1))
	dx, dy := abs(bx-ax), -abs(by-ay)
	sx, sy := sign(bx-ax), sign(by-ay)
	e := dx + dy
	for {
		c.Set(ax, ay)
		if ax == bx && ay == by {
			return
		}
		e2 := 2 * e
		if e2 >= dy {
			e += dy
			ax += sx
		}
		if e2 <= dx {
			e += dx
			ay += sy
		}
	}
}

// clip cuts the segment (x0,y0)–(x1,y1) to the box [0,xmax]×[0,ymax]
// (Liang–Barsky). ok is false when nothing of it lies in the box or an input
// is not finite. A clipped end lies exactly on the boundary it crosses, and
// both ends are clamped into the box, so rounding error on huge inputs cannot
// push them out.
func clip(x0, y0, x1, y1, xmax, ymax float64) (ax, ay, bx, by float64, ok bool) {
	if !finite(x0) || !finite(y0) || !finite(x1) || !finite(y1) {
		return 0, 0, 0, 0, false
	}
	dx, dy := x1-x0, y1-y0
	t0, t1 := 0.0, 1.0
	in, out := -1, -1 // boundary (0: x=0, 1: x=xmax, 2: y=0, 3: y=ymax) that set t0 / t1
	for k, pq := range [4][2]float64{{-dx, x0}, {dx, xmax - x0}, {-dy, y0}, {dy, ymax - y0}} {
		p, q := pq[0], pq[1]
		if p == 0 {
			if q < 0 {
				return 0, 0, 0, 0, false
			}
			continue
		}
		r := q / p
		if p < 0 {
			if r > t1 {
				return 0, 0, 0, 0, false
			}
			if r > t0 {
				t0, in = r, k
			}
		} else {
			if r < t0 {
				return 0, 0, 0, 0, false
			}
			if r < t1 {
				t1, out = r, k
			}
		}
	}
	ax, ay = x0+t0*dx, y0+t0*dy
	bx, by = x0+t1*dx, y0+t1*dy
	onEdge := func(k int, x, y *float64) {
		switch k {
		case 0:
			*x = 0
		case 1:
			*x = xmax
		case 2:
			*y = 0
		case 3:
			*y = ymax
		}
		*x = math.Min(math.Max(*x, 0), xmax)
		*y = math.Min(math.Max(*y, 0), ymax)
	}
	onEdge(in, &ax, &ay)
	onEdge(out, &bx, &by)
	return ax, ay, bx, by, true
}

// Mark overlays the cell (col, row) with the glyph r, which wins over any dots
// there. Cells out of range are ignored; a glyph that is not exactly one cell
// wide is replaced by '*'.
func (c *Canvas) Mark(col, row int, r rune) {
	if col < 0 || row < 0 || col >= c.w || row >= c.h {
		return
	}
	c.marks[row*c.w+col] = glyph(r, '*')
}

// Lines renders the canvas as H strings of exactly W cells each; cells with
// neither dots nor a mark are spaces.
func (c *Canvas) Lines() []string {
	out := make([]string, c.h)
	var b strings.Builder
	for row := range c.h {
		b.Reset()
		b.Grow(3 * c.w)
		for i := row * c.w; i < (row+1)*c.w; i++ {
			switch {
			case c.marks[i] != 0:
				b.WriteRune(c.marks[i])
			case c.dots[i] == 0:
				b.WriteByte(' ')
			default:
				b.WriteRune(0x2800 + rune(c.dots[i]))
			}
		}
		out[row] = b.String()
	}
	return out
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}
