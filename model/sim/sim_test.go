package sim

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/internal/mathx"
	"github.com/plumb-eval/plumb/model"
)

// smallConfig is a quick configuration for tests.
func smallConfig() Config {
	c := DefaultConfig()
	c.Pairs, c.Scores, c.Verdicts = 200, 50, 200
	return c
}

func mustCollect(t *testing.T, c Config) *model.Log {
	t.Helper()
	log, err := Collect(c)
	if err != nil {
		t.Fatalf("Collect: %v", err)
	}
	return log
}

func TestCollectCounts(t *testing.T) {
	c := smallConfig()
	log := mustCollect(t, c)
	nj := len(c.Judges)
	if got, want := len(log.Pairs), c.Pairs*nj; got != want {
		t.Errorf("pairs = %d, want %d", got, want)
	}
	if got, want := len(log.Scores), c.Scores*len(c.Criteria)*nj; got != want {
		t.Errorf("scores = %d, want %d", got, want)
	}
	if got, want := len(log.Verdicts), c.Verdicts*nj; got != want {
		t.Errorf("verdicts = %d, want %d", got, want)
	}
	if got, want := len(log.Pairs)+len(log.Scores)+len(log.Verdicts), c.Records(); got != want {
		t.Errorf("records = %d, Records() = %d", got, want)
	}
	if log.Pairs[0].ID != "p0001" || log.Scores[0].ID != "s0001" || log.Verdicts[0].ID != "v0001" {
		t.Errorf("first IDs = %s %s %s", log.Pairs[0].ID, log.Scores[0].ID, log.Verdicts[0].ID)
	}
}

func TestDeterministic(t *testing.T) {
	a := mustCollect(t, smallConfig())
	b := mustCollect(t, smallConfig())
	if !reflect.DeepEqual(a, b) {
		t.Fatal("same config gave different logs")
	}
	c := smallConfig()
	c.Seed = 2
	d := mustCollect(t, c)
	if reflect.DeepEqual(a.Pairs, d.Pairs) || reflect.DeepEqual(a.Scores, d.Scores) ||
		reflect.DeepEqual(a.Verdicts, d.Verdicts) {
		t.Fatal("different seeds gave identical records")
	}
}

// byJudge returns the records of one judge.
func pairsOf(log *model.Log, judge string) []model.Pair {
	var out []model.Pair
	for _, p := range log.Pairs {
		if p.Judge == judge {
			out = append(out, p)
		}
	}
	return out
}

func TestStreamsIndependent(t *testing.T) {
	base := smallConfig()
	ref := mustCollect(t, base)
	name := base.Judges[1].Name

	// Adding a judge (in front) and changing other kinds' counts leaves a judge's pairs alone.
	c := base
	c.Judges = append([]Judge{DefaultJudge("newcomer")}, base.Judges...)
	c.Scores, c.Verdicts = 7, 3
	got := mustCollect(t, c)
	if !reflect.DeepEqual(pairsOf(ref, name), pairsOf(got, name)) {
		t.Error("adding a judge changed another judge's pair records")
	}

	// Writing fewer arrangements leaves the others' values alone.
	c = base
	c.Arrangements = []model.Arrangement{model.X2, model.X0}
	got = mustCollect(t, c)
	want, have := pairsOf(ref, name), pairsOf(got, name)
	for i := range want {
		for _, a := range model.Arrangements {
			wantHas := a == model.X0 || a == model.X2
			if have[i].Has[a] != wantHas {
				t.Fatalf("item %d: Has[%s] = %v", i, a, have[i].Has[a])
			}
			if wantHas && have[i].S[a] != want[i].S[a] {
				t.Fatalf("item %d %s: S = %v, want %v", i, a, have[i].S[a], want[i].S[a])
			}
		}
	}

	// Changing the pair count leaves score and verdict records alone.
	c = base
	c.Pairs = 3
	got = mustCollect(t, c)
	if !reflect.DeepEqual(ref.Scores, got.Scores) || !reflect.DeepEqual(ref.Verdicts, got.Verdicts) {
		t.Error("changing the pair count changed score or verdict records")
	}
}

