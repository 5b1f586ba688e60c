package present

import (
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/selection"
)

// TestPanelMethodTitles: the panel's pairs name a judge's methods as the
// methods table does.
func TestPanelMethodTitles(t *testing.T) {
	for _, name := range []string{selection.MethodCC, selection.MethodDC, selection.MethodBC, selection.MethodBPC, selection.MethodDiscard} {
		if got, want := analysis.PanelMethodTitle(name), MethodTitle(name); got != want {
			t.Errorf("%s: the panel says %q, the methods table %q", name, got, want)
		}
	}
}
