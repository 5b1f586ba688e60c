package tui

import (
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/mec"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/plot"
	"github.com/plumb-eval/plumb/present"
)

// kChartHeight is the height of each K-curve chart: its label, five plot
// rows, the x axis and its tick labels.
const kChartHeight = 8

// kChartWidth is the widest a K-curve chart gets (a few Ks need no more).
const kChartWidth = 44

// kCurveCharts draws the K curve (the table above it, FairEval's Figure 3)
// as three small line charts: MEC's and MEC + BPC's accuracy against gold
// on one y range, and the conflict rate, each against K. A chart with
// fewer than two defined values is left out; none without two Ks.
func kCurveCharts(st *styles, r *mec.Result, w int) []string {
	if len(r.Curve) < 2 {
		return nil
	}
	type series struct {
		label  string
		xs, ys []float64
	}
	pick := func(label string, get func(*mec.Point) calib.Stat) series {
		s := series{label: label}
		for i := range r.Curve {
			if v := get(&r.Curve[i]); v.OK() {
				s.xs, s.ys = append(s.xs, float64(r.Curve[i].K)), append(s.ys, v.Value)
			}
		}
		return s
	}
	all := []series{
		pick(present.MethodTitle(selection.MethodMEC)+" accuracy", func(p *mec.Point) calib.Stat { return p.MEC }),
		pick(present.MethodTitle(selection.MethodMECBPC)+" accuracy", func(p *mec.Point) calib.Stat { return p.MECBPC }),
		pick("conflict rate", func(p *mec.Point) calib.Stat { return p.Conflict }),
	}
	// The two accuracies share a y range, so their heights compare.
	lo, hi := 1.0, 0.0
	for _, s := range all[:2] {
		for _, y := range s.ys {
			lo, hi = min(lo, y), max(hi, y)
		}
	}
	var charts [][]string
	// Side by side, 3 columns apart: 24 columns each at 80 (the narrowest
	// screen), at most kChartWidth.
	cw := min(kChartWidth, (w-1-2*3)/3)
	for i, s := range all {
		if len(s.xs) < 2 {
			continue
		}
		o := plot.LineOptions{Width: cw, Height: kChartHeight, XLabel: "K", YLabel: s.label, XWhole: true}
		if i < 2 {
			o.YMin, o.YMax = lo, hi
		}
		charts = append(charts, strings.Split(st.Chart.Render(plot.LineChart(s.xs, s.ys, o)), "\n"))
	}
	if len(charts) == 0 {
		return nil
	}
	out := append([]string{""}, st.heading("As K grows", "each value the mean over the subsamples, as in the table", w)...)
	row := charts[0]
	for _, c := range charts[1:] {
		row = sideBySide(row, c, w, 3)
	}
	return append(out, indent(row, " ")...)
}
