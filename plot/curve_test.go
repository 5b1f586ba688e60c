package plot

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func identity(n int) []float64 {
	g := make([]float64, n)
	for i := range g {
		g[i] = float64(i) / float64(n-1)
	}
	return g
}

func TestCurveLayout(t *testing.T) {
	obs := []float64{0, 0.5, 0.5, 1, 1, 1, 1}
	s := CurveChart([]float64{0.2, 0.2}, CurveOptions{Width: 40, Height: 16, Observed: obs, HistRows: 2})
	checkBlock(t, "CurveChart", s, 40, 16)
	lines := strings.Split(s, "\n")
	// 11 plot rows (10 steps: labels 1, 0.5, 0; the quarters fall between
	// rows), 2 histogram rows, axis, tick labels, caption.
	for row, lab := range map[int]string{0: "   1 ┤", 5: " 0.5 ┤", 10: "   0 ┼"} {
		if !strings.HasPrefix(lines[row], lab) {
			t.Errorf("row %d = %q, want prefix %q", row, lines[row], lab)
		}
	}
	// The y axis stays [0,1]: g* = 0.2 is drawn on row 8 (0.2·10 = 2 steps up).
	if strings.Count(lines[8], "─") < 30 {
		t.Errorf("g* = 0.2 not on row 8:\n%s", s)
	}
	axis, ticks := lines[13], lines[14]
	if !strings.HasPrefix(strings.TrimLeft(ticks, " "), "0") || !strings.Contains(ticks, "0.5") || !strings.HasSuffix(strings.TrimRight(ticks, " "), "1") {
		t.Errorf("tick labels: %q", ticks)
	}
	// asciigraph plots value 0 on the axis column: x = 0 is the corner, x =
	// 0.5 and x = 1 have tick marks, and the tick labels sit on them.
	first, last := column(axis, '└'), lastColumn(axis, '┬')
	mid := (first + last) / 2
	// Labels up to "0.5" wide put the axis on column 5; 35 values (odd) end
	// at column 39, the last one.
	if first != column(lines[0], '┤') || first != 5 || last != 39 {
		t.Errorf("axis corner not under the y axis, or x = 1 not at column 39:\n%s", s)
	}
	if runeAt(axis, mid) != '┬' || runeAt(ticks, first) != '0' || runeAt(ticks, last) != '1' || runeAt(ticks, mid) != '.' {
		t.Errorf("ticks misaligned:\n%s\n%s", axis, ticks)
	}
	// The diagonal ends on the top row at the last plotted column.
	if r := runeAt(lines[0], last); r == ' ' || r == 0 {
		t.Errorf("diagonal does not reach (1,1) at column %d:\n%s", last, s)
	}
	// Histogram: 4 values at 1 (full two rows), 2 at 0.5 (one row), 1 at 0.
	h1, h2 := lines[11], lines[12]
	if runeAt(h1, last) != '█' || runeAt(h2, last) != '█' {
		t.Errorf("tallest bar not at x = 1:\n%s\n%s", h1, h2)
	}
	if runeAt(h1, mid) != ' ' || runeAt(h2, mid) != '█' {
		t.Errorf("half bar not at x = 0.5:\n%s\n%s", h1, h2)
	}
	if runeAt(h2, first) != '▄' { // 1/4 of 16 eighths = 4 eighths
		t.Errorf("quarter bar not at x = 0: %q", h2)
	}
	if c := lines[15]; !strings.Contains(c, "── g*") || !strings.Contains(c, "·· y = x") || !strings.Contains(c, "observed") {
		t.Errorf("caption: %q", c)
	}
}

func TestCurveIdentityAndGlyphs(t *testing.T) {
	// g = identity covers the diagonal completely: no '·' left visible, and
	// g* rises from the bottom-left to the top-right.
	s := CurveChart(identity(11), CurveOptions{Width: 30, Height: 10})
	lines := strings.Split(s, "\n")
	plot := strings.Join(lines[:7], "\n")
	if strings.Contains(plot, "·") {
		t.Errorf("diagonal visible under g = identity:\n%s", s)
	}
	if !strings.Contains(lines[0], "╭") && !strings.Contains(lines[0], "─") {
		t.Errorf("g* does not reach the top row:\n%s", s)
	}
	// A flat g leaves the diagonal visible in its own glyph.
	s = CurveChart([]float64{0.5}, CurveOptions{Width: 30, Height: 10})
	if !strings.Contains(s, "·") {
		t.Errorf("diagonal missing:\n%s", s)
	}
	// No g: the caption says so.
	if s = CurveChart(nil, CurveOptions{Width: 40, Height: 10}); !strings.Contains(s, "no g*") {
		t.Errorf("empty g:\n%s", s)
	}
}

func TestResampleAndHistogram(t *testing.T) {
	got := resample([]float64{0, 1, 0.5}, 5) // samples at 0, 0.5, 1 onto 0, .25, .5, .75, 1
	want := []float64{0, 0.5, 1, 0.75, 0.5}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-15 {
			t.Fatalf("resample = %v, want %v", got, want)
		}
	}
	if r := resample([]float64{2, -1}, 3); r[0] != 1 || r[2] != 0 {
		t.Fatalf("resample does not clamp: %v", r)
	}
	// Counts 1, 0, 2 over three columns; one row of eighths: 4/8 and 8/8.
	if h := histogram([]float64{0, 1, 0.9, math.NaN()}, 3, 1); h[0] != "▄ █" {
		t.Fatalf("histogram = %q", h)
	}
	// A count much smaller than the maximum still shows.
	vals := append(make([]float64, 1000), 1)
	if h := histogram(vals, 2, 1); h[0] != "█▁" {
		t.Fatalf("histogram = %q", h)
	}
}

func TestCurveSweep(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	obs := make([]float64, 300)
	for i := range obs {
		obs[i] = rng.Float64()
	}
	gs := map[string][]float64{
		"nil":      nil,
		"one":      {0.7},
		"flat":     {0.5, 0.5, 0.5},
		"identity": identity(101),
		"wild":     {math.NaN(), 2, -1, math.Inf(1), 0.3, math.NaN()},
	}
	ws, hs := sizes()
	for name, g := range gs {
		for _, o := range []CurveOptions{{}, {Observed: obs, HistRows: 4}, {Observed: []float64{math.NaN()}}} {
			for _, w := range ws {
				for _, h := range hs {
					o.Width, o.Height = w, h
					checkBlock(t, "CurveChart/"+name, CurveChart(g, o), w, h)
				}
			}
		}
	}
}

func BenchmarkCurveChart(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	g := make([]float64, 101)
	for i := range g {
		x := float64(i) / 100
		g[i] = 1 / (1 + math.Exp(-6*(x-0.55)))
	}
	obs := make([]float64, 2000)
	for i := range obs {
		obs[i] = rng.Float64()
	}
	o := CurveOptions{Width: 80, Height: 24, Observed: obs, HistRows: 3}
	for b.Loop() {
		CurveChart(g, o)
	}
}
