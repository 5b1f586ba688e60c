package tui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/plumb-eval/plumb/analysis"
)

// TestSelectionConditions: for a judge judged in several conditions, the
// Selection pane shows the Conditions sub-view once the comparison of
// every judge is in (the least biased condition named, each method across
// the conditions, and per condition its rows), built from present's rows
// as the report's; on a log without conditions it is absent.
func TestSelectionConditions(t *testing.T) {
	frameTest(t)
	t.Parallel()
	lg := conditionsLog(t)
	opt := startOptions()
	opt.Bootstrap = analysis.BootstrapOptions{Resamples: 200, Explicit: true, Refit: analysis.RefitNever}
	m := startTestModel(t, New(Options{Log: lg, Start: opt, Dark: true, NoColor: true}), 120, 40)
	press(t, m, "2")
	body := m.body(paneSelection)
	// The sub-view is a new screen: its lines at 80 and 200 columns are
	// pinned (testdata/golden/2-selection-conditions-W.txt).
	sp := m.panes[paneSelection].(*selectionPane)
	for _, w := range []int{80, 200} {
		got := ansi.Strip(strings.Join(sp.conditionsLines(w), "\n")) + "\n"
		checkGolden(t, filepath.Join("testdata", "golden", fmt.Sprintf("2-selection-conditions-%d.txt", w)), got)
	}
	for _, want := range []string{"Conditions — judge j", "j is least biased in A/B: its RStd is lower by",
		"across conditions", "A/B · raw", "X/Y · discard inconsistent", "A/B: 300 items, X/Y: 300 items, 300 shared by every condition"} {
		if !strings.Contains(body, want) {
			t.Errorf("the Selection pane lacks %q:\n%s", want, body)
		}
	}
	// Without the bootstrap the difference has no interval: no condition
	// is named.
	m = newTestModel(t, lg, 120, 40)
	press(t, m, "2")
	if body := m.body(paneSelection); !strings.Contains(body, "(says nothing) No condition is clearly least biased: RStd") {
		t.Errorf("without the bootstrap, the sub-view names a condition:\n%s", body)
	}
	demo := newDemoModel(t, 120, 40)
	press(t, demo, "2")
	if strings.Contains(demo.body(paneSelection), "Conditions —") {
		t.Error("the demo, which has no conditions, shows a Conditions sub-view")
	}
}
