package importer

import (
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"

	"github.com/plumb-eval/plumb/internal/realdata"
)

// TestPandaLMAccuracyTies: the engine's accuracy with ties as a class
// (Metrics.AccuracyTies, the report's accuracy_ties) is PandaLM's published
// figure (data/compute_metrics.py): PandaLM-7B 0.6677 = 667/999 exactly.
// gpt-3.5-turbo's 25 "garbage" verdicts are left out by the importer
// (PandaLM's script counts them as tie predictions), so the engine gives
// 697/974, and adding back the garbage items whose gold is a tie gives the
// published 0.7107 = 710/999.
func TestPandaLMAccuracyTies(t *testing.T) {
	lg := load(t, realdata.Dir(t, "pandalm"))
	gold := map[string]model.Gold{}
	for _, p := range pairsOf(lg, "pandalm-7b", "") {
		gold[p.ID] = p.Gold
	}
	for judge, want := range map[string]struct{ right, n, published int }{
		"pandalm-7b": {667, 999, 667}, "gpt-3.5-turbo": {697, 974, 710},
	} {
		ps := pairsOf(lg, judge, "")
		a := metrics.Compute(calib.RawPrefs(ps)).AccuracyTies
		if !a.OK() || a.N != want.n || a.Value != float64(want.right)/float64(want.n) {
			t.Errorf("%s: accuracy_ties %+v, want %d/%d", judge, a, want.right, want.n)
		}
		seen := map[string]bool{}
		for _, p := range ps {
			seen[p.ID] = true
		}
		garbageTies := 0
		for id, g := range gold {
			if !seen[id] && g == model.GoldTie {
				garbageTies++
			}
		}
		if got := want.right + garbageTies; got != want.published {
			t.Errorf("%s: %d + %d garbage ties = %d right, published %d/999", judge, want.right, garbageTies, got, want.published)
		}
	}
}
