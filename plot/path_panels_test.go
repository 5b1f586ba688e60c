package plot

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// TestPathPanelsOf builds the panels from a hand-made path (the assertions
// of the former TestPathSeriesOf that still apply): agreement first, RStd
// as it is (no longer divided by 100), an undefined κ is a gap, peaks come
// from Path.Peak, the objective has none, a metric undefined everywhere
// (accuracy without gold) is left out, and a nil path has no panels.
func TestPathPanelsOf(t *testing.T) {
	pt := func(obj, k, icc, rstd float64) calibraeval.PathPoint {
		p := calibraeval.PathPoint{Objective: obj}
		p.All.FleissKappa = calib.Defined(k, 10)
		p.All.ICC2k = calib.Defined(icc, 10)
		p.All.RStd = calib.Defined(rstd, 10)
		p.All.AccuracyMean = calib.Undefined(10, "no item has gold 1 or 2")
		return p
	}
	path := &calibraeval.Path{Points: []calibraeval.PathPoint{pt(0.2, 0.1, 0.7, 20), pt(0.1, 0.5, 0.9, 10), pt(-0.1, 0.4, 0.8, 12)}}
	path.Points[1].All.FleissKappa = calib.Undefined(10, "all the same")
	path.Peak = map[string]int{calibraeval.PeakKappa: 2, calibraeval.PeakICC2k: 1, calibraeval.PeakRStd: 1}
	ps := PathPanelsOf(path)
	if len(ps) != 4 {
		t.Fatalf("%d panels, want 4 (ICC, κ, RStd, objective)", len(ps))
	}
	icc, kappa, rstd, obj := ps[0], ps[1], ps[2], ps[3]
	for i, want := range []struct {
		label, best string
		dec         int
	}{{"ICC(2,k)", "highest", 3}, {"Fleiss κ", "highest", 3}, {"RStd", "lowest", 2}, {"objective L/K", "", 5}} {
		if ps[i].Label != want.label || ps[i].Best != want.best || ps[i].Decimals != want.dec || len(ps[i].Ys) != 3 {
			t.Errorf("panel %d: %+v, want %s, best %q, %d decimals, 3 points", i, ps[i], want.label, want.best, want.dec)
		}
	}
	if obj.Ys[2] != -0.1 || obj.Peak != -1 || rstd.Ys[0] != 20 || rstd.Peak != 1 {
		t.Errorf("objective %+v, RStd %+v", obj, rstd)
	}
	if !math.IsNaN(kappa.Ys[1]) || kappa.Ys[2] != 0.4 || kappa.Peak != 2 || icc.Peak != 1 || icc.Ys[1] != 0.9 {
		t.Errorf("κ %+v, ICC %+v", kappa, icc)
	}
	if PathPanelsOf(nil) != nil {
		t.Error("panels of a nil path")
	}
	if ps := PathPanelsOf(&calibraeval.Path{}); len(ps) != 0 {
		t.Errorf("%d panels of a path without points", len(ps))
	}
}

// TestPathPanelFormat: values print with the panel's decimals and a real
// minus sign; undefined values and points outside the path print "—",
// never NaN; Range widens a constant series and says when nothing is
// defined.
func TestPathPanelFormat(t *testing.T) {
	pp := PathPanel{Ys: []float64{-0.25, math.NaN(), math.Inf(1), 2}, Decimals: 3}
	for i, want := range map[int]string{-1: "—", 0: "−0.250", 1: "—", 2: "—", 3: "2.000", 4: "—"} {
		if got := pp.At(i); got != want {
			t.Errorf("At(%d) = %q, want %q", i, got, want)
		}
	}
	if lo, hi, ok := pp.Range(); !ok || lo != -0.25 || hi != 2 {
		t.Errorf("Range = %v, %v, %v, want −0.25, 2 (the infinity is undefined)", lo, hi, ok)
	}
	flat := PathPanel{Ys: []float64{5, 5}}
	if lo, hi, ok := flat.Range(); !ok || !(lo < 5 && hi > 5) || math.Abs((hi-5)-(5-lo)) > 1e-12 {
		t.Errorf("constant Range = %v, %v, %v, want 5 in the middle", lo, hi, ok)
	}
	for _, ys := range [][]float64{nil, {math.NaN(), math.Inf(-1)}} {
		if _, _, ok := (&PathPanel{Ys: ys}).Range(); ok {
			t.Errorf("Range of %v is defined", ys)
		}
	}
	// PathLabelWidth counts bytes (the TUI's layout): − is three.
	if lw := PathLabelWidth([]PathPanel{pp, {Ys: []float64{0.5}, Decimals: 1}}); lw != len("−0.250") {
		t.Errorf("PathLabelWidth = %d, want %d", lw, len("−0.250"))
	}
}

