package likelihood

import (
	"math"
	"testing"

	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/model/sim"
)

// TestLikelihoodSimulatedSlope: on simulated score items whose judges add
// slope·z(LS) to their latent score (model/sim), BiasScore rises with the
// slope and is near 0 without likelihood bias, per criterion and in total.
func TestLikelihoodSimulatedSlope(t *testing.T) {
	slopes := []float64{0, 0.4, 1.2}
	names := []string{"s0", "s04", "s12"}
	judges := make([]sim.Judge, len(slopes))
	for i := range slopes {
		judges[i] = calibtest.SlopeJudge(names[i], slopes[i])
	}
	scores := calibtest.SimScores(t, 1500, []string{"helpfulness", "accuracy", "fluency"}, 11, judges...)
	var results [3]*Analysis
	for i, name := range names {
		l, err := Analyze(name, scores, Options{Permutations: 200, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		results[i] = l
	}
	for ci := 0; ci <= len(results[0].Criteria); ci++ {
		var bias [3]float64
		var crit string
		for i, l := range results {
			b := &l.Total
			if ci < len(l.Criteria) {
				b = &l.Criteria[ci]
			}
			if !b.BiasScore.OK() || b.BiasScore.N != 1500 || !b.EvalRho.OK() || len(b.TopRS) != DefaultTopK {
				t.Fatalf("%s/%s: %+v", names[i], b.Criterion, b)
			}
			bias[i], crit = b.BiasScore.Value, b.Criterion
		}
		t.Logf("%s: BiasScore %.3f, %.3f, %.3f", crit, bias[0], bias[1], bias[2])
		if math.Abs(bias[0]) > 0.1 || !(bias[0] < bias[1] && bias[1] < bias[2]) || bias[1] < 0.15 {
			t.Errorf("%s: BiasScore at slopes 0, 0.4, 1.2 = %v: want ≈ 0, then rising", crit, bias)
		}
	}
	// The biased judges' bias is significant: no permutation reaches it.
	if p := results[2].Total.PValue; !p.OK() || p.Value != 1.0/201 {
		t.Errorf("slope 1.2: p = %+v, want 1/201", p)
	}
}
