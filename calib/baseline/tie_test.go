package baseline

import (
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// TestTieToleranceBaselines: BPC and discard read the choices of the
// metrics (calib's TestTieTolerance): two items whose preferences differ
// from 0.5 by round-off only are all ties, and consistent.
func TestTieToleranceBaselines(t *testing.T) {
	// The metrics, BPC and discard read the same choices: two items whose
	// preferences differ from 0.5 by round-off only are all ties.
	p := calib.Prefs{
		R:    [][model.NumArrangements]float64{{0.5 + 1e-12, 0.5 - 1e-13}, {0.5 - 1e-15, 0.5 + 2e-16}},
		Has:  [][model.NumArrangements]bool{{true, true}, {true, true}},
		Gold: []model.Gold{model.Gold1, model.Gold2},
	}
	if kept, _ := ConsistentItems(p, nil); len(kept) != 2 {
		t.Errorf("all-tie items are consistent: kept %v", kept)
	}
	bp, err := BPCPrefs(p)
	if err != nil {
		t.Fatal(err)
	}
	if bm := BPCMetrics(bp); bm.TieRate.Value != 1 {
		t.Errorf("BPC tie rate %v, want 1", bm.TieRate)
	}
}
