package plot

import (
	"fmt"
	"math"
	"strings"

	"github.com/guptarohit/asciigraph"
)

// PathSeries is one line of PathChart: a value per point of a path.
type PathSeries struct {
	Label string    // legend text, e.g. "ICC(2,k)"
	Short string    // legend text when the full legend does not fit (default Label)
	Glyph rune      // the line's glyph; 0 draws box-drawing lines (──╮╰)
	Ys    []float64 // one value per point; NaN where undefined (a gap in the line)
	// Peak, when not 0, marks the point PeakAt on the marker row (the
	// series' best point).
	Peak   rune
	PeakAt int
	// Rescale draws the series stretched to the y axis's range (its minimum
	// on the bottom row, its maximum on the top row) instead of on the axis's
	// scale; the legend should say so (e.g. "objective, rescaled").
	Rescale bool
}

// PathChartOptions configures PathChart.
type PathChartOptions struct {
	Width, Height int
	// Xs is the x of each point, increasing (nil: the point's index).
	Xs []float64
	// Left and Right label the ends of the x axis (default "identity" and
	// "converged"); XLabel sits between them.
	Left, Right, XLabel string
	// Stop, when ShowStop, is the index of the selected point: a dotted
	// vertical line through the plot and ▲ on the marker row.
	Stop     int
	ShowStop bool
	// Cover are values the y axis spans whatever the series (e.g. the
	// ends of intervals, or a least range around a reference line), so
	// the axis never zooms inside them.
	Cover []float64
}

// PathChart draws several series over the points of a path (CalibraEval's
// fit path: identity … converged) on one y axis, with asciigraph: each series
// is linearly interpolated between its points onto the plotted columns (NaN
// values leave gaps), drawn in its own glyph, later series over earlier ones.
// The y axis spans the values of the series that are not rescaled and
// o.Cover (labels at its ends, and the middle and quarters when a row sits exactly there); a
// Rescale series is stretched to that span. Below the plot: the x axis, the
// marker row (▲ at the stop point, each series' peak glyph at its peak; a
// marker whose column is taken moves at most two columns aside), the end
// labels with XLabel between them, and the legend, wrapped onto as many
// lines as the height allows (the stop's index and each peak glyph's series
// are in it). Parts are dropped when Height is small (legend lines beyond the
// first, end labels, legend, markers, axis). The result has exactly Height
// lines of exactly Width cells ("" when either is < 1); no input panics.
func PathChart(series []PathSeries, o PathChartOptions) string {
	W, H := o.Width, o.Height
	if W < 1 || H < 1 {
		return ""
	}
	xs := pathXs(series, o.Xs)
	ylo, yhi, ok := pathYRange(series, o.Cover)
	if !ok {
		return message("no data", W, H)
	}
	marks := pathMarks(series, o, xs)
	items, short := pathLegend(series, o, len(xs))
	lay := layoutPathRows(items, short, len(marks) > 0, W, H)
	if lay.plot < 2 {
		return message("fit path", W, H)
	}
	steps := lay.plot - 1

	// Horizontal layout, as LineChart.
	label, lw := rowLabels(ylo, yhi, steps)
	// asciigraph writes each label right-aligned in lw+2 cells (its own
	// space, the label, our space), then the axis glyph, on which value 0
	// sits; value j is j cells right of it.
	start := lw + 2
	xr := newRange()
	for _, x := range xs {
		xr.add(x)
	}
	sc := pathScale{cols: W - start}
	sc.lo, sc.hi = xr.bounds()
	if sc.cols < 2 {
		return message("fit path", W, H)
	}

	data := make([][]float64, 0, len(series))
	chars := make([]asciigraph.CharSet, 0, len(series))
	for _, s := range series {
		line, ok := seriesColumns(s, xs, sc, ylo, yhi)
		if !ok {
			continue
		}
		data = append(data, line)
		chars = append(chars, seriesChars(s))
	}
	if len(data) == 0 {
		return message("no data", W, H)
	}
	plot := asciigraph.PlotMany(data,
		asciigraph.Height(steps),
		asciigraph.LowerBound(0), asciigraph.UpperBound(1),
		asciigraph.Offset(2),
		asciigraph.YAxisValueFormatter(func(m float64) string { return label(m) + " " }),
		asciigraph.SeriesChars(chars...),
	)
	lines := strings.Split(plot, "\n")
	lines = lines[:min(len(lines), lay.plot)]
	if hasStop(o, len(xs)) {
		drawStopLine(lines, start+sc.col(xs[o.Stop]), start, W)
	}
	for len(lines) < lay.plot {
		lines = append(lines, "")
	}
	lines = append(lines, lay.footer(sc, start, marks, o)...)
	return block(lines, W, H)
}

