package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestCollapseHeadsSelectionPane: on judge-first (pure position bias:
// β = 1.5, τ = 0 in model/sim's DefaultJudges) CalibraEval collapses, and
// the pane opens with it — the collapse test's reason and the position/ID
// advice with β̂ and τ̂ (the "Position or ID?" block's +1.508 and −0.001)
// on the first screen at 80×24 — while the notes at its foot no longer
// repeat it. On judge-tokenA, whose fit does not collapse, there is no
// such head.
func TestCollapseHeadsSelectionPane(t *testing.T) {
	t.Parallel()
	m := newDemoModelNoCompare(t, 80, 24)
	press(t, m, "]", "2")
	f := frameText(m)
	body := strings.Join(strings.Split(f, "\n")[2:9], "\n") // under the tabs and the knob bar
	for _, want := range []string{"⚠ CalibraEval collapsed", "100.0% of the calibrated", "bias is positional",
		"β +1.508", "τ", "−0.001"} {
		if !strings.Contains(body, want) {
			t.Errorf("the first lines of judge-first's Selection pane lack %q:\n%s", want, f)
		}
	}
	run(t, m, func() tea.Msg { return tea.KeyPressMsg{Code: tea.KeyEnd} })
	if f := frameText(m); !strings.Contains(f, "Notes") || strings.Contains(f, "degenerate fit (collapsed)") {
		t.Errorf("the foot of the pane: want the notes without the collapse note, got\n%s", f)
	}
	press(t, m, "]")
	if f := frameText(m); strings.Contains(f, "collapsed") {
		t.Errorf("judge-tokenA's Selection pane speaks of a collapse:\n%s", f)
	}
}
