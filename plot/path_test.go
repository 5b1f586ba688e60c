package plot

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// pathSeries is a fixed synthetic path of 30 points shaped like a real one
// (README "The fit path"): agreement rises, peaks inside, and falls towards
// the converged end while the objective keeps falling; κ is undefined at one
// point.
func pathSeries() []PathSeries {
	const n = 30
	obj, acc, rstd, kappa, icc := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range n {
		t := float64(i) / (n - 1)
		obj[i] = 0.2 - 0.4*(1-math.Exp(-3*t))
		acc[i] = 0.75 + 0.09*math.Sin(math.Pi*t*0.8)
		rstd[i] = 0.01 * (24 - 18*t + 4*t*t)
		kappa[i] = 0.17 + 0.5*math.Sin(math.Pi*t*0.7)
		icc[i] = 0.7 + 0.25*math.Sin(math.Pi*t*0.65)
	}
	kappa[5] = math.NaN()
	return []PathSeries{
		{Label: "objective (rescaled)", Short: "L/K scaled", Glyph: '·', Ys: obj, Rescale: true},
		{Label: "accuracy", Short: "acc", Glyph: 'a', Ys: acc, Peak: 'A', PeakAt: 16},
		{Label: "RStd/100", Glyph: 'r', Ys: rstd, Peak: 'R', PeakAt: 29},
		{Label: "κ", Glyph: 'κ', Ys: kappa, Peak: 'K', PeakAt: 20},
		{Label: "ICC(2,k)", Short: "ICC", Ys: icc, Peak: 'I', PeakAt: 22},
	}
}

