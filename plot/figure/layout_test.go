package figure

import (
	"github.com/plumb-eval/plumb/internal/vocab"

	"bytes"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/model"
)

// nominalLabels returns the labels of an axis set by NominalX/NominalY.
func nominalLabels(a plot.Axis) []string {
	var out []string
	if ct, ok := a.Tick.Marker.(plot.ConstantTicks); ok {
		for _, tk := range ct {
			if tk.Label != "" {
				out = append(out, tk.Label)
			}
		}
	}
	return out
}

// TestForestNoEmptyRows reproduces issue 19's "no empty rows for a
// collapsed method": a collapsed method was listed as "CalibraEval
// (collapsed)" with no point in every panel. Its row must be gone from
// every panel, the caption must name it once with the metrics, and a
// metric with nothing to draw has no panel.
func TestForestNoEmptyRows(t *testing.T) {
	panels := []ForestPanel{
		{Metric: "κ", Rows: []ForestRow{{Method: "CalibraEval", Missing: "collapsed"}, {Method: "Pride", Series: 2, Delta: 0.1, CI: &[2]float64{0, 0.2}}}},
		{Metric: "ICC", Rows: []ForestRow{{Method: "CalibraEval", Missing: "collapsed"}, {Method: "Pride", Series: 2, Delta: -0.1}}},
		{Metric: "only collapsed", Rows: []ForestRow{{Method: "CalibraEval", Missing: "collapsed"}, {Method: "BPC", Missing: "undefined"}}},
	}
	f := Forest("f", "j", panels, "95% intervals")
	drawn := 0
	for _, row := range f.Panels {
		for _, p := range row {
			names := nominalLabels(p.Y)
			if p.Title.Text == "" {
				continue
			}
			drawn++
			if strings.Contains(p.Title.Text, "only collapsed") {
				t.Errorf("a panel for a metric with no point: %q", p.Title.Text)
			}
			for _, n := range names {
				if strings.Contains(n, "CalibraEval") {
					t.Errorf("panel %q has an empty row %q", p.Title.Text, n)
				}
			}
			if len(names) != 1 || names[0] != "Pride" {
				t.Errorf("panel %q rows %v, want [Pride]", p.Title.Text, names)
			}
		}
	}
	if drawn != 2 {
		t.Errorf("%d panels drawn, want 2", drawn)
	}
	if c := f.Caption; strings.Count(c, "CalibraEval") != 1 || !strings.Contains(c, "CalibraEval (collapsed): every metric") {
		t.Errorf("caption does not name the collapsed method once with its metrics:\n%s", c)
	}
	if !strings.Contains(f.Caption, "BPC (undefined): only collapsed.") {
		t.Errorf("caption does not name BPC's one missing metric:\n%s", f.Caption)
	}
	if f.Title != "Change from raw — j" {
		t.Errorf("title %q", f.Title)
	}
	var b bytes.Buffer
	if err := f.Render(&b, SVG, DefaultOptions()); err != nil {
		t.Fatal(err)
	}
}

// TestCompareNoEmptyRows checks that a judge with nothing to draw gets no
// row, and that the caption says so.
func TestCompareNoEmptyRows(t *testing.T) {
	none := calib.Undefined(0, "no labels")
	ok := calib.Stat{Value: 0.5, N: 3}
	f := Compare("judges", []JudgeRow{
		{Judge: "empty", Naive: none, Corrected: none, Consistency: none, Accuracy: none},
		{Judge: "full", Naive: ok, Corrected: ok, Consistency: ok, Accuracy: ok},
	}, 0.05)
	for _, p := range f.Panels[0] {
		if got := nominalLabels(p.Y); len(got) != 1 || got[0] != "full" {
			t.Errorf("rows %v, want [full]", got)
		}
	}
	if !strings.Contains(f.Caption, "Not drawn (no defined value): empty.") {
		t.Errorf("caption:\n%s", f.Caption)
	}
	if len(f.Legend) != 4 || f.Legend[0].Label != vocab.NaiveRate+" "+vocab.NaiveRateSym || f.Legend[1].Label != vocab.CorrectedRate+" "+vocab.CorrectedRateSym {
		t.Errorf("legend %+v", f.Legend)
	}
}

