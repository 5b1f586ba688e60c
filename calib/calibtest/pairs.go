package calibtest

import (
	"math"
	"testing"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// ExactPairs builds n noise-free items in the simulator's model
// (model/sim): logit P(A)_j = c_j·u_i + β·f_j + τ, with item views u_i
// spread over [−3, 3], judged in the arrangements arr.
func ExactPairs(n int, beta, tau float64, arr ...model.Arrangement) []model.Pair {
	ps := make([]model.Pair, n)
	for i := range ps {
		u := -3 + 6*float64(i)/float64(max(1, n-1))
		for _, a := range arr {
			l := u
			if a.ContentSwapped() {
				l = -u
			}
			if a.PositionSwapped() {
				l -= beta
			} else {
				l += beta
			}
			l += tau
			ps[i].Has[a] = true
			ps[i].S[a] = 1 / (1 + math.Exp(-l))
		}
	}
	return ps
}

// SimPairs simulates the README's position-swap-only example (`plumb
// simulate --pairs 5000 --arrangements x0,x1 --mode logprob`), pair
// records of judge only.
func SimPairs(t *testing.T, judge string, arr []model.Arrangement) []model.Pair {
	t.Helper()
	cfg := sim.DefaultConfig()
	cfg.Pairs, cfg.Scores, cfg.Verdicts = 5000, 0, 0
	cfg.Arrangements = arr
	for i := range cfg.Judges {
		cfg.Judges[i].Mode = model.SourceLogprob
	}
	var sink pairSink
	if err := sim.Generate(cfg, &sink); err != nil {
		t.Fatal(err)
	}
	return byJudge(sink.pairs)[judge]
}

// pairSink collects the pair records of a simulation.
type pairSink struct{ pairs []model.Pair }

// WritePair keeps p.
func (s *pairSink) WritePair(p *model.Pair) error { s.pairs = append(s.pairs, *p); return nil }

// WriteScore drops score records.
func (s *pairSink) WriteScore(*model.Score) error { return nil }

// WriteVerdict drops verdict records.
func (s *pairSink) WriteVerdict(v *model.Verdict) error { return nil }
