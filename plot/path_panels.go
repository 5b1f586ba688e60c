package plot

import (
	"fmt"
	"math"
	"strings"

	"github.com/guptarohit/asciigraph"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/metrics"
)

// This file draws CalibraEval's fit path as small multiples: one panel per
// metric, each on its own y scale, the stop point a dotted column ┊ through
// every panel, and one x axis shared by the panels above it. The caller lays
// the panels out (stacked or in columns), titles and colours them.

// PathPanel is one metric along a fit path, drawn by PathPanelRows.
type PathPanel struct {
	Label string
	// Ys holds the metric at each point of the path; NaN (or any
	// non-finite value) where it is undefined, drawn as a gap.
	Ys []float64
	// Decimals is the number of decimals its values are printed with.
	Decimals int
	// Peak is the index of its best point, −1 when it has none; Best says
	// which way is best ("highest", "lowest"; "" with no peak).
	Peak int
	Best string
}

// PathPanelsOf returns the panels of a fit path, agreement first:
// ICC(2,k), Fleiss κ, RStd, accuracy (mean over arrangements; only when
// some item has gold) and the objective L/K, over all items, each with its
// best point from calibraeval.Path.Peak (none for the objective, which the
// path minimises to its end). A metric undefined at every point is left
// out; a nil path has no panels.
func PathPanelsOf(p *calibraeval.Path) []PathPanel {
	if p == nil {
		return nil
	}
	n := len(p.Points)
	var out []PathPanel
	add := func(label string, dec int, key, best string, get func(pt *calibraeval.PathPoint) calib.Stat) {
		ys := make([]float64, n)
		some := false
		for i := range p.Points {
			ys[i] = math.NaN()
			if s := get(&p.Points[i]); s.OK() {
				ys[i], some = s.Value, true
			}
		}
		if !some {
			return
		}
		pk := -1
		if i, ok := p.Peak[key]; ok {
			pk = i
		}
		out = append(out, PathPanel{Label: label, Ys: ys, Decimals: dec, Peak: pk, Best: best})
	}
	all := func(get func(*metrics.Metrics) calib.Stat) func(*calibraeval.PathPoint) calib.Stat {
		return func(pt *calibraeval.PathPoint) calib.Stat { return get(&pt.All) }
	}
	add("ICC(2,k)", 3, calibraeval.PeakICC2k, "highest", all(func(m *metrics.Metrics) calib.Stat { return m.ICC2k }))
	add("Fleiss κ", 3, calibraeval.PeakKappa, "highest", all(func(m *metrics.Metrics) calib.Stat { return m.FleissKappa }))
	add("RStd", 2, calibraeval.PeakRStd, "lowest", all(func(m *metrics.Metrics) calib.Stat { return m.RStd }))
	add("accuracy (mean)", 3, calibraeval.PeakAccuracy, "highest", all(func(m *metrics.Metrics) calib.Stat { return m.AccuracyMean }))
	add("objective L/K", 5, "", "", func(pt *calibraeval.PathPoint) calib.Stat { return calib.Defined(pt.Objective, 0) })
	return out
}

// Range is the range of the panel's defined values, widened when they are
// all equal (by 0.1% of the value, at least 10⁻⁶, each way) so that the
// line sits in the middle; ok is false when no value is defined.
func (pp *PathPanel) Range() (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, y := range pp.Ys {
		if finite(y) {
			lo, hi = math.Min(lo, y), math.Max(hi, y)
		}
	}
	if lo > hi {
		return 0, 0, false
	}
	if !(hi > lo) {
		d := math.Max(math.Abs(lo)*1e-3, 1e-6)
		lo, hi = lo-d, hi+d
	}
	return lo, hi, true
}

// Format prints v with the panel's decimals and − as a real minus sign;
// a non-finite v prints as "—".
func (pp *PathPanel) Format(v float64) string {
	if !finite(v) {
		return "—"
	}
	return strings.Replace(fmt.Sprintf("%.*f", pp.Decimals, v), "-", "−", 1)
}

// At prints the panel's value at point i with Format, "—" when i is out of
// range or the value there is undefined.
func (pp *PathPanel) At(i int) string {
	if i < 0 || i >= len(pp.Ys) {
		return "—"
	}
	return pp.Format(pp.Ys[i])
}

// PathLabelWidth is the width of the widest y label (a range's end) of the
// panels: pass it to PathPanelRows and PathAxis of panels drawn one above
// the other so that their x columns line up. It counts bytes, not cells, as
// the Selection pane always has: a label with − (three bytes, one cell) is
// taken as two cells wider, which the goldens of the TUI's frames record.
func PathLabelWidth(ps []PathPanel) int {
	lw := 0
	for i := range ps {
		if lo, hi, ok := ps[i].Range(); ok {
			lw = max(lw, len(ps[i].Format(lo)), len(ps[i].Format(hi)))
		}
	}
	return lw
}

// pathPlotStart is the column of the plot's first x column (asciigraph
// writes each y label right-aligned in labelW+2 cells, then the axis, on
// which the first x column sits), and cols the number of x columns in
// width cells (at least 2).
func pathPlotStart(width, labelW int) (start, cols int) {
	start = labelW + 2
	return start, max(2, width-start)
}

