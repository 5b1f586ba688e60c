package report

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/demo"
	"github.com/plumb-eval/plumb/plot/figure"
	"gonum.org/v1/plot"
)

// demoFigures returns the figures of the embedded demo's analysis, which
// is made once (demoFiguresOnce); the figures are built anew on each call.
func demoFigures(t *testing.T) []figure.Figure {
	t.Helper()
	d := &demoFiguresOnce
	d.Lock()
	defer d.Unlock()
	if d.an == nil {
		d.an, d.by = analyseDemoForFigures(t)
	}
	return Figures(d.an, func(j string) []float64 { return ObservedPA(d.by[j]) })
}

// demoFiguresOnce is demoFigures' analysis and pairs by judge.
var demoFiguresOnce struct {
	sync.Mutex
	an *analysis.Analysis
	by map[string][]model.Pair
}

// freshDemoFigures analyses the embedded demo and returns its figures.
func freshDemoFigures(t *testing.T) []figure.Figure {
	t.Helper()
	an, by := analyseDemoForFigures(t)
	return Figures(an, func(j string) []float64 { return ObservedPA(by[j]) })
}

// analyseDemoForFigures analyses the embedded demo with every figure's
// section and returns the analysis and the demo's pairs by judge.
func analyseDemoForFigures(t *testing.T) (*analysis.Analysis, map[string][]model.Pair) {
	t.Helper()
	lg, err := demo.Log()
	if err != nil {
		t.Fatal(err)
	}
	opt := analysis.Options{Selection: selection.DefaultOptions(), Target: analysis.TargetAuto,
		Reporting: reporting.Options{Alpha: 0.05, Seed: 1}, Likelihood: likelihood.Options{Permutations: 200, Seed: 1, TopK: 8}}
	an, err := analysis.Analyze(lg, opt)
	if err != nil {
		t.Fatal(err)
	}
	_, by := calib.SplitByJudge(lg.Pairs)
	return an, by
}

// TestFiguresDemo writes every demo figure in every format and checks each
// file by its magic bytes, the SVG by parsing it as XML, and that every
// figure has a caption. Set PLUMB_FIGURES_OUT to keep the files for a look.
func TestFiguresDemo(t *testing.T) {
	figs := demoFigures(t)
	kinds := map[string]int{}
	for _, f := range figs {
		kinds[f.Name[strings.LastIndex(f.Name, ".")+1:]]++
	}
	for _, k := range []string{"gcurve", "recall", "forest", "ciwidth", "judges"} {
		if kinds[k] == 0 {
			t.Errorf("no %s figure among %v", k, kinds)
		}
	}
	dir := os.Getenv("PLUMB_FIGURES_OUT")
	if dir == "" {
		dir = t.TempDir()
	}
	o := figure.Options{Width: 4, Height: 3, DPI: 60}
	if os.Getenv("PLUMB_FIGURES_OUT") != "" {
		o = figure.DefaultOptions()
	}
	paths, err := figure.Write(dir, figs, []figure.Format{figure.PNG, figure.SVG, figure.PDF}, o, "plumb figures -o "+dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := 4 * len(figs); len(paths) != want {
		t.Fatalf("wrote %d files, want %d", len(paths), want)
	}
	magic := map[string][]byte{".png": []byte("\x89PNG\r\n\x1a\n"), ".pdf": []byte("%PDF-"), ".svg": []byte("<?xml")}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		ext := filepath.Ext(p)
		if m, ok := magic[ext]; ok && !bytes.HasPrefix(b, m) {
			t.Errorf("%s does not start with %q", p, m)
		}
		switch ext {
		case ".svg":
			d := xml.NewDecoder(bytes.NewReader(b))
			for {
				if _, err := d.Token(); err == io.EOF {
					break
				} else if err != nil {
					t.Errorf("%s is not valid XML: %v", p, err)
					break
				}
			}
		case ".txt":
			if !strings.Contains(string(b), "Reproduce: plumb figures") || len(b) < 100 {
				t.Errorf("%s: caption too short or without the command:\n%s", p, b)
			}
		}
	}
}

// TestFiguresSVGDeterministic renders every demo figure to SVG twice, from
// two separate analyses, and wants identical bytes.
func TestFiguresSVGDeterministic(t *testing.T) {
	a, b := demoFigures(t), freshDemoFigures(t)
	o := figure.Options{Width: 3, Height: 2, DPI: 50}
	for i := range a {
		var x, y bytes.Buffer
		if err := a[i].Render(&x, figure.SVG, o); err != nil {
			t.Fatal(err)
		}
		if err := b[i].Render(&y, figure.SVG, o); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(x.Bytes(), y.Bytes()) {
			t.Errorf("%s: SVG differs between two runs", a[i].Name)
		}
	}
}

// TestFiguresReviewerLayout checks issue 19's "figures a reviewer
// accepts" on the demo: every figure has one title of its own (no panel
// repeats the judge's name) and, but for the forest plot (methods named
// on its axis), one legend; judge-first's collapsed CalibraEval has no
// row in its forest plot, and the caption says why.
func TestFiguresReviewerLayout(t *testing.T) {
	figs := demoFigures(t)
	forest := false
	for i := range figs {
		f := &figs[i]
		if f.Title == "" {
			t.Errorf("%s: no figure title", f.Name)
		}
		isForest := strings.HasSuffix(f.Name, ".forest")
		if len(f.Legend) == 0 && !isForest {
			t.Errorf("%s: no figure legend", f.Name)
		}
		for _, row := range f.Panels {
			for _, p := range row {
				if strings.Contains(p.Title.Text, "judge-") {
					t.Errorf("%s: panel title %q repeats the figure's", f.Name, p.Title.Text)
				}
				if isForest {
					if ct, ok := p.Y.Tick.Marker.(plot.ConstantTicks); ok {
						for _, tk := range ct {
							if strings.Contains(tk.Label, "collapsed") {
								t.Errorf("%s: empty row %q", f.Name, tk.Label)
							}
						}
					}
				}
			}
		}
		if f.Name == "judge-first.forest" {
			forest = true
			if !strings.Contains(f.Caption, "CalibraEval (collapsed): every metric") {
				t.Errorf("%s: caption does not name the collapsed CalibraEval:\n%s", f.Name, f.Caption)
			}
		}
	}
	if !forest {
		t.Error("no judge-first.forest figure")
	}
}

var _ = model.X0
