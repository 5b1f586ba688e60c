package plot

import (
	"fmt"
	"math"
	"strings"
)

// BarRow is one horizontal bar.
type BarRow struct {
	Label   string
	Value   float64 // in [0,1]; a NaN-free value is required, use Missing for undefined
	Missing string  // when non-empty the bar is not drawn and this short reason text is shown instead (e.g. "n/a")
	Glyph   rune    // fill glyph, e.g. '█' for raw and '▒' for calibrated, so two series differ without colour
}

// partial holds the left-aligned eighth blocks ▏…▉ (index = eighths).
var partial = []rune(" ▏▎▍▌▋▊▉")

// Bars draws rows as "label  ████████▌     0.82" lines: labels padded to the
// longest, the bar scaled to [0,1] over the remaining width (eighth-block
// resolution for the default glyph '█'; other glyphs whole cells; values
// outside [0,1] are clamped for the bar but printed as they are), the value
// with 2 decimals at the right. A row with Missing (or a NaN value, shown as
// "n/a") prints the reason where the bar would be. Narrow widths shorten the
// labels first, then drop the bar. One line per row, each exactly width cells;
// "" for no rows or width < 1.
func Bars(rows []BarRow, width int) string {
	if len(rows) == 0 || width < 1 {
		return ""
	}
	labels := make([]string, len(rows))
	values := make([]string, len(rows))
	lw, vw := 0, 0
	for i, r := range rows {
		labels[i] = clean(r.Label)
		lw = max(lw, cells(labels[i]))
		if r.Missing == "" && !math.IsNaN(r.Value) {
			values[i] = fmt.Sprintf("%.2f", r.Value)
			vw = max(vw, len(values[i]))
		}
	}
	lw, bw := splitRow(width, lw, vw, 12)

	out := make([]string, len(rows))
	for i, r := range rows {
		var b strings.Builder
		if lw > 0 {
			b.WriteString(fit(labels[i], lw) + "  ")
		}
		miss := clean(r.Missing)
		if miss == "" && math.IsNaN(r.Value) {
			miss = "n/a"
		}
		switch {
		case miss != "":
			b.WriteString(miss)
		case bw > 0:
			b.WriteString(bar(r.Value, bw, glyph(r.Glyph, '█')) + " " + fitRight(values[i], vw))
		default:
			b.WriteString(values[i])
		}
		out[i] = fit(b.String(), width)
	}
	return strings.Join(out, "\n")
}

// splitRow shares width between a label column (wanted lw cells, then two
// spaces), a graphic and a value column (vw cells after one space). The
// graphic gets what is left; labels are shortened (to no less than 3 cells,
// then dropped) while it has fewer than minGraphic cells. bw is 0 when no
// graphic fits at all.
func splitRow(width, lw, vw, minGraphic int) (labelW, bw int) {
	rest := func(l int) int {
		r := width - vw - 1
		if l > 0 {
			r -= l + 2
		}
		return r
	}
	for lw > 3 && rest(lw) < minGraphic {
		lw--
	}
	if rest(lw) < minGraphic/2 {
		lw = 0
	}
	return lw, max(rest(lw), 0)
}

// bar draws v ∈ [0,1] (clamped) as a bar exactly w cells wide: eighth-block
// resolution for '█', whole cells of g otherwise, space-padded.
func bar(v float64, w int, g rune) string {
	v = clamp01(v)
	var b strings.Builder
	if g == '█' {
		units := int(math.Round(v * float64(8*w)))
		full, rem := units/8, units%8
		b.WriteString(strings.Repeat("█", full))
		if rem > 0 {
			b.WriteRune(partial[rem])
			full++
		}
		b.WriteString(strings.Repeat(" ", w-full))
		return b.String()
	}
	full := int(math.Round(v * float64(w)))
	b.WriteString(strings.Repeat(string(g), full))
	b.WriteString(strings.Repeat(" ", w-full))
	return b.String()
}
