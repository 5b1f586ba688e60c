package report

import (
	"testing"

	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// TestStylePrefWords: every preference calib/style has is named by
// internal/vocab, in the words the Markdown report and the TUI used before
// they came from there.
func TestStylePrefWords(t *testing.T) {
	for pr, want := range map[style.Pref]vocab.PrefWords{
		style.PrefBalanced:   {Short: "position-balanced", Long: "position-balanced (the mean over each item's arrangements)"},
		style.PrefRawX0:      {Short: "raw (x0)", Long: "raw (each item's first recorded arrangement, x0)"},
		style.PrefCalibrated: {Short: "calibrated (CalibraEval)", Long: "calibrated (CalibraEval's map, averaged over each item's arrangements)"},
	} {
		if got := vocab.StylePref(pr.String()); got != want {
			t.Errorf("%s: %+v, want %+v", pr, got, want)
		}
	}
}
