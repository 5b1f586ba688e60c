package figure

import (
	"bytes"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
)

// TestKappaMatrix draws a κ matrix with an undefined pair: it renders in
// every format, the caption names the judges and the undefined pair with
// its reason, and the legend gives the colour scale.
func TestKappaMatrix(t *testing.T) {
	one := calib.Defined(1, 10)
	k := [][]calib.Stat{
		{one, calib.Defined(0.4, 10), calib.Undefined(0, "no item judged by both")},
		{calib.Defined(0.4, 10), one, calib.Defined(-0.2, 10)},
		{calib.Undefined(0, "no item judged by both"), calib.Defined(-0.2, 10), one},
	}
	f := KappaMatrix("panel.kappa", []string{"a", "b\x1b[31m", "c"}, k)
	for _, want := range []string{"1 a; 2 b", "3 c", "1–3 (no item judged by both)"} {
		if !strings.Contains(f.Caption, want) {
			t.Errorf("caption %q lacks %q", f.Caption, want)
		}
	}
	if strings.Contains(f.Caption, "\x1b") {
		t.Errorf("caption carries a raw escape: %q", f.Caption)
	}
	if len(f.Legend) != 5 {
		t.Errorf("%d legend entries, want the 5 colour stops", len(f.Legend))
	}
	for _, format := range []Format{PNG, SVG, PDF} {
		var b bytes.Buffer
		if err := f.Render(&b, format, Options{Width: 3, Height: 3, DPI: 40}); err != nil || b.Len() == 0 {
			t.Errorf("%v: %v (%d bytes)", format, err, b.Len())
		}
	}
}
