package plot

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/guptarohit/asciigraph"
)

// Marker is a labelled x position on a line chart.
type Marker struct {
	X     float64
	Glyph rune   // e.g. 'C' current, 'E' equal, 'X' exact, 'A' approx, 'D' adaptive
	Label string // for the legend
}

// LineOptions configures LineChart.
type LineOptions struct {
	Width, Height  int
	XMin, XMax     float64  // x range; when not XMin < XMax, the data's x range is used
	XLabel, YLabel string   // YLabel heads the chart, XLabel sits between the x tick labels
	Markers        []Marker // shown on a row under the x axis at their x columns, with a legend line "C current  E equal …"
	// YMin and YMax, when YMin < YMax, widen the y axis to span at least
	// [YMin, YMax] (one range for charts drawn side by side).
	YMin, YMax float64
	// XWhole labels the x ticks as whole numbers (x counts something).
	XWhole bool
}

// LineChart draws y against x (xs increasing, same length; pairs with a
// non-finite value are skipped) with asciigraph: ys are linearly interpolated
// onto the plotted columns (no line outside the data's x range), the y axis
// spans the plotted values with labels at its ends (and middle / quarters when
// a row sits exactly there). Below it: the x axis, the markers row (a marker
// outside [XMin, XMax] is left out of the row; a marker whose column is taken
// moves at most two columns aside), x tick labels at XMin and XMax with XLabel
// between them, and the markers' legend. YLabel heads the chart. Parts are
// dropped when Height is small (YLabel, legend, tick labels, markers, axis).
// The result has exactly Height lines of exactly Width cells ("" when either
// is < 1).
func LineChart(xs, ys []float64, o LineOptions) string {
	W, H := o.Width, o.Height
	if W < 1 || H < 1 {
		return ""
	}
	pts := linePoints(xs, ys)
	xlo, xhi := o.XMin, o.XMax
	if !(xlo < xhi) || !finite(xhi-xlo) {
		r := newRange()
		for _, p := range pts {
			r.add(p.X)
		}
		xlo, xhi = r.bounds()
	}
	inRange := make([]Point, 0, len(pts))
	for _, p := range pts {
		if p.X >= xlo && p.X <= xhi {
			inRange = append(inRange, p)
		}
	}
	if len(pts) == 0 {
		return message("no data", W, H)
	}
	// y range: the points inside the window and the line's values at its
	// edges bound every interpolated column value.
	yr := newRange()
	for _, p := range inRange {
		yr.add(p.Y)
	}
	for _, x := range []float64{xlo, xhi} {
		if y, ok := interp(pts, x); ok {
			yr.add(y)
		}
	}
	if yr.lo > yr.hi {
		return message("no data in range", W, H)
	}
	if o.YMin < o.YMax && finite(o.YMax-o.YMin) {
		yr.add(o.YMin)
		yr.add(o.YMax)
	}
	ylo, yhi := yr.bounds()

	// Vertical layout.
	markers := len(o.Markers) > 0
	ylabel := clean(o.YLabel)
	head, legend, axis, ticks := ylabel != "", markers, true, true
	body := func() int {
		return H - btoi(head) - btoi(legend) - btoi(axis) - btoi(ticks) - btoi(markers)
	}
	for _, drop := range []*bool{&head, &legend, &ticks, &markers, &axis} {
		if body() >= 3 {
			break
		}
		*drop = false
	}
	n := body()
	if n < 2 {
		return message(trunc(ylabel, W), W, H)
	}
	steps := n - 1

	// Horizontal layout: labels of the rows that carry one, then the axis.
	label, lw := rowLabels(ylo, yhi, steps)
	// asciigraph: space, label, our space, axis glyph; value 0 sits on the
	// axis column and value j in the j-th cell right of it.
	prefix := lw + 3
	start := prefix - 1
	cols := W - start
	if cols < 2 {
		return message(trunc(ylabel, W), W, H)
	}

	// Plot the normalised line so asciigraph's rows match ours exactly; the
	// formatter maps rows back to y.
	series := make([]float64, cols)
	for j := range series {
		x := xlo + float64(j)/float64(cols-1)*(xhi-xlo)
		y, ok := interp(pts, x)
		if !ok {
			series[j] = math.NaN()
			continue
		}
		series[j] = clamp01((y - ylo) / (yhi - ylo))
	}
	col := func(x float64) int { // x within [xlo, xhi]; clamped against overflow
		f := math.Round((x - xlo) / (xhi - xlo) * float64(cols-1))
		if !(f >= 0) {
			return 0
		}
		return int(math.Min(f, float64(cols-1)))
	}
	for _, p := range inRange { // a lone point between columns still shows
		if c := col(p.X); math.IsNaN(series[c]) {
			series[c] = clamp01((p.Y - ylo) / (yhi - ylo))
		}
	}
	plot := asciigraph.Plot(series,
		asciigraph.Height(steps),
		asciigraph.LowerBound(0), asciigraph.UpperBound(1),
		asciigraph.Offset(2),
		asciigraph.YAxisValueFormatter(func(m float64) string { return label(m) + " " }),
	)
	body0 := strings.Split(plot, "\n")
	body0 = body0[:min(len(body0), n)]

	var lines []string
	if head {
		lines = append(lines, ylabel)
	}
	lines = append(lines, body0...)
	for len(lines) < btoi(head)+n {
		lines = append(lines, "")
	}
	pad := strings.Repeat(" ", start)
	mrow := newRow(cols)
	var legendParts []string
	for _, m := range o.Markers {
		g := glyph(m.Glyph, '?')
		legendParts = append(legendParts, string(g)+" "+clean(m.Label))
		if !finite(m.X) || m.X < xlo || m.X > xhi {
			continue
		}
		c := col(m.X)
		for _, d := range []int{0, 1, -1, 2, -2} {
			if mrow.free(c+d, c+d+1) {
				c += d
				break
			}
		}
		mrow[c] = g
	}
	if axis {
		r := newRow(cols)
		for j := range r {
			r[j] = '─'
		}
		r[cols-1] = '┬'
		r[0] = '└'
		lines = append(lines, pad+string(r))
	}
	if markers {
		lines = append(lines, pad+string(mrow))
	}
	if ticks {
		fx := tickFormat(xlo, xhi)
		if o.XWhole {
			fx = func(v float64) string { return strconv.FormatFloat(math.Round(v), 'f', 0, 64) }
		}
		lines = append(lines, pad+spread(fx(xlo), clean(o.XLabel), fx(xhi), cols))
	}
	if legend {
		lines = append(lines, pad+" "+strings.Join(legendParts, "  "))
	}
	return block(lines, W, H)
}

