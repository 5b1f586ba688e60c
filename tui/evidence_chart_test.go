package tui

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// kTicksRe matches a K-curve chart's x tick labels (K = 1 to 5).
var kTicksRe = regexp.MustCompile(`1 +K +5`)

// TestEvidenceChartGolden: the MEC part's K-curve charts (MEC and MEC +
// BPC accuracy, the conflict rate) under the K table, scrolled into view
// at 80×24 (the table and the whole charts on one screen) and 200×60. Run `go test ./tui -update`
// after an intended change.
func TestEvidenceChartGolden(t *testing.T) {
	frameTest(t)
	t.Parallel()
	lg := simtest.EvidenceLog(60, 5, 1, 1.5, 1)
	for _, sz := range [][2]int{{80, 24}, {200, 60}} {
		m := newTestModelNoCompare(t, lg, sz[0], sz[1])
		press(t, m, "2")
		scrollTo(t, m, "K  MEC accuracy")
		got := screen(m)
		checkFrame(t, m, sz[0], sz[1])
		for _, want := range []string{"As K grows", "MEC accuracy", "MEC + BPC accuracy", "conflict rate"} {
			if !strings.Contains(got, want) {
				t.Errorf("%dx%d: the screen lacks %q:\n%s", sz[0], sz[1], want, got)
			}
		}
		// The charts' last line (the K axis's tick labels, "1  K  5", once
		// per chart) is on screen: nothing of them is cut.
		if n := len(kTicksRe.FindAllString(got, -1)); n != 3 {
			t.Errorf("%dx%d: %d K axes on screen, want 3:\n%s", sz[0], sz[1], n, got)
		}
		name := filepath.Join("testdata", "golden", fmt.Sprintf("2-selection-evidence-%dx%d.txt", sz[0], sz[1]))
		checkGolden(t, name, got+"\n")
	}
}

// TestNoEvidenceChartForOneK: one sample per arrangement gives a curve of
// one K: the table, no chart.
func TestNoEvidenceChartForOneK(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newTestModelNoCompare(t, simtest.EvidenceLog(40, 1, 1, 1.5, 1), 120, 40)
	press(t, m, "2")
	body := ansi.Strip(m.body(paneSelection))
	if !strings.Contains(body, "K  MEC accuracy") || strings.Contains(body, "As K grows") {
		t.Errorf("one K: want the table and no chart:\n%s", body)
	}
}
