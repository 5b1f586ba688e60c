package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestScrollReachesLastLine (issue 10, item 12): for every scrolled pane
// and several terminal sizes, scrolling to the end shows the pane's last
// content line (before, the "more above" line covered it: Likelihood at
// 120×40 listed 7 of the top 8).
func TestScrollReachesLastLine(t *testing.T) {
	frameTest(t)
	t.Parallel()
	for _, sz := range [][2]int{{80, 24}, {100, 30}, {120, 40}, {200, 50}} {
		m := newDemoModel(t, sz[0], sz[1])
		for _, p := range []paneID{paneOverview, paneSelection, paneLikelihood, paneReporting} {
			press(t, m, string(rune('1'+p)))
			lines := strings.Split(m.body(p), "\n")
			last := ""
			for i := len(lines) - 1; i >= 0 && last == ""; i-- {
				last = strings.TrimSpace(ansi.Strip(lines[i]))
			}
			for range len(lines) {
				press(t, m, "pgdown")
			}
			if got := screen(m); !strings.Contains(got, last) {
				t.Errorf("%d×%d %s: scrolled to the end, the last line %q is not on screen:\n%s", sz[0], sz[1], paneSlug[p], last, got)
			}
			press(t, m, "pgup")
			for range len(lines) {
				press(t, m, "pgup")
			}
		}
	}
}

// TestViewportArithmetic: every offset from 0 to maxScroll shows h−1
// content lines and a position line, and the largest shows the last line.
func TestViewportArithmetic(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 80, 24)
	for n := 1; n <= 12; n++ {
		lines := make([]string, n)
		for i := range lines {
			lines[i] = fmt.Sprint("line ", i+1)
		}
		for h := 1; h <= 8; h++ {
			end := maxScroll(n, h)
			got := m.viewport(lines, end+3, h)
			if len(got) > h {
				t.Fatalf("n=%d h=%d: %d rows", n, h, len(got))
			}
			if h >= 2 && !strings.Contains(strings.Join(got, "\n"), fmt.Sprint("line ", n)) {
				t.Errorf("n=%d h=%d offset %d: last line not shown: %q", n, h, end, got)
			}
		}
	}
}
