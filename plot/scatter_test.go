package plot

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func cloud(rng *rand.Rand, n int, slope float64) []Point {
	pts := make([]Point, n)
	for i := range pts {
		x := rng.Float64()
		pts[i] = Point{x, slope*x + 0.05*rng.NormFloat64()}
	}
	return pts
}

func TestLeastSquares(t *testing.T) {
	// Hand computation: x̄ = 3, ȳ = 4, Sxy = 6, Sxx = 10, so b = 0.6, a = 4 − 0.6·3 = 2.2.
	pts := []Point{{1, 2}, {2, 4}, {3, 5}, {4, 4}, {5, 5}, {math.NaN(), 9}}
	a, b, ok := leastSquares(pts)
	if !ok || math.Abs(a-2.2) > 1e-12 || math.Abs(b-0.6) > 1e-12 {
		t.Fatalf("a, b = %v, %v, %v; want 2.2, 0.6", a, b, ok)
	}
	if _, _, ok := leastSquares([]Point{{1, 2}, {1, 3}}); ok {
		t.Fatal("no spread in x must not fit")
	}
	if _, _, ok := leastSquares([]Point{{1, 2}}); ok {
		t.Fatal("one point must not fit")
	}
}

// trendCells returns the (row, col) of the cells that Trend changes. Both
// renderings highlight pts[0] so that both have a caption line (same layout).
func trendCells(pts []Point, o ScatterOptions) [][2]int {
	o.Highlight = pts[:1]
	o.Trend = false
	off := strings.Split(Scatter(pts, o), "\n")
	o.Trend = true
	on := strings.Split(Scatter(pts, o), "\n")
	var diff [][2]int
	for r := range off[:len(off)-3] { // canvas rows only
		a, b := []rune(off[r]), []rune(on[r])
		for c := range a {
			if a[c] != b[c] {
				diff = append(diff, [2]int{r, c})
			}
		}
	}
	return diff
}

func TestScatterTrendDirection(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	o := ScatterOptions{Width: 60, Height: 20}
	for _, slope := range []float64{1, -1} {
		d := trendCells(cloud(rng, 25, slope), o)
		if len(d) < 20 {
			t.Fatalf("slope %v: trend changed only %d cells", slope, len(d))
		}
		left, right := d[0], d[0]
		for _, c := range d {
			if c[1] < left[1] {
				left = c
			}
			if c[1] > right[1] {
				right = c
			}
		}
		// Rows count downwards: a rising line has its right end on a higher row.
		if rising := right[0] < left[0]; rising != (slope > 0) {
			t.Errorf("slope %v: left end %v, right end %v", slope, left, right)
		}
	}
	// The caption names the exact fit of points on y = 1 + 2x.
	pts := []Point{{0, 1}, {1, 3}, {2, 5}, {3, 7}}
	s := Scatter(pts, ScatterOptions{Width: 50, Height: 12, Trend: true})
	if !strings.Contains(s, "trend y = 1 + 2·x") {
		t.Fatalf("caption missing:\n%s", s)
	}
	s = Scatter([]Point{{0, 1}, {1, -1}}, ScatterOptions{Width: 50, Height: 12, Trend: true})
	if !strings.Contains(s, "trend y = 1 − 2·x") {
		t.Fatalf("negative slope caption missing:\n%s", s)
	}
}

func TestScatterHighlightAndAxes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pts := cloud(rng, 300, 0.5)
	hi := []Point{{0, -1}, {1, 1}, {0.5, 0.25}} // well apart: three cells
	s := Scatter(pts, ScatterOptions{Width: 70, Height: 20, XLabel: "LS", YLabel: "US", Highlight: hi, HighlightLabel: "top RS"})
	checkBlock(t, "Scatter", s, 70, 20)
	lines := strings.Split(s, "\n")
	// 17 canvas rows, then the x axis, its labels and the caption.
	canvas := strings.Join(lines[:17], "\n")
	if n := strings.Count(canvas, "◆"); n != 3 {
		t.Errorf("%d highlight glyphs on the canvas, want 3:\n%s", n, s)
	}
	// The highlights stretch the range: (0,−1) is the bottom-left cell and
	// (1,1) the top-right one.
	lw := column(lines[0], '┤')
	if runeAt(lines[16], lw+1) != '◆' || runeAt(lines[0], 69) != '◆' {
		t.Errorf("highlights not at the corners:\n%s", s)
	}
	if !strings.Contains(lines[0], "1.0") || !strings.Contains(lines[16], "-1.0") {
		t.Errorf("y tick labels:\n%s", s)
	}
	if !strings.Contains(lines[18], "LS") || !strings.Contains(lines[8], "US") {
		t.Errorf("axis labels:\n%s", s)
	}
	if !strings.Contains(lines[19], "◆ top RS") {
		t.Errorf("caption:\n%s", s)
	}
	if column(lines[17], '└') != lw {
		t.Errorf("x axis corner not under the y axis:\n%s", s)
	}
	// A custom glyph replaces ◆.
	s = Scatter(pts, ScatterOptions{Width: 70, Height: 20, Highlight: hi[:1], HighlightGlyph: 'H'})
	if !strings.Contains(s, "H") || strings.Contains(s, "◆") {
		t.Errorf("custom glyph:\n%s", s)
	}
}

func TestScatterSweep(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	data := map[string][]Point{
		"empty":  nil,
		"one":    {{0.3, 0.7}},
		"equal":  {{2, 2}, {2, 2}, {2, 2}},
		"line":   {{0, 0}, {1, 0}, {2, 0}},
		"cloud":  cloud(rng, 200, -0.4),
		"huge":   {{-1e300, 1e300}, {1e300, -1e300}, {0, 0}},
		"finite": {{math.NaN(), 1}, {1, math.Inf(1)}, {0.5, 0.5}, {0.6, 0.4}},
	}
	ws, hs := sizes()
	for name, pts := range data {
		o := ScatterOptions{XLabel: "LS", YLabel: "a long y label\n", Trend: true, Highlight: pts[:min(2, len(pts))]}
		for _, w := range ws {
			for _, h := range hs {
				o.Width, o.Height = w, h
				checkBlock(t, "Scatter/"+name, Scatter(pts, o), w, h)
			}
		}
	}
	if Scatter(nil, ScatterOptions{Width: 0, Height: 5}) != "" {
		t.Fatal("width 0 should give an empty string")
	}
}

func BenchmarkScatter3000(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	pts := cloud(rng, 3000, 0.6)
	o := ScatterOptions{Width: 120, Height: 30, XLabel: "LS", YLabel: "US", Trend: true, Highlight: pts[:20]}
	for b.Loop() {
		Scatter(pts, o)
	}
}