// TestPathChartGolden compares PathChart at the sizes of the TUI's
// Selection pane with testdata/path_WxH.golden (go test ./plot -run
// PathChartGolden -update rewrites them; look at the diff).
func TestPathChartGolden(t *testing.T) {
	for _, sz := range [][2]int{{36, 6}, {36, 12}, {60, 10}, {80, 16}, {100, 20}} {
		w, h := sz[0], sz[1]
		got := PathChart(pathSeries(), PathChartOptions{Width: w, Height: h, XLabel: "path point", Stop: 12, ShowStop: true})
		checkBlock(t, "PathChart", got, w, h)
		file := filepath.Join("testdata", fmt.Sprintf("path_%dx%d.golden", w, h))
		if *update {
			if err := os.MkdirAll("testdata", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(got+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if got+"\n" != string(want) {
			t.Errorf("%dx%d differs from %s:\ngot:\n%s\nwant:\n%s", w, h, file, got, want)
		}
	}
}

// TestPathChartLayout checks the parts at 80×16: the y axis spans the
// unscaled series, the stop line and ▲ share a column, each peak glyph sits
// at its point's column, the end labels and the legend are there.
func TestPathChartLayout(t *testing.T) {
	ser := pathSeries()
	s := PathChart(ser, PathChartOptions{Width: 80, Height: 16, XLabel: "path point", Stop: 12, ShowStop: true})
	lines := strings.Split(s, "\n")
	// Rows: 10 plot rows, axis, markers, end labels, legend (2 lines at 80).
	axis := -1
	for i, l := range lines {
		if strings.Contains(l, "└") {
			axis = i
		}
	}
	if axis < 3 || axis+4 != len(lines)-1 {
		t.Fatalf("x axis on line %d of %d:\n%s", axis, len(lines), s)
	}
	first := column(lines[axis], '└')
	if last := lastColumn(lines[axis], '┬'); last != 79 {
		t.Errorf("axis ends at %d", last)
	}
	cols := 80 - first
	col := func(i int) int { return first + int(math.Round(float64(i)/29*float64(cols-1))) }
	marks := lines[axis+1]
	if c := column(marks, '▲'); c != col(12) {
		t.Errorf("▲ at %d, want %d:\n%s", c, col(12), s)
	}
	dotted := 0
	for _, l := range lines[:axis] {
		if r := runeAt(l, col(12)); r == '┊' {
			dotted++
		}
	}
	if dotted == 0 {
		t.Errorf("no stop line in column %d:\n%s", col(12), s)
	}
	for _, p := range []struct {
		g rune
		i int
	}{{'A', 16}, {'K', 20}, {'I', 22}, {'R', 29}} {
		if c := column(marks, p.g); c < col(p.i)-2 || c > col(p.i)+2 {
			t.Errorf("peak %c at %d, want %d±2: %q", p.g, c, col(p.i), marks)
		}
	}
	if !strings.Contains(lines[axis+2], "identity") || !strings.Contains(lines[axis+2], "converged") || !strings.Contains(lines[axis+2], "path point") {
		t.Errorf("end labels %q", lines[axis+2])
	}
	legend := lines[axis+3] + lines[axis+4]
	for _, want := range []string{"· objective (rescaled)", "a accuracy", "r RStd/100", "κ κ", "── ICC(2,k)", "▲ stop 12/29", "A R K I = best"} {
		if !strings.Contains(legend, want) {
			t.Errorf("legend lacks %q: %q", want, legend)
		}
	}
	// The y axis spans the unscaled series: its top label is their maximum.
	hi := math.Inf(-1)
	for _, sr := range ser[1:] {
		for _, y := range sr.Ys {
			if finite(y) {
				hi = max(hi, y)
			}
		}
	}
	if top := strings.Fields(lines[0])[0]; top != tickFormat(0.06, hi)(hi) {
		t.Errorf("top label %q, max %v", top, hi)
	}
	// The rescaled objective reaches the top row at the identity and the
	// bottom row at the end.
	if runeAt(lines[0], first) != '·' && runeAt(lines[0], first+1) != '·' {
		t.Errorf("objective not at the top at the identity:\n%s", s)
	}
}

// TestPathChartSmall: at the smallest TUI sizes the plot keeps 3 rows, the
// markers and a short legend; at 36×6 nothing else fits.
func TestPathChartSmall(t *testing.T) {
	s := PathChart(pathSeries(), PathChartOptions{Width: 36, Height: 6, Stop: 3, ShowStop: true})
	lines := strings.Split(s, "\n")
	if !strings.Contains(lines[3], "▲") || !strings.Contains(lines[4], "a acc") || !strings.Contains(lines[5], "ARKI best") {
		t.Errorf("36×6:\n%s", s)
	}
}

func TestPathChartSweep(t *testing.T) {
	full := pathSeries()
	nan := []PathSeries{{Label: "x", Ys: []float64{math.NaN(), math.Inf(1)}}}
	one := []PathSeries{{Label: "one", Glyph: 'o', Ys: []float64{0.5}, Peak: 'O'}}
	flat := []PathSeries{{Label: "flat", Ys: []float64{1, 1, 1}, Rescale: true}, {Label: "wide\nglyph", Glyph: '漢', Ys: []float64{2, 2, 2}, Peak: '漢', PeakAt: 9}}
	ragged := []PathSeries{{Label: "a", Ys: []float64{1, 2, 3, 4}}, {Label: "b", Glyph: 'b', Ys: []float64{-1e308, 1e308}}}
	ws, hs := sizes()
	for _, d := range [][]PathSeries{nil, full, nan, one, flat, ragged} {
		for _, o := range []PathChartOptions{
			{Stop: 12, ShowStop: true, XLabel: "path point"},
			{Stop: 99, ShowStop: true, Xs: []float64{0, 0.1, math.NaN(), 0.3}},
			{Stop: -1, ShowStop: true, Left: "a\tb", Right: "c"},
		} {
			for _, w := range ws {
				for _, h := range hs {
					o.Width, o.Height = w, h
					checkBlock(t, "PathChart", PathChart(d, o), w, h)
				}
			}
		}
	}
}

func BenchmarkPathChart(b *testing.B) {
	ser := pathSeries()
	for b.Loop() {
		PathChart(ser, PathChartOptions{Width: 80, Height: 16, XLabel: "path point", Stop: 12, ShowStop: true})
	}
}
