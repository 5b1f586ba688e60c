package baseline

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// TestDiscardIndexMatches: DiscardIndex.MetricsIn gives DiscardMetricsIn's
// metrics and kept share exactly (every field, printed in full) on random
// preferences with ties, missing arrangements and items judged once, over
// random resamples with repeats (and an index out of range, skipped by both);
// so do MetricsOf, counting each drawn item once, and BPCMetricsFixed
// BPCMetricsSubset's.
func TestDiscardIndexMatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 26))
	levels := []float64{0.1, 0.5, 0.5, 0.9, 0.3, 0.7, calibtest.NaN}
	for trial := range 50 {
		n := 1 + rng.IntN(80)
		gold := make([]model.Gold, n)
		rows := make([][4]float64, n)
		for i := range rows {
			gold[i] = model.Gold(rng.IntN(4))
			for j := range rows[i] {
				rows[i][j] = levels[rng.IntN(len(levels))]
			}
		}
		p := calibtest.PrefsOf(gold, rows...)
		d := NewDiscardIndex(p)
		ws := &work.Space{}
		var r metrics.Resample
		bp, err := BPCPrefs(p)
		if err != nil {
			bp = p // no item has a BPC pair: any preferences do for the comparison
		}
		bf := metrics.NewFixed(bp)
		for range 20 {
			idx := make([]int, rng.IntN(2*n+1))
			for k := range idx {
				idx[k] = rng.IntN(n + 1) // n: out of range
			}
			gm, gk := d.MetricsIn(idx, ws)
			wm, wk := DiscardMetricsIn(p, idx, nil)
			if g, w := fmt.Sprintf("%#v %#v", gm, gk), fmt.Sprintf("%#v %#v", wm, wk); g != w {
				t.Fatalf("trial %d idx %v:\n got %s\nwant %s", trial, idx, g, w)
			}
			r.Set(idx, n)
			om, ok := d.MetricsOf(&r)
			if g, w := fmt.Sprintf("%#v %#v", om, ok), fmt.Sprintf("%#v %#v", wm, wk); g != w {
				t.Fatalf("trial %d idx %v: MetricsOf\n got %s\nwant %s", trial, idx, g, w)
			}
			if g, w := fmt.Sprintf("%#v", BPCMetricsFixed(bf, &r)), fmt.Sprintf("%#v", BPCMetricsSubset(bp, idx)); g != w {
				t.Fatalf("trial %d idx %v: BPCMetricsFixed\n got %s\nwant %s", trial, idx, g, w)
			}
		}
	}
}
