package tui

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// updateGolden reports whether -update was given (the flag is registered
// by charmbracelet/x/exp/golden, which teatest imports).
func updateGolden() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// checkGolden compares got with the golden file path, or writes got
// there under -update.
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if updateGolden() {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./tui -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the frame:\n%s", path, got)
	}
}

// TestGolden compares View() (ANSI stripped, recompute times masked) of
// every pane at 80×24, 120×40 and 200×60 on the embedded demo with the
// files in testdata/golden. Run `go test ./tui -update` after an intended
// change and look at the diff.
func TestGolden(t *testing.T) {
	frameTest(t)
	t.Parallel()
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		m := newDemoModel(t, sz[0], sz[1])
		for p := range numPanes {
			press(t, m, string(rune('1'+p)))
			name := filepath.Join("testdata", "golden", fmt.Sprintf("%d-%s-%dx%d.txt", p+1, paneSlug[p], sz[0], sz[1]))
			checkGolden(t, name, screen(m)+"\n")
		}
	}
}

var paneSlug = [numPanes]string{"overview", "selection", "likelihood", "reporting", "items", "style", "panel"}

// TestWidthSweep: at every width from 60 to 220 columns (and a short and a
// tall terminal) no line of any pane is wider than the terminal and no
// frame taller.
func TestWidthSweep(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModel(t, 120, 40)
	step := 1
	if testing.Short() {
		step = 7
	}
	for _, h := range []int{24, 45} {
		for w := 60; w <= 220; w += step {
			resize(t, m, w, h)
			for p := range numPanes {
				press(t, m, string(rune('1'+p)))
				checkFrame(t, m, w, h)
			}
		}
	}
	// The open item and the full help too.
	for _, w := range []int{80, 133, 220} {
		resize(t, m, w, 30)
		press(t, m, "5", "enter")
		checkFrame(t, m, w, 30)
		press(t, m, "esc", "?")
		checkFrame(t, m, w, 30)
		press(t, m, "?")
	}
}