// TestPathPanelRows checks what PathPanelRows draws on a series with a
// gap and a lone point between gaps: the range's ends labelled on the
// first and last rows, the stop column ┊ wherever it is blank, the gap
// blank, the lone point drawn.
func TestPathPanelRows(t *testing.T) {
	nan := math.NaN()
	pp := PathPanel{Ys: []float64{0.1, 0.5, nan, 0.3, nan, nan, 0.9, 0.2}, Decimals: 2, Peak: 6}
	const w, stop = 30, 3
	rows := PathPanelRows(&pp, stop, w, 4, 0)
	if len(rows) != 4 {
		t.Fatalf("%d rows, want 4", len(rows))
	}
	lw := PathLabelWidth([]PathPanel{pp}) // 4: "0.90"
	start, cols := lw+2, w-lw-2
	sc := start + PathCol(stop, len(pp.Ys), cols)
	for i, l := range rows {
		r := []rune(l)
		if cells(l) != w || len(r) != w {
			t.Fatalf("row %d is %d cells, want %d: %q", i, cells(l), w, l)
		}
		label := strings.TrimSpace(string(r[:start-1]))
		want := map[int]string{0: "0.90", 3: "0.10"}[i]
		if label != want {
			t.Errorf("row %d label %q, want %q", i, label, want)
		}
		if axis := r[start]; axis != '┤' && axis != '┼' {
			t.Errorf("row %d: %q at the y axis", i, axis)
		}
		if r[sc] == ' ' || (r[sc] != '┊' && i != 2) {
			t.Errorf("row %d: %q in the stop column %d: %q", i, r[sc], sc, l)
		}
		if c := strings.Count(l, "┊"); c > 1 {
			t.Errorf("row %d: ┊ %d times: %q", i, c, l)
		}
		// Points 1 (column 3) and 3 (column 10) have a gap between them:
		// columns 5 … 9 are blank.
		if gap := string(r[start+5 : start+10]); strings.TrimSpace(gap) != "" {
			t.Errorf("row %d: %q in the gap", i, gap)
		}
	}
	// The lone point 3 sits in the stop column: drawn there on row 2 (0.3
	// of 0.1 … 0.9 rounds to the third row from the top).
	if r := []rune(rows[2]); r[sc] == '┊' || r[sc] == ' ' {
		t.Errorf("the lone point 3 is not drawn: %q", rows[2])
	}
}

// TestPathPanelRowsEdges: a constant series is a flat line on a middle
// row, one point is drawn, and a panel with no defined value (none, or
// only NaN and ∞) has blank labels and only the stop line; no NaN is
// printed.
func TestPathPanelRowsEdges(t *testing.T) {
	flat := PathPanel{Ys: []float64{5, 5, 5}, Decimals: 1}
	rows := PathPanelRows(&flat, 2, 30, 5, 0)
	lineRows := 0
	for i, l := range rows {
		if strings.Contains(l, "──") {
			lineRows++
			if i == 0 || i == len(rows)-1 {
				t.Errorf("constant line on row %d of %d:\n%s", i, len(rows), strings.Join(rows, "\n"))
			}
		}
	}
	if lineRows != 1 {
		t.Errorf("constant series on %d rows, want 1:\n%s", lineRows, strings.Join(rows, "\n"))
	}
	one := PathPanel{Ys: []float64{-0.25}, Decimals: 3}
	rows = PathPanelRows(&one, 0, 30, 4, 0)
	if j := strings.Join(rows, "\n"); !strings.Contains(j, "−0.250") || !strings.ContainsAny(j, "╴─") {
		t.Errorf("one point:\n%s", j)
	}
	for _, ys := range [][]float64{nil, {math.NaN(), math.Inf(1)}} {
		pp := PathPanel{Ys: ys, Decimals: 3}
		rows := PathPanelRows(&pp, 1, 30, 3, 2)
		for i, l := range rows {
			if cells(l) != 30 || strings.Contains(l, "NaN") || strings.TrimSpace(l[:4]) != "" {
				t.Errorf("%v row %d: %q", ys, i, l)
			}
			if strings.Trim(l, " ┤┊") != "" {
				t.Errorf("%v row %d draws something: %q", ys, i, l)
			}
		}
	}
}

