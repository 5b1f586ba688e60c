package figure

import (
	"fmt"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/plumb-eval/plumb/internal/textsafe"
)

// ConditionPoint is one method's value on one metric in one condition,
// with its interval (nil when there is none); OK is false when the value
// is undefined (not drawn; the caption says so).
type ConditionPoint struct {
	Value float64
	CI    *[2]float64
	OK    bool
}

// ConditionMethod is one method's values across the conditions, in the
// order of the figure's labels.
type ConditionMethod struct {
	Method string
	// Series is the method's colour and marker (MethodSeries).
	Series int
	Points []ConditionPoint
}

// ConditionPanel is one metric of the conditions figure.
type ConditionPanel struct {
	Metric string
	// Better says which way is better, e.g. "higher is better".
	Better  string
	Methods []ConditionMethod
}

// Conditions draws, like CalibraEval's Figures 3–5, each method's value of
// each metric in each condition a judge was judged in: one panel per
// metric, the conditions along x (labels), one line and marker per method
// (its points side by side within a condition), the interval of a value as
// a vertical bar when given. ciText describes the intervals ("" when there
// are none). sentence, when not empty, is the least-biased sentence that
// ends the caption.
func Conditions(name, judge string, labels []string, panels []ConditionPanel, ciText, sentence string) Figure {
	judge = textsafe.Line(judge)
	safe, ticks := make([]string, len(labels)), make([]string, len(labels))
	for i, l := range labels {
		safe[i] = textsafe.Line(l)
		ticks[i] = strings.Replace(safe[i], " ", "\n", 1) // the template above the IDs and shots
	}
	var caption strings.Builder
	fmt.Fprintf(&caption, "Each method's metrics for judge %s in each of its %d conditions (x: the condition; one panel per metric; a method's line joins its values, which are not a trend). ",
		judge, len(labels))
	if ciText != "" {
		fmt.Fprintf(&caption, "Bars: %s. ", ciText)
	} else {
		caption.WriteString("No intervals were computed: the points alone do not show the noise of a difference. ")
	}
	cols := 2
	if len(panels) < 2 {
		cols = 1
	}
	rows := max(1, (len(panels)+cols-1)/cols)
	grid := make([][]*plot.Plot, rows)
	for i := range grid {
		grid[i] = make([]*plot.Plot, cols)
	}
	var legend []LegendEntry
	inLegend := map[string]bool{}
	var undefined []string
	for k, cp := range panels {
		title := cp.Metric
		if cp.Better != "" {
			title += " (" + cp.Better + ")"
		}
		p := newPlot(title, "condition", cp.Metric)
		n := len(cp.Methods)
		for mi, m := range cp.Methods {
			dx := 0.0
			if n > 1 {
				dx = 0.5 * (float64(mi)/float64(n-1) - 0.5) // within ±0.25 of the condition
			}
			var pts, bars errYPoints
			for ci, pt := range m.Points {
				if !pt.OK || !finite(pt.Value) {
					undefined = append(undefined, fmt.Sprintf("%s %s in %s", m.Method, cp.Metric, safe[ci]))
					continue
				}
				xy := plotter.XY{X: float64(ci) + dx, Y: pt.Value}
				pts.XYs = append(pts.XYs, xy)
				if pt.CI != nil && finite(pt.CI[0], pt.CI[1]) {
					bars.XYs = append(bars.XYs, xy)
					bars.YErrors = append(bars.YErrors, struct{ Low, High float64 }{pt.Value - pt.CI[0], pt.CI[1] - pt.Value})
				}
			}
			s := scatter(pts.XYs, m.Series, vg.Points(3))
			if !inLegend[m.Method] {
				inLegend[m.Method] = true
				legend = append(legend, legendEntry(m.Method, line(pts.XYs, m.Series), s))
			}
			if len(pts.XYs) == 0 {
				continue
			}
			if len(pts.XYs) > 1 {
				p.Add(line(pts.XYs, m.Series))
			}
			if len(bars.XYs) > 0 {
				if eb, err := plotter.NewYErrorBars(bars); err == nil {
					eb.LineStyle = lineStyle(m.Series)
					eb.LineStyle.Dashes = nil
					p.Add(eb)
				}
			}
			p.Add(s)
		}
		p.NominalX(ticks...)
		p.X.Min, p.X.Max = -0.5, float64(len(labels))-0.5
		grid[k/cols][k%cols] = p
	}
	for i := range grid {
		for j := range grid[i] {
			if grid[i][j] == nil {
				e := plot.New()
				e.HideAxes()
				grid[i][j] = e
			}
		}
	}
	if len(undefined) > 0 {
		fmt.Fprintf(&caption, "Not drawn (undefined or unavailable): %s. ", strings.Join(undefined, "; "))
	}
	if sentence != "" {
		caption.WriteString(textsafe.Line(sentence))
	}
	return Figure{Name: name, Caption: strings.TrimSpace(caption.String()), Title: "Conditions — " + judge, Panels: grid, Legend: legend,
		WidthScale: max(1.3, 0.25*float64(len(labels))), HeightScale: max(1, 0.55*float64(rows))}
}

// errYPoints are points with vertical error bars (plotter.XYer and
// plotter.YErrorer).
type errYPoints struct {
	plotter.XYs
	plotter.YErrors
}
