package figure

import (
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// okabeIto is the Okabe–Ito palette (Okabe & Ito 2008, "Color Universal
// Design"), distinguishable with every common colour-vision deficiency, in
// the order series use it. The order is chosen for greyscale: the first
// greyLevels colours differ pairwise by at least minLuminanceGap in WCAG
// relative luminance (black 0, orange 0.416, blue 0.153, reddish purple
// 0.293, yellow 0.744), and so do every two neighbours (the last and the
// first included), so orange (0.416) and sky
// blue (0.405), one grey in print, are never next to each other. Markers
// have a dark outline, so yellow reads on white.
var okabeIto = [...]color.NRGBA{
	{0x00, 0x00, 0x00, 0xff}, // black
	{0xe6, 0x9f, 0x00, 0xff}, // orange
	{0x00, 0x72, 0xb2, 0xff}, // blue
	{0xcc, 0x79, 0xa7, 0xff}, // reddish purple
	{0xf0, 0xe4, 0x42, 0xff}, // yellow
	{0xd5, 0x5e, 0x00, 0xff}, // vermillion
	{0x56, 0xb4, 0xe9, 0xff}, // sky blue
	{0x00, 0x9e, 0x73, 0xff}, // bluish green
}

// colourNames names okabeIto's colours for captions.
var colourNames = [len(okabeIto)]string{"black", "orange", "blue", "reddish purple", "yellow", "vermillion", "sky blue", "bluish green"}

// Greyscale guarantees of the palette order (tested by
// TestPaletteLuminance): a figure that draws at most greyLevels series
// tells them apart by shade alone; beyond that, marker shapes and dash
// patterns (each series its own) carry the distinction.
const (
	greyLevels      = 5
	minLuminanceGap = 0.12
)

// grey is the colour of reference lines (zero lines), lightGrey of
// histogram bars and outline of markers and bars.
var (
	grey      = color.NRGBA{0x99, 0x99, 0x99, 0xff}
	lightGrey = color.NRGBA{0xdd, 0xdd, 0xdd, 0xff}
	outline   = color.NRGBA{0x22, 0x22, 0x22, 0xff}
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

// dashNames describes seriesDashes in words for captions.
var dashNames = [5]string{"solid", "dashed", "dotted", "dash-dot", "long-dashed"}

// seriesGlyph returns the i-th series marker: a filled shape with a dark
// outline, a different shape for each of the palette's colours.
func seriesGlyph(i int) draw.GlyphDrawer { return mark(i % len(markShapes)) }

// lineStyle returns the i-th series line style.
func lineStyle(i int) draw.LineStyle {
	return draw.LineStyle{Color: seriesColor(i), Width: vg.Points(1.5), Dashes: seriesDashes(i)}
}

// glyphStyle returns the i-th series glyph style.
func glyphStyle(i int, radius vg.Length) draw.GlyphStyle {
	return draw.GlyphStyle{Color: seriesColor(i), Radius: radius, Shape: seriesGlyph(i)}
}

// relativeLuminance is the WCAG 2 relative luminance of c: 0 for black,
// 1 for white (https://www.w3.org/TR/WCAG21/#dfn-relative-luminance).
func relativeLuminance(c color.Color) float64 {
	r, g, b, _ := color.NRGBAModel.Convert(c).RGBA()
	return 0.2126*linear(r) + 0.7152*linear(g) + 0.0722*linear(b)
}

// linear converts one 16-bit sRGB channel to linear light.
func linear(v uint32) float64 {
	c := float64(v>>8) / 255
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}