// TestPathPanelSizes sweeps widths, heights, label widths and stops
// (inside and outside the path): no panic, exactly max(2, rows) rows of
// exactly max(width, labelW+4) cells, three axis lines as wide with ▲
// once, in the stop's column, └ and ┬ at the rule's ends, no NaN.
func TestPathPanelSizes(t *testing.T) {
	nan := math.NaN()
	panels := []PathPanel{
		{Ys: nil},
		{Ys: []float64{1}},
		{Ys: []float64{nan, 2, nan}},
		{Ys: []float64{-1e9, 1e9, 3}, Decimals: 5},
		{Ys: pathSeries()[3].Ys, Decimals: 3},
	}
	for _, pp := range panels {
		n := len(pp.Ys)
		for w := 0; w <= 90; w += 3 {
			for _, h := range []int{-1, 0, 1, 2, 3, 6, 9} {
				for _, lw := range []int{0, 3, 12} {
					for _, stop := range []int{-2, 0, n / 2, n - 1, n + 3} {
						width := max(w, max(lw, PathLabelWidth([]PathPanel{pp}))+4)
						rows := PathPanelRows(&pp, stop, w, h, lw)
						if len(rows) != max(2, h) {
							t.Fatalf("%d rows for height %d", len(rows), h)
						}
						for _, l := range rows {
							if cells(l) != width || strings.Contains(l, "NaN") {
								t.Fatalf("w %d h %d lw %d stop %d: %q is %d cells, want %d", w, h, lw, stop, l, cells(l), width)
							}
						}
						ax := PathAxis(stop, n, w, lw)
						start, cols := lw+2, max(2, w-lw-2)
						if len(ax) != 3 {
							t.Fatalf("%d axis lines", len(ax))
						}
						for _, l := range ax {
							if cells(l) != max(w, lw+4) {
								t.Fatalf("w %d lw %d: axis line %q is %d cells, want %d", w, lw, l, cells(l), max(w, lw+4))
							}
						}
						if column(ax[0], '└') != start || lastColumn(ax[0], '┬') != start+cols-1 {
							t.Errorf("rule %q", ax[0])
						}
						if strings.Count(ax[1], "▲") != 1 || column(ax[1], '▲') != start+PathCol(stop, n, cols) {
							t.Errorf("marker %q for stop %d of %d", ax[1], stop, n)
						}
					}
				}
			}
		}
	}
}

// TestPathAxisLabels: the end labels are flush with the axis's ends, the
// right one says the last point's index, and it is left out when there is
// no room or no point.
func TestPathAxisLabels(t *testing.T) {
	ax := PathAxis(10, 30, 40, 4)
	if want := "      identity 0" + strings.Repeat(" ", 34-22) + "converged 29"; ax[2] != want {
		t.Errorf("labels %q, want %q", ax[2], want)
	}
	if ax := PathAxis(0, 30, 20, 4); strings.TrimSpace(ax[2]) != "identity 0" {
		t.Errorf("no room: %q", ax[2])
	}
	if ax := PathAxis(0, 0, 40, 4); strings.TrimSpace(ax[2]) != "identity 0" {
		t.Errorf("no point: %q", ax[2])
	}
}

