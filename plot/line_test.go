package plot

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestLineChartLayout(t *testing.T) {
	xs := []float64{0, 0.25, 0.5, 0.75, 1}
	ys := []float64{0.3, 0.2, 0.1, 0.2, 0.3}
	o := LineOptions{Width: 50, Height: 14, XMin: 0, XMax: 1, XLabel: "m0 / m", YLabel: "CI width",
		Markers: []Marker{{0.5, 'C', "current"}, {0.5, 'E', "equal"}, {1, 'X', "exact"}, {2, 'D', "off range"}}}
	s := LineChart(xs, ys, o)
	checkBlock(t, "LineChart", s, 50, 14)
	lines := strings.Split(s, "\n")
	// Heading, 9 plot rows (8 steps: 0.30, 0.25, 0.20, 0.15, 0.10 labelled),
	// axis, markers, tick labels, legend.
	if lines[0] != fit("CI width", 50) {
		t.Errorf("heading %q", lines[0])
	}
	for row, lab := range map[int]string{1: " 0.30 ┼", 3: " 0.25 ┤", 5: " 0.20 ┤", 9: " 0.10 ┤"} {
		if !strings.HasPrefix(lines[row], lab) {
			t.Errorf("row %d = %q, want prefix %q", row, lines[row], lab)
		}
	}
	axis, marks, ticks, legend := lines[10], lines[11], lines[12], lines[13]
	first, last := column(axis, '└'), lastColumn(axis, '┬')
	if first != column(lines[1], '┼') || last != 49 {
		t.Errorf("x axis from %d to %d:\n%s", first, last, s)
	}
	// The minimum y = 0.1 at x = 0.5 is drawn on the bottom row at column
	// first + round(0.5·43) (44 values from the axis column to the edge).
	mid := first + 22
	if r := runeAt(lines[9], mid); r == ' ' {
		t.Errorf("minimum not at the middle of the bottom row:\n%s", s)
	}
	// C and E share x = 0.5: one moves a column aside; X sits at x = 1; D is
	// off range and only in the legend.
	if c, e := column(marks, 'C'), column(marks, 'E'); c != mid || (e != mid+1 && e != mid-1) {
		t.Errorf("markers C at %d, E at %d, want %d:\n%s", c, e, mid, s)
	}
	if column(marks, 'X') != last || strings.ContainsRune(marks, 'D') {
		t.Errorf("markers row %q", marks)
	}
	if !strings.HasPrefix(strings.TrimSpace(ticks), "0.0") || !strings.HasSuffix(strings.TrimSpace(ticks), "1.0") || !strings.Contains(ticks, "m0 / m") {
		t.Errorf("tick labels %q", ticks)
	}
	if !strings.Contains(legend, "C current  E equal  X exact  D off range") {
		t.Errorf("legend %q", legend)
	}
}

func TestLineChartInterp(t *testing.T) {
	pts := []Point{{0, 0}, {1, 10}, {3, 30}}
	for _, c := range []struct{ x, y float64 }{{0, 0}, {0.5, 5}, {1, 10}, {2, 20}, {3, 30}} {
		if y, ok := interp(pts, c.x); !ok || y != c.y {
			t.Errorf("interp(%v) = %v, %v; want %v", c.x, y, ok, c.y)
		}
	}
	if _, ok := interp(pts, 3.5); ok {
		t.Error("interp outside the data must fail")
	}
	// Unsorted input and non-finite pairs.
	got := linePoints([]float64{2, math.NaN(), 1, 3}, []float64{20, 5, 10, math.Inf(1)})
	if len(got) != 2 || got[0] != (Point{1, 10}) || got[1] != (Point{2, 20}) {
		t.Errorf("linePoints = %v", got)
	}
}

