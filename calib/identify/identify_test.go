package identify

import (
	"math"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/demo"
	"github.com/plumb-eval/plumb/model/sim"
)

var (
	x0, x1, x2, x3 = model.X0, model.X1, model.X2, model.X3
)

func checkEffect(t *testing.T, name string, e Effect, identified bool, want float64) {
	t.Helper()
	if e.Identified != identified {
		t.Fatalf("%s: identified = %v, want %v (reason %q)", name, e.Identified, identified, e.Reason)
	}
	if !identified {
		if e.Reason == "" || e.Estimate.OK() || e.Estimate.Reason == "" {
			t.Fatalf("%s: unidentified effect without a reason or with a value: %+v", name, e)
		}
		return
	}
	s := e.Estimate
	if !s.OK() || s.CI == nil {
		t.Fatalf("%s: %+v, want a value with an interval", name, s)
	}
	if math.Abs(s.Value-want) > 1e-9 || math.Abs(s.CI.Lower-want) > 1e-9 || math.Abs(s.CI.Upper-want) > 1e-9 {
		t.Fatalf("%s = %.12f [%.12f, %.12f], want exactly %v", name, s.Value, s.CI.Lower, s.CI.Upper, want)
	}
}

// TestIdentifyBiasDesigns: noise-free items recover β and τ exactly in
// every design that identifies them, and no other effect is reported.
func TestIdentifyBiasDesigns(t *testing.T) {
	const beta, tau = 0.8, -0.45
	cases := []struct {
		design       string
		arr          []model.Arrangement
		pos, tok, cb bool
		advice       string
	}{
		{"x0..x3", []model.Arrangement{x0, x1, x2, x3}, true, true, true, "both the first-shown answer and the ID A"},
		{"x0+x1", []model.Arrangement{x0, x1}, true, false, false, "collect x2 (contents swapped) or x3"},
		{"x2+x3", []model.Arrangement{x2, x3}, true, false, false, "collect x0 or x1"},
		{"x0+x2", []model.Arrangement{x0, x2}, false, false, true, "confounded"},
		{"x0+x3", []model.Arrangement{x0, x3}, false, true, false, "favours the ID A"},
		{"x1+x2", []model.Arrangement{x1, x2}, false, true, false, "collect x0 or x3"},
		{"x0+x1+x2", []model.Arrangement{x0, x1, x2}, true, true, true, "both"},
		{"x0+x1+x3", []model.Arrangement{x0, x1, x3}, true, true, true, "both"},
		{"x0+x2+x3", []model.Arrangement{x0, x2, x3}, true, true, true, "both"},
		{"x1+x2+x3", []model.Arrangement{x1, x2, x3}, true, true, true, "both"},
		{"x0 only", []model.Arrangement{x0}, false, false, false, "one arrangement only"},
		{"x1+x3", []model.Arrangement{x1, x3}, false, false, false, "one arrangement only"},
	}
	for _, c := range cases {
		t.Run(c.design, func(t *testing.T) {
			b := Bias(calibtest.ExactPairs(50, beta, tau, c.arr...))
			if b.Design != c.design || b.Scale != ScaleLogit {
				t.Fatalf("design %q scale %q, want %q logit", b.Design, b.Scale, c.design)
			}
			checkEffect(t, "position", b.Position, c.pos, beta)
			checkEffect(t, "token", b.Token, c.tok, tau)
			checkEffect(t, "combined", b.Combined, c.cb, beta+tau)
			if c.design != "x1+x3" && !strings.Contains(b.Advice, c.advice) {
				t.Fatalf("advice %q does not contain %q", b.Advice, c.advice)
			}
			if strings.ContainsAny(b.Advice, "\n") || b.Advice == "" {
				t.Fatalf("advice %q is not one sentence", b.Advice)
			}
		})
	}
	// x1 and x3 alone show τ − β only: nothing is reported, and a note says so.
	b := Bias(calibtest.ExactPairs(50, beta, tau, x1, x3))
	if !hasNote(b.Notes, "τ − β") {
		t.Fatalf("x1+x3 notes %q do not mention τ − β", b.Notes)
	}
}