// PathPanelRows draws the plot rows of one panel (no title), uncoloured,
// with asciigraph: rows lines (at least 2), each exactly max(width,
// labelW+4) cells wide. The first labelW+1 cells hold the y labels, right
// aligned: the top of the panel's Range on the first row, its bottom on
// the last, the others blank (all blank when no value is defined); then a
// space and the y axis (┤, or ┼ where the line starts on it), on which the
// first of the x columns sits; the x columns fill the rest. The points
// 0 … len(Ys)−1 are spread evenly over the x columns (point i at PathCol),
// the line linearly interpolated between defined neighbours, undefined
// values leaving gaps (a defined point between two gaps still shows). The
// stop point's column is marked ┊ in every row where it is blank. labelW
// should be PathLabelWidth of the panels drawn together (a smaller one is
// widened to this panel's labels).
func PathPanelRows(pp *PathPanel, stop, width, rows, labelW int) []string {
	rows = max(2, rows)
	labelW = max(labelW, PathLabelWidth([]PathPanel{*pp}))
	lo, hi, ok := pp.Range()
	if !ok {
		lo, hi = 0, 1
	}
	start, cols := pathPlotStart(width, labelW)
	steps := rows - 1
	data := PathResample(pp.Ys, cols, func(y float64) float64 { return clamp01((y - lo) / (hi - lo)) })
	var lines []string
	if ok {
		plot := asciigraph.Plot(data,
			asciigraph.Height(steps),
			asciigraph.LowerBound(0), asciigraph.UpperBound(1),
			asciigraph.Offset(2),
			asciigraph.YAxisValueFormatter(func(m float64) string {
				label := ""
				switch k := int(math.Round((1 - m) * float64(steps))); k {
				case 0:
					label = pp.Format(hi)
				case steps:
					label = pp.Format(lo)
				}
				return fmt.Sprintf("%*s ", labelW, label)
			}),
		)
		lines = strings.Split(plot, "\n")
	}
	sc := start + PathCol(stop, len(pp.Ys), cols)
	out := make([]string, 0, rows)
	for i := range rows {
		var r []rune
		if i < len(lines) {
			r = []rune(lines[i])
		} else {
			r = []rune(strings.Repeat(" ", start) + "┤")
		}
		for len(r) < start+cols {
			r = append(r, ' ')
		}
		if len(r) > start+cols {
			r = r[:start+cols]
		}
		if r[sc] == ' ' {
			r[sc] = '┊'
		}
		out = append(out, string(r))
	}
	return out
}

// PathAxis draws the x axis under panels drawn by PathPanelRows with the
// same width and labelW, for a path of n points: three lines, each exactly
// max(width, labelW+4) cells wide, uncoloured, starting with labelW+2
// spaces so that the axis begins under the panels' y axis. The first is the
// rule, └ under the first x column, ┬ under the last; the second the marker
// row, ▲ under the stop point's column (PathCol) and blank elsewhere; the
// third the end labels "identity 0" flush left and "converged n−1" flush
// right (only the left one when both do not fit with a space between, or
// when n < 1).
func PathAxis(stop, n, width, labelW int) []string {
	start, cols := pathPlotStart(width, labelW)
	pad := strings.Repeat(" ", start)
	rule := []rune(strings.Repeat("─", cols))
	rule[0], rule[cols-1] = '└', '┬'
	marker := []rune(strings.Repeat(" ", cols))
	marker[PathCol(stop, n, cols)] = '▲'
	right := ""
	if n >= 1 {
		right = fmt.Sprintf("converged %d", n-1)
	}
	ends := fit(spread("identity 0", "", right, cols), cols)
	return []string{pad + string(rule), pad + string(marker), pad + ends}
}

// PathCol is the x column of point i of a path of n points spread evenly
// over cols columns: point 0 in column 0, point n−1 in column cols−1, i
// rounded to the nearest column and clamped to [0, cols−1] (0 when n < 2).
func PathCol(i, n, cols int) int {
	if n < 2 {
		return 0
	}
	return max(0, min(cols-1, int(math.Round(float64(i)/float64(n-1)*float64(cols-1)))))
}

// PathResample spreads the points ys of a path over cols columns by index
// (point i in column PathCol(i, len(ys), cols)), linearly interpolated
// between defined neighbours (non-finite values are undefined and leave
// gaps; a defined point between gaps still shows in its column), each
// value mapped by norm; columns with no value are NaN. A column that
// several segments cross holds the value of the last one drawn through it.
// Unlike the curve charts' resample, which samples evenly spaced values at
// each column, it places the points themselves in their columns: a
// defined point between gaps shows in its column unless a segment is
// drawn there.
func PathResample(ys []float64, cols int, norm func(float64) float64) []float64 {
	out := make([]float64, max(0, cols))
	for j := range out {
		out[j] = math.NaN()
	}
	if cols < 1 {
		return out
	}
	n := len(ys)
	for i := 0; i+1 < n; i++ {
		a, b := ys[i], ys[i+1]
		if !finite(a) || !finite(b) {
			continue
		}
		ca, cb := PathCol(i, n, cols), PathCol(i+1, n, cols)
		for j := ca; j <= cb; j++ {
			t := 0.0
			if cb > ca {
				t = float64(j-ca) / float64(cb-ca)
			}
			out[j] = norm(a + t*(b-a))
		}
	}
	for i, y := range ys { // lone points still show
		if c := PathCol(i, n, cols); finite(y) && math.IsNaN(out[c]) {
			out[c] = norm(y)
		}
	}
	return out
}
