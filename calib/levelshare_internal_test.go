package calib

import (
	"math/rand/v2"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// TestLevelShareBound: the one-pass bound that lets Collapsed skip
// levelShare's sorts is never below levelShare's share — on uniform
// values, values crowded at one level with outliers, values exactly on the
// bins' edges (multiples of 0.1, where round-off decides a bin) and
// values near them, and in every arrangement (x2, x3 read 1 − r) — so
// skipping the sort when the bound is below CollapseLevelShare cannot
// change a decision.
func TestLevelShareBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	gens := map[string]func() float64{
		"uniform":   rng.Float64,
		"edges":     func() float64 { return float64(rng.IntN(11)) / 10 },
		"near edge": func() float64 { return float64(rng.IntN(11))/10 + (rng.Float64()-0.5)*1e-12 },
		"one level": func() float64 {
			if rng.Float64() < 0.93 {
				return 0.3 + (rng.Float64()-0.5)*0.1
			}
			return rng.Float64()
		},
		"two values": func() float64 { return 0.35 + 0.1*float64(rng.IntN(2)) },
	}
	for name, gen := range gens {
		for trial := range 200 {
			n := 1 + rng.IntN(300)
			p := Prefs{R: make([][4]float64, n), Has: make([][4]bool, n)}
			for i := range n {
				for _, a := range model.Arrangements {
					if rng.IntN(4) == 0 {
						continue
					}
					p.Has[i][a] = true
					v := gen()
					v = min(max(v, 0), 1)
					p.R[i][a] = a.Preference(v) // g*(s) = v in every arrangement
				}
			}
			share, _ := levelShare(p, CollapseLevelWidth)
			if b := levelShareBound(p, CollapseLevelWidth); b < share {
				t.Fatalf("%s, trial %d: bound %v below the share %v", name, trial, b, share)
			}
		}
	}
}
