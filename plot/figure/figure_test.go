package figure

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/internal/atomicfile"
	"github.com/plumb-eval/plumb/model"
)

func TestParseFormats(t *testing.T) {
	got, err := ParseFormats(" PNG, svg ,png,pdf")
	if err != nil || len(got) != 3 || got[0] != PNG || got[1] != SVG || got[2] != PDF {
		t.Fatalf("ParseFormats = %v, %v", got, err)
	}
	for _, bad := range []string{"", ",", "gif", "png,jpeg"} {
		if _, err := ParseFormats(bad); err == nil {
			t.Errorf("ParseFormats(%q) accepted", bad)
		}
	}
}

func TestOptionsValidate(t *testing.T) {
	if err := DefaultOptions().Validate(); err != nil {
		t.Fatal(err)
	}
	for _, o := range []Options{{0, 4, 100}, {6, 400, 100}, {6, 4, 5}, {6, 4, 100000}} {
		if err := o.Validate(); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
}

// TestWriteRefusesInput checks that Write never overwrites an input file
// and writes a caption with the reproducing command beside each figure.
func TestWriteRefusesInput(t *testing.T) {
	dir := t.TempDir()
	f := GCurve("g", "j", []CurveSeries{{Label: "identity", Curve: calib.IdentityCurve()}}, []float64{0.1, 0.2, 0.9})
	in := filepath.Join(dir, "g.svg")
	if err := os.WriteFile(in, []byte("input"), 0o644); err != nil {
		t.Fatal(err)
	}
	refuse := func(path string, fill func(io.Writer) error) error {
		if atomicfile.IsInput(path, []string{in}) {
			return fmt.Errorf("refusing to overwrite input file %s", path)
		}
		return atomicfile.Write(path, fill)
	}
	if _, err := Write(dir, []Figure{f}, []Format{SVG}, DefaultOptions(), "", refuse); err == nil || !strings.Contains(err.Error(), "input") {
		t.Fatalf("Write over an input: err = %v", err)
	}
	if b, _ := os.ReadFile(in); string(b) != "input" {
		t.Fatal("input overwritten")
	}
	paths, err := Write(filepath.Join(dir, "new"), []Figure{f}, []Format{PNG}, DefaultOptions(), "plumb figures -o new", nil)
	if err != nil || len(paths) != 2 {
		t.Fatalf("Write: %v %v", paths, err)
	}
	cap, _ := os.ReadFile(paths[1])
	if !strings.HasSuffix(string(cap), "Reproduce: plumb figures -o new\n") || !strings.Contains(string(cap), "3 observed P(A)") {
		t.Errorf("caption:\n%s", cap)
	}
}

// TestFiguresNoPanicOnEmpty draws every figure from empty or degenerate
// inputs: each must render (or fail with an error), never panic.
func TestFiguresNoPanicOnEmpty(t *testing.T) {
	figs := []Figure{
		GCurve("a", "j", nil, nil),
		GCurve("b", "j", []CurveSeries{{Label: "flat", Curve: &calib.Curve{Z: []float64{0.3}, G: []float64{0.5}}}}, []float64{2, -1}),
		Recall("c", "j", nil, nil),
		Recall("d", "j", []model.Arrangement{model.X0}, []RecallMethod{{Label: "raw"}}),
		Forest("e", "j", nil, ""),
		Forest("f", "j", []ForestPanel{{Metric: "κ", Rows: []ForestRow{{Method: "m", Missing: "collapsed"}, {Method: "n", Delta: 0.1, CI: &[2]float64{-0.1, 0.3}}}}}, "95%"),
		LikelihoodScatter("g", "j", &likelihood.BiasResult{Criterion: "c"}, false),
		CIWidth("h", "j", &reporting.Result{}, nil, 0.05),
		Compare("i", nil, 0.05),
		Compare("k", []JudgeRow{{Judge: "x"}}, 0.05),
	}
	for i := range figs {
		var b bytes.Buffer
		_ = figs[i].Render(&b, SVG, Options{Width: 2, Height: 2, DPI: 50})
	}
}