// hasStop reports whether PathChart marks a stop point among n points.
func hasStop(o PathChartOptions, n int) bool {
	return o.ShowStop && o.Stop >= 0 && o.Stop < n
}

// pathXs returns the x of each point of the longest series: xs[i] when
// finite, else the point's index.
func pathXs(series []PathSeries, given []float64) []float64 {
	n := 0
	for _, s := range series {
		n = max(n, len(s.Ys))
	}
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = float64(i)
		if i < len(given) && finite(given[i]) {
			xs[i] = given[i]
		}
	}
	return xs
}

// pathYRange returns the y axis's range: over the series on the axis's
// scale, 0–1 when every series is rescaled; ok is false when no series has
// a finite value.
func pathYRange(series []PathSeries, cover []float64) (lo, hi float64, ok bool) {
	yr := newRange()
	for _, y := range cover {
		if finite(y) {
			yr.add(y)
		}
	}
	for _, s := range series {
		for _, y := range s.Ys {
			if finite(y) {
				ok = true
				if !s.Rescale {
					yr.add(y)
				}
			}
		}
	}
	if !ok {
		return 0, 0, false
	}
	if yr.lo > yr.hi { // only rescaled series: a 0–1 axis
		yr.add(0)
		yr.add(1)
	}
	lo, hi = yr.bounds()
	return lo, hi, true
}

// pathMark is a glyph on PathChart's marker row at x.
type pathMark struct {
	x float64
	g rune
}

// pathMarks returns the markers: the stop point, then each series' peak.
func pathMarks(series []PathSeries, o PathChartOptions, xs []float64) []pathMark {
	var marks []pathMark
	if hasStop(o, len(xs)) {
		marks = append(marks, pathMark{xs[o.Stop], '▲'})
	}
	for _, s := range series {
		if s.Peak != 0 && s.PeakAt >= 0 && s.PeakAt < len(xs) {
			marks = append(marks, pathMark{xs[s.PeakAt], glyph(s.Peak, '?')})
		}
	}
	return marks
}

// pathLegend returns the legend's items, full and short: each series'
// glyph and label, the stop point, the peak glyphs.
func pathLegend(series []PathSeries, o PathChartOptions, n int) (items, short []string) {
	for _, s := range series {
		if s.Label == "" {
			continue // a second line of a pair (an interval's upper end)
		}
		g := "──"
		if s.Glyph != 0 {
			g = string(glyph(s.Glyph, '?'))
		}
		items = append(items, g+" "+clean(s.Label))
		sl := s.Short
		if sl == "" {
			sl = s.Label
		}
		short = append(short, g+" "+clean(sl))
	}
	if hasStop(o, n) {
		items = append(items, fmt.Sprintf("▲ stop %d/%d", o.Stop, n-1))
		short = append(short, fmt.Sprintf("▲ %d", o.Stop))
	}
	var peaks []string
	for _, s := range series {
		if s.Peak != 0 {
			peaks = append(peaks, string(glyph(s.Peak, '?')))
		}
	}
	if len(peaks) > 0 {
		items = append(items, strings.Join(peaks, " ")+" = best")
		short = append(short, strings.Join(peaks, "")+" best")
	}
	return items, short
}

// pathRows is PathChart's vertical layout: the rows of the plot and which
// lines below it are drawn.
type pathRows struct {
	plot                 int      // rows of the plot
	legend               []string // the packed legend lines, full or short
	legendLines          int      // how many of them are drawn
	markers, axis, ticks bool
}

// layoutPathRows lays out H rows: the plot gets at least max(3, H/2) rows
// (3 when H is small); the other lines are given, while rows are left, in
// the order: legend line 1, markers, legend line 2, x axis, end labels,
// further legend lines. The legend is the short one when the full one
// would take more than two lines or more than the rows left.
func layoutPathRows(items, short []string, haveMarks bool, W, H int) pathRows {
	lw0 := max(W-1, 1) // each legend line is " " + items
	var lay pathRows
	lay.legend = packLegend(items, lw0)
	free := H - max(3, H/2)
	if H < 6 {
		free = H - 3
	}
	if len(lay.legend) > max(min(free-1, 2), 1) || len(lay.legend) > free {
		lay.legend = packLegend(short, lw0)
	}
	take := func() bool {
		if free > 0 {
			free--
			return true
		}
		return false
	}
	lay.legendLines = btoi(len(lay.legend) > 0 && take())
	lay.markers = haveMarks && take()
	if lay.legendLines == 1 && len(lay.legend) > 1 && take() {
		lay.legendLines++
	}
	lay.axis = take()
	lay.ticks = take()
	for lay.legendLines < len(lay.legend) && take() {
		lay.legendLines++
	}
	lay.plot = H - btoi(lay.axis) - btoi(lay.ticks) - btoi(lay.markers) - lay.legendLines
	return lay
}

// pathScale maps x onto the plotted columns 0 … cols−1.
type pathScale struct {
	lo, hi float64
	cols   int
}

