package figure

import (
	"fmt"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/style"
)

// TestLegendsOutsideAndReferencesLabelled: the style figures and the
// forest plot carry their legend under the title (Figure.Legend, drawn
// outside the data), with the reference line named in it; and the length
// figure draws raw and position-balanced a little apart, so that equal
// values (AlpacaEval's one order: raw = balanced in every bin) show both
// series, which also differ by marker and dash.
func TestLegendsOutsideAndReferencesLabelled(t *testing.T) {
	l := &style.Length{N: 20, Bins: []style.LengthBin{{Lo: 1, Hi: 5, N: 10, Raw: 0.7, Balanced: 0.7}, {Lo: 6, Hi: 9, N: 10, Raw: 0.9, Balanced: 0.9}}}
	s := &style.SelfPreference{Model: "m", N: 10, OwnPreference: calib.Stat{Value: 0.8, N: 10}}
	wr := []style.WinRate{{Model: "m", VsAll: true, N: 10, Raw: calib.Stat{Value: 0.6, N: 10}, Balanced: calib.Stat{Value: 0.6, N: 10}}}
	for _, c := range []struct {
		f   Figure
		ref string
	}{
		{LengthBins("l", "j", l, style.PrefBalanced), "0.5 = no length bias"},
		{SelfPreference("s", "j", s, style.PrefBalanced), "0.5 = no self-preference"},
		{WinRates("w", "j", wr, style.PrefBalanced), "0.5 = even match"},
	} {
		found := false
		for _, e := range c.f.Legend {
			found = found || e.Label == c.ref
		}
		if !found || c.f.Title == "" {
			t.Errorf("%s: title %q, legend %v lacks %q", c.f.Name, c.f.Title, c.f.Legend, c.ref)
		}
	}
	f := LengthBins("l", "j", l, style.PrefBalanced)
	if len(f.Legend) < 3 || len(f.Legend[0].Thumbs) < 2 || len(f.Legend[1].Thumbs) < 2 {
		t.Fatalf("length legend %v", f.Legend)
	}
	if lineStyle(1).Dashes == nil && lineStyle(4).Dashes == nil {
		t.Error("raw and balanced both solid")
	}
	if fmt.Sprintf("%T%v", seriesGlyph(1), seriesGlyph(1)) == fmt.Sprintf("%T%v", seriesGlyph(4), seriesGlyph(4)) {
		t.Error("raw and balanced share a marker")
	}
}
