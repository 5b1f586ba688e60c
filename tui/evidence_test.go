package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// TestEvidenceInSelectionPane: a judge with sampled scores has the MEC
// rows in the methods table and the MEC part under it, with the report's
// cells (present).
func TestEvidenceInSelectionPane(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newTestModelNoCompare(t, simtest.EvidenceLog(60, 3, 1, 1.5, 1), 200, 60)
	press(t, m, "2")
	s := ansi.Strip(m.body(paneSelection))
	for _, want := range []string{" MEC + BPC ", " BPC (scores) ", "Multiple Evidence Calibration — sampled scores",
		"K  MEC accuracy  MEC + BPC accuracy  conflict rate", "samples read (2 to 3 per arrangement)"} {
		if !strings.Contains(s, want) {
			t.Errorf("the Selection pane lacks %q", want)
		}
	}
}
