package figure

import (
	"image/color"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// okabeIto is the Okabe–Ito palette (Okabe & Ito 2008, "Color Universal
// Design"), distinguishable with every common colour-vision deficiency;
// black first, yellow last (it reads poorly on white).
var okabeIto = [...]color.NRGBA{
	{0x00, 0x00, 0x00, 0xff}, // black
	{0xe6, 0x9f, 0x00, 0xff}, // orange
	{0x56, 0xb4, 0xe9, 0xff}, // sky blue
	{0x00, 0x9e, 0x73, 0xff}, // bluish green
	{0x00, 0x72, 0xb2, 0xff}, // blue
	{0xd5, 0x5e, 0x00, 0xff}, // vermillion
	{0xcc, 0x79, 0xa7, 0xff}, // reddish purple
	{0xf0, 0xe4, 0x42, 0xff}, // yellow
}

// grey is the colour of reference lines (the diagonal, zero lines).
var (
	grey      = color.NRGBA{0x99, 0x99, 0x99, 0xff}
	lightGrey = color.NRGBA{0xdd, 0xdd, 0xdd, 0xff}
)

// seriesColor returns the i-th series colour.
func seriesColor(i int) color.Color { return okabeIto[i%len(okabeIto)] }

// seriesDashes returns the i-th series dash pattern: solid, dashed, dotted,
// dash-dot, … so that series differ without colour.
func seriesDashes(i int) []vg.Length {
	switch i % 5 {
	case 1:
		return []vg.Length{vg.Points(6), vg.Points(3)}
	case 2:
		return []vg.Length{vg.Points(1.5), vg.Points(2)}
	case 3:
		return []vg.Length{vg.Points(6), vg.Points(2), vg.Points(1.5), vg.Points(2)}
	case 4:
		return []vg.Length{vg.Points(10), vg.Points(3)}
	}
	return nil
}

// seriesGlyph returns the i-th series glyph shape.
func seriesGlyph(i int) draw.GlyphDrawer {
	switch i % 6 {
	case 1:
		return draw.SquareGlyph{}
	case 2:
		return draw.TriangleGlyph{}
	case 3:
		return draw.PyramidGlyph{}
	case 4:
		return draw.CrossGlyph{}
	case 5:
		return draw.PlusGlyph{}
	}
	return draw.CircleGlyph{}
}

// lineStyle returns the i-th series line style.
func lineStyle(i int) draw.LineStyle {
	return draw.LineStyle{Color: seriesColor(i), Width: vg.Points(1.5), Dashes: seriesDashes(i)}
}

// glyphStyle returns the i-th series glyph style.
func glyphStyle(i int, radius vg.Length) draw.GlyphStyle {
	return draw.GlyphStyle{Color: seriesColor(i), Radius: radius, Shape: seriesGlyph(i)}
}