func hasNote(notes []string, sub string) bool {
	for _, n := range notes {
		if strings.Contains(n, sub) {
			return true
		}
	}
	return false
}

// TestIdentifyBiasAdvice: the advice sentence follows which effects are
// present and identified.
func TestIdentifyBiasAdvice(t *testing.T) {
	all := []model.Arrangement{x0, x1, x2, x3}
	cases := []struct {
		name      string
		beta, tau float64
		arr       []model.Arrangement
		want      string
	}{
		{"positional", 1.2, 0, all, "positional: use BPC"},
		{"token", 0, 1.1, all, "towards the ID A, not the position"},
		{"fair", 0, 0, all, "no detectable bias (both CIs include 0)"},
		{"small", 0.1, 0.05, all, "detectable but small (within ±0.2 on the logit scale)"},
		{"small position", 0.1, 1, all, "towards the ID A, not the position"},
		{"small x0+x2", 0.1, 0.05, []model.Arrangement{x0, x2}, "detectable but small"},
		{"positional x0+x1", 1.2, 0, []model.Arrangement{x0, x1}, "positional: use BPC"},
		{"fair x0+x1", 0, 0.7, []model.Arrangement{x0, x1}, "no detectable position bias"},
		{"confounded x0+x2", 0.5, 0.2, []model.Arrangement{x0, x2}, "position and ID are confounded here (A is always shown first): collect x1 or x3"},
		{"cancelling x0+x2", 0.5, -0.5, []model.Arrangement{x0, x2}, "would cancel"},
		{"fair x0+x3", 0.6, 0, []model.Arrangement{x0, x3}, "no detectable ID bias"},
	}
	for _, c := range cases {
		b := Bias(calibtest.ExactPairs(40, c.beta, c.tau, c.arr...))
		if !strings.Contains(b.Advice, c.want) {
			t.Errorf("%s: advice %q, want it to contain %q", c.name, b.Advice, c.want)
		}
	}
}

// TestIdentifyBiasTInterval checks the interval against SciPy:
// contrasts 1, 2, 3, 4 (β̂_i = (l0 − l1)/2) have mean 2.5, sd 1.2909944,
// and scipy.stats.t.ppf(0.975, 3) = 3.182446305284263, so the 95% interval
// is 2.5 ± 3.182446305284263·1.2909944487358056/2.
func TestIdentifyBiasTInterval(t *testing.T) {
	ps := make([]model.Pair, 4)
	for i := range ps {
		// l0 − l1 = 2(i+1): logits ±(i+1).
		l := float64(i + 1)
		ps[i].Has[x0], ps[i].Has[x1] = true, true
		ps[i].S[x0], ps[i].S[x1] = 1/(1+math.Exp(-l)), 1/(1+math.Exp(l))
	}
	b := Bias(ps)
	s := b.Position.Estimate
	half := 3.182446305284263 * 1.2909944487358056 / 2
	if !s.OK() || s.N != 4 || math.Abs(s.Value-2.5) > 1e-12 ||
		math.Abs(s.CI.Lower-(2.5-half)) > 1e-9 || math.Abs(s.CI.Upper-(2.5+half)) > 1e-9 || s.CI.Level != 0.95 {
		t.Fatalf("position %+v %+v, want 2.5 ± %v", s, s.CI, half)
	}
}

