package style_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// Every measure recovers a known truth of the simulator (model/sim's
// generators, length and self-preference biases) within its 95% interval.
// The truths are computed here, independently of the package: by
// integrating over the simulator's normal draws (Simpson's rule) or by
// Monte Carlo with a million draws of our own (error ≈ 5·10⁻⁴, well inside
// the intervals).

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// normalMean is E[g(Z)], Z ~ N(0, 1), by Simpson's rule on [−10, 10].
func normalMean(g func(z float64) float64) float64 {
	const n, lo, hi = 4000, -10.0, 10.0
	h := (hi - lo) / n
	s := 0.0
	for i := 0; i <= n; i++ {
		z := lo + float64(i)*h
		w := 2.0
		switch {
		case i == 0 || i == n:
			w = 1
		case i%2 == 1:
			w = 4
		}
		s += w * g(z) * math.Exp(-z*z/2)
	}
	return s * h / 3 / math.Sqrt(2*math.Pi)
}

// lengthDraw draws a generator's answer length as the simulator does.
func lengthDraw(r *rand.Rand, g sim.Generator) int {
	return max(1, int(math.Round(g.LenMedian*math.Exp(g.LenSpread*r.NormFloat64()))))
}

// covers checks that s's interval covers truth.
func covers(t *testing.T, what string, s calib.Stat, truth float64) {
	t.Helper()
	if !s.OK() || s.CI == nil {
		t.Errorf("%s: %+v, no interval", what, s)
		return
	}
	if !(s.CI.Lower <= truth && truth <= s.CI.Upper) {
		t.Errorf("%s = %.4f [%.4f, %.4f] over %d items misses the truth %.4f", what, s.Value, s.CI.Lower, s.CI.Upper, s.N, truth)
	} else {
		t.Logf("%s = %.4f [%.4f, %.4f] covers %.4f", what, s.Value, s.CI.Lower, s.CI.Upper, truth)
	}
}