// TestPathCol: the ends of the path on the ends of the axis, rounding,
// clamping, and column 0 for paths of fewer than two points.
func TestPathCol(t *testing.T) {
	for _, c := range []struct{ i, n, cols, want int }{
		{0, 30, 50, 0}, {29, 30, 50, 49}, {10, 30, 50, 17}, {-3, 30, 50, 0}, {40, 30, 50, 49},
		{0, 1, 50, 0}, {5, 0, 50, 0}, {1, 3, 2, 1}, {1, 2, 1, 0},
	} {
		if got := PathCol(c.i, c.n, c.cols); got != c.want {
			t.Errorf("PathCol(%d, %d, %d) = %d, want %d", c.i, c.n, c.cols, got, c.want)
		}
	}
}

// TestPathResample: points are placed in their columns and interpolated
// between defined neighbours; undefined values leave gaps, a lone point
// still shows, more points than columns leave no column empty, and no
// input panics.
func TestPathResample(t *testing.T) {
	nan := math.NaN()
	id := func(y float64) float64 { return y }
	got := PathResample([]float64{0, 1, nan, 3, nan}, 9, id)
	// Points in columns 0, 2, 4, 6, 8.
	want := []float64{0, 0.5, 1, nan, nan, nan, 3, nan, nan}
	for j := range want {
		if !(got[j] == want[j] || math.IsNaN(got[j]) && math.IsNaN(want[j])) {
			t.Fatalf("PathResample = %v, want %v", got, want)
		}
	}
	many := make([]float64, 100)
	for i := range many {
		many[i] = float64(i)
	}
	// Several points to a column: the column holds the start of the last
	// segment drawn through it (point 98 in the last column), and every
	// column has a value.
	got = PathResample(many, 10, id)
	for j := range got {
		if math.IsNaN(got[j]) || j > 0 && got[j] < got[j-1] {
			t.Fatalf("100 points in 10 columns: %v", got)
		}
	}
	if got[0] != 5 || got[9] != 98 {
		t.Errorf("100 points in 10 columns: %v, want 5 … 98", got)
	}
	if got := PathResample([]float64{math.Inf(1), 2}, 4, id); !math.IsNaN(got[0]) || got[3] != 2 {
		t.Errorf("∞ is not a gap: %v", got)
	}
	for _, cols := range []int{-1, 0, 1} {
		if got := PathResample([]float64{1, 2}, cols, id); len(got) != max(0, cols) {
			t.Errorf("%d columns: %v", cols, got)
		}
	}
}

// TestPathPanelsGallery renders the panels of the simulator's
// judge-tokenA path (1,000 items, x0..x2, logprobs) for eyeballing, as the
// Selection pane stacks them:
//
//	go test ./plot -run PathPanelsGallery -v
func TestPathPanelsGallery(t *testing.T) {
	cfg := simtest.Config(1000, 0, 0)
	cfg.Arrangements = []model.Arrangement{model.X0, model.X1, model.X2}
	for i := range cfg.Judges {
		cfg.Judges[i].Mode = model.SourceLogprob
	}
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	_, by := calib.SplitByJudge(lg.Pairs)
	p, err := selection.FitPath(context.Background(), "judge-tokenA", by["judge-tokenA"], selection.DefaultOptions(), selection.PathOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ps := PathPanelsOf(p)
	if len(ps) < 4 {
		t.Fatalf("%d panels, want ICC, κ, RStd and the objective at least", len(ps))
	}
	stop := p.Peak[calibraeval.PeakICC2k]
	for _, w := range []int{60, 100} {
		lw := PathLabelWidth(ps)
		var out []string
		for i := range ps {
			out = append(out, " "+ps[i].Label+"  ▲ "+ps[i].At(stop))
			out = append(out, PathPanelRows(&ps[i], stop, w, 4, lw)...)
		}
		out = append(out, PathAxis(stop, len(p.Points), w, lw)...)
		checkBlock(t, "gallery", strings.Join(out, "\n"), w, len(out))
		t.Logf("%d columns:\n%s", w, strings.Join(out, "\n"))
	}
}
