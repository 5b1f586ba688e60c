package figure

import (
	"math"
	"strings"
	"unicode"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// combiningCircumflex is U+0302, the hat of θ̂, p̂ and q̂: there is no
// precomposed θ̂ or p̂ in Unicode, and gonum/plot's text drawing has no mark
// positioning, so it would draw the font's combining circumflex beside the
// letter instead of above it (seen in a rendered PNG). hatText draws it.
const combiningCircumflex = '\u0302'

// spacingCircumflex is U+02C6, the modifier letter circumflex of the
// Liberation fonts, drawn centred above the letter a hat belongs to.
const spacingCircumflex = "\u02c6"

// hatText is plumb's text handler (text.Handler): gonum/plot's plain-text
// handler, except that a letter followed by U+0302 gets its hat drawn
// centred above it, raised over tall letters (θ, capitals, digits, b d f h
// k l t), in every output format. Labels keep the standard spelling
// ("θ̂"), so captions and figures read the same.
type hatText struct {
	text.Plain
}

// newHatText returns the handler over gonum/plot's default fonts.
func newHatText() hatText { return hatText{text.Plain{Fonts: font.DefaultCache}} }

// hatted is one hat of a line: the byte offset of its letter in the line
// without hats, and the letter.
type hatted struct {
	at     int
	letter string
}

// stripHats returns line without U+0302 and where the hats go.
func stripHats(line string) (string, []hatted) {
	if !strings.ContainsRune(line, combiningCircumflex) {
		return line, nil
	}
	var b strings.Builder
	var hats []hatted
	last, lastAt := "", 0
	for _, r := range line {
		if r == combiningCircumflex {
			if last != "" {
				hats = append(hats, hatted{at: lastAt, letter: last})
			}
			continue
		}
		lastAt, last = b.Len(), string(r)
		b.WriteRune(r)
	}
	return b.String(), hats
}

// Box implements text.Handler: the box of the text without its hats (a
// hat stays within the line's height).
func (h hatText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	s, _ := stripHats(txt)
	return h.Plain.Box(s, fnt)
}

// Draw implements text.Handler, as text.Plain.Draw with the hats added.
func (h hatText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	txt = strings.TrimRight(txt, "\n")
	if len(txt) == 0 {
		return
	}
	fnt := h.Fonts.Lookup(sty.Font, sty.Font.Size)
	c.SetColor(sty.Color)
	if sty.Rotation != 0 {
		c.Push()
		c.Rotate(sty.Rotation)
	}
	sin64, cos64 := math.Sincos(sty.Rotation)
	cos, sin := vg.Length(cos64), vg.Length(sin64)
	pt.X, pt.Y = pt.Y*sin+pt.X*cos, pt.Y*cos-pt.X*sin
	lines := h.Lines(txt)
	pt.Y += sty.Height(txt)*vg.Length(sty.YAlign) - fnt.Extents().Ascent
	hatW := fnt.Width(spacingCircumflex)
	for i, line := range lines {
		s, hats := stripHats(line)
		xoffs := vg.Length(sty.XAlign) * fnt.Width(s)
		at := pt.Add(vg.Point{X: xoffs, Y: vg.Length(len(lines)-i) * sty.Font.Size})
		c.FillString(fnt, at, s)
		for _, ht := range hats {
			x := at.X + fnt.Width(s[:ht.at]) + (fnt.Width(ht.letter)-hatW)/2
			y := at.Y
			if tall(ht.letter) {
				y += 0.2 * sty.Font.Size
			}
			c.FillString(fnt, vg.Point{X: x, Y: y}, spacingCircumflex)
		}
	}
	if sty.Rotation != 0 {
		c.Pop()
	}
}

// tall reports whether a letter reaches above the x-height, so that its
// hat must be raised.
func tall(letter string) bool {
	for _, r := range letter {
		return unicode.IsUpper(r) || unicode.IsDigit(r) || strings.ContainsRune("bdfhkltθδλ", r)
	}
	return false
}