// TestIdentifyBiasHardChoices: with hard choices the effects are rates on
// the probability scale.
func TestIdentifyBiasHardChoices(t *testing.T) {
	mk := func(n int, s [4]float64) []model.Pair {
		ps := make([]model.Pair, n)
		for i := range ps {
			ps[i].Source = model.SourceChoice
			for a := range 4 {
				ps[i].Has[a] = true
				ps[i].S[a] = s[a]
			}
		}
		return ps
	}
	// Always picks the first shown: A in x0, x2; B in x1, x3.
	b := Bias(mk(10, [4]float64{1, 0, 1, 0}))
	if b.Scale != ScaleRate {
		t.Fatalf("scale %q, want rate", b.Scale)
	}
	checkEffect(t, "position", b.Position, true, 0.5)
	checkEffect(t, "token", b.Token, true, 0)
	if b.Table[ShownFirst][IDA].Share != 1 || b.Table[ShownFirst][IDB].Share != 1 ||
		b.Table[ShownSecond][IDA].Share != 0 || b.Table[ShownFirst][IDA].N != 20 {
		t.Fatalf("table %+v", b.Table)
	}
	if !strings.Contains(b.Advice, "positional") || !hasNote(b.Notes, "the records give hard choices, so the effects are pick rates") {
		t.Fatalf("advice %q notes %q", b.Advice, b.Notes)
	}
	// Always says A.
	b = Bias(mk(10, [4]float64{1, 1, 1, 1}))
	checkEffect(t, "position", b.Position, true, 0)
	checkEffect(t, "token", b.Token, true, 0.5)
	// Content-driven, fair judge: picks response_1 (A in x0, x1; B in x2, x3),
	// with a tie in x3.
	b = Bias(mk(10, [4]float64{1, 1, 0, 0.5}))
	checkEffect(t, "position", b.Position, true, -0.125)
	checkEffect(t, "token", b.Token, true, 0.125)
	if !hasNote(b.Notes, "10 of 40 hard choices are ties") {
		t.Fatalf("notes %q", b.Notes)
	}
	// x0+x2 with hard choices: P(pick A when first) − ½.
	ps := mk(10, [4]float64{1, 0, 1, 0})
	for i := range ps {
		ps[i].Has[x1], ps[i].Has[x3] = false, false
	}
	b = Bias(ps)
	checkEffect(t, "combined", b.Combined, true, 0.5)
	checkEffect(t, "position", b.Position, false, 0)
	if b.Table[ShownFirst][IDB].N != 0 || b.Table[ShownSecond][IDA].N != 0 {
		t.Fatalf("x0+x2 shows B first? %+v", b.Table)
	}
}

// TestIdentifyBiasEdges: clipping, logprobs, too few items, mixed designs,
// no records; never NaN.
func TestIdentifyBiasEdges(t *testing.T) {
	// P(A) = 1 and 0: clipped like Pride, with a note.
	ps := calibtest.ExactPairs(5, 0.5, 0, x0, x1)
	ps[0].S[x0], ps[0].S[x1] = 1, 0
	b := Bias(ps)
	if !hasNote(b.Notes, "2 of 10 values of P(A) within 1e-6") || !b.Position.Estimate.OK() {
		t.Fatalf("clip: %+v %q", b.Position, b.Notes)
	}
	clip := math.Log(1-1e-6) - math.Log(1e-6)
	want := (clip + 4*0.5) / 5 // item 0 contributes (clip − (−clip))/2 = clip
	if math.Abs(b.Position.Estimate.Value-want) > 1e-9 {
		t.Fatalf("clipped position %v, want %v", b.Position.Estimate.Value, want)
	}

	// Logprobs: lA − lB is used as the logit exactly, even where P(A)
	// rounds to 1.
	lp := calibtest.ExactPairs(3, 0, 0, x0, x1)
	for i := range lp {
		lp[i].Source = model.SourceLogprob
		lp[i].Logprobs[x0] = [2]float64{-1e-17, -40}
		lp[i].Logprobs[x1] = [2]float64{-1e-17, -30}
		lp[i].S[x0], lp[i].S[x1] = 1, 1
	}
	b = Bias(lp)
	checkEffect(t, "logprob position", b.Position, true, 5)

	// One item: identified, but undefined with a reason.
	b = Bias(calibtest.ExactPairs(1, 1, 1, x0, x1, x2, x3))
	if !b.Position.Identified || b.Position.Estimate.OK() || !strings.Contains(b.Position.Estimate.Reason, "at least 2 items") {
		t.Fatalf("one item: %+v", b.Position)
	}
	if !strings.Contains(b.Advice, "too few items") {
		t.Fatalf("one item advice %q", b.Advice)
	}

	// Mixed: 30 items in x0+x1, 20 in all four: position from 50, token from 20.
	mixed := append(calibtest.ExactPairs(30, 0.3, 0.2, x0, x1), calibtest.ExactPairs(20, 0.3, 0.2, x0, x1, x2, x3)...)
	b = Bias(mixed)
	checkEffect(t, "mixed position", b.Position, true, 0.3)
	checkEffect(t, "mixed token", b.Token, true, 0.2)
	if b.Position.Estimate.N != 50 || b.Token.Estimate.N != 20 || b.Design != "mixed: x0+x1 30, x0..x3 20" {
		t.Fatalf("mixed: %q, n %d / %d", b.Design, b.Position.Estimate.N, b.Token.Estimate.N)
	}
	if !hasNote(b.Notes, "x1 without x3") {
		t.Fatalf("mixed notes %q", b.Notes)
	}

	// Mixed sources: the rate scale for all, with a note.
	ms := calibtest.ExactPairs(4, 0, 0, x0, x1)
	ms[0].Source, ms[0].S[x0], ms[0].S[x1] = model.SourceChoice, 1, 0
	b = Bias(ms)
	if b.Scale != ScaleRate || !hasNote(b.Notes, "1 of 4 records give hard choices") {
		t.Fatalf("mixed sources: %q %q", b.Scale, b.Notes)
	}

	// Nothing at all.
	b = Bias(nil)
	if b.Position.Identified || b.Advice == "" || b.Design != "no arrangements" {
		t.Fatalf("empty: %+v", b)
	}
	for _, e := range []Effect{b.Position, b.Token, b.Combined} {
		if math.IsNaN(e.Estimate.Value) {
			t.Fatal("NaN")
		}
	}
}

