package figure

import (
	"bytes"
	"encoding/xml"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// styleResult is the style analysis of a simulated judge that is one of
// four generators, prefers longer responses and its own (model/sim's
// generators), with 200 bootstrap resamples.
func styleResult(t *testing.T) *style.Result {
	t.Helper()
	c := simtest.Config(600, 0, 0)
	c.Generators = []sim.Generator{
		{Name: "big", Quality: 0.3, LenMedian: 600, LenSpread: 0.4},
		{Name: "mid", Quality: 0.1, LenMedian: 300, LenSpread: 0.4},
		{Name: "small", Quality: -0.3, LenMedian: 120, LenSpread: 0.5},
	}
	j := sim.DefaultJudge("big")
	j.Self, j.SelfBias, j.LengthBias = "big", 0.7, 0.8
	c.Judges = []sim.Judge{j}
	lg, err := sim.Collect(c)
	if err != nil {
		t.Fatal(err)
	}
	o := style.DefaultOptions()
	o.Bootstrap.Resamples = 200
	r, err := style.Analyze(lg.Pairs, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestStyleFigures: a judge that is a generator, with lengths, gets the
// three figures, each rendering in PNG and SVG with the numbers in its
// caption, and the same SVG bytes twice.
func TestStyleFigures(t *testing.T) {
	r := styleResult(t)
	figs := Style("big", "big", r)
	var names []string
	for _, f := range figs {
		names = append(names, f.Name)
	}
	if strings.Join(names, " ") != "big.length big.selfpref big.winrates" {
		t.Fatalf("figures %v", names)
	}
	for _, want := range []struct {
		fig  int
		text string
	}{
		{0, ciText(r.Length.LongerBalanced)}, {0, ciText(r.Length.Slope)},
		{1, ciText(r.Self.OwnPreference)}, {2, "length_controlled_minimal"},
		{2, "minimal-GLM length-controlled win rate (σ(θ)"}, {2, "not AlpacaEval's leaderboard value (length_controlled_v1)"},
	} {
		if !strings.Contains(figs[want.fig].Caption, want.text) {
			t.Errorf("%s's caption lacks %q:\n%s", figs[want.fig].Name, want.text, figs[want.fig].Caption)
		}
	}
	dir := os.Getenv("PLUMB_FIGURE_DIR") // set it to look at the files
	for i := range figs {
		for _, f := range []Format{PNG, SVG} {
			var a, b bytes.Buffer
			if err := figs[i].Render(&a, f, DefaultOptions()); err != nil {
				t.Fatalf("%s %s: %v", figs[i].Name, f, err)
			}
			if f == SVG {
				if err := figs[i].Render(&b, f, DefaultOptions()); err != nil || !bytes.Equal(a.Bytes(), b.Bytes()) {
					t.Errorf("%s: SVG differs between two renderings (%v)", figs[i].Name, err)
				}
			}
			if dir != "" {
				if err := os.WriteFile(filepath.Join(dir, figs[i].Name+"."+string(f)), a.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestStyleFiguresOnlyWithData: no style result, a judge that is no
// generator and a log without generators or lengths give only the figures
// that have data (none for the last), and degenerate inputs render or fail
// with an error, never panic.
func TestStyleFiguresOnlyWithData(t *testing.T) {
	if figs := Style("j", "j", nil); figs != nil {
		t.Errorf("nil result: %d figures", len(figs))
	}
	pairs := []model.Pair{{Judge: "j", ID: "a"}, {Judge: "j", ID: "b"}}
	for i := range pairs {
		pairs[i].Has[model.X0], pairs[i].S[model.X0] = true, 0.3+0.4*float64(i)
	}
	r, err := style.Analyze(pairs, style.Options{Bootstrap: bootstrap.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	if figs := Style("j", "j", r); len(figs) != 0 {
		t.Errorf("no generators, no lengths: %d figures", len(figs))
	}
	other := styleResult(t)
	other.Self = nil
	if figs := Style("x", "x", other); len(figs) != 2 || figs[0].Name != "x.length" || figs[1].Name != "x.winrates" {
		t.Errorf("a judge that is no generator: %d figures", len(figs))
	}
	nan := calib.Stat{Value: math.NaN(), N: 1}
	bad := []Figure{
		LengthBins("a", "j", &style.Length{Bins: []style.LengthBin{{Lo: 1, Hi: 1, N: 1, Raw: math.NaN(), Balanced: 0.5}}, LongerRaw: nan}, style.PrefCalibrated),
		SelfPreference("b", "j", &style.SelfPreference{Model: "m", OwnPreference: calib.Undefined(0, "none")}, style.PrefBalanced),
		WinRates("c", "j", []style.WinRate{{Model: "m", VsAll: true, Raw: nan, Corrected: calib.Undefined(0, "no labels")}}, style.PrefRawX0),
		WinRates("d", "j", nil, style.PrefBalanced),
	}
	for i := range bad {
		var b bytes.Buffer
		_ = bad[i].Render(&b, SVG, Options{Width: 2, Height: 2, DPI: 50})
	}
}

// TestStyleFiguresHostileNames: judge and model names with an escape
// sequence, an OSC 52 and a bidi override are drawn as visible escapes,
// so the SVG of every style figure is well-formed XML (before, U+001B
// reached the SVG and no XML parser would read it).
func TestStyleFiguresHostileNames(t *testing.T) {
	r := styleResult(t)
	hostile := "\x1b]52;c;aGk=\x07\u202e\x1b[31m"
	r.Self.Model += hostile
	for i := range r.WinRates {
		r.WinRates[i].Model += hostile
		r.WinRates[i].Warnings = append(r.WinRates[i].Warnings, "warned "+hostile)
	}
	for _, f := range Style("j", "judge"+hostile, r) {
		var b bytes.Buffer
		if err := f.Render(&b, SVG, DefaultOptions()); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		d := xml.NewDecoder(&b)
		for {
			if _, err := d.Token(); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("%s: the SVG is not XML: %v", f.Name, err)
			}
		}
		if strings.ContainsAny(f.Caption, "\x1b\x07\u202e") {
			t.Errorf("%s: raw control in the caption: %q", f.Name, f.Caption)
		}
	}
}
