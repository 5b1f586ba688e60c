package figure

import (
	"fmt"
	"image/color"
	"math"
	"reflect"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
)

// TestPaletteLuminance computes the WCAG relative luminance of the palette
// in use order. It reproduces issue 19's finding — orange (CalibraEval)
// and sky blue (Pride) are 0.416 and 0.405, one grey in print, and were
// series 1 and 2 — and requires the documented minimum gap
// (minLuminanceGap) between any two of the first greyLevels colours (the
// most series a figure tells apart by shade alone) and between neighbours.
func TestPaletteLuminance(t *testing.T) {
	lum := make([]float64, len(okabeIto))
	for i, c := range okabeIto {
		lum[i] = relativeLuminance(c)
	}
	byName := map[string]float64{}
	for i, n := range colourNames {
		byName[n] = lum[i]
	}
	for name, want := range map[string]float64{"black": 0, "orange": 0.416, "sky blue": 0.405, "blue": 0.153, "reddish purple": 0.293, "yellow": 0.744} {
		if got := byName[name]; math.Abs(got-want) > 0.0015 {
			t.Errorf("relative luminance of %s = %.4f, want %.3f", name, got, want)
		}
	}
	if w := relativeLuminance(color.White); math.Abs(w-1) > 1e-12 {
		t.Errorf("relative luminance of white = %v", w)
	}
	for i := range greyLevels {
		for j := range i {
			if d := math.Abs(lum[i] - lum[j]); d < minLuminanceGap {
				t.Errorf("series %d (%s, %.3f) and %d (%s, %.3f) differ by %.3f in luminance, want ≥ %g",
					j, colourNames[j], lum[j], i, colourNames[i], lum[i], d, minLuminanceGap)
			}
		}
	}
	for i := range lum {
		j := (i + 1) % len(lum)
		if d := math.Abs(lum[i] - lum[j]); d < minLuminanceGap {
			t.Errorf("neighbours %s (%.3f) and %s (%.3f) differ by %.3f, want ≥ %g", colourNames[i], lum[i], colourNames[j], lum[j], d, minLuminanceGap)
		}
	}
}

// seriesLook is what tells a series apart without colour: its luminance,
// its marker shape or dash pattern, and whether it is a filled bar (which
// has only its shade).
type seriesLook struct {
	label string
	lum   float64
	shape string
	bar   bool
}

// looks returns the looks of a figure's legend entries.
func looks(t *testing.T, f *Figure) []seriesLook {
	t.Helper()
	var out []seriesLook
	for _, e := range f.Legend {
		l := seriesLook{label: e.Label}
		for _, th := range e.Thumbs {
			switch p := th.(type) {
			case *plotter.Scatter:
				l.lum, l.shape = relativeLuminance(p.GlyphStyle.Color), fmt.Sprintf("%T%v", p.GlyphStyle.Shape, p.GlyphStyle.Shape)
			case *plotter.Line:
				l.lum, l.shape = relativeLuminance(p.LineStyle.Color), fmt.Sprintf("dashes %v", p.LineStyle.Dashes)
			case *plotter.BarChart:
				l.lum, l.bar = relativeLuminance(p.Color), true
			default:
				t.Fatalf("%s: legend entry %q: unknown sample %T", f.Name, e.Label, th)
			}
		}
		out = append(out, l)
	}
	return out
}

// TestSeriesReadInGreyscale builds every figure with the most series it
// can draw and checks that any two series drawn together differ in shade
// by minLuminanceGap or, where a figure has more series than greyLevels,
// by marker shape or dash pattern; bars (shade only) always by shade.
func TestSeriesReadInGreyscale(t *testing.T) {
	ok := func(v float64) calib.Stat { return calib.Stat{Value: v, N: 10} }
	var rec [model.NumArrangements]calib.Stat
	for i := range rec {
		rec[i] = ok(0.5)
	}
	var recall []RecallMethod
	for _, m := range []string{selection.MethodRaw, selection.MethodCalibraEval, selection.MethodPride, selection.MethodCalibraEvalPublished} {
		recall = append(recall, RecallMethod{Label: m, Series: MethodSeries(m), Recall1: rec, Recall2: rec})
	}
	var marks []SplitMark
	for i := range 6 {
		marks = append(marks, SplitMark{Label: fmt.Sprint("split ", i), Split: reporting.SplitWidth{M0: 10 * i, M1: 100 - 10*i, Width: ok(0.1 + 0.01*float64(i))}})
	}
	r := &reporting.Result{Budget: 100}
	for m0 := 0; m0 <= 100; m0 += 10 {
		r.WidthCurve = append(r.WidthCurve, reporting.SplitWidth{M0: m0, M1: 100 - m0, Width: ok(0.1 + 0.001*float64(m0))})
	}
	id := calib.IdentityCurve()
	figs := []Figure{
		Recall("recall", "j", model.Arrangements[:], recall),
		Compare("judges", []JudgeRow{{Judge: "a", Naive: ok(0.5), Corrected: ok(0.4), Consistency: ok(0.9), Accuracy: ok(0.8)}}, 0.05),
		CIWidth("ciwidth", "j", r, marks, 0.05),
		GCurve("gcurve", "j", []CurveSeries{
			{Label: "converged", Series: MethodSeries(selection.MethodCalibraEval), Curve: id},
			{Label: "published", Series: MethodSeries(selection.MethodCalibraEvalPublished), Curve: id},
		}, []float64{0.2, 0.5}),
		KCurve("evidence", "j", kCurveResult([]float64{0.6, 0.7, 0.8}), kTitle),
	}
	for i := range figs {
		f := &figs[i]
		ls := looks(t, f)
		if len(ls) < 2 {
			t.Fatalf("%s: %d legend entries", f.Name, len(ls))
		}
		for a := range ls {
			for b := range a {
				x, y := ls[a], ls[b]
				shade := math.Abs(x.lum-y.lum) >= minLuminanceGap
				shape := x.shape != y.shape && !x.bar && !y.bar
				switch {
				case len(ls) <= greyLevels && !shade:
					t.Errorf("%s: %q and %q differ by %.3f in luminance (≤ %d series must differ by %g)", f.Name, x.label, y.label, math.Abs(x.lum-y.lum), greyLevels, minLuminanceGap)
				case !shade && !shape:
					t.Errorf("%s: %q and %q have neither different shades nor different markers", f.Name, x.label, y.label)
				}
			}
		}
	}
	// The forest plot has no legend (methods are named on the axis); its
	// methods' markers follow MethodSeries: distinct shapes, and shades
	// apart wherever the shapes are not.
	seen := map[int]string{}
	for _, m := range selection.MethodNames() {
		s := MethodSeries(m)
		if prev, ok := seen[s]; ok {
			t.Errorf("methods %s and %s share series %d", prev, m, s)
		}
		seen[s] = m
	}
	if MethodSeries(selection.MethodCalibraEvalPublished) == MethodSeries(selection.MethodCalibraEval) {
		t.Error("CalibraEval and its published code share a series")
	}
}

