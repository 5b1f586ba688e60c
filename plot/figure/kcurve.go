package figure

import (
	"fmt"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/mec"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/textsafe"
)

// kSeries is one line of the K curve: a method's value at each K.
type kSeries struct {
	method string // selection.MethodMEC or selection.MethodMECBPC: its style
	label  string
	get    func(*mec.Point) calib.Stat
}

// KCurve draws, like FairEval's Figure 3, how a judge's Multiple Evidence
// Calibration settles as more sampled scores are averaged: left, the
// accuracy against gold of MEC and MEC + BPC at each K of r.Curve; right,
// MEC's conflict rate (the share of items whose x0 and x2 verdicts
// differ), in MEC's style. title names a method of the methods table (as
// every surface names it). An undefined value is not drawn (the caption
// names it); a panel with no value is left out. The curve keeps each K's
// mean over the subsamples, not its spread, so the points have no bars.
func KCurve(name, judge string, r *mec.Result, title func(string) string) Figure {
	judge = textsafe.Line(judge)
	mecName, bpcName := title(selection.MethodMEC), title(selection.MethodMECBPC)
	panels := []kPanel{
		{title: "accuracy against gold (higher is better)", ylabel: "accuracy", short: "Accuracy",
			what: fmt.Sprintf("accuracy against gold, gold ties a class, of %s (the mean of the K samples' scores in x0, the default order) "+
				"and %s (the K samples of x0 and of x2, the contents swapped, pooled as FairEval does)", mecName, bpcName),
			series: []kSeries{
				{selection.MethodMEC, mecName, func(p *mec.Point) calib.Stat { return p.MEC }},
				{selection.MethodMECBPC, bpcName, func(p *mec.Point) calib.Stat { return p.MECBPC }},
			}},
		{title: "conflict rate between x0 and x2 (lower is better)", ylabel: "conflict rate", short: "Conflict rate",
			what:   fmt.Sprintf("the conflict rate, the share of the items with samples in both x0 and x2 whose %s verdicts there differ", mecName),
			series: []kSeries{{selection.MethodMEC, mecName, func(p *mec.Point) calib.Stat { return p.Conflict }}}},
	}
	var caption strings.Builder
	fmt.Fprintf(&caption, "How the Multiple Evidence Calibration of judge %s settles as more sampled scores are averaged (as FairEval's Figure 3): "+
		"at each K (x axis) up to %d, the most read samples of an arrangement, each value is the mean over %d random subsamples of K read samples per arrangement "+
		"(seed %d; an arrangement with fewer read samples uses all it has). ", judge, r.MaxK, mec.Draws, r.Seed)
	var legend []LegendEntry
	inLegend := map[string]bool{}
	var row []*plot.Plot
	var drawn, undefined, shorts []string
	for i := range panels {
		p, missing := panels[i].plot(r.Curve, &legend, inLegend)
		undefined = append(undefined, missing...)
		if p == nil {
			continue
		}
		row = append(row, p)
		drawn = append(drawn, panels[i].what)
		shorts = append(shorts, panels[i].short)
	}
	switch len(drawn) {
	case 2:
		fmt.Fprintf(&caption, "Left: %s. Right: %s. ", drawn[0], drawn[1])
	case 1:
		fmt.Fprintf(&caption, "Drawn: %s. ", drawn[0])
	}
	caption.WriteString("No bars: only each K's mean over the subsamples is kept, not its spread. Each y axis is zoomed to its values. ")
	caption.WriteString("Values: " + kValues(r.Curve, mecName, bpcName) + ". ")
	if len(undefined) > 0 {
		fmt.Fprintf(&caption, "Not drawn (undefined): %s.", strings.Join(undefined, "; "))
	}
	head, width := "Accuracy and conflict rate", 1.3
	switch len(row) {
	case 0:
		e := plot.New()
		e.HideAxes()
		row, width = append(row, e), 1
	case 1:
		head, width = shorts[0], 1
	}
	return Figure{Name: name, Caption: strings.TrimSpace(caption.String()), Title: head + " as K grows — " + judge,
		Legend: legend, Panels: [][]*plot.Plot{row}, WidthScale: width}
}