// unbiased returns a config with one judge that has no bias and no noise
// in the arrangements.
func unbiased(mode model.Source) Config {
	c := DefaultConfig()
	c.Pairs, c.Scores, c.Verdicts = 500, 0, 0
	j := DefaultJudge("plain")
	j.PosBias, j.TokenBias, j.Noise, j.Mode = 0, 0, 0, mode
	c.Judges = []Judge{j}
	return c
}

func TestUnbiasedPreferencesEqualTruth(t *testing.T) {
	for _, mode := range []model.Source{model.SourceProb, model.SourceLogprob} {
		log := mustCollect(t, unbiased(mode))
		for _, p := range log.Pairs {
			for _, a := range model.Arrangements {
				if !p.Has[a] {
					t.Fatalf("%s: arrangement %s missing", p.ID, a)
				}
				if d := math.Abs(p.R(a) - p.Truth.Value("p1")); d > 1e-12 {
					t.Fatalf("%s %s mode %s: r = %v, truth p1 = %v", p.ID, a, mode, p.R(a), p.Truth.Value("p1"))
				}
			}
		}
	}
	// Choice mode: every arrangement agrees with the choice read from p1.
	for _, p := range mustCollect(t, unbiased(model.SourceChoice)).Pairs {
		want := choose(p.Truth.Value("p1"), 0)
		for _, a := range model.Arrangements {
			if p.R(a) != want {
				t.Fatalf("%s %s: r = %v, want %v", p.ID, a, p.R(a), want)
			}
		}
	}
}

func TestTruthP1FromDelta(t *testing.T) {
	c := unbiased(model.SourceProb)
	c.Judges[0].ItemNoise = 0
	c.Judges[0].Skill = 1.7
	for _, p := range mustCollect(t, c).Pairs {
		if want := mathx.Sigmoid(1.7 * p.Truth.Value("delta")); math.Abs(p.Truth.Value("p1")-want) > 1e-15 {
			t.Fatalf("%s: p1 = %v, want σ(skill·δ) = %v", p.ID, p.Truth.Value("p1"), want)
		}
	}
}

// firstRate is the share of non-tie choices that picked the first-shown
// response, and aRate the share that picked token A.
func rates(pairs []model.Pair) (firstRate, aRate float64) {
	var first, tokA, n float64
	for _, p := range pairs {
		for _, a := range model.Arrangements {
			if !p.Has[a] || p.S[a] == 0.5 {
				continue
			}
			pickedA := p.S[a] > 0.5
			n++
			if pickedA {
				tokA++
			}
			if pickedA != a.PositionSwapped() { // A shown first and picked, or B shown first and picked
				first++
			}
		}
	}
	return first / n, tokA / n
}

func TestBiasesShowUp(t *testing.T) {
	c := DefaultConfig()
	c.Pairs, c.Scores, c.Verdicts = 3000, 0, 0
	fair, first, tok := DefaultJudge("fair"), DefaultJudge("first"), DefaultJudge("tok")
	first.PosBias = 1
	tok.TokenBias = 1
	c.Judges = []Judge{fair, first, tok}
	log := mustCollect(t, c)

	// Over 12000 choices, a fair rate has sd ≈ 0.005; 0.03 is a 6-sd band.
	f, a := rates(pairsOf(log, "fair"))
	if math.Abs(f-0.5) > 0.03 || math.Abs(a-0.5) > 0.03 {
		t.Errorf("fair judge: first-position rate %.3f, A rate %.3f; want ≈ 0.5", f, a)
	}
	f, a = rates(pairsOf(log, "first"))
	if f < 0.6 || math.Abs(a-0.5) > 0.03 {
		t.Errorf("position-biased judge: first-position rate %.3f, A rate %.3f", f, a)
	}
	f, a = rates(pairsOf(log, "tok"))
	if a < 0.6 || math.Abs(f-0.5) > 0.03 {
		t.Errorf("token-biased judge: first-position rate %.3f, A rate %.3f", f, a)
	}
}

