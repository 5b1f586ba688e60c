package figure

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/internal/textsafe"
)

// kappaGrid is a κ matrix as a heat map's grid: column c, row r is judge
// c against judge k−1−r (the first judge on top); NaN where undefined.
type kappaGrid struct{ z [][]float64 }

func (g kappaGrid) Dims() (c, r int)   { return len(g.z), len(g.z) }
func (g kappaGrid) Z(c, r int) float64 { return g.z[len(g.z)-1-r][c] }
func (g kappaGrid) X(c int) float64    { return float64(c) }
func (g kappaGrid) Y(r int) float64    { return float64(r) }

// swatch is a legend thumbnail filled with one colour.
type swatch struct{ c color.Color }

// Thumbnail implements plot.Thumbnailer.
func (s swatch) Thumbnail(c *draw.Canvas) {
	c.FillPolygon(s.c, []vg.Point{c.Min, {X: c.Max.X, Y: c.Min.Y}, c.Max, {X: c.Min.X, Y: c.Max.Y}})
}

// signedTick writes a κ of the legend with a true minus.
func signedTick(v float64) string {
	return strings.Replace(fmt.Sprintf("%g", v), "-", "−", 1)
}

// KappaMatrix draws the judges' pairwise Cohen's κ as a heat map (−1 to 1,
// a diverging palette, grey where undefined) with each cell's value
// written in it; judges are numbered on the axes and named in the
// caption.
func KappaMatrix(name string, judges []string, kappa [][]calib.Stat) Figure {
	k := len(judges)
	z := make([][]float64, k)
	var undefined []string
	for a := range kappa {
		z[a] = make([]float64, k)
		for b, s := range kappa[a] {
			z[a][b] = math.NaN()
			if s.OK() && finite(s.Value) {
				z[a][b] = s.Value
			} else if a < b {
				undefined = append(undefined, fmt.Sprintf("%d–%d (%s)", a+1, b+1, s.Reason))
			}
		}
	}
	p := newPlot("Cohen's κ of every pair of judges", "judge", "judge")
	pal := moreland.SmoothBlueRed()
	pal.SetMin(-1)
	pal.SetMax(1)
	hm := plotter.NewHeatMap(kappaGrid{z}, pal.Palette(255))
	hm.Min, hm.Max = -1, 1
	hm.NaN = color.NRGBA{0xcc, 0xcc, 0xcc, 0xff}
	p.Add(hm)
	var labels plotter.XYLabels
	for a := 0; a < k; a++ {
		for b := 0; b < k; b++ {
			if !math.IsNaN(z[a][b]) {
				labels.XYs = append(labels.XYs, plotter.XY{X: float64(b), Y: float64(k - 1 - a)})
				labels.Labels = append(labels.Labels, fmt.Sprintf("%.2f", z[a][b]))
			}
		}
	}
	if len(labels.XYs) > 0 && k <= 12 {
		if l, err := plotter.NewLabels(labels); err == nil {
			for i := range l.TextStyle {
				l.TextStyle[i] = textStyle(tickSize)
				l.TextStyle[i].XAlign, l.TextStyle[i].YAlign = -0.5, -0.5
			}
			p.Add(l)
		}
	}
	xs, ys := make([]string, k), make([]string, k)
	var names []string
	for i, j := range judges {
		xs[i], ys[k-1-i] = fmt.Sprint(i+1), fmt.Sprint(i+1)
		names = append(names, fmt.Sprintf("%d %s", i+1, textsafe.Line(j)))
	}
	p.NominalX(xs...)
	p.NominalY(ys...)
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = -0.5, float64(k)-0.5, -0.5, float64(k)-0.5
	caption := fmt.Sprintf("Cohen's κ of the choices (1, 2, tie) of every pair of %d judges over the items both judged; blue −1, white 0, red 1. Judges: %s.",
		k, strings.Join(names, "; "))
	if len(undefined) > 0 {
		caption += " Undefined (grey): " + strings.Join(undefined, "; ") + "."
	}
	if k > 12 {
		caption += " Values are not written in the cells of more than 12 judges."
	}
	var legend []LegendEntry
	for _, v := range []float64{-1, -0.5, 0, 0.5, 1} {
		if c, err := pal.At(v); err == nil {
			legend = append(legend, legendEntry(fmt.Sprintf("κ = %s", signedTick(v)), swatch{c}))
		}
	}
	f := single(name, caption, p, legend)
	f.WidthScale, f.HeightScale = 1, 1.4
	return f
}
