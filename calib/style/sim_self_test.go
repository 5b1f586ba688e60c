package style_test

import (
	"math"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/model/sim"
)

// TestSimBeyondOthers: model/sim's generators A (better by q = 0.8 in the
// quality gap) and B, judged by A, which adds b = 1 to its own responses,
// and by two fair judges of the same skill, each judge with its own item
// noise (sd 0.5) and no other noise or bias. The preference for A's
// response is σ(D + e (+ b)), D ~ N(q, 1) the quality gap from A's side:
//
//   - beyond the other judges, the truth is E[σ(q + σ_u Z + b)] −
//     E[σ(q + σ_u Z)] (σ_u² = 1 + 0.5²), computed here by Simpson's rule,
//     and the interval covers it;
//   - the raw own preference's truth, E[σ(q + σ_u Z + b)], is mostly the
//     quality: its interval lies above what the same bias gives between
//     generators of equal quality, E[σ(σ_u Z + b)].
func TestSimBeyondOthers(t *testing.T) {
	const q, b, inoise = 0.8, 1.0, 0.5
	c := baseConfig(3000)
	c.Generators = []sim.Generator{{Name: "A", Quality: q, LenMedian: 200}, {Name: "B", LenMedian: 200}}
	c.Spread, c.GoldShare = 1, 0
	own := sim.DefaultJudge("A")
	own.Skill, own.ItemNoise, own.Noise, own.PosBias, own.TokenBias, own.Self, own.SelfBias = 1, inoise, 0, 0, 0, "A", b
	k1, k2 := own, own
	k1.Name, k1.Self, k1.SelfBias = "k1", "", 0
	k2.Name, k2.Self, k2.SelfBias = "k2", "", 0
	c.Judges = []sim.Judge{own, k1, k2}
	lg, err := sim.Collect(c)
	if err != nil {
		t.Fatal(err)
	}
	judges, by := calib.SplitByJudge(lg.Pairs)
	opt := testOptions()
	for _, j := range judges {
		if j != "A" {
			opt.Others = append(opt.Others, style.Other{Judge: j, Pairs: by[j]})
		}
	}
	r, err := style.Analyze(by["A"], opt)
	if err != nil {
		t.Fatal(err)
	}
	su := math.Hypot(1, inoise)
	ownTruth := normalMean(func(z float64) float64 { return sigmoid(q + su*z + b) })
	fairTruth := normalMean(func(z float64) float64 { return sigmoid(q + su*z) })
	equalQuality := normalMean(func(z float64) float64 { return sigmoid(su*z + b) })
	bo := r.Self.BeyondOthers
	if bo == nil || bo.Value.N != 3000 || bo.ByID != 3000 {
		t.Fatalf("beyond others %+v", bo)
	}
	covers(t, "preference beyond the other judges", bo.Value, ownTruth-fairTruth)
	covers(t, "own preference", r.Self.OwnPreference, ownTruth)
	if own := r.Self.OwnPreference; own.CI.Lower <= equalQuality {
		t.Errorf("own preference %.4f [%.4f, %.4f]: expected above %.4f, the same bias between equal generators", own.Value, own.CI.Lower, own.CI.Upper, equalQuality)
	}
	t.Logf("own preference truth %.4f (equal quality: %.4f; fair judges %.4f); beyond the others truth %.4f",
		ownTruth, equalQuality, fairTruth, ownTruth-fairTruth)
}