// kPanel is one panel of the K-curve figure.
type kPanel struct {
	title, ylabel string
	short         string // the figure's title when the panel is alone
	what          string // what the panel shows, for the caption
	series        []kSeries
}

// plot draws the panel's series over curve, adding each series with a
// value to legend once (inLegend), and returns the panel (nil when no
// value is defined) and, per series and reason, the Ks where a value is
// undefined.
func (kp *kPanel) plot(curve []mec.Point, legend *[]LegendEntry, inLegend map[string]bool) (*plot.Plot, []string) {
	p := newPlot(kp.title, "K = samples per arrangement", kp.ylabel)
	lo, hi, any := 1.0, 0.0, false
	var undefined []string
	for _, s := range kp.series {
		var xys plotter.XYs
		var ks []string
		reason := ""
		for i := range curve {
			pt := &curve[i]
			v := s.get(pt)
			if !v.OK() || !finite(v.Value) {
				if reason != "" && v.Reason != reason {
					undefined = append(undefined, kUndefined(s.label+" "+kp.ylabel, ks, len(curve), reason))
					ks = nil
				}
				ks, reason = append(ks, strconv.Itoa(pt.K)), v.Reason
				continue
			}
			xys = append(xys, plotter.XY{X: float64(pt.K), Y: v.Value})
			lo, hi, any = min(lo, v.Value), max(hi, v.Value), true
		}
		if len(ks) > 0 {
			undefined = append(undefined, kUndefined(s.label+" "+kp.ylabel, ks, len(curve), reason))
		}
		if len(xys) == 0 {
			continue
		}
		series := MethodSeries(s.method)
		sc := scatter(xys, series, vg.Points(3))
		if !inLegend[s.label] {
			inLegend[s.label] = true
			*legend = append(*legend, legendEntry(s.label, line(xys, series), sc))
		}
		if len(xys) > 1 {
			p.Add(line(xys, series))
		}
		p.Add(sc)
	}
	if !any {
		return nil, undefined
	}
	pad := max(0.1*(hi-lo), 0.05)
	p.Y.Min, p.Y.Max = max(0, lo-pad), min(1, hi+pad)
	kTicks(p, curve)
	return p, undefined
}

// kUndefined names a series undefined at the Ks ks (of n) and why.
func kUndefined(label string, ks []string, n int, reason string) string {
	at := "at K = " + strings.Join(ks, ", ")
	if len(ks) == n {
		at = "at every K"
	}
	return fmt.Sprintf("%s %s (%s)", label, at, textsafe.Line(reason))
}

// kTicks puts the x axis's ticks at the curve's K values (labelled, at
// most about ten labels) with half a step of room at either end.
func kTicks(p *plot.Plot, curve []mec.Point) {
	if len(curve) == 0 {
		return
	}
	every := max(1, (len(curve)+9)/10)
	var ticks plot.ConstantTicks
	for i, pt := range curve {
		t := plot.Tick{Value: float64(pt.K)}
		if i%every == 0 || i == len(curve)-1 {
			t.Label = strconv.Itoa(pt.K)
		}
		ticks = append(ticks, t)
	}
	p.X.Tick.Marker = ticks
	p.X.Min, p.X.Max = float64(curve[0].K)-0.5, float64(curve[len(curve)-1].K)+0.5
}

// kValues is the caption's list of the curve's numbers, one clause per K.
func kValues(curve []mec.Point, mecName, bpcName string) string {
	f := func(s calib.Stat) string {
		if !s.OK() || !finite(s.Value) {
			return "undefined"
		}
		return fmt.Sprintf("%.3f (n = %d)", s.Value, s.N)
	}
	parts := make([]string, 0, len(curve))
	for i := range curve {
		pt := &curve[i]
		parts = append(parts, fmt.Sprintf("K = %d: %s %s, %s %s, conflict rate %s", pt.K, mecName, f(pt.MEC), bpcName, f(pt.MECBPC), f(pt.Conflict)))
	}
	return strings.Join(parts, "; ")
}
