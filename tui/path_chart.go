package tui

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/plot"
	"github.com/plumb-eval/plumb/present"
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
	out = append(out, pc.panels(plot.PathPanelsOf(p), stop, len(p.Points), w)...)
	if s := present.PathSentence(p); s != "" {
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

// panels lays the panels out in w cells: stacked, or in two columns when
// each column is at least 60 cells wide; each column ends in the shared x
// axis with the stop marked.
func (pc *pathChart) panels(ps []plot.PathPanel, stop, n, w int) []string {
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
	lw := plot.PathLabelWidth(ps) // one for every panel, so that the x columns line up
	cols := make([][]string, ncol)
	tallest := 0
	for c := range ncol {
		for i := c * perCol; i < min(len(ps), (c+1)*perCol); i++ {
			cols[c] = append(cols[c], pc.panel(&ps[i], i, stop, colW, rows, lw)...)
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

// panel draws one metric: a title line with its value at the identity,
// at the stop and at its best point, then its plot rows (plot.PathPanelRows:
// the line on its own scale, the range's ends labelled, the stop a dotted
// line) in the metric's colour.
func (pc *pathChart) panel(pp *plot.PathPanel, i, stop, w, rows, lw int) []string {
	st := &pc.c.st
	style := st.series(i)
	note := fmt.Sprintf("  identity %s · ▲ %s", pp.At(0), pp.At(stop))
	if pp.Peak >= 0 {
		note += fmt.Sprintf(" · %s %s at point %d", pp.Best, pp.At(pp.Peak), pp.Peak)
	}
	title := style.Bold(true).Render(" "+pp.Label) + st.Faint.Render(note)
	if cellWidth(title) > w {
		title = style.Bold(true).Render(" "+pp.Label) + st.Faint.Render(fmt.Sprintf("  ▲ %s", pp.At(stop)))
	}
	out := []string{title}
	for _, l := range plot.PathPanelRows(pp, stop, w, rows, lw) {
		out = append(out, style.Render(l))
	}
	return out
}

// axis is the x axis under a column of panels (plot.PathAxis): the path's
// points from the identity (0) to the converged fit (n−1), the stop marked
// ▲, the end labels faint.
func (pc *pathChart) axis(stop, n, w, lw int) []string {
	ax := plot.PathAxis(stop, n, w, lw)
	ax[2] = pc.c.st.Faint.Render(ax[2])
	return ax
}
