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
}

// PathChart draws several series over the points of a path (CalibraEval's
// fit path: identity … converged) on one y axis, with asciigraph: each series
// is linearly interpolated between its points onto the plotted columns (NaN
// values leave gaps), drawn in its own glyph, later series over earlier ones.
// The y axis spans the values of the series that are not rescaled (labels at
// its ends, and the middle and quarters when a row sits exactly there); a
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
	n := 0
	for _, s := range series {
		n = max(n, len(s.Ys))
	}
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = float64(i)
		if i < len(o.Xs) && finite(o.Xs[i]) {
			xs[i] = o.Xs[i]
		}
	}
	xr := newRange()
	for _, x := range xs {
		xr.add(x)
	}
	xlo, xhi := xr.bounds()

	// y range over the series on the axis's scale; rescaled series get
	// their own range mapped onto it.
	yr := newRange()
	some := false
	for _, s := range series {
		for _, y := range s.Ys {
			if finite(y) {
				some = true
				if !s.Rescale {
					yr.add(y)
				}
			}
		}
	}
	if !some {
		return message("no data", W, H)
	}
	if yr.lo > yr.hi { // only rescaled series: a 0–1 axis
		yr.add(0)
		yr.add(1)
	}
	ylo, yhi := yr.bounds()

	// Markers: the stop point, then each series' peak.
	type mark struct {
		x float64
		g rune
	}
	var marks []mark
	if o.ShowStop && o.Stop >= 0 && o.Stop < n {
		marks = append(marks, mark{xs[o.Stop], '▲'})
	}
	for _, s := range series {
		if s.Peak != 0 && s.PeakAt >= 0 && s.PeakAt < n {
			marks = append(marks, mark{xs[s.PeakAt], glyph(s.Peak, '?')})
		}
	}

	// Legend items, full and short.
	var items, short []string
	for _, s := range series {
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
	if o.ShowStop && o.Stop >= 0 && o.Stop < n {
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

	// Vertical layout: the plot gets at least max(3, H/2) rows (3 when H
	// is small); the other lines are given, while rows are left, in the
	// order: legend line 1, markers, legend line 2, x axis, end labels,
	// further legend lines.
	left, right := o.Left, o.Right
	if left == "" {
		left = "identity"
	}
	if right == "" {
		right = "converged"
	}
	lw0 := max(W-1, 1) // each legend line is " " + items
	packed := packLegend(items, lw0)
	free := H - max(3, H/2)
	if H < 6 {
		free = H - 3
	}
	if len(packed) > max(min(free-1, 2), 1) || len(packed) > free {
		packed = packLegend(short, lw0)
	}
	take := func() bool {
		if free > 0 {
			free--
			return true
		}
		return false
	}
	legendLines := btoi(len(packed) > 0 && take())
	markers := len(marks) > 0 && take()
	if legendLines == 1 && len(packed) > 1 && take() {
		legendLines++
	}
	axis := take()
	ticks := take()
	for legendLines < len(packed) && take() {
		legendLines++
	}
	body := func() int {
		return H - btoi(axis) - btoi(ticks) - btoi(markers) - legendLines
	}
	rows := body()
	if rows < 2 {
		return message("fit path", W, H)
	}
	steps := rows - 1

	// Horizontal layout, as LineChart.
	label, lw := rowLabels(ylo, yhi, steps)
	// asciigraph writes each label right-aligned in lw+2 cells (its own
	// space, the label, our space), then the axis glyph, on which value 0
	// sits; value j is j cells right of it.
	start := lw + 2
	cols := W - start
	if cols < 2 {
		return message("fit path", W, H)
	}
	col := func(x float64) int {
		if !(xhi > xlo) {
			return 0
		}
		f := math.Round((x - xlo) / (xhi - xlo) * float64(cols-1))
		if !(f >= 0) {
			return 0
		}
		return int(math.Min(f, float64(cols-1)))
	}

	// Each series on the plotted columns, normalised to [0, 1] on the axis.
	data := make([][]float64, 0, len(series))
	chars := make([]asciigraph.CharSet, 0, len(series))
	for _, s := range series {
		lo, hi := ylo, yhi
		if s.Rescale {
			r := newRange()
			for _, y := range s.Ys {
				if finite(y) {
					r.add(y)
				}
			}
			if r.lo > r.hi {
				continue
			}
			lo, hi = r.bounds()
		}
		norm := func(y float64) float64 {
			if !finite(y) {
				return math.NaN()
			}
			return clamp01((y - lo) / (hi - lo))
		}
		line := make([]float64, cols)
		for j := range line {
			line[j] = math.NaN()
		}
		for i := 0; i+1 < len(s.Ys) && i+1 < n; i++ {
			a, b := s.Ys[i], s.Ys[i+1]
			if !finite(a) || !finite(b) {
				continue
			}
			ca, cb := col(xs[i]), col(xs[i+1])
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
				if c := col(xs[i]); math.IsNaN(line[c]) {
					line[c] = norm(y)
				}
			}
		}
		data = append(data, line)
		if s.Glyph == 0 {
			chars = append(chars, asciigraph.DefaultCharSet)
		} else {
			chars = append(chars, asciigraph.CreateCharSet(string(glyph(s.Glyph, '?'))))
		}
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
	bodyLines := strings.Split(plot, "\n")
	bodyLines = bodyLines[:min(len(bodyLines), rows)]

	// The stop line: ┊ in the blank cells of its column.
	if o.ShowStop && o.Stop >= 0 && o.Stop < n {
		c := start + col(xs[o.Stop])
		if c > start { // not on the y axis itself
			for i, l := range bodyLines {
				r := []rune(fit(l, W))
				if c < len(r) && r[c] == ' ' {
					r[c] = '┊'
				}
				bodyLines[i] = string(r)
			}
		}
	}
	lines := bodyLines
	for len(lines) < rows {
		lines = append(lines, "")
	}
	pad := strings.Repeat(" ", start)
	if axis {
		r := newRow(cols)
		for j := range r {
			r[j] = '─'
		}
		r[0], r[cols-1] = '└', '┬'
		lines = append(lines, pad+string(r))
	}
	if markers {
		r := newRow(cols)
		for _, m := range marks {
			c := col(m.x)
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
	if ticks {
		lines = append(lines, pad+spread(clean(left), clean(o.XLabel), clean(right), cols))
	}
	if legendLines > 0 {
		if len(packed) > legendLines {
			packed = packed[:legendLines]
			packed[legendLines-1] += " …" // fit truncates when too wide
		}
		for _, l := range packed {
			lines = append(lines, " "+l)
		}
	}
	return block(lines, W, H)
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
