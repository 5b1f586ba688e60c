package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"gonum.org/v1/plot/plotter"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/mec"
	"github.com/plumb-eval/plumb/model/sim/simtest"
	"github.com/plumb-eval/plumb/plot/figure"
)

// evidenceFigure analyses simtest.EvidenceLog(n, k, …) and returns its
// analysis and its figures named "*.evidence".
func evidenceFigure(t *testing.T, n, k int) (*analysis.Analysis, []figure.Figure) {
	t.Helper()
	an, err := analysis.Analyze(simtest.EvidenceLog(n, k, 1, 1.5, 1), bootOptions(0))
	if err != nil {
		t.Fatal(err)
	}
	var out []figure.Figure
	for _, f := range Figures(an, nil) {
		if strings.HasSuffix(f.Name, ".evidence") {
			out = append(out, f)
		}
	}
	return an, out
}

// TestEvidenceFigure: a judge with sampled scores (8 per arrangement, 6 or 7 of them read) gets
// the K-curve figure; its points are the session's K curve (calib/mec's
// values, also in the report's selection.evidence.k_curve), its caption
// gives every value, and it renders as PNG and as SVG that parses as XML.
// Set PLUMB_FIGURES_OUT to keep the files for a look.
func TestEvidenceFigure(t *testing.T) {
	an, figs := evidenceFigure(t, 120, 8)
	if len(figs) != 1 || figs[0].Name != "mec.evidence" {
		t.Fatalf("evidence figures %v, want one named mec.evidence", figs)
	}
	f := figs[0]
	curve := an.Judges[0].Selection.MEC.Curve
	if len(curve) != 4 { // K = 1, 3, 5, 7
		t.Fatalf("K curve of %d points, want 4", len(curve))
	}
	if len(f.Panels) != 1 || len(f.Panels[0]) != 2 {
		t.Fatalf("panels %v, want one row of two (accuracy, conflict rate)", f.Panels)
	}
	// The points drawn (the legend's samples hold the series): MEC and
	// MEC + BPC accuracy at each K.
	want := map[string]func(*mec.Point) float64{
		"MEC":       func(p *mec.Point) float64 { return p.MEC.Value },
		"MEC + BPC": func(p *mec.Point) float64 { return p.MECBPC.Value },
	}
	if len(f.Legend) != len(want) {
		t.Fatalf("legend %v, want MEC and MEC + BPC", f.Legend)
	}
	for _, e := range f.Legend {
		get := want[e.Label]
		sc, ok := e.Thumbs[len(e.Thumbs)-1].(*plotter.Scatter)
		if get == nil || !ok || len(sc.XYs) != len(curve) {
			t.Fatalf("legend entry %q: %v", e.Label, e.Thumbs)
		}
		for j := range curve {
			if w := (plotter.XY{X: float64(curve[j].K), Y: get(&curve[j])}); sc.XYs[j] != w {
				t.Errorf("%s point %d: %v, want %v", e.Label, j, sc.XYs[j], w)
			}
		}
	}
	for _, p := range curve {
		s := fmt.Sprintf("K = %d: MEC %.3f (n = %d), MEC + BPC %.3f (n = %d), conflict rate %.3f (n = %d)",
			p.K, p.MEC.Value, p.MEC.N, p.MECBPC.Value, p.MECBPC.N, p.Conflict.Value, p.Conflict.N)
		if !strings.Contains(f.Caption, s) {
			t.Errorf("caption lacks %q:\n%s", s, f.Caption)
		}
	}
	for _, s := range []string{"judge mec", "up to 7, the most read samples of an arrangement", fmt.Sprintf("over %d random subsamples", mec.Draws), "No bars"} {
		if !strings.Contains(f.Caption, s) {
			t.Errorf("caption lacks %q:\n%s", s, f.Caption)
		}
	}
	dir := os.Getenv("PLUMB_FIGURES_OUT")
	if dir == "" {
		dir = t.TempDir()
	}
	paths, err := figure.Write(dir, figs, []figure.Format{figure.PNG, figure.SVG}, figure.DefaultOptions(), "plumb figures -o "+dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		if !strings.HasSuffix(p, ".svg") {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		d := xml.NewDecoder(bytes.NewReader(b))
		for {
			if _, err := d.Token(); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("%s is not XML: %v", p, err)
			}
		}
	}
}

// TestNoEvidenceFigure: no K-curve figure for a log without samples (the
// demo) nor for one sample per arrangement (a curve of one K).
func TestNoEvidenceFigure(t *testing.T) {
	for _, f := range demoFigures(t) {
		if strings.HasSuffix(f.Name, ".evidence") {
			t.Errorf("the demo has figure %s", f.Name)
		}
	}
	if _, figs := evidenceFigure(t, 60, 1); len(figs) != 0 {
		t.Errorf("one sample per arrangement: figures %v", figs)
	}
}
