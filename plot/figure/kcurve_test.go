package figure

import (
	"bytes"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/mec"
)

// kTitle names the MEC methods as the methods table does.
func kTitle(name string) string {
	return map[string]string{"mec": "MEC", "mec_bpc": "MEC + BPC"}[name]
}

// kCurveResult is a K curve of three points: accuracy as given (nil:
// undefined, no gold) and a conflict rate falling from 0.3.
func kCurveResult(acc []float64) *mec.Result {
	r := &mec.Result{MaxK: 5, MinK: 5, Seed: 7}
	for i, k := range []int{1, 3, 5} {
		p := mec.Point{K: k, MEC: calib.Undefined(0, "no gold"), MECBPC: calib.Undefined(0, "no gold"),
			Conflict: calib.Defined(0.3-0.05*float64(i), 40)}
		if acc != nil {
			p.MEC, p.MECBPC = calib.Defined(acc[i], 40), calib.Defined(acc[i]+0.05, 40)
		}
		r.Curve = append(r.Curve, p)
	}
	return r
}

// TestKCurveFigure: two panels (accuracy, conflict rate) and one legend
// entry per method; without gold only the conflict panel, the caption
// naming what is undefined, where and why; with nothing defined the figure still
// renders; every version renders as SVG.
func TestKCurveFigure(t *testing.T) {
	full := KCurve("j.evidence", "j", kCurveResult([]float64{0.6, 0.7, 0.75}), kTitle)
	if len(full.Panels[0]) != 2 || len(full.Legend) != 2 || full.Legend[0].Label != "MEC" || full.Legend[1].Label != "MEC + BPC" {
		t.Errorf("panels %d, legend %v: want 2 panels, MEC and MEC + BPC", len(full.Panels[0]), full.Legend)
	}
	for _, s := range []string{"K = 3: MEC 0.700 (n = 40), MEC + BPC 0.750 (n = 40), conflict rate 0.250 (n = 40)", "seed 7", "up to 5"} {
		if !strings.Contains(full.Caption, s) {
			t.Errorf("caption lacks %q:\n%s", s, full.Caption)
		}
	}
	noGold := KCurve("j.evidence", "j", kCurveResult(nil), kTitle)
	if len(noGold.Panels[0]) != 1 || len(noGold.Legend) != 1 || !strings.Contains(noGold.Caption, "Not drawn (undefined): MEC accuracy at every K (no gold); MEC + BPC accuracy at every K (no gold).") ||
		!strings.Contains(noGold.Caption, "Drawn: the conflict rate") || strings.Contains(noGold.Caption, "Left:") ||
		noGold.Title != "Conflict rate as K grows — j" {
		t.Errorf("no gold: %d panels, legend %v, caption:\n%s", len(noGold.Panels[0]), noGold.Legend, noGold.Caption)
	}
	// Undefined at one K only: that K is named, the rest drawn.
	some := kCurveResult([]float64{0.6, 0.7, 0.75})
	some.Curve[2].MEC = calib.Undefined(0, "why")
	if f := KCurve("j.evidence", "j", some, kTitle); len(f.Panels[0]) != 2 || !strings.Contains(f.Caption, "Not drawn (undefined): MEC accuracy at K = 5 (why).") {
		t.Errorf("undefined at K = 5: caption\n%s", f.Caption)
	}
	none := kCurveResult(nil)
	for i := range none.Curve {
		none.Curve[i].Conflict = calib.Undefined(0, "no x2")
	}
	for _, f := range []Figure{full, noGold, KCurve("e", "j", none, kTitle), KCurve("e", "j", &mec.Result{}, kTitle)} {
		var b bytes.Buffer
		if err := f.Render(&b, SVG, Options{Width: 4, Height: 3, DPI: 50}); err != nil {
			t.Errorf("%s: %v", f.Name, err)
		}
	}
}
