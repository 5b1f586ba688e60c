package figure

import (
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/internal/textsafe"
)

// TestBuildersEscapeNames (issue 32, item 2): every builder takes a log's
// names and puts them in titles, legends and captions as visible escapes,
// on one line (a name with a newline would otherwise be drawn as two lines
// and measured as raw text), before anything is drawn.
func TestBuildersEscapeNames(t *testing.T) {
	const name = "j\nx\x1b\u202e\x00"
	shown := textsafe.Line(name)
	figs := []Figure{
		GCurve("g", name, []CurveSeries{{Label: "identity", Curve: calib.IdentityCurve()}}, []float64{0.1, 0.9}),
		Forest("f", name, nil, "95% CI"),
		Recall("r", name, nil, nil),
		LikelihoodScatter("l", name, &likelihood.BiasResult{Criterion: name}, false),
		Compare("c", []JudgeRow{{Judge: name}}, 0.05),
		KCurve("k", name, kCurveResult(nil), kTitle),
	}
	for _, f := range figs {
		for what, s := range map[string]string{"title": f.Title, "caption": f.Caption} {
			if strings.ContainsFunc(s, textsafe.Unsafe) {
				t.Errorf("%s: raw character in the %s %q", f.Name, what, s)
			}
		}
		if f.Name != "c" && !strings.Contains(f.Title+f.Caption, shown) { // c names no judge without values
			t.Errorf("%s: %q not in %q / %q", f.Name, shown, f.Title, f.Caption)
		}
	}
}
