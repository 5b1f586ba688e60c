package plot

import (
	"math"
	"strings"

	"github.com/guptarohit/asciigraph"
)

// CurveOptions configures CurveChart.
type CurveOptions struct {
	Width, Height int       // whole chart incl. axes, legend and the histogram rows
	Observed      []float64 // observed P(A) values in [0,1], shown as a histogram strip under the chart (may be nil)
	HistRows      int       // rows for the histogram strip (0 = 1 row of ▁▂▃▄▅▆▇█ block heights; more rows = taller bars)
}

// eighths are the block glyphs for 0/8 … 8/8 of a cell's height.
var eighths = []rune(" ▁▂▃▄▅▆▇█")

// CurveChart draws the calibration map g (len(g) evenly spaced samples on
// [0,1], values clamped to [0,1]) against the diagonal y = x with asciigraph:
// g* in box-drawing lines, the diagonal in faint '·' dots, the y axis fixed to
// [0,1]. Below the plot sits the histogram strip of Observed (count per plotted
// column, bar height scaled to the largest count), then the x axis with ticks
// at 0, 0.5 and 1 aligned with the plotted columns, then a caption saying which
// glyph is which. Parts are dropped when Height is small (histogram rows first,
// then tick labels, caption, histogram, axis). The result has exactly Height
// lines of exactly Width cells ("" when either is < 1).
func CurveChart(g []float64, o CurveOptions) string {
	W, H := o.Width, o.Height
	if W < 1 || H < 1 {
		return ""
	}

	// Vertical layout, from the wanted parts down to what fits.
	hist := len(o.Observed) > 0
	hr := max(o.HistRows, 1)
	axis, ticks, caption := true, true, true
	body := func() int {
		return H - btoi(axis) - btoi(ticks) - btoi(caption) - btoi(hist)*hr
	}
	for hr > 1 && body() < max(3, H/2) {
		hr--
	}
	for _, drop := range []*bool{&ticks, &caption, &hist, &axis} {
		if body() >= 3 {
			break
		}
		*drop = false
	}
	n := body() // plot lines; asciigraph draws n-1 steps between 0 and 1
	if n < 2 {
		return message("g*", W, H)
	}

	// Horizontal layout: y labels at exact rows only (0, 1, and 0.5 / the
	// quarters when a row sits exactly there), asciigraph's axis column, data.
	steps := n - 1
	ylabel := func(m float64) string { return yTick(m, steps) + " " }
	lw := 0
	for k := 0; k <= steps; k++ {
		lw = max(lw, len(yTick(1-float64(k)/float64(steps), steps)))
	}
	// asciigraph writes each label right-aligned in lw+2 cells (its own
	// leading space, the label, our trailing space), then the axis glyph. It
	// puts value 0 on the axis column itself (┼) and value j in the j-th cell
	// right of it, so the plotted columns start at the axis column.
	prefix := lw + 3
	start := prefix - 1
	cols := W - start
	if cols >= 3 && cols%2 == 0 {
		cols-- // odd: x = 0.5 falls exactly on a column
	}
	if cols < 2 {
		return message("g*", W, H)
	}

	// Series on the plotted columns: the diagonal first so that g* wins.
	diag := make([]float64, cols)
	for j := range diag {
		diag[j] = float64(j) / float64(cols-1)
	}
	series := [][]float64{diag}
	chars := []asciigraph.CharSet{asciigraph.CreateCharSet("·"), asciigraph.DefaultCharSet}
	if gs := resample(g, cols); gs != nil {
		series = append(series, gs)
	}
	plot := asciigraph.PlotMany(series,
		asciigraph.Height(steps),
		asciigraph.LowerBound(0), asciigraph.UpperBound(1),
		asciigraph.Offset(2),
		asciigraph.YAxisValueFormatter(ylabel),
		asciigraph.SeriesChars(chars...),
	)
	lines := strings.Split(plot, "\n")
	lines = lines[:min(len(lines), n)]
	for len(lines) < n {
		lines = append(lines, "")
	}

	pad := strings.Repeat(" ", start)
	if hist {
		for _, row := range histogram(o.Observed, cols, hr) {
			lines = append(lines, pad+row)
		}
	}
	mid := (cols - 1) / 2
	if axis {
		r := newRow(cols)
		for j := range r {
			r[j] = '─'
		}
		r[mid], r[cols-1] = '┬', '┬'
		r[0] = '└'
		lines = append(lines, pad+string(r))
	}
	if ticks {
		r := newRow(cols)
		r.tickLabels([]int{0, mid, cols - 1}, []string{"0", "0.5", "1"})
		lines = append(lines, pad+string(r))
	}
	if caption {
		c := "── g*   ·· y = x"
		if len(g) == 0 {
			c = "·· y = x   (no g*)"
		}
		if hist {
			c += "   ▆ observed P(A)"
		}
		lines = append(lines, pad+" "+c)
	}
	return block(lines, W, H)
}

// yTick labels the plot row whose value is m on a [0,1] axis drawn with
// steps row steps: "1", "0", and "0.5" / "0.75" / "0.25" when a row sits
// exactly there; other rows get "".
func yTick(m float64, steps int) string {
	k := int(math.Round((1 - m) * float64(steps)))
	switch {
	case k == 0:
		return "1"
	case k == steps:
		return "0"
	case 2*k == steps:
		return "0.5"
	case steps >= 8 && 4*k == steps:
		return "0.75"
	case steps >= 8 && 4*k == 3*steps:
		return "0.25"
	}
	return ""
}

// resample linearly interpolates the evenly spaced samples v (on [0,1]) onto
// cols evenly spaced columns, clamping to [0,1]; NaN samples leave gaps. It
// returns nil for no samples.
func resample(v []float64, cols int) []float64 {
	if len(v) == 0 {
		return nil
	}
	out := make([]float64, cols)
	for j := range out {
		t := 0.0
		if cols > 1 {
			t = float64(j) / float64(cols-1) * float64(len(v)-1)
		}
		i := min(int(t), len(v)-1)
		y := v[i]
		if i+1 < len(v) {
			y += (v[i+1] - v[i]) * (t - float64(i))
		}
		if !math.IsNaN(y) {
			y = clamp01(y)
		}
		out[j] = y
	}
	return out
}

// histogram bins values in [0,1] onto cols columns (value p goes to column
// round(p·(cols−1)), the column where x = p is plotted) and draws the counts
// as bars rows high with eighth-block resolution, scaled to the largest count;
// any non-empty column shows at least ▁. Non-finite values are skipped.
func histogram(vals []float64, cols, rows int) []string {
	counts := make([]int, cols)
	top := 0
	for _, v := range vals {
		if math.IsNaN(v) {
			continue
		}
		j := int(math.Round(clamp01(v) * float64(cols-1)))
		counts[j]++
		top = max(top, counts[j])
	}
	out := make([]string, rows)
	r := newRow(cols)
	for i := range rows {
		for j, c := range counts {
			units := 0
			if c > 0 {
				units = max(1, int(math.Round(float64(c)/float64(top)*float64(8*rows))))
			}
			units -= 8 * (rows - 1 - i)
			r[j] = eighths[min(max(units, 0), 8)]
		}
		out[i] = string(r)
	}
	return out
}