// col returns x's column (0 when the range is empty or x is NaN).
func (sc pathScale) col(x float64) int {
	if !(sc.hi > sc.lo) {
		return 0
	}
	f := math.Round((x - sc.lo) / (sc.hi - sc.lo) * float64(sc.cols-1))
	if !(f >= 0) {
		return 0
	}
	return int(math.Min(f, float64(sc.cols-1)))
}

// seriesColumns returns s on the plotted columns, normalised to [0, 1] on
// the axis ylo … yhi (on its own range when s.Rescale): linearly
// interpolated between finite neighbouring points, a lone point in its
// column, NaN elsewhere. ok is false for a rescaled series with no finite
// value.
func seriesColumns(s PathSeries, xs []float64, sc pathScale, ylo, yhi float64) (line []float64, ok bool) {
	n := len(xs)
	lo, hi := ylo, yhi
	if s.Rescale {
		r := newRange()
		for _, y := range s.Ys {
			if finite(y) {
				r.add(y)
			}
		}
		if r.lo > r.hi {
			return nil, false
		}
		lo, hi = r.bounds()
	}
	norm := func(y float64) float64 {
		if !finite(y) {
			return math.NaN()
		}
		return clamp01((y - lo) / (hi - lo))
	}
	line = make([]float64, sc.cols)
	for j := range line {
		line[j] = math.NaN()
	}
	for i := 0; i+1 < len(s.Ys) && i+1 < n; i++ {
		a, b := s.Ys[i], s.Ys[i+1]
		if !finite(a) || !finite(b) {
			continue
		}
		ca, cb := sc.col(xs[i]), sc.col(xs[i+1])
		for j := ca; j <= cb; j++ {
			t := 0.0
			if cb > ca {
				t = float64(j-ca) / float64(cb-ca)
			}
			line[j] = norm(a + t*(b-a))
		}
	}
	for i, y := range s.Ys { // lone points still show
		if i < n && finite(y) {
			if c := sc.col(xs[i]); math.IsNaN(line[c]) {
				line[c] = norm(y)
			}
		}
	}
	return line, true
}

// seriesChars returns the asciigraph characters of s's line.
func seriesChars(s PathSeries) asciigraph.CharSet {
	if s.Glyph == 0 {
		return asciigraph.DefaultCharSet
	}
	return asciigraph.CreateCharSet(string(glyph(s.Glyph, '?')))
}

// drawStopLine puts ┊ in the blank cells of column c of the plot's lines,
// unless c is the y axis itself (start).
func drawStopLine(lines []string, c, start, W int) {
	if c <= start {
		return
	}
	for i, l := range lines {
		r := []rune(fit(l, W))
		if c < len(r) && r[c] == ' ' {
			r[c] = '┊'
		}
		lines[i] = string(r)
	}
}

// footer returns the lines below the plot that lay gives room for: the x
// axis, the marker row (a marker whose column is taken moves at most two
// columns aside), the end labels with XLabel between them, the legend.
func (lay pathRows) footer(sc pathScale, start int, marks []pathMark, o PathChartOptions) []string {
	var lines []string
	pad := strings.Repeat(" ", start)
	cols := sc.cols
	if lay.axis {
		r := newRow(cols)
		for j := range r {
			r[j] = '─'
		}
		r[0], r[cols-1] = '└', '┬'
		lines = append(lines, pad+string(r))
	}
	if lay.markers {
		r := newRow(cols)
		for _, m := range marks {
			c := sc.col(m.x)
			for _, d := range []int{0, 1, -1, 2, -2} {
				if r.free(c+d, c+d+1) {
					c += d
					break
				}
			}
			if c >= 0 && c < cols {
				r[c] = m.g
			}
		}
		lines = append(lines, pad+string(r))
	}
	if lay.ticks {
		left, right := o.Left, o.Right
		if left == "" {
			left = "identity"
		}
		if right == "" {
			right = "converged"
		}
		lines = append(lines, pad+spread(clean(left), clean(o.XLabel), clean(right), cols))
	}
	if lay.legendLines > 0 {
		packed := lay.legend
		if len(packed) > lay.legendLines {
			packed = packed[:lay.legendLines]
			packed[lay.legendLines-1] += " …" // fit truncates when too wide
		}
		for _, l := range packed {
			lines = append(lines, " "+l)
		}
	}
	return lines
}

// packLegend joins items with two spaces into lines of at most w cells,
// greedily; an item wider than w gets a line of its own (truncated later).
func packLegend(items []string, w int) []string {
	var out []string
	cur := ""
	for _, it := range items {
		switch {
		case cur == "":
			cur = it
		case cells(cur)+2+cells(it) <= w:
			cur += "  " + it
		default:
			out = append(out, cur)
			cur = it
		}
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}