// TestOneTitleOneLegend checks that multi-panel figures carry one title
// (the figure's, not repeated in a panel) and one legend (the figure's;
// the panels' own legends are empty), and that the rendered SVG draws the
// title and each legend label once.
func TestOneTitleOneLegend(t *testing.T) {
	var rec [4]calib.Stat
	for i := range rec {
		rec[i] = calib.Stat{Value: 0.6, N: 5}
	}
	ok := calib.Stat{Value: 0.5, N: 3}
	figs := []Figure{
		Recall("recall", "judge-x", model.Arrangements[:], []RecallMethod{{Label: "raw", Recall1: rec, Recall2: rec}, {Label: "Pride", Series: 2, Recall1: rec, Recall2: rec}}),
		Compare("judges", []JudgeRow{{Judge: "a", Naive: ok, Corrected: ok, Consistency: ok, Accuracy: ok}}, 0.05),
		GCurve("g", "judge-x", []CurveSeries{{Label: "fit", Series: 1, Curve: calib.IdentityCurve()}}, []float64{0.1, 0.9, 0.95}),
		LikelihoodScatter("l", "judge-x", &likelihood.BiasResult{Criterion: "c", Points: []likelihood.Point{{LS: 1, US: 0}, {LS: 2, US: 0.5}, {LS: 3, US: 0}}}, false),
	}
	for i := range figs {
		f := &figs[i]
		if f.Title == "" || len(f.Legend) == 0 {
			t.Errorf("%s: title %q, %d legend entries", f.Name, f.Title, len(f.Legend))
		}
		for _, row := range f.Panels {
			for _, p := range row {
				if f.Title != "" && strings.Contains(p.Title.Text, f.Title) {
					t.Errorf("%s: panel title %q repeats the figure's", f.Name, p.Title.Text)
				}
				if r := p.Legend.Rectangle(draw.Canvas{Rectangle: vg.Rectangle{Max: vg.Point{X: 100, Y: 100}}}); r.Size().Y != 0 {
					t.Errorf("%s: a panel has its own legend", f.Name)
				}
			}
		}
		var b bytes.Buffer
		if err := f.Render(&b, SVG, DefaultOptions()); err != nil {
			t.Fatal(err)
		}
		svg := b.String()
		for _, s := range append([]string{f.Title}, labels(f.Legend)...) {
			s = strings.ReplaceAll(s, "\u0302", "") // hatText draws hats apart
			if n := strings.Count(svg, ">"+s+"<"); n != 1 {
				t.Errorf("%s: %q drawn %d times", f.Name, s, n)
			}
		}
	}
}

func labels(es []LegendEntry) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Label
	}
	return out
}

