package plot

import (
	"fmt"
	"math"
	"strings"
)

// IntervalSpec is a point estimate with an interval on [0,1].
type IntervalSpec struct {
	Label         string
	Lo, Point, Hi float64  // Lo ≤ Point ≤ Hi expected; clamp to [0,1]
	HasInterval   bool     // false: draw the point only
	Truth         *float64 // when non-nil, mark it with '▲' on a line under the bar
}

// intervalTicks are the shared axis's tick positions and labels.
var (
	intervalTicks  = []float64{0, 0.25, 0.5, 0.75, 1}
	intervalLabels = []string{"0", "0.25", "0.5", "0.75", "1"}
)

// Intervals draws each spec as a row
// "label  ····├────●────┤········  0.55 [0.48, 0.61]" on a shared [0,1] axis
// (values clamped to [0,1]; Lo and Hi widened to include Point; a NaN Point
// shows "n/a"), a "▲" line under every spec with a Truth, then an axis line
// with ticks at 0, 0.25, 0.5, 0.75, 1, their labels, and a "▲ truth" legend
// line when any spec has Truth. Narrow widths shorten labels, then drop the
// interval numbers, then the axis. Every line is exactly width cells; "" for
// no specs or width < 1.
func Intervals(specs []IntervalSpec, width int) string {
	if len(specs) == 0 || width < 1 {
		return ""
	}
	labels := make([]string, len(specs))
	full := make([]string, len(specs))  // "0.55 [0.48, 0.61]"
	short := make([]string, len(specs)) // "0.55"
	lw, fw, sw := 0, 0, 0
	anyTruth := false
	for i, s := range specs {
		labels[i] = clean(s.Label)
		lw = max(lw, cells(labels[i]))
		if math.IsNaN(s.Point) {
			full[i], short[i] = "n/a", "n/a"
		} else {
			lo, pt, hi, ok := interval(s)
			short[i] = fmt.Sprintf("%.2f", pt)
			full[i] = short[i]
			if ok {
				full[i] = fmt.Sprintf("%.2f [%.2f, %.2f]", pt, lo, hi)
			}
		}
		fw, sw = max(fw, len(full[i])), max(sw, len(short[i]))
		anyTruth = anyTruth || (s.Truth != nil && !math.IsNaN(*s.Truth))
	}
	if anyTruth {
		fw, sw = max(fw, len("true 0.00")), max(sw, len("true 0.00"))
	}
	const minAxis = 11
	text, tw := full, fw
	labelW, aw := splitRow(width, lw, tw+1, minAxis)
	if aw < minAxis {
		text, tw = short, sw
		labelW, aw = splitRow(width, lw, tw+1, minAxis)
	}
	if aw < 2 {
		aw = 0
	}
	pad := ""
	if labelW > 0 {
		pad = strings.Repeat(" ", labelW+2)
	}
	gap := "  "
	if aw == 0 {
		gap = ""
	}
	col := func(v float64) int { return int(math.Round(clamp01(v) * float64(aw-1))) }

	var out []string
	for i, s := range specs {
		lead := pad
		if labelW > 0 {
			lead = fit(labels[i], labelW) + "  "
		}
		r := newRow(aw)
		for j := range r {
			r[j] = '·'
		}
		if aw > 0 && !math.IsNaN(s.Point) {
			lo, pt, hi, ok := interval(s)
			if ok {
				cl, ch := col(lo), col(hi)
				for j := cl; j <= ch; j++ {
					r[j] = '─'
				}
				r[cl], r[ch] = '├', '┤'
			}
			r[col(pt)] = '●'
		}
		out = append(out, fit(lead+string(r)+gap+text[i], width))
		if s.Truth != nil && !math.IsNaN(*s.Truth) {
			t := newRow(aw)
			if aw > 0 {
				t[col(*s.Truth)] = '▲'
			}
			out = append(out, fit(pad+string(t)+gap+fmt.Sprintf("true %.2f", clamp01(*s.Truth)), width))
		}
	}
	if aw > 0 {
		cols := make([]int, len(intervalTicks))
		axis := newRow(aw)
		for j := range axis {
			axis[j] = '─'
		}
		for k, t := range intervalTicks {
			cols[k] = col(t)
			axis[cols[k]] = '┬'
		}
		labs := newRow(aw)
		labs.tickLabels(cols, intervalLabels)
		out = append(out, fit(pad+string(axis), width), fit(pad+string(labs), width))
	}
	if anyTruth {
		out = append(out, fit(pad+"▲ truth", width))
	}
	return strings.Join(out, "\n")
}

// interval returns the spec's values clamped to [0,1] with lo ≤ pt ≤ hi; ok
// is false when the spec has no usable interval.
func interval(s IntervalSpec) (lo, pt, hi float64, ok bool) {
	pt = clamp01(s.Point)
	if !s.HasInterval || math.IsNaN(s.Lo) || math.IsNaN(s.Hi) {
		return pt, pt, pt, false
	}
	return math.Min(clamp01(s.Lo), pt), pt, math.Max(clamp01(s.Hi), pt), true
}
