package figure

import (
	"fmt"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/textsafe"
	"github.com/plumb-eval/plumb/model"
)

// RecallMethod is one method's per-arrangement recalls.
type RecallMethod struct {
	Label string
	// Series is the method's colour, marker and dash (MethodSeries).
	Series           int
	Recall1, Recall2 [model.NumArrangements]calib.Stat
}

// methodSeries gives each method of the methods table its series style, the
// same in every figure: raw black, CalibraEval orange, Pride blue, the
// published code's CalibraEval reddish purple, BPC yellow and
// discard-inconsistent vermillion, BC sky blue, CC bluish green and DC
// (beyond the palette) black again with a dash-dot line. The first five are the palette's
// greyscale-distinct colours (minLuminanceGap).
var methodSeries = map[string]int{
	selection.MethodRaw: 0, selection.MethodCalibraEval: 1, selection.MethodPride: 2,
	selection.MethodCalibraEvalPublished: 3, selection.MethodBPC: 4, selection.MethodDiscard: 5,
	selection.MethodBC: 6, selection.MethodCC: 7, selection.MethodDC: 8,
	// The MEC rows (sampled scores) take the styles of the aggregations the
	// recall figure leaves out: MEC BPC's yellow (12 ≡ 4), the BPC rows
	// BPC's and discard-inconsistent's.
	selection.MethodMEC: 12, selection.MethodBPCScores: 4 + 8*2, selection.MethodMECBPC: 13,
}

// MethodSeries returns the series index of a method of the methods table
// (a name not in the table: after those).
func MethodSeries(name string) int {
	if i, ok := methodSeries[name]; ok {
		return i
	}
	return len(methodSeries)
}

// RecallMethods returns the methods of sel that have per-arrangement recall
// (raw and the calibration maps; BPC and discard-inconsistent aggregate over
// arrangements), labelled with title, skipping unavailable methods and
// those for which skip returns true (e.g. a collapsed fit).
func RecallMethods(sel *selection.Result, title func(string) string, skip func(*selection.MethodResult) bool) []RecallMethod {
	var out []RecallMethod
	for i := range sel.Methods {
		m := &sel.Methods[i]
		if !m.Available || m.Name == selection.MethodBPC || m.Name == selection.MethodDiscard ||
			m.Name == selection.MethodBPCScores || m.Name == selection.MethodMECBPC || (skip != nil && skip(m)) {
			continue
		}
		any := false
		for _, a := range model.Arrangements {
			any = any || m.All.Recall1[a].OK() || m.All.Recall2[a].OK()
		}
		if any {
			out = append(out, RecallMethod{Label: title(m.Name), Series: MethodSeries(m.Name), Recall1: m.All.Recall1, Recall2: m.All.Recall2})
		}
	}
	return out
}

// Recall draws, for each arrangement the judge was run in, the recall of
// items whose gold is response 1 (left panel) and response 2 (right panel),
// one bar per method: a fair judge has equal recalls, so the gap between
// the panels is the recall imbalance RStd measures.
func Recall(name, judge string, arrs []model.Arrangement, methods []RecallMethod) Figure {
	judge = textsafe.Line(judge)
	names := make([]string, len(arrs))
	for i, a := range arrs {
		names[i] = a.String()
	}
	var caption strings.Builder
	fmt.Fprintf(&caption, "Recall per arrangement of judge %s. Left: share of items with gold = response 1 that the judge chose correctly; right: the same for gold = response 2. ", judge)
	fmt.Fprintf(&caption, "Arrangements (x axis): %s (x0 default order, x1 positions swapped, x2 contents swapped, x3 both). Bars, left to right in each group: ", strings.Join(names, ", "))
	labels := make([]string, len(methods))
	for i, m := range methods {
		labels[i] = m.Label
	}
	caption.WriteString(strings.Join(labels, ", "))
	caption.WriteString(". A fair judge has equal recall in both panels; RStd is half the gap, averaged over arrangements, × 100.")

	var undefined []string
	var legend []LegendEntry
	panel := func(title string, pick func(RecallMethod) [model.NumArrangements]calib.Stat) *plot.Plot {
		p := newPlot(title, "arrangement", "recall (share of gold items chosen)")
		p.Y.Min, p.Y.Max = 0, 1
		w := vg.Points(min(14, 60/float64(max(1, len(methods)))))
		for i, m := range methods {
			rs := pick(m)
			vals := make(plotter.Values, len(arrs))
			for j, a := range arrs {
				if rs[a].OK() {
					vals[j] = rs[a].Value
				} else {
					undefined = append(undefined, fmt.Sprintf("%s %s", m.Label, a))
				}
			}
			bc, err := plotter.NewBarChart(vals, w)
			if err != nil {
				continue
			}
			bc.Color = seriesColor(m.Series)
			bc.LineStyle = draw.LineStyle{Color: outline, Width: vg.Points(0.5)}
			bc.Offset = w * vg.Length(float64(i)-float64(len(methods)-1)/2)
			p.Add(bc)
			if len(legend) < len(methods) {
				legend = append(legend, legendEntry(m.Label, bc))
			}
		}
		if len(names) > 0 {
			p.NominalX(names...)
			p.X.Min, p.X.Max = -0.6, float64(len(names))-0.4
		}
		return p
	}
	p1 := panel("gold = response 1", func(m RecallMethod) [model.NumArrangements]calib.Stat { return m.Recall1 })
	p2 := panel("gold = response 2", func(m RecallMethod) [model.NumArrangements]calib.Stat { return m.Recall2 })
	p2.Y.Label.Text = ""
	if len(undefined) > 0 {
		fmt.Fprintf(&caption, " Undefined (no gold items), drawn as 0: %s.", strings.Join(undefined, ", "))
	}
	return Figure{Name: name, Caption: caption.String(), Title: "Recall per arrangement — " + judge, Legend: legend,
		Panels: [][]*plot.Plot{{p1, p2}}, WidthScale: 1.3}
}