// TestIdentifyBiasSimulator is the acceptance test on the simulator
// (model/sim: logit P(A) = c·u + β·f + τ + Noise·ε). (1) Noise-free twins
// of the demo's judges recover β, τ and β + τ to 1e-4 (the demo's 6-digit
// rounding). (2) On the demo itself every estimate lies within 3 standard
// errors of the truth: 8 of its 9 95% intervals cover it; judge-first's
// position estimate, 1.508 [1.501, 1.515] for β = 1.5, is 2.3 standard
// errors off, which the noise-free twin shows is the draw of ε, not a bias.
// (3) Over 200 seeds the 95% intervals cover β, τ and β + τ at 93–97%.
func TestIdentifyBiasSimulator(t *testing.T) {
	effects := func(cfg sim.Config) map[string]Effects {
		cfg.Scores, cfg.Verdicts = 0, 0
		log, err := sim.Collect(cfg)
		if err != nil {
			t.Fatal(err)
		}
		_, by := calib.SplitByJudge(log.Pairs)
		out := map[string]Effects{}
		for j, ps := range by {
			out[j] = Bias(ps)
		}
		return out
	}
	truths := func(j sim.Judge) [3]float64 { return [3]float64{j.PosBias, j.TokenBias, j.PosBias + j.TokenBias} }
	ests := func(b Effects) [3]calib.Stat {
		return [3]calib.Stat{b.Position.Estimate, b.Token.Estimate, b.Combined.Estimate}
	}

	quiet := demo.Config()
	for i := range quiet.Judges {
		quiet.Judges[i].Noise = 0
	}
	for name, b := range effects(quiet) {
		j := judgeByName(quiet, name)
		for k, s := range ests(b) {
			if math.Abs(s.Value-truths(j)[k]) > 1e-4 {
				t.Errorf("noise-free %s effect %d = %v, want %v", name, k, s.Value, truths(j)[k])
			}
		}
	}

	cfg := demo.Config()
	covered := 0
	for name, b := range effects(cfg) {
		j := judgeByName(cfg, name)
		if b.Design != "x0..x3" || b.Scale != ScaleLogit {
			t.Fatalf("%s: design %q scale %q", name, b.Design, b.Scale)
		}
		for k, s := range ests(b) {
			se := (s.CI.Upper - s.CI.Lower) / 2 / 1.9607 // t(0.975, 2999)
			if z := (s.Value - truths(j)[k]) / se; math.Abs(z) > 3 {
				t.Errorf("demo %s effect %d = %v [%v, %v], truth %v: z = %.2f", name, k, s.Value, s.CI.Lower, s.CI.Upper, truths(j)[k], z)
			}
			if s.CI.Lower <= truths(j)[k] && truths(j)[k] <= s.CI.Upper {
				covered++
			}
		}
	}
	if covered < 8 {
		t.Errorf("demo: %d of 9 intervals cover the truth, want ≥ 8", covered)
	}

	// Coverage over seeds, with the demo's judges on 200 items each.
	cfg.Pairs, cfg.Digits = 200, 0
	var hit, total [3]int
	seeds := 200
	if testing.Short() {
		seeds = 40
	}
	for seed := range seeds {
		cfg.Seed = uint64(seed + 1)
		for name, b := range effects(cfg) {
			j := judgeByName(cfg, name)
			for k, s := range ests(b) {
				total[k]++
				if s.CI.Lower <= truths(j)[k] && truths(j)[k] <= s.CI.Upper {
					hit[k]++
				}
			}
		}
	}
	for k := range 3 {
		c := float64(hit[k]) / float64(total[k])
		t.Logf("effect %d coverage %.3f of %d", k, c, total[k])
		if !testing.Short() && (c < 0.93 || c > 0.97) {
			t.Errorf("effect %d: 95%% intervals cover the truth in %.3f of %d runs", k, c, total[k])
		}
	}
}