func TestGold(t *testing.T) {
	c := DefaultConfig()
	c.Pairs, c.Scores, c.Verdicts = 20000, 0, 20000
	c.GoldShare = 0.3
	c.Judges = c.Judges[:1]
	log := mustCollect(t, c)
	n := 0
	for _, p := range log.Pairs {
		if p.Gold == model.GoldNone {
			continue
		}
		n++
		if want := goldOf(p.Truth.Value("delta"), c.TieBand); p.Gold != want {
			t.Fatalf("%s: gold %s, want %s for δ = %v", p.ID, p.Gold, want, p.Truth.Value("delta"))
		}
	}
	// sd of the share is sqrt(0.3·0.7/20000) ≈ 0.0032; allow 5 sd.
	if share := float64(n) / float64(c.Pairs); math.Abs(share-0.3) > 0.016 {
		t.Errorf("pair gold share = %.4f, want 0.3", share)
	}
	n = 0
	for _, v := range log.Verdicts {
		if v.Human != nil {
			n++
			if *v.Human != (v.Truth.Value("z") == 1) {
				t.Fatalf("%s: human label %v but z = %v", v.ID, *v.Human, v.Truth.Value("z"))
			}
		}
	}
	if share := float64(n) / float64(c.Verdicts); math.Abs(share-0.3) > 0.016 {
		t.Errorf("verdict gold share = %.4f, want 0.3", share)
	}

	for _, share := range []float64{0, 1} {
		c.GoldShare, c.Pairs, c.Verdicts = share, 300, 300
		log := mustCollect(t, c)
		for _, p := range log.Pairs {
			if (p.Gold != model.GoldNone) != (share == 1) {
				t.Fatalf("gold share %v: %s has gold %q", share, p.ID, p.Gold)
			}
		}
		for _, v := range log.Verdicts {
			if (v.Human != nil) != (share == 1) {
				t.Fatalf("gold share %v: %s human = %v", share, v.ID, v.Human)
			}
		}
	}
}

func TestVerdictRates(t *testing.T) {
	c := DefaultConfig()
	c.Pairs, c.Scores, c.Verdicts = 0, 0, 40000
	c.Prevalence = 0.3
	j := DefaultJudge("j")
	j.Sensitivity, j.Specificity = 0.9, 0.7
	c.Judges = []Judge{j}
	var pos, neg, tp, tn float64
	for _, v := range mustCollect(t, c).Verdicts {
		if v.Truth.Value("z") == 1 {
			pos++
			if v.Verdict {
				tp++
			}
		} else {
			neg++
			if !v.Verdict {
				tn++
			}
		}
	}
	// Binomial sds: prevalence 0.0023, sensitivity 0.0027, specificity 0.0027; allow > 5 sd.
	if p := pos / (pos + neg); math.Abs(p-0.3) > 0.015 {
		t.Errorf("prevalence = %.4f, want 0.3", p)
	}
	if s := tp / pos; math.Abs(s-0.9) > 0.015 {
		t.Errorf("sensitivity = %.4f, want 0.9", s)
	}
	if s := tn / neg; math.Abs(s-0.7) > 0.015 {
		t.Errorf("specificity = %.4f, want 0.7", s)
	}
}

func TestModes(t *testing.T) {
	c := smallConfig()
	c.Scores, c.Verdicts = 0, 0
	c.ChoiceTie = 0.05
	for k := range c.Judges {
		c.Judges[k].Mode = []model.Source{model.SourceProb, model.SourceLogprob, model.SourceChoice}[k]
	}
	ties := 0
	for _, p := range mustCollect(t, c).Pairs {
		for _, a := range model.Arrangements {
			s := p.S[a]
			switch p.Source {
			case model.SourceProb:
				if !(s >= 0 && s <= 1) {
					t.Fatalf("%s: P(A) = %v", p.ID, s)
				}
			case model.SourceLogprob:
				la, lb := p.Logprobs[a][0], p.Logprobs[a][1]
				if la > 0 || lb > 0 || math.Abs(math.Exp(la)+math.Exp(lb)-1) > 1e-12 {
					t.Fatalf("%s: logprobs %v, %v", p.ID, la, lb)
				}
				if want := math.Exp(la) / (math.Exp(la) + math.Exp(lb)); math.Abs(s-want) > 1e-15 {
					t.Fatalf("%s: S = %v, logprobs say %v", p.ID, s, want)
				}
			case model.SourceChoice:
				if s != 0 && s != 0.5 && s != 1 {
					t.Fatalf("%s: choice %v", p.ID, s)
				}
				if s == 0.5 {
					ties++
				}
			}
		}
	}
	if ties == 0 {
		t.Error("choice mode with a tie band gave no ties")
	}
}