// simulate runs the simulator with generators and analyses each judge.
func simulate(t *testing.T, c sim.Config, opt style.Options) map[string]*style.Result {
	t.Helper()
	lg, err := sim.Collect(c)
	if err != nil {
		t.Fatal(err)
	}
	judges, by := calib.SplitByJudge(lg.Pairs)
	out := map[string]*style.Result{}
	for _, j := range judges {
		if out[j], err = style.Analyze(by[j], opt); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func find(t *testing.T, r *style.Result, m, opp string) *style.WinRate {
	t.Helper()
	for i := range r.WinRates {
		if w := &r.WinRates[i]; w.Model == m && w.Opponent == opp && w.VsAll == (opp == "") {
			return w
		}
	}
	t.Fatalf("no win rate %s vs %q", m, opp)
	return nil
}

// baseConfig is a simulation of n pair items, no scores or verdicts.
func baseConfig(n int) sim.Config {
	c := simtest.Config(n, 0, 0)
	c.Seed = 21
	return c
}

func testOptions() style.Options {
	opt := style.DefaultOptions()
	opt.Bootstrap.Resamples = 250
	return opt
}

// TestSimLengthControlled: a judge whose preference for A over B is
// exactly σ(θ + φ·tanh(Δ/s)), Δ = L_A − L_B and s the population SD of Δ
// (the simulator's LengthScale), with no other noise: the GLM's LC and φ
// recover σ(θ) and φ, while the raw win rate, inflated by A's longer
// answers, does not.
func TestSimLengthControlled(t *testing.T) {
	c := baseConfig(2000)
	a := sim.Generator{Name: "A", Quality: 0.4, LenMedian: 400, LenSpread: 0.4}
	b := sim.Generator{Name: "B", Quality: 0, LenMedian: 250, LenSpread: 0.4}
	c.Generators = []sim.Generator{a, b}
	c.Spread = 1e-9 // δ = Quality_A − Quality_B = θ, up to 1e-9
	varL := func(g sim.Generator) float64 {
		e := math.Exp(g.LenSpread * g.LenSpread)
		return g.LenMedian * g.LenMedian * e * (e - 1)
	}
	c.LengthScale = math.Sqrt(varL(a) + varL(b))
	j := sim.DefaultJudge("long")
	j.Skill, j.ItemNoise, j.Noise, j.LengthBias = 1, 0, 0, 1.2
	c.Judges = []sim.Judge{j}
	r := simulate(t, c, testOptions())["long"]
	w := find(t, r, "A", "B")
	covers(t, "LC of A vs B", w.LengthControlled, sigmoid(0.4))
	covers(t, "φ of A vs B", w.Slope, 1.2)
	if ci := w.Raw.CI; ci == nil || ci.Lower <= sigmoid(0.4) {
		t.Errorf("raw win rate %+v should sit above the length-free %.3f", w.Raw, sigmoid(0.4))
	}
	// The mirror row: B's LC is 1 − A's.
	if m := find(t, r, "B", "A"); math.Abs(m.LengthControlled.Value+w.LengthControlled.Value-1) > 1e-12 || m.Slope.Value != w.Slope.Value {
		t.Errorf("mirror row %+v", m)
	}
}

// TestSimWinRates: with a position bias β and A always shown first (a
// fixed matchup, as AlpacaEval's baseline is output_1), the raw win rate
// carries the bias, E[σ(u + β)], and the position-balanced one removes
// it, ½E[σ(u + β) + σ(u − β)], with u ~ N(0.5, 0.5² + 0.6²) the judge's
// view of A against B.
func TestSimWinRates(t *testing.T) {
	c := baseConfig(3000)
	c.Generators = []sim.Generator{{Name: "A", Quality: 0.5, LenMedian: 100}, {Name: "B", LenMedian: 100}}
	c.Matchups = [][2]string{{"A", "B"}}
	c.Arrangements = []model.Arrangement{model.X0, model.X2}
	c.Spread = 0.5
	j := sim.DefaultJudge("pos")
	j.Skill, j.ItemNoise, j.Noise, j.PosBias, j.TokenBias = 1, 0.6, 0, 0.8, 0
	c.Judges = []sim.Judge{j}
	r := simulate(t, c, testOptions())["pos"]
	su := math.Hypot(0.5, 0.6)
	raw := normalMean(func(z float64) float64 { return sigmoid(0.5 + su*z + 0.8) })
	bal := normalMean(func(z float64) float64 { return (sigmoid(0.5+su*z+0.8) + sigmoid(0.5+su*z-0.8)) / 2 })
	w := find(t, r, "A", "B")
	covers(t, "raw win rate", w.Raw, raw)
	covers(t, "balanced win rate", w.Balanced, bal)
	if w.Balanced.CI.Upper >= raw {
		t.Errorf("balanced %+v should exclude the raw truth %.3f", w.Balanced, raw)
	}
	covers(t, "A vs all (balanced)", find(t, r, "A", "").Balanced, bal)
}

// TestSimCorrected: with human labels on half of the items, the
// Rogan–Gladen win rate estimates the share of items whose gold prefers A,
// P(δ > t | |δ| > t) for δ ~ N(0.5, 1) and tie band t = 0.15, although
// the judge's hard choices (ItemNoise 1.2) disagree with gold often.
func TestSimCorrected(t *testing.T) {
	c := baseConfig(3000)
	c.Generators = []sim.Generator{{Name: "A", Quality: 0.5, LenMedian: 100}, {Name: "B", LenMedian: 100}}
	c.Spread, c.TieBand, c.GoldShare = 1, 0.15, 0.5
	j := sim.DefaultJudge("noisy")
	j.Skill, j.ItemNoise, j.Noise, j.PosBias, j.TokenBias, j.Mode = 1, 1.2, 0.3, 0, 0, model.SourceChoice
	c.Judges = []sim.Judge{j}
	r := simulate(t, c, testOptions())["noisy"]
	phi := func(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }
	up, down := 1-phi(0.15-0.5), phi(-0.15-0.5)
	truth := up / (up + down)
	w := find(t, r, "A", "B")
	covers(t, "corrected win rate", w.Corrected, truth)
	if m := find(t, r, "B", "A"); math.Abs(m.Corrected.Value+w.Corrected.Value-1) > 1e-12 {
		t.Errorf("mirror corrected %+v", m.Corrected)
	}
}

// TestSimLengthBias: generators of equal quality and different lengths; a
// judge with a length bias λ prefers the longer response with probability
// E[σ(σ_u Z + λ·tanh(|L_1 − L_2|/scale))], and, among the items whose gold
// prefers the shorter one (δ_longer < −t), E[σ(D + e + λ·tanh(...)) | D <
// −t]; a fair judge is at ½. Truths by Monte Carlo over the simulator's
// distributions.
func TestSimLengthBias(t *testing.T) {
	c := baseConfig(3000)
	gens := []sim.Generator{{Name: "A", LenMedian: 400, LenSpread: 0.5}, {Name: "B", LenMedian: 150, LenSpread: 0.5}, {Name: "C", LenMedian: 250, LenSpread: 0.3}}
	c.Generators, c.LengthScale, c.Spread, c.TieBand, c.GoldShare = gens, 300, 1, 0.15, 1
	long := sim.DefaultJudge("long")
	long.Skill, long.ItemNoise, long.Noise, long.PosBias, long.TokenBias, long.LengthBias = 1, 0.5, 0, 0, 0, 1
	fair := long
	fair.Name, fair.LengthBias = "fair", 0
	c.Judges = []sim.Judge{long, fair}
	res := simulate(t, c, testOptions())
	rng := rand.New(rand.NewPCG(7, 8))
	var sum, sumGold float64
	nGold := 0
	const draws = 1_000_000
	for range draws {
		k := rng.IntN(6) // an ordered pair of different generators, as the simulator draws
		g1, g2 := gens[k/2], gens[(k/2+1+k%2)%3]
		l1, l2 := lengthDraw(rng, g1), lengthDraw(rng, g2)
		if l1 == l2 {
			continue
		}
		d := rng.NormFloat64() // δ of the longer response
		v := d + 0.5*rng.NormFloat64() + math.Tanh(math.Abs(float64(l1-l2))/300)
		sum += sigmoid(v)
		if d < -0.15 {
			sumGold += sigmoid(v)
			nGold++
		}
	}
	covers(t, "longer preference", res["long"].Length.LongerPreference, sum/draws)
	covers(t, "longer preference when gold prefers the shorter", res["long"].Length.LongerWhenGoldShorter, sumGold/float64(nGold))
	covers(t, "fair judge's longer preference", res["fair"].Length.LongerPreference, 0.5)
	if s := res["long"].Length.Slope; !s.OK() || s.CI.Lower <= 0 {
		t.Errorf("slope of the length-biased judge %+v, want clearly > 0", s)
	}
	covers(t, "fair judge's slope", res["fair"].Length.Slope, 0)
}

// TestSimSelfPreference: a judge that is generator A adds b = 1 to A's
// responses: over the items where exactly one response is A's, it prefers
// A's with probability E[σ(σ_u Z + b)] (σ_u² = Spread² + ItemNoise²), and
// E[σ(D + e + b) | D < −t] where gold prefers the other; a fair judge
// named A is at ½.
func TestSimSelfPreference(t *testing.T) {
	c := baseConfig(3000)
	c.Generators = []sim.Generator{{Name: "A", LenMedian: 200}, {Name: "B", LenMedian: 200}, {Name: "C", LenMedian: 200}}
	c.Spread, c.TieBand, c.GoldShare = 1, 0.15, 1
	own := sim.DefaultJudge("A")
	own.Skill, own.ItemNoise, own.Noise, own.PosBias, own.TokenBias, own.Self, own.SelfBias = 1, 0.5, 0, 0, 0, "A", 1
	fair := own
	fair.Name, fair.Self, fair.SelfBias = "judge-b", "", 0
	c.Judges = []sim.Judge{own, fair}
	opt := testOptions()
	opt.Self = map[string]string{"judge-b": "B"}
	res := simulate(t, c, opt)
	su := math.Hypot(1, 0.5)
	covers(t, "own preference", res["A"].Self.OwnPreference, normalMean(func(z float64) float64 { return sigmoid(su*z + 1) }))
	// Beyond quality: D ~ N(0, 1) below −t, e ~ N(0, 0.5²).
	num := normalMean(func(d float64) float64 {
		if d >= -0.15 {
			return 0
		}
		return normalMean(func(e float64) float64 { return sigmoid(d + 0.5*e + 1) })
	})
	den := 0.5 * math.Erfc(0.15/math.Sqrt2)
	covers(t, "own preference beyond quality", res["A"].Self.BeyondQuality, num/den)
	covers(t, "a fair judge's own preference (--self)", res["judge-b"].Self.OwnPreference, 0.5)
}

// TestSimBradleyTerry: four generators compared in a cycle only (none met
// every other) by a judge that sees their quality differences exactly:
// the Bradley–Terry scores are the qualities, centred.
func TestSimBradleyTerry(t *testing.T) {
	c := baseConfig(800)
	q := map[string]float64{"A": 0.9, "B": 0.3, "C": -0.2, "D": -1.0}
	for _, n := range []string{"A", "B", "C", "D"} {
		c.Generators = append(c.Generators, sim.Generator{Name: n, Quality: q[n], LenMedian: 100})
	}
	c.Matchups = [][2]string{{"A", "B"}, {"B", "C"}, {"C", "D"}, {"D", "A"}}
	c.Spread = 1e-9
	j := sim.DefaultJudge("exact")
	j.Skill, j.ItemNoise, j.Noise, j.PosBias, j.TokenBias = 1, 0, 0, 0, 0
	c.Judges = []sim.Judge{j}
	r := simulate(t, c, testOptions())["exact"]
	if len(r.BradleyTerry) != 4 {
		t.Fatalf("Bradley–Terry: %+v (%s)", r.BradleyTerry, r.BradleyTerryReason)
	}
	for _, s := range r.BradleyTerry {
		if math.Abs(s.Score.Value-q[s.Model]) > 1e-6 {
			t.Errorf("%s: score %v, quality %v", s.Model, s.Score.Value, q[s.Model])
		}
	}
}