// linePoints pairs xs with ys, drops non-finite pairs and sorts by x when the
// input is not already increasing.
func linePoints(xs, ys []float64) []Point {
	n := min(len(xs), len(ys))
	pts := make([]Point, 0, n)
	for i := range n {
		if finite(xs[i]) && finite(ys[i]) {
			pts = append(pts, Point{xs[i], ys[i]})
		}
	}
	cmp := func(a, b Point) int {
		switch {
		case a.X < b.X:
			return -1
		case a.X > b.X:
			return 1
		}
		return 0
	}
	if !slices.IsSortedFunc(pts, cmp) {
		slices.SortStableFunc(pts, cmp)
	}
	return pts
}

// interp returns the piecewise-linear line through pts (sorted by x) at x; ok
// is false outside the points' x range.
func interp(pts []Point, x float64) (float64, bool) {
	if len(pts) == 0 || x < pts[0].X || x > pts[len(pts)-1].X {
		return 0, false
	}
	i, _ := slices.BinarySearchFunc(pts, x, func(p Point, x float64) int {
		switch {
		case p.X < x:
			return -1
		case p.X > x:
			return 1
		}
		return 0
	})
	// pts[i].X ≥ x and (i == 0 or pts[i-1].X < x).
	if pts[i].X == x || i == 0 {
		return pts[i].Y, true
	}
	a, b := pts[i-1], pts[i]
	return a.Y + (b.Y-a.Y)*(x-a.X)/(b.X-a.X), true
}

// rowLabels returns the y-axis labels of a chart with steps+1 rows spanning
// [ylo, yhi] — the top and bottom rows always, the middle row from 4 steps
// and the quarter rows from 8 — and the widest label's width. label takes
// the row's height m in [0, 1] (1 = top).
func rowLabels(ylo, yhi float64, steps int) (label func(m float64) string, width int) {
	fy := tickFormat(ylo, yhi)
	label = func(m float64) string {
		k := int(math.Round((1 - m) * float64(steps)))
		switch {
		case k == 0:
			return fy(yhi)
		case k == steps:
			return fy(ylo)
		case steps >= 4 && 2*k == steps,
			steps >= 8 && (4*k == steps || 4*k == 3*steps):
			return fy(ylo + m*(yhi-ylo))
		}
		return ""
	}
	for k := 0; k <= steps; k++ {
		width = max(width, len(label(1-float64(k)/float64(steps))))
	}
	return label, width
}