func TestDigits(t *testing.T) {
	c := smallConfig()
	c.Digits = 4
	c.Judges[2].Mode = model.SourceLogprob
	log := mustCollect(t, c)
	short := func(what string, v float64) {
		// Rounded numbers, or the complement of a rounded probability, print briefly.
		s := strings.TrimLeft(fmtG(v), "-")
		if len(s) > 12 && len(strings.TrimLeft(fmtG(1-v), "-")) > 12 {
			t.Fatalf("%s = %s is not rounded", what, s)
		}
	}
	for _, p := range log.Pairs {
		short("p1", p.Truth.Value("p1"))
		short("delta", p.Truth.Value("delta"))
		for _, a := range model.Arrangements {
			if p.Source == model.SourceLogprob { // S is derived; the logprobs are written
				short("lA", p.Logprobs[a][0])
				short("lB", p.Logprobs[a][1])
			} else {
				short("S", p.S[a])
			}
		}
	}
	for _, s := range log.Scores {
		short("ls", *s.LS)
		short("quality", s.Truth.Value("quality"))
	}
	if got := rounder(3).prob(0.99987654); got != 0.999877 {
		t.Errorf("prob rounding of 0.99987654 = %v", got)
	}
	if got := rounder(3).num(-123.456); got != -123 {
		t.Errorf("rounding of -123.456 = %v", got)
	}
}

func TestScores(t *testing.T) {
	c := DefaultConfig()
	c.Pairs, c.Scores, c.Verdicts = 0, 4000, 0
	c.Criteria = []string{"only"}
	var js []Judge
	for _, s := range []float64{0, 0.4, 1.2} {
		j := DefaultJudge("slope" + fmtG(s))
		j.Slope = s
		js = append(js, j)
	}
	probs := DefaultJudge("probs")
	probs.ScoreProbs = true
	c.Judges = append(js, probs)
	log := mustCollect(t, c)

	byJudge := map[string][2][]float64{} // LS, judge − human
	var ls, perTok []float64
	for _, s := range log.Scores {
		if s.HumanScore != math.Round(s.HumanScore) || s.HumanScore < 1 || s.HumanScore > 5 {
			t.Fatalf("%s: human score %v", s.ID, s.HumanScore)
		}
		if s.LS == nil || s.Tokens == nil || *s.LS >= 0 || *s.Tokens < c.TokensMin || *s.Tokens > c.TokensMax {
			t.Fatalf("%s: LS %v tokens %v", s.ID, s.LS, s.Tokens)
		}
		if s.Judge == "probs" {
			if s.JudgeScore != nil || len(s.ScoreProbs) != 5 {
				t.Fatalf("%s: score %v, score_probs %v", s.ID, s.JudgeScore, s.ScoreProbs)
			}
			sum := 0.0
			for _, q := range s.ScoreProbs {
				sum += q
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Fatalf("%s: score_probs sum to %v", s.ID, sum)
			}
			continue
		}
		if s.JudgeScore == nil || s.ScoreProbs != nil {
			t.Fatalf("%s: score %v, score_probs %v", s.ID, s.JudgeScore, s.ScoreProbs)
		}
		if s.Judge == "slope0" {
			ls = append(ls, *s.LS)
			perTok = append(perTok, *s.LS/float64(*s.Tokens))
		}
		v := byJudge[s.Judge]
		v[0] = append(v[0], *s.LS)
		v[1] = append(v[1], *s.JudgeScore-s.HumanScore)
		byJudge[s.Judge] = v
	}

	// LS has the moments the model says it has (sd of the mean ≈ sd/63).
	mean, sd := c.lsMoments()
	m, s := meanSD(ls)
	if math.Abs(m-mean) > 4*sd/math.Sqrt(float64(len(ls))) || math.Abs(s/sd-1) > 0.06 {
		t.Errorf("LS mean %.2f sd %.2f; model says %.2f and %.2f", m, s, mean, sd)
	}
	if m, _ := meanSD(perTok); math.Abs(-m/(c.NLLMedian*math.Exp(c.NLLSpread*c.NLLSpread/2))-1) > 0.02 {
		t.Errorf("mean LS/token = %.3f", m)
	}

	// The correlation of LS with the judge's over-rating grows with the slope.
	prev := math.Inf(-1)
	for i, j := range js {
		v := byJudge[j.Name]
		r := pearson(v[0], v[1])
		if i == 0 && math.Abs(r) > 0.06 { // sd of r at n = 4000 is ≈ 0.016
			t.Errorf("slope 0: corr(LS, judge − human) = %.3f, want ≈ 0", r)
		}
		if r <= prev+0.1 {
			t.Errorf("slope %v: corr = %.3f, not above the smaller slope's %.3f", j.Slope, r, prev)
		}
		prev = r
	}
}