// TestGCurveHistogramOwnAxis checks that the histogram of observed P(A) is
// a panel of its own with a count axis (it was drawn on the probability
// axis, scaled to 0.2), lined up under the map.
func TestGCurveHistogramOwnAxis(t *testing.T) {
	obs := []float64{0.01, 0.02, 0.03, 0.5, 0.97, 0.98}
	f := GCurve("g", "j", []CurveSeries{{Label: "fit", Series: 1, Curve: calib.IdentityCurve()}}, obs)
	if len(f.Panels) != 2 || len(f.RowHeights) != 2 {
		t.Fatalf("%d panel rows, %d heights, want 2 and 2", len(f.Panels), len(f.RowHeights))
	}
	top, hist := f.Panels[0][0], f.Panels[1][0]
	if top.Y.Min != 0 || top.Y.Max != 1 || hist.Y.Label.Text != "count" || hist.Y.Max < 3 {
		t.Errorf("map y [%g, %g]; histogram y %q up to %g", top.Y.Min, top.Y.Max, hist.Y.Label.Text, hist.Y.Max)
	}
	if top.X.Min != hist.X.Min || top.X.Max != hist.X.Max {
		t.Errorf("x axes differ: [%g, %g] and [%g, %g]", top.X.Min, top.X.Max, hist.X.Min, hist.X.Max)
	}
	if !strings.Contains(f.Caption, "histogram of the 6 observed P(A) values") || !strings.Contains(f.Caption, "tallest holds 3") {
		t.Errorf("caption:\n%s", f.Caption)
	}
	// The two panels' data areas line up (layout).
	c := draw.New(vgimg.New(400, 300))
	cs := layout(f.Panels, f.RowHeights, c)
	a, b := top.DataCanvas(cs[0][0]), hist.DataCanvas(cs[1][0])
	if math.Abs(float64(a.Min.X-b.Min.X)) > 1e-9 || math.Abs(float64(a.Max.X-b.Max.X)) > 1e-9 {
		t.Errorf("data areas x %v–%v and %v–%v", a.Min.X, a.Max.X, b.Min.X, b.Max.X)
	}
	if ha, hb := a.Max.Y-a.Min.Y, b.Max.Y-b.Min.Y; math.Abs(float64(ha/hb)-3) > 0.01 {
		t.Errorf("data heights %v and %v, want 3:1", ha, hb)
	}
	// Without observations: one panel.
	if g := GCurve("g", "j", nil, nil); len(g.Panels) != 1 {
		t.Errorf("no observations: %d panel rows", len(g.Panels))
	}
}

// TestLikelihoodJitter checks the LS–US scatter's answer to its bands: US
// on a few values is drawn with deterministic vertical jitter of at most a
// third of the smallest gap (so bands stay apart), the caption says so,
// items are translucent; continuous US is drawn as it is.
func TestLikelihoodJitter(t *testing.T) {
	// Bands with round-off in them: 0.25 and 0.25 + 5.6e-17 are one band
	// (the demo's total drew a jitter of 1.85e-17 from such a gap).
	var pts plotter.XYs
	for i := range 300 {
		y := float64(i%3) * 0.25
		if i%7 == 0 {
			y += 1e-16
		}
		pts = append(pts, plotter.XY{X: float64(i), Y: y})
	}
	got, amp := jitterBands(pts)
	if math.Abs(amp-0.25/3) > 1e-12 {
		t.Fatalf("amplitude %g, want %g", amp, 0.25/3)
	}
	moved := 0
	for i := range pts {
		d := got[i].Y - pts[i].Y
		if math.Abs(d) > amp || got[i].X != pts[i].X {
			t.Fatalf("point %d moved by %g (x %g→%g)", i, d, pts[i].X, got[i].X)
		}
		if d != 0 {
			moved++
		}
	}
	if moved < 290 {
		t.Errorf("only %d of 300 points jittered", moved)
	}
	again, _ := jitterBands(pts)
	for i := range got {
		if got[i] != again[i] {
			t.Fatal("jitter differs between two calls")
		}
	}
	cont := make(plotter.XYs, 100)
	for i := range cont {
		cont[i] = plotter.XY{X: float64(i), Y: math.Sin(float64(i))}
	}
	if _, amp := jitterBands(cont); amp != 0 {
		t.Errorf("continuous US jittered by %g", amp)
	}
	b := &likelihood.BiasResult{Criterion: "c"}
	for _, q := range pts {
		b.Points = append(b.Points, likelihood.Point{LS: q.X, US: q.Y})
	}
	f := LikelihoodScatter("l", "j", b, false)
	if !strings.Contains(f.Caption, "at most 0.0833") || !strings.Contains(f.Caption, "opaque") {
		t.Errorf("caption:\n%s", f.Caption)
	}
	s, ok := f.Legend[0].Thumbs[0].(*plotter.Scatter)
	if !ok {
		t.Fatalf("item legend sample %T", f.Legend[0].Thumbs[0])
	}
	if _, _, _, a := s.GlyphStyle.Color.RGBA(); a == 0xffff {
		t.Error("items are opaque")
	}
}
