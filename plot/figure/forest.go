package figure

import (
	"fmt"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/plumb-eval/plumb/internal/textsafe"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// ForestRow is one method's change from raw on one metric.
type ForestRow struct {
	Method string
	// Series is the method's colour and marker (MethodSeries).
	Series int
	// Delta is the method's value minus raw's.
	Delta float64
	// CI is the interval of the change (e.g. a paired bootstrap interval);
	// nil when there is none.
	CI *[2]float64
	// NoInterval, when CI is nil although intervals were computed, says
	// why this change has none; the caption lists it (a point without a bar
	// is not a change within noise).
	NoInterval string
	// Missing, when not empty, says why the row has no value (e.g.
	// "collapsed"): the row is left out of the panel (no empty row) and the
	// caption names it and the reason.
	Missing string
}

// ForestPanel is one metric of a forest plot.
type ForestPanel struct {
	Metric string
	// Better says which way is better, e.g. "higher is better".
	Better string
	Rows   []ForestRow
}

// errPoints are points with horizontal error bars (plotter.XYer and
// plotter.XErrorer).
type errPoints struct {
	plotter.XYs
	plotter.XErrors
}

// Forest draws each method's change from raw on each metric, one panel per
// metric, with the interval of the change as a horizontal bar when given,
// and a vertical line at 0 (no change). Rows without a value (Missing, or
// not finite) are not drawn: the caption lists them with the reason, and a
// metric with no drawable row has no panel. ciText describes the intervals
// (e.g. "95% paired bootstrap percentile intervals, 1000 resamples").
func Forest(name, judge string, panels []ForestPanel, ciText string) Figure {
	judge = textsafe.Line(judge)
	var caption strings.Builder
	fmt.Fprintf(&caption, "Change from the raw judgments for each correction method of judge %s, one panel per metric (x: method minus raw, in the metric's units; the grey line marks no change). ", judge)
	if ciText != "" {
		fmt.Fprintf(&caption, "Bars: %s; a change whose bar crosses 0 is %s. ", ciText, vocab.WithinNoise)
	} else {
		caption.WriteString("No intervals were computed: the points alone do not show whether a change exceeds noise. ")
	}
	// Rows without a value: named once per method and reason, with the
	// metrics ("every metric" when it has no value anywhere), not drawn.
	type gap struct {
		what    string
		metrics []string
	}
	var gaps []*gap
	gapOf := map[string]*gap{}
	var drawn []ForestPanel
	var noCI []string
	for _, fp := range panels {
		keep := ForestPanel{Metric: fp.Metric, Better: fp.Better}
		for _, r := range fp.Rows {
			if r.Missing == "" && finite(r.Delta) {
				keep.Rows = append(keep.Rows, r)
				continue
			}
			why := r.Missing
			if why == "" {
				why = "undefined"
			}
			k := r.Method + " (" + why + ")"
			if gapOf[k] == nil {
				gapOf[k] = &gap{what: k}
				gaps = append(gaps, gapOf[k])
			}
			gapOf[k].metrics = append(gapOf[k].metrics, fp.Metric)
		}
		if len(keep.Rows) > 0 {
			drawn = append(drawn, keep)
		}
	}
	var missing []string
	for _, g := range gaps {
		if len(g.metrics) == len(panels) {
			missing = append(missing, g.what+": every metric")
		} else {
			missing = append(missing, g.what+": "+strings.Join(g.metrics, ", "))
		}
	}
	cols := 2
	if len(drawn) < 2 {
		cols = 1
	}
	rows := max(1, (len(drawn)+cols-1)/cols)
	grid := make([][]*plot.Plot, rows)
	var legend []LegendEntry
	for i := range grid {
		grid[i] = make([]*plot.Plot, cols)
	}
	for k, fp := range drawn {
		title := fp.Metric
		if fp.Better != "" {
			title += " (" + fp.Better + ")"
		}
		p := newPlot(title, "change from raw", "")
		names := make([]string, len(fp.Rows))
		lo, hi := 0.0, 0.0
		for i, r := range fp.Rows {
			names[i] = r.Method
			y := float64(len(fp.Rows) - 1 - i) // first row on top
			if r.CI == nil && r.NoInterval != "" {
				noCI = append(noCI, fmt.Sprintf("%s on %s (%s)", r.Method, fp.Metric, r.NoInterval))
			}
			pts := errPoints{XYs: plotter.XYs{{X: r.Delta, Y: y}}, XErrors: plotter.XErrors{{}}}
			lo, hi = min(lo, r.Delta), max(hi, r.Delta)
			if r.CI != nil && finite(r.CI[0], r.CI[1]) {
				pts.XErrors[0] = struct{ Low, High float64 }{Low: r.Delta - r.CI[0], High: r.CI[1] - r.Delta}
				lo, hi = min(lo, r.CI[0]), max(hi, r.CI[1])
				if eb, err := plotter.NewXErrorBars(pts); err == nil {
					eb.LineStyle = lineStyle(r.Series)
					eb.LineStyle.Dashes = nil
					p.Add(eb)
				}
			}
			p.Add(scatter(pts.XYs, r.Series, vg.Points(3)))
		}
		// Reversed names: NominalY puts the first name at y = 0 (bottom).
		rev := make([]string, len(names))
		for i, n := range names {
			rev[len(names)-1-i] = n
		}
		p.NominalY(rev...)
		pad := 0.1 * max(hi-lo, 1e-3)
		p.X.Min, p.X.Max = lo-pad, hi+pad
		p.Y.Min, p.Y.Max = -0.5, float64(len(fp.Rows))-0.5
		zero := refLine(plotter.XYs{{X: 0, Y: -0.5}, {X: 0, Y: float64(len(fp.Rows)) - 0.5}})
		p.Add(zero)
		if legend == nil {
			legend = []LegendEntry{legendEntry("0 = no change from raw", zero)}
		}
		grid[k/cols][k%cols] = p
	}
	// An odd panel count leaves one cell: fill it with an empty plot.
	for i := range grid {
		for j := range grid[i] {
			if grid[i][j] == nil {
				e := plot.New()
				e.HideAxes()
				grid[i][j] = e
			}
		}
	}
	if len(noCI) > 0 {
		fmt.Fprintf(&caption, "Points without a bar have %s, so nothing is said of their noise: %s. ", vocab.NoInterval, strings.Join(noCI, "; "))
	}
	if len(missing) > 0 {
		fmt.Fprintf(&caption, "Not drawn (no value): %s.", strings.Join(missing, "; "))
	}
	return Figure{Name: name, Caption: caption.String(), Title: "Change from raw — " + judge, Panels: grid, Legend: legend,
		WidthScale: 1.3, HeightScale: max(1, 0.55*float64(rows))}
}