func TestValidate(t *testing.T) {
	cases := map[string]func(*Config){
		"negative pairs": func(c *Config) { c.Pairs = -1 },
		"gold share":     func(c *Config) { c.GoldShare = 1.5 },
		"NaN gold share": func(c *Config) { c.GoldShare = math.NaN() },
		"no judges":      func(c *Config) { c.Judges = nil },
		"dup judge":      func(c *Config) { c.Judges = append(c.Judges, c.Judges[0]) },
		"no arrangement": func(c *Config) { c.Arrangements = nil },
		"dup arrangement": func(c *Config) {
			c.Arrangements = []model.Arrangement{model.X0, model.X0}
		},
		"bad arrangement": func(c *Config) { c.Arrangements = []model.Arrangement{model.X0, 7} },
		"no x0":           func(c *Config) { c.Arrangements = []model.Arrangement{model.X1, model.X2} },
		"spread":          func(c *Config) { c.Spread = 0 },
		"choice tie":      func(c *Config) { c.ChoiceTie = 0.5 },
		"no criteria":     func(c *Config) { c.Criteria = nil },
		"empty criterion": func(c *Config) { c.Criteria = []string{" "} },
		"token range":     func(c *Config) { c.TokensMin, c.TokensMax = 10, 5 },
		"prevalence":      func(c *Config) { c.Prevalence = -0.1 },
		"digits":          func(c *Config) { c.Digits = 18 },
		"sensitivity":     func(c *Config) { c.Judges[0].Sensitivity = 2 },
		"noise":           func(c *Config) { c.Judges[0].Noise = -1 },
		"skill":           func(c *Config) { c.Judges[0].Skill = math.Inf(1) },
		"mode":            func(c *Config) { c.Judges[0].Mode = 9 },
		"judge name":      func(c *Config) { c.Judges[0].Name = "" },
	}
	for name, mutate := range cases {
		c := smallConfig()
		mutate(&c)
		if err := c.Validate(); err == nil {
			t.Errorf("%s: Validate accepted the config", name)
		}
		if _, err := Collect(c); err == nil {
			t.Errorf("%s: Collect accepted the config", name)
		}
	}
	c := DefaultConfig()
	if err := c.Validate(); err != nil {
		t.Errorf("DefaultConfig is invalid: %v", err)
	}
	// Unused parts need not be valid.
	c.Scores, c.Criteria = 0, nil
	if err := c.Validate(); err != nil {
		t.Errorf("no scores, no criteria: %v", err)
	}
}

type failSink struct{ collector }

var errSink = errors.New("disk full")

func (f *failSink) WriteScore(*model.Score) error { return errSink }

func TestSinkError(t *testing.T) {
	var f failSink
	err := Generate(smallConfig(), &f)
	if !errors.Is(err, errSink) || !strings.Contains(err.Error(), "s0001") {
		t.Fatalf("err = %v", err)
	}
	if len(f.log.Verdicts) != 0 {
		t.Error("generation went on after the sink failed")
	}
}

func TestTexts(t *testing.T) {
	log := mustCollect(t, smallConfig())
	prompts := map[string]bool{}
	for _, p := range log.Pairs {
		if p.Prompt == "" || p.Response1 == "" || p.Response2 == "" || p.Group == "" {
			t.Fatalf("%s: empty text", p.ID)
		}
		prompts[p.Prompt] = true
	}
	if len(prompts) < 150 {
		t.Errorf("only %d distinct prompts in 200 items", len(prompts))
	}
	for _, s := range log.Scores {
		if s.Input == "" || s.Output == "" {
			t.Fatalf("%s: empty text", s.ID)
		}
	}
}
