package tui

import (
	"fmt"
	"math"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/guptarohit/asciigraph"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/report"
)

// pathChart is the Selection pane's fit-path chart: the metrics along
// CalibraEval's path from the identity to the converged fit as small
// multiples, one panel per metric, each on its own y scale and in its own
// colour (one shared axis flattened the metrics that move little, and
// five glyphs over one another hid the stop line), with the point the
// "stop at" knob picks drawn as a dotted line through every panel. The
// panels share the x axis (the path's points) and are stacked, or on
// wide terminals in two columns. The path is computed in the background
// (path.go); until it comes, or when there is none, the chart says so.
type pathChart struct {
	c    *common
	w, h int
}

func newPathChart(c *common) *pathChart { return &pathChart{c: c} }

// SetSize gives the chart the width and the pane's height (the panels
// take about the pane's height together).
func (pc *pathChart) SetSize(w, h int) { pc.w, pc.h = w, h }

// pathHeading is the chart's title and note.
const pathHeading = "identity → converged · ←/→ on \"stop at\" picks the point the CalibraEval row uses"

// Lines draws the chart for sel with the stop point marked, and one
// sentence on where agreement peaks; without a path, why there is none
// (nil when the pane has no CalibraEval to speak of).
func (pc *pathChart) Lines(sel *selection.Result) []string {
	w := pc.w
	st := &pc.c.st
	e, busy := pc.c.currentPath()
	if e == nil && !busy {
		why := pc.noPath(sel)
		if why == "" {
			return nil
		}
		out := append([]string{""}, st.heading("Fit path", "", w)...)
		return append(out, wrap("no path: "+why, w, "  ")...)
	}
	out := append([]string{""}, st.heading("Fit path", pathHeading, w)...)
	switch {
	case busy:
		return append(out, "  computing path …")
	case e.err != nil:
		return append(out, wrap("no path: "+e.err.Error(), w, "  ")...)
	}
	p := e.path
	stop := len(p.Points) - 1
	if sel.Stop != nil {
		stop = sel.Stop.Point
	}
	out = append(out, pc.panels(pathPanels(p), stop, len(p.Points), w)...)
	if s := report.PathSentence(p); s != "" {
		out = append(out, wrap(s, w, "  ")...)
	}
	return out
}

// noPath says why the screen shows no fit path ("" when there is
// nothing to say: no CalibraEval row at all).
func (pc *pathChart) noPath(sel *selection.Result) string {
	r := pc.c.cur
	if r == nil || r.err != nil {
		return ""
	}
	if !r.opt.Selection.Solver.Converged() {
		return "the fit path runs from the identity to the converged fit of eq. 10; the published solver fits no such path " +
			"(solver converged or both shows it)"
	}
	if ce := sel.Method(selection.MethodCalibraEval); ce != nil && !ce.Available {
		return "CalibraEval is not available (the notes say why)"
	}
	return ""
}

// pathPanel is one metric along the path.
type pathPanel struct {
	label string
	// ys holds the metric per point, NaN where undefined.
	ys []float64
	// dec is the decimals its values are printed with.
	dec int
	// peak is the index of its best point (−1: none); best says which
	// way is best.
	peak int
	best string
}