func TestLineChartSweep(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	xs := make([]float64, 40)
	ys := make([]float64, 40)
	for i := range xs {
		xs[i] = float64(i) / 39
		ys[i] = 100 * rng.Float64()
	}
	data := []struct {
		name   string
		xs, ys []float64
	}{
		{"empty", nil, nil},
		{"one", []float64{0.3}, []float64{0.1}},
		{"flat", []float64{0, 1}, []float64{2, 2}},
		{"random", xs, ys},
		{"short ys", xs, ys[:3]},
		{"outside", []float64{5, 6}, []float64{1, 2}},
		{"nan", []float64{math.NaN(), 0.5}, []float64{1, math.Inf(-1)}},
		{"huge", []float64{-1e308, 0, 1e308}, []float64{1e308, -1e308, 0}},
	}
	ws, hs := sizes()
	markers := []Marker{{0.5, 'C', "current"}, {0.5, '漢', "wide"}, {math.NaN(), 'N', "nan\n"}}
	for _, d := range data {
		for _, o := range []LineOptions{
			{XMin: 0, XMax: 1, YLabel: "CI width", XLabel: "m0", Markers: markers},
			{XMin: 1, XMax: 1},
			{XMin: -math.MaxFloat64, XMax: math.MaxFloat64, Markers: markers},
		} {
			for _, w := range ws {
				for _, h := range hs {
					o.Width, o.Height = w, h
					checkBlock(t, "LineChart/"+d.name, LineChart(d.xs, d.ys, o), w, h)
				}
			}
		}
	}
	// A single point between columns still shows.
	s := LineChart([]float64{0.3}, []float64{0.1}, LineOptions{Width: 40, Height: 8, XMin: 0, XMax: 1})
	if !strings.ContainsAny(s, "╶╴─") {
		t.Errorf("lone point not drawn:\n%s", s)
	}
}

func BenchmarkLineChart(b *testing.B) {
	xs := make([]float64, 99)
	ys := make([]float64, 99)
	for i := range xs {
		xs[i] = float64(i+1) / 100
		ys[i] = 0.04 + 0.05*math.Pow(xs[i]-0.4, 2)/(xs[i]*(1-xs[i]))
	}
	o := LineOptions{Width: 80, Height: 20, XMin: 0, XMax: 1, XLabel: "m0 / m", YLabel: "CI width",
		Markers: []Marker{{0.5, 'C', "current"}, {0.5, 'E', "equal"}, {0.38, 'X', "exact"}, {0.41, 'A', "approx"}, {0.7, 'D', "adaptive"}}}
	for b.Loop() {
		LineChart(xs, ys, o)
	}
}

// TestLineChartYRange: YMin and YMax widen the y axis (its end labels are
// theirs) and never narrow it; without them the axis spans the data.
// XWhole labels the x ticks as whole numbers.
func TestLineChartYRange(t *testing.T) {
	xs, ys := []float64{1, 3, 5}, []float64{0.6, 0.7, 0.65}
	o := LineOptions{Width: 30, Height: 8}
	top := func(s string) string { return strings.Fields(strings.Split(s, "\n")[0])[0] }
	bottom := func(s string) string { return strings.Fields(strings.Split(s, "\n")[5])[0] }
	s := LineChart(xs, ys, o)
	checkBlock(t, "LineChart", s, 30, 8)
	if top(s) != "0.70" || bottom(s) != "0.60" {
		t.Errorf("data range: top %q bottom %q, want 0.70 and 0.60:\n%s", top(s), bottom(s), s)
	}
	o.YMin, o.YMax = 0.5, 0.8
	s = LineChart(xs, ys, o)
	checkBlock(t, "LineChart", s, 30, 8)
	if top(s) != "0.80" || bottom(s) != "0.50" {
		t.Errorf("YMin 0.5, YMax 0.8: top %q bottom %q:\n%s", top(s), bottom(s), s)
	}
	o.YMin, o.YMax = 0.62, 0.64 // inside the data: no narrowing
	if s = LineChart(xs, ys, o); top(s) != "0.70" || bottom(s) != "0.60" {
		t.Errorf("YMin/YMax inside the data narrowed the axis:\n%s", s)
	}
	// XWhole: the x tick labels "1" and "5", not "1.0" and "5.0".
	ticks := func(s string) []string { return strings.Fields(strings.Split(s, "\n")[7]) }
	if f := ticks(s); len(f) != 2 || f[0] != "1.0" || f[1] != "5.0" {
		t.Errorf("x ticks %q, want 1.0 and 5.0", f)
	}
	o.XWhole = true
	if f := ticks(LineChart(xs, ys, o)); len(f) != 2 || f[0] != "1" || f[1] != "5" {
		t.Errorf("XWhole: x ticks %q, want 1 and 5", f)
	}
}
