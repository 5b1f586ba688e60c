package plot

import (
	"fmt"
	"math"
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// This file holds the small text helpers every chart shares: measuring,
// fitting and aligning plain strings in terminal cells, and formatting ticks.

// cells is the number of terminal cells s occupies. Strings made only of the
// glyphs the charts draw (printable ASCII, box drawing, blocks, geometric
// shapes, braille, a few punctuation marks) are counted rune by rune, which is
// exact for them and much faster than grapheme segmentation; anything else
// goes to ansi.StringWidth.
func cells(s string) int {
	n := 0
	for _, r := range s {
		if !narrow(r) {
			return ansi.StringWidth(s)
		}
		n++
	}
	return n
}

// narrow reports whether r is a chart glyph known to take exactly one cell on
// its own and never to combine with its neighbours.
func narrow(r rune) bool {
	switch {
	case r >= 0x20 && r < 0x7f, // printable ASCII
		r >= 0x2500 && r <= 0x25ff, // box drawing, block elements, geometric shapes
		r >= 0x2800 && r <= 0x28ff, // braille
		r == '·', r == '…', r == '−', r == 'κ', r == 'λ':
		return true
	}
	return false
}

// clean makes caller-supplied text safe to place on one line: control
// characters (newlines, tabs, escape sequences' ESC) become spaces.
func clean(s string) string {
	if !strings.ContainsFunc(s, unicode.IsControl) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
}

// glyph returns r if it is a printable rune exactly one cell wide, else def.
func glyph(r, def rune) rune {
	if r == 0 || unicode.IsControl(r) || ansi.StringWidth(string(r)) != 1 {
		return def
	}
	return r
}

// trunc shortens s to at most w cells, ending it with "…" when cut.
func trunc(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if cells(s) <= w {
		return s
	}
	if w == 1 {
		return "…"
	}
	return ansi.Truncate(s, w, "…")
}

// fit returns s truncated or right-padded with spaces to exactly w cells.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := cells(s)
	if sw > w {
		s = trunc(s, w)
		sw = cells(s)
	}
	if sw < w {
		s += strings.Repeat(" ", w-sw)
	}
	return s
}

// fitRight returns s truncated or left-padded with spaces to exactly w cells.
func fitRight(s string, w int) string {
	if w <= 0 {
		return ""
	}
	s = trunc(s, w)
	if sw := cells(s); sw < w {
		s = strings.Repeat(" ", w-sw) + s
	}
	return s
}

// center returns s centred in exactly w cells.
func center(s string, w int) string {
	if w <= 0 {
		return ""
	}
	s = trunc(s, w)
	left := (w - cells(s)) / 2
	return fit(strings.Repeat(" ", left)+s, w)
}

// spread lays out left, mid and right in exactly w cells: left flush left,
// right flush right, mid centred between them. Pieces that do not fit with a
// one-cell gap are dropped, mid first, then right.
func spread(left, mid, right string, w int) string {
	lw, mw, rw := cells(left), cells(mid), cells(right)
	switch {
	case mw > 0 && lw+mw+rw+2 <= w:
		gap := w - lw - rw
		return left + center(mid, gap) + right
	case lw+rw+1 <= w:
		return left + strings.Repeat(" ", w-lw-rw) + right
	default:
		return fit(left, w)
	}
}

// block returns lines as exactly h lines of exactly w cells each, joined by
// "\n": short or missing lines are padded, long ones truncated, extra dropped.
func block(lines []string, w, h int) string {
	if h <= 0 || w <= 0 {
		return ""
	}
	var b strings.Builder
	b.Grow(h * (w + 1))
	for i := range h {
		if i > 0 {
			b.WriteByte('\n')
		}
		s := ""
		if i < len(lines) {
			s = lines[i]
		}
		b.WriteString(fit(s, w))
	}
	return b.String()
}

// message returns a w×h block with msg on its middle line, used when a chart
// has no room or no data.
func message(msg string, w, h int) string {
	if h <= 0 || w <= 0 {
		return ""
	}
	lines := make([]string, h)
	lines[(h-1)/2] = center(msg, w)
	return block(lines, w, h)
}

// runeRow is a row of one-cell glyphs, used to compose axis and marker lines.
type runeRow []rune

// newRow returns a row of n spaces.
func newRow(n int) runeRow {
	r := make(runeRow, max(n, 0))
	for i := range r {
		r[i] = ' '
	}
	return r
}

// put writes the ASCII/one-cell text s starting at col, clipping at the ends.
func (r runeRow) put(col int, s string) {
	for _, c := range s {
		if col >= 0 && col < len(r) {
			r[col] = c
		}
		col++
	}
}

// free reports whether the cells [from, to) exist and are all blank.
func (r runeRow) free(from, to int) bool {
	if from < 0 || to > len(r) {
		return false
	}
	for _, c := range r[from:to] {
		if c != ' ' {
			return false
		}
	}
	return true
}

// tickLabels writes labels centred on their columns (the first flush left at
// its column when it would stick out, the last flush right), skipping any label
// that would touch an earlier one. cols and labels have the same length.
func (r runeRow) tickLabels(cols []int, labels []string) {
	last := -2 // rightmost cell used so far
	for i, lab := range labels {
		n := len([]rune(lab))
		start := cols[i] - n/2
		start = min(max(start, 0), len(r)-n)
		if start < 0 || start <= last+1 {
			continue
		}
		// Keep room for the final label: never let a middle label crowd it.
		if i < len(labels)-1 {
			fn := len([]rune(labels[len(labels)-1]))
			fs := min(max(cols[len(cols)-1]-fn/2, 0), len(r)-fn)
			if start+n+1 > fs {
				continue
			}
		}
		r.put(start, lab)
		last = start + n - 1
	}
}

// tickFormat returns a formatter for axis labels spanning [lo, hi]: enough
// decimals to tell the ends apart, %.3g for very large or tiny magnitudes.
func tickFormat(lo, hi float64) func(float64) string {
	mag := math.Max(math.Abs(lo), math.Abs(hi))
	span := hi - lo
	if !(span > 0) || math.IsInf(span, 0) {
		span = mag
	}
	if mag >= 1e6 || (mag > 0 && mag < 1e-4) || !(span > 0) || math.IsInf(span, 0) {
		return func(v float64) string { return fmt.Sprintf("%.3g", v) }
	}
	d := int(math.Ceil(-math.Log10(span))) + 1
	d = min(max(d, 0), 6)
	return func(v float64) string {
		s := fmt.Sprintf("%.*f", d, v)
		if s == "-0" || strings.Trim(s, "-0.") == "" {
			s = strings.TrimPrefix(s, "-") // no "-0.00"
		}
		return s
	}
}

// finite reports whether v is neither NaN nor ±Inf.
func finite(v float64) bool { return v-v == 0 } // NaN−NaN and Inf−Inf are NaN

// clamp01 limits v to [0, 1].
func clamp01(v float64) float64 { return math.Min(math.Max(v, 0), 1) }