// pathPanels are the panels of a path, agreement first: ICC(2,k), Fleiss
// κ, RStd, accuracy (when some item has gold) and the objective L/K, each
// with its best point (calibraeval.Path.Peak; none for the objective,
// which the path minimises to its end). A metric undefined at every
// point is left out.
func pathPanels(p *calibraeval.Path) []pathPanel {
	n := len(p.Points)
	var out []pathPanel
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
		out = append(out, pathPanel{label: label, ys: ys, dec: dec, peak: pk, best: best})
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

// panels lays the panels out in w cells: stacked, or in two columns when
// each column is at least 60 cells wide; each column ends in the shared x
// axis with the stop marked.
func (pc *pathChart) panels(ps []pathPanel, stop, n, w int) []string {
	if len(ps) == 0 {
		return []string{"  no metric is defined along the path"}
	}
	ncol := 1
	if (w-4)/2 >= 60 {
		ncol = 2
	}
	perCol := (len(ps) + ncol - 1) / ncol
	// Plot rows per panel: the pane's height shared by the panels of a
	// column (each has a title line), 3 to 6 rows.
	rows := max(3, min(6, (pc.h-4)/perCol-1))
	colW := w - 2
	if ncol == 2 {
		colW = (w - 4) / 2
	}
	// One label width for every panel, so that the x columns line up.
	lw := 0
	for i := range ps {
		lo, hi := panelRange(ps[i].ys)
		lw = max(lw, len(fmtPanel(lo, ps[i].dec)), len(fmtPanel(hi, ps[i].dec)))
	}
	cols := make([][]string, ncol)
	tallest := 0
	for c := range ncol {
		for i := c * perCol; i < min(len(ps), (c+1)*perCol); i++ {
			cols[c] = append(cols[c], pc.panel(&ps[i], i, stop, n, colW, rows, lw)...)
		}
		tallest = max(tallest, len(cols[c]))
	}
	for c := range cols { // the axes on one row
		for len(cols[c]) < tallest {
			cols[c] = append(cols[c], "")
		}
		cols[c] = append(cols[c], pc.axis(stop, n, colW, lw)...)
	}
	var out []string
	for _, l := range wrap(fmt.Sprintf("▲ stop %d/%d (┊ in every panel) · each panel on its own scale",
		stop, n-1), w, "  ") {
		out = append(out, pc.c.st.Faint.Render(l))
	}
	if ncol == 1 {
		return append(out, indent(cols[0], " ")...)
	}
	return append(out, indent(sideBySide(cols[0], cols[1], w-1, 2), " ")...)
}

// panelRange is the range of the defined values of ys, widened when they
// are all equal so that the line sits in the middle.
func panelRange(ys []float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, y := range ys {
		if !math.IsNaN(y) {
			lo, hi = math.Min(lo, y), math.Max(hi, y)
		}
	}
	if !(hi > lo) {
		d := math.Max(math.Abs(lo)*1e-3, 1e-6)
		lo, hi = lo-d, hi+d
	}
	return lo, hi
}

// fmtPanel formats a value of a panel with dec decimals (− as a real minus).
func fmtPanel(v float64, dec int) string {
	return strings.Replace(fmt.Sprintf("%.*f", dec, v), "-", "−", 1)
}

// panel draws one metric: a title line with its value at the identity,
// at the stop and at its best point, then the line on its own scale (the
// range's ends labelled) in the metric's colour, the stop a dotted line.
func (pc *pathChart) panel(pp *pathPanel, i, stop, n, w, rows, lw int) []string {
	st := &pc.c.st
	style := st.series(i)
	at := func(k int) string {
		if k < 0 || k >= len(pp.ys) || math.IsNaN(pp.ys[k]) {
			return "—"
		}
		return fmtPanel(pp.ys[k], pp.dec)
	}
	note := fmt.Sprintf("  identity %s · ▲ %s", at(0), at(stop))
	if pp.peak >= 0 {
		note += fmt.Sprintf(" · %s %s at point %d", pp.best, at(pp.peak), pp.peak)
	}
	title := style.Bold(true).Render(" "+pp.label) + st.Faint.Render(note)
	if lipgloss.Width(title) > w {
		title = style.Bold(true).Render(" "+pp.label) + st.Faint.Render(fmt.Sprintf("  ▲ %s", at(stop)))
	}
	lo, hi := panelRange(pp.ys)
	start := lw + 2 // asciigraph: the label in lw+2 cells, then the axis, on which column 0 sits
	cols := max(2, w-start)
	steps := rows - 1
	data := resample(pp.ys, cols, func(y float64) float64 { return clamp01((y - lo) / (hi - lo)) })
	plot := asciigraph.Plot(data,
		asciigraph.Height(steps),
		asciigraph.LowerBound(0), asciigraph.UpperBound(1),
		asciigraph.Offset(2),
		asciigraph.YAxisValueFormatter(func(m float64) string {
			label := ""
			switch k := int(math.Round((1 - m) * float64(steps))); k {
			case 0:
				label = fmtPanel(hi, pp.dec)
			case steps:
				label = fmtPanel(lo, pp.dec)
			}
			return fmt.Sprintf("%*s ", lw, label)
		}),
	)
	lines := strings.Split(plot, "\n")
	sc := start + pathCol(stop, n, cols)
	out := []string{title}
	for _, l := range lines[:min(len(lines), rows)] {
		r := []rune(l)
		for len(r) < start+cols {
			r = append(r, ' ')
		}
		if sc < len(r) && r[sc] == ' ' {
			r[sc] = '┊'
		}
		out = append(out, style.Render(string(r)))
	}
	return out
}

// axis is the x axis under a column of panels: the path's points from
// the identity (0) to the converged fit (n−1), the stop marked ▲.
func (pc *pathChart) axis(stop, n, w, lw int) []string {
	st := &pc.c.st
	start := lw + 2
	cols := max(2, w-start)
	pad := strings.Repeat(" ", start)
	rule := []rune(strings.Repeat("─", cols))
	rule[0], rule[cols-1] = '└', '┬'
	marker := []rune(strings.Repeat(" ", cols))
	marker[pathCol(stop, n, cols)] = '▲'
	ends := spreadEnds("identity 0", fmt.Sprintf("converged %d", n-1), cols)
	return []string{pad + string(rule), pad + string(marker), st.Faint.Render(pad + ends)}
}

// pathCol is the column of point i of n in cols columns.
func pathCol(i, n, cols int) int {
	if n < 2 {
		return 0
	}
	return max(0, min(cols-1, int(math.Round(float64(i)/float64(n-1)*float64(cols-1)))))
}

// resample spreads the points ys over cols columns by index, linearly
// interpolated between defined neighbours (NaN gaps stay gaps), each
// value mapped by norm.
func resample(ys []float64, cols int, norm func(float64) float64) []float64 {
	out := make([]float64, cols)
	for j := range out {
		out[j] = math.NaN()
	}
	n := len(ys)
	for i := 0; i+1 < n; i++ {
		a, b := ys[i], ys[i+1]
		if math.IsNaN(a) || math.IsNaN(b) {
			continue
		}
		ca, cb := pathCol(i, n, cols), pathCol(i+1, n, cols)
		for j := ca; j <= cb; j++ {
			t := 0.0
			if cb > ca {
				t = float64(j-ca) / float64(cb-ca)
			}
			out[j] = norm(a + t*(b-a))
		}
	}
	for i, y := range ys { // lone points still show
		if c := pathCol(i, n, cols); !math.IsNaN(y) && math.IsNaN(out[c]) {
			out[c] = norm(y)
		}
	}
	return out
}

func clamp01(v float64) float64 { return math.Max(0, math.Min(1, v)) }

// spreadEnds puts left at the start and right at the end of w cells.
func spreadEnds(left, right string, w int) string {
	gap := w - lipgloss.Width(left) - lipgloss.Width(right)
	if gap < 1 {
		return left
	}
	return left + strings.Repeat(" ", gap) + right
}