// TestMarkShapesDistinct checks that the palette's colours each have their
// own marker shape.
func TestMarkShapesDistinct(t *testing.T) {
	if len(markShapes) < len(okabeIto) {
		t.Fatalf("%d shapes for %d colours", len(markShapes), len(okabeIto))
	}
	for i := range markShapes {
		for j := range i {
			if reflect.DeepEqual(markShapes[i], markShapes[j]) {
				t.Errorf("shapes %d (%s) and %d (%s) are equal", i, markNames[i], j, markNames[j])
			}
		}
	}
}

// TestRoundTicks checks plumb's tick marker on the axes its figures draw:
// labelled ticks at whole multiples of a 1-2-5 step, 0 labelled whenever
// the axis spans it, at least two labels, one number of decimals per axis
// and no "-0".
func TestRoundTicks(t *testing.T) {
	for _, c := range []struct{ lo, hi float64 }{
		{0, 1}, {-0.27, 0.013}, {-0.034, 0.003}, {-21.5, 1.2}, {-620, -10}, {0.165, 0.205}, {1e-4, 3.2e-4},
		{-0.05, 0.1}, {0, 1870}, {0.35, 0.36}, {-1, 1},
	} {
		ticks := roundTicks{}.Ticks(c.lo, c.hi)
		var labels []plot.Tick
		for _, tk := range ticks {
			if tk.Value < c.lo-1e-12 || tk.Value > c.hi+1e-12 {
				t.Errorf("[%g, %g]: tick %g outside the axis", c.lo, c.hi, tk.Value)
			}
			if tk.Label != "" {
				labels = append(labels, tk)
			}
		}
		if len(labels) < 2 {
			t.Errorf("[%g, %g]: labels %v, want at least 2", c.lo, c.hi, labels)
			continue
		}
		step := labels[1].Value - labels[0].Value
		mant := step / math.Pow(10, math.Floor(math.Log10(step)+1e-9))
		if math.Abs(mant-1) > 1e-6 && math.Abs(mant-2) > 1e-6 && math.Abs(mant-5) > 1e-6 {
			t.Errorf("[%g, %g]: step %g is not 1, 2 or 5 × 10^k", c.lo, c.hi, step)
		}
		decimals := -1
		zero := false
		for _, tk := range labels {
			if r := tk.Value / step; math.Abs(r-math.Round(r)) > 1e-6 {
				t.Errorf("[%g, %g]: labelled tick %g is not a multiple of the step %g", c.lo, c.hi, tk.Value, step)
			}
			d := 0
			if i := indexByte(tk.Label, '.'); i >= 0 {
				d = len(tk.Label) - i - 1
			}
			if decimals >= 0 && d != decimals {
				t.Errorf("[%g, %g]: labels %q and others differ in decimals", c.lo, c.hi, tk.Label)
			}
			decimals = d
			if tk.Label[0] == '-' && tk.Value == 0 || tk.Label == "-0" {
				t.Errorf("[%g, %g]: label %q", c.lo, c.hi, tk.Label)
			}
			zero = zero || tk.Value == 0
		}
		if c.lo <= 0 && c.hi >= 0 && !zero {
			t.Errorf("[%g, %g]: no labelled tick at 0 among %v", c.lo, c.hi, labels)
		}
	}
	if got := (roundTicks{NoLabels: true}).Ticks(0, 1); len(got) == 0 || got[0].Label != "" {
		t.Errorf("NoLabels ticks = %v", got)
	}
	for _, bad := range [][2]float64{{1, 1}, {2, 1}, {math.NaN(), 1}, {0, math.Inf(1)}} {
		if got := (roundTicks{}).Ticks(bad[0], bad[1]); len(got) != 0 {
			t.Errorf("Ticks(%v) = %v", bad, got)
		}
	}
}

func indexByte(s string, b byte) int {
	for i := range len(s) {
		if s[i] == b {
			return i
		}
	}
	return -1
}

// TestNewPlotTicks checks that every numeric axis of plumb's panels uses
// roundTicks.
func TestNewPlotTicks(t *testing.T) {
	p := newPlot("t", "x", "y")
	for _, a := range []plot.Axis{p.X, p.Y} {
		if _, ok := a.Tick.Marker.(roundTicks); !ok {
			t.Errorf("axis ticker %T, want roundTicks", a.Tick.Marker)
		}
	}
}
