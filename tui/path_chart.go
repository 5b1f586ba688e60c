package tui

import (
	"strings"

	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/plot"
	"github.com/plumb-eval/plumb/report"
)

// pathChart is the Selection pane's fit-path chart: the metrics along
// CalibraEval's path from the identity to the converged fit, the point
// the "stop at" knob picks marked. The path is computed in the background
// (path.go); until it comes the chart says so.
type pathChart struct {
	c    *common
	w, h int
}

func newPathChart(c *common) *pathChart { return &pathChart{c: c} }

// SetSize gives the chart the width and the pane's height (the chart
// takes about half of it).
func (pc *pathChart) SetSize(w, h int) { pc.w, pc.h = w, h }

// Lines draws the chart for sel with the stop point marked, and one
// sentence on where agreement peaks (nil when the screen shows no path).
func (pc *pathChart) Lines(sel *selection.Result) []string {
	w := pc.w
	e, busy := pc.c.currentPath()
	if e == nil && !busy {
		return nil
	}
	st := &pc.c.st
	out := append([]string{""}, st.heading("Fit path", "identity → converged · ←/→ on \"stop at\" picks the point the CalibraEval row uses", w)...)
	switch {
	case busy:
		return append(out, "  computing path …")
	case e.err != nil:
		return append(out, wrap("no path: "+e.err.Error(), w, "  ")...)
	}
	p := e.path
	po := plot.PathChartOptions{Width: w - 2, Height: max(7, min(14, pc.h/2)), XLabel: "distance from the identity →"}
	if sel.Stop != nil {
		po.Stop, po.ShowStop = sel.Stop.Point, true
	} else {
		po.Stop, po.ShowStop = len(p.Points)-1, true
	}
	c := plot.PathChart(plot.PathSeriesOf(p, false), po)
	out = append(out, indent(strings.Split(st.Chart.Render(c), "\n"), " ")...)
	if s := report.PathSentence(p); s != "" {
		out = append(out, wrap(s, w, "  ")...)
	}
	return out
}