func judgeByName(c sim.Config, name string) sim.Judge {
	for _, j := range c.Judges {
		if j.Name == name {
			return j
		}
	}
	return sim.Judge{}
}

// TestIdentifyBiasSimDesigns: the simulator's common designs identify what
// they should, and the estimates cover the truth.
func TestIdentifyBiasSimDesigns(t *testing.T) {
	cfg := sim.DefaultConfig()
	cfg.Scores, cfg.Verdicts = 0, 0
	for _, d := range []struct {
		arr  []model.Arrangement
		pick func(b Effects, j sim.Judge) (Effect, float64)
	}{
		{[]model.Arrangement{x0, x1}, func(b Effects, j sim.Judge) (Effect, float64) { return b.Position, j.PosBias }},
		{[]model.Arrangement{x0, x2}, func(b Effects, j sim.Judge) (Effect, float64) {
			return b.Combined, j.PosBias + j.TokenBias
		}},
		{[]model.Arrangement{x0, x3}, func(b Effects, j sim.Judge) (Effect, float64) { return b.Token, j.TokenBias }},
	} {
		cfg.Arrangements = d.arr
		log, err := sim.Collect(cfg)
		if err != nil {
			t.Fatal(err)
		}
		_, by := calib.SplitByJudge(log.Pairs)
		for _, j := range cfg.Judges {
			b := Bias(by[j.Name])
			e, truth := d.pick(b, j)
			s := e.Estimate
			se := (s.CI.Upper - s.CI.Lower) / 2 / 1.96
			if !e.Identified || math.Abs(s.Value-truth) > 3*se {
				t.Errorf("%s %s: %+v, truth %v", maskName(maskOf(d.arr)), j.Name, s, truth)
			}
		}
	}
	// Hard choices: the rate scale, and a judge with position bias only
	// shows a clear position rate and no token rate.
	cfg.Arrangements = []model.Arrangement{x0, x1, x2, x3}
	for i := range cfg.Judges {
		cfg.Judges[i].Mode = model.SourceChoice
	}
	log, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	_, by := calib.SplitByJudge(log.Pairs)
	b := Bias(by["judge-first"])
	if b.Scale != ScaleRate || !b.Position.Significant() || b.Position.Estimate.Value < 0.1 || b.Token.Significant() {
		t.Fatalf("judge-first choices: %+v / %+v", b.Position.Estimate, b.Token.Estimate)
	}
}

func maskOf(arr []model.Arrangement) uint8 {
	var m uint8
	for _, a := range arr {
		m |= 1 << a
	}
	return m
}
