package likelihood

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// score builds a score record of judge "j".
func score(id, crit string, sm, sh float64, ls *float64) model.Score {
	return model.Score{ID: id, Judge: "j", Criterion: crit, JudgeScore: &sm, HumanScore: sh, LS: ls}
}

func fp(v float64) *float64 { return &v }

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }

func mustAnalyze(t *testing.T, scores []model.Score, opt Options) *Analysis {
	t.Helper()
	l, err := Analyze("j", scores, opt)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

type likSpearmanCase struct {
	Name string    `json:"name"`
	X    []float64 `json:"x"`
	Y    []float64 `json:"y"`
	Rho  float64   `json:"rho"`
}

// TestLikelihoodSpearmanOracle checks the engine's ρ path against
// scipy.stats.spearmanr (scipy 1.10.1, cross-checked with R's
// cor(method="spearman")): 7 cases of /work/shared/oracles/spearman.json
// (ties in x, y or both), copied to testdata/lik_spearman.json. It goes
// through rankCorr directly, through EvalRho (S_m = x, S_h = y) and through
// BiasScore (LS = x, S_m = y, S_h = −y, so US = 2y' is increasing in y).
func TestLikelihoodSpearmanOracle(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "lik_spearman.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Cases []likSpearmanCase }
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cases) != 7 {
		t.Fatalf("%d cases, want 7", len(doc.Cases))
	}
	for _, c := range doc.Cases {
		t.Run(c.Name, func(t *testing.T) {
			if got := rankCorr(c.X, c.Y, "x", "y"); !got.OK() || !near(got.Value, c.Rho, 1e-12) || got.N != len(c.X) {
				t.Errorf("rankCorr = %+v, want %.17g", got, c.Rho)
			}
			var eval, bias []model.Score
			for i := range c.X {
				id := string(rune('a'+i/676)) + string(rune('a'+i/26%26)) + string(rune('a'+i%26))
				eval = append(eval, score(id, "c", c.X[i], c.Y[i], fp(0)))
				bias = append(bias, score(id, "c", c.Y[i], -c.Y[i], fp(c.X[i])))
			}
			l := mustAnalyze(t, eval, Options{})
			if got := l.Criteria[0].EvalRho; !got.OK() || !near(got.Value, c.Rho, 1e-12) {
				t.Errorf("EvalRho = %+v, want %.17g", got, c.Rho)
			}
			l = mustAnalyze(t, bias, Options{})
			if got := l.Criteria[0].BiasScore; !got.OK() || !near(got.Value, c.Rho, 1e-12) || got.N != len(c.X) {
				t.Errorf("BiasScore = %+v, want %.17g", got, c.Rho)
			}
		})
	}
}

// handScores is a 5-item example worked by hand (exact fractions):
//
//	id  LS   S_m  S_h   S_m'    S_h'   US      LS*      US*     RS
//	a  −10    4    3    1/5     0      1/5     28/65   12/25  296/325
//	b  −20    3    3   −2/15    0     −2/15   −22/65   −8/25  214/325
//	c   −4    5    4    8/15   1/2     1/30    58/65    2/25  316/325
//	d  −30    2    3   −7/15    0     −7/15   −72/65  −28/25  724/325
//	e  −14    3    2   −2/15  −1/2    11/30     8/65   22/25  326/325
//
// S_m: mean 17/5, range 3; S_h: mean 3, range 2; LS: mean −78/5, range 26;
// US: mean 0, range 5/6. Ranks LS (4, 2, 5, 1, 3), US (4, 2, 3, 1, 5):
// Σd² = 8, BiasScore = 1 − 6·8/(5·24) = 0.6. EvalRho: mid-ranks S_m (4,
// 2.5, 5, 1, 2.5), S_h (3, 3, 5, 3, 1): Σab = 5, Σa² = 9.5, Σb² = 8, so
// ρ = 5/√76.
func handScores(crit string, dSm, dSh float64) []model.Score {
	ls := []float64{-10, -20, -4, -30, -14}
	sm := []float64{4, 3, 5, 2, 3}
	sh := []float64{3, 3, 4, 3, 2}
	var out []model.Score
	for i, id := range []string{"a", "b", "c", "d", "e"} {
		out = append(out, score(id, crit, sm[i]+dSm, sh[i]+dSh, fp(ls[i])))
	}
	return out
}

var handWant = struct {
	us, rs []float64
	top    []string
	bias   float64
	eval   float64
}{
	us:   []float64{1.0 / 5, -2.0 / 15, 1.0 / 30, -7.0 / 15, 11.0 / 30},
	rs:   []float64{296.0 / 325, 214.0 / 325, 316.0 / 325, 724.0 / 325, 326.0 / 325},
	top:  []string{"d", "e", "c"},
	bias: 0.6,
	eval: 5 / math.Sqrt(76),
}

func checkHand(t *testing.T, b *BiasResult) {
	t.Helper()
	if b.BiasScore.N != 5 || !b.BiasScore.OK() || !near(b.BiasScore.Value, handWant.bias, 1e-12) {
		t.Errorf("%s: BiasScore %+v, want 0.6 on 5", b.Criterion, b.BiasScore)
	}
	if len(b.Points) != 5 {
		t.Fatalf("%s: %d points", b.Criterion, len(b.Points))
	}
	for i, p := range b.Points {
		if p.ID != string(rune('a'+i)) || !near(p.US, handWant.us[i], 1e-12) || !near(p.RS, handWant.rs[i], 1e-12) {
			t.Errorf("%s: point %d = %+v, want US %v RS %v", b.Criterion, i, p, handWant.us[i], handWant.rs[i])
		}
	}
	var top []string
	for _, p := range b.TopRS {
		top = append(top, p.ID)
	}
	if strings.Join(top, ",") != strings.Join(handWant.top, ",") {
		t.Errorf("%s: TopRS %v, want %v", b.Criterion, top, handWant.top)
	}
}

func TestLikelihoodHandExample(t *testing.T) {
	l := mustAnalyze(t, handScores("c", 0, 0), Options{TopK: 3})
	if len(l.Criteria) != 1 || l.Criteria[0].Criterion != "c" || l.Total.Criterion != TotalCriterion {
		t.Fatalf("results %+v", l)
	}
	checkHand(t, &l.Criteria[0])
	checkHand(t, &l.Total) // one criterion: the total is the same
	for _, b := range []BiasResult{l.Criteria[0], l.Total} {
		if b.N != 5 || b.EvalRho.N != 5 || !near(b.EvalRho.Value, handWant.eval, 1e-12) {
			t.Errorf("%s: EvalRho %+v (N %d), want 5/√76 on 5", b.Criterion, b.EvalRho, b.N)
		}
	}
	if p := l.Criteria[0].Points[2]; p.Sm != 5 || p.Sh != 4 || p.LS != -4 {
		t.Errorf("point c = %+v, want raw S_m 5, S_h 4, LS −4", p)
	}
	if l.Criteria[0].PValue.OK() || !strings.Contains(l.Criteria[0].PValue.Reason, "permutations = 0") {
		t.Errorf("PValue without a test = %+v", l.Criteria[0].PValue)
	}
	if l.Result("c") != &l.Criteria[0] || l.Result(TotalCriterion) != &l.Total || l.Result("nope") != nil {
		t.Error("Result does not find the results")
	}
	// Records of other judges are ignored.
	other := handScores("c", 0, 0)
	for i := range other {
		other[i].Judge = "k"
		other[i].HumanScore = 1 + float64(i)
	}
	l = mustAnalyze(t, append(handScores("c", 0, 0), other...), Options{TopK: 3})
	checkHand(t, &l.Criteria[0])
}

// TestLikelihoodMicroTotal: two criteria whose scores average to the hand
// example (S_m ± 1, S_h ± 0.5) give the hand example's total, and each
// criterion alone gives it too (normalisation removes the shift).
func TestLikelihoodMicroTotal(t *testing.T) {
	scores := append(handScores("x", 1, 0.5), handScores("y", -1, -0.5)...)
	l := mustAnalyze(t, scores, Options{TopK: 3})
	if len(l.Criteria) != 2 || l.Criteria[0].Criterion != "x" || l.Criteria[1].Criterion != "y" {
		t.Fatalf("criteria %+v", l.Criteria)
	}
	checkHand(t, &l.Total)
	checkHand(t, &l.Criteria[0])
	if p := l.Total.Points[0]; p.Sm != 4 || p.Sh != 3 {
		t.Errorf("total point a = %+v, want the means S_m 4, S_h 3", p)
	}
	if len(l.Total.Notes) != 0 {
		t.Errorf("unexpected notes %v", l.Total.Notes)
	}

	// Different ls across criteria: mean used, noted. An item on one
	// criterion only: noted.
	scores[5].LS = fp(-12) // a on y: mean of −10 and −12
	scores = append(scores, score("f", "x", 1, 1, fp(-1)))
	l = mustAnalyze(t, scores, Options{})
	notes := strings.Join(l.Total.Notes, "\n")
	if !strings.Contains(notes, "1 of 6 items have different likelihoods") ||
		!strings.Contains(notes, "1 of 6 items are scored on only some of the 2 criteria") {
		t.Errorf("notes %q", notes)
	}
	if p := l.Total.Points[0]; p.ID != "a" || p.LS != -11 {
		t.Errorf("total point a = %+v, want LS −11", p)
	}
	if l.Total.N != 6 || l.Criteria[0].N != 6 || l.Criteria[1].N != 5 {
		t.Errorf("N total %d, x %d, y %d", l.Total.N, l.Criteria[0].N, l.Criteria[1].N)
	}
}

func TestTopRSTies(t *testing.T) {
	pts := []Point{{ID: "q", RS: 1}, {ID: "b", RS: 2}, {ID: "a", RS: 1}, {ID: "c", RS: 1}, {ID: "z", RS: 0.5}}
	top := topRS(pts, 3)
	if len(top) != 3 || top[0].ID != "b" || top[1].ID != "a" || top[2].ID != "c" {
		t.Errorf("topRS = %+v, want b, a, c", top)
	}
	if got := topRS(pts, 10); len(got) != 5 || got[4].ID != "z" {
		t.Errorf("topRS(k > n) = %+v", got)
	}
	if pts[0].ID != "q" {
		t.Error("topRS reordered its input")
	}
}

func TestExpectedScore(t *testing.T) {
	cases := []struct {
		probs map[string]float64
		want  float64
	}{
		{map[string]float64{"1": 0.1, "2": 0.2, "3": 0.4, "4": 0.2, "5": 0.1}, 3},
		{map[string]float64{"1": 1, "3": 3}, 2.5}, // (1·1 + 3·3)/4, not normalised
		{map[string]float64{"0.5": 0.5, "1e1": 0.5, "7": 0}, 5.25},
	}
	for _, c := range cases {
		if got, err := ExpectedScore(c.probs); err != nil || !near(got, c.want, 1e-15) {
			t.Errorf("ExpectedScore(%v) = %v, %v; want %v", c.probs, got, err, c.want)
		}
	}
	for _, bad := range []map[string]float64{{"x": 1}, {"1": 0}, {}, {"1": -1, "2": 2}, {"NaN": 1}, {"1": math.Inf(1)}} {
		if _, err := ExpectedScore(bad); err == nil {
			t.Errorf("ExpectedScore(%v): no error", bad)
		}
	}
	// Through the engine: S_m of a score_probs record is its expected score.
	scores := handScores("c", 0, 0)
	for i := range scores {
		v := *scores[i].JudgeScore
		scores[i].JudgeScore = nil
		scores[i].ScoreProbs = map[string]float64{"0": 0.3, string(rune('0' + int(v))): 0.3}
	}
	// Expected scores v/2 are an increasing linear map of v: same analysis.
	l := mustAnalyze(t, scores, Options{TopK: 3})
	checkHand(t, &l.Criteria[0])
	if got := l.Criteria[0].Points[0].Sm; got != 2 {
		t.Errorf("S_m of a = %v, want 4/2", got)
	}
	// A record with unusable probabilities is left out and noted.
	scores[0].ScoreProbs = map[string]float64{"1": 0}
	l = mustAnalyze(t, scores, Options{})
	if l.Criteria[0].N != 4 || len(l.Notes) != 1 || !strings.Contains(l.Notes[0], "1 of 5 records left out") {
		t.Errorf("N %d, notes %v", l.Criteria[0].N, l.Notes)
	}
}

func TestLikelihoodMissingLS(t *testing.T) {
	scores := handScores("c", 0, 0)
	scores = append(scores, score("f", "c", 1, 5, nil), score("g", "c", 2, 4, nil))
	l := mustAnalyze(t, scores, Options{TopK: 3})
	b := &l.Criteria[0]
	if b.N != 7 || b.EvalRho.N != 7 || b.BiasScore.N != 5 {
		t.Errorf("N %d, EvalRho.N %d, BiasScore.N %d; want 7, 7, 5", b.N, b.EvalRho.N, b.BiasScore.N)
	}
	checkHand(t, b)
	if !strings.Contains(strings.Join(b.Notes, "\n"), "2 of 7 records have no ls") {
		t.Errorf("notes %v", b.Notes)
	}
	if !strings.Contains(strings.Join(l.Total.Notes, "\n"), "2 of 7 items have no likelihood") {
		t.Errorf("total notes %v", l.Total.Notes)
	}
}

func TestLikelihoodPerToken(t *testing.T) {
	scores := handScores("c", 0, 0)
	// tokens 2 everywhere: LS/2 ranks and RS as before.
	for i := range scores {
		n := 2
		scores[i].Tokens = &n
	}
	scores = append(scores, score("f", "c", 1, 5, fp(-3))) // no tokens
	l := mustAnalyze(t, scores, Options{PerToken: true, TopK: 3})
	b := &l.Criteria[0]
	checkHand(t, b)
	if b.Points[0].LS != -5 {
		t.Errorf("per-token LS of a = %v, want −10/2", b.Points[0].LS)
	}
	if !strings.Contains(strings.Join(b.Notes, "\n"), "1 of 6 records have no tokens") {
		t.Errorf("notes %v", b.Notes)
	}
	// Without PerToken, f has an ls and enters.
	if l := mustAnalyze(t, scores, Options{}); l.Criteria[0].BiasScore.N != 6 {
		t.Errorf("BiasScore.N = %d, want 6", l.Criteria[0].BiasScore.N)
	}
}

// TestLikelihoodUndefined: every degenerate case gives an undefined value
// with a reason, never NaN, and never panics.
func TestLikelihoodUndefined(t *testing.T) {
	mod := func(f func(i int, s *model.Score)) []model.Score {
		sc := handScores("c", 0, 0)
		for i := range sc {
			f(i, &sc[i])
		}
		return sc
	}
	cases := []struct {
		name       string
		scores     []model.Score
		biasReason string
		evalReason string
	}{
		{"constant judge", mod(func(_ int, s *model.Score) { s.JudgeScore = fp(3) }), "judge's scores", "judge scores are all equal"},
		{"constant human", mod(func(_ int, s *model.Score) { s.HumanScore = 2 }), "human scores", "human scores are all equal"},
		{"constant ls", mod(func(_ int, s *model.Score) { s.LS = fp(-7) }), "likelihoods are all equal", ""},
		{"US constant", mod(func(_ int, s *model.Score) { s.HumanScore = *s.JudgeScore }), "US values are all equal", ""},
		{"two items", handScores("c", 0, 0)[:2], "at least 3 items", "at least 3 items"},
		{"no ls", mod(func(_ int, s *model.Score) { s.LS = nil }), "no item has a likelihood", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := mustAnalyze(t, c.scores, Options{Permutations: 50})
			for _, b := range []*BiasResult{&l.Criteria[0], &l.Total} {
				if b.BiasScore.OK() || !strings.Contains(b.BiasScore.Reason, c.biasReason) {
					t.Errorf("%s BiasScore = %+v, want reason with %q", b.Criterion, b.BiasScore, c.biasReason)
				}
				if b.PValue.OK() || b.PValue.Reason != b.BiasScore.Reason {
					t.Errorf("%s PValue = %+v", b.Criterion, b.PValue)
				}
				if c.evalReason == "" && !b.EvalRho.OK() ||
					c.evalReason != "" && (b.EvalRho.OK() || !strings.Contains(b.EvalRho.Reason, c.evalReason)) {
					t.Errorf("%s EvalRho = %+v, want reason %q", b.Criterion, b.EvalRho, c.evalReason)
				}
				for _, p := range b.Points {
					if !isFinite(p.LS) || !isFinite(p.US) || !isFinite(p.RS) {
						t.Errorf("non-finite point %+v", p)
					}
				}
			}
		})
	}
	// Constant LS: points exist but RS is undefined and noted.
	l := mustAnalyze(t, cases[2].scores, Options{})
	if b := l.Criteria[0]; len(b.Points) != 5 || b.TopRS != nil || !strings.Contains(strings.Join(b.Notes, "\n"), "RS is undefined") {
		t.Errorf("constant ls: %+v", b)
	}

	if _, err := Analyze("nobody", handScores("c", 0, 0), Options{}); err == nil {
		t.Error("no error for a judge without records")
	}
	for _, opt := range []Options{{Permutations: -1}, {TopK: -2}} {
		if _, err := Analyze("j", handScores("c", 0, 0), opt); err == nil {
			t.Errorf("no error for options %+v", opt)
		}
	}
	if _, err := Analyze("j", nil, Options{}); err == nil {
		t.Error("no error for no records")
	}
	// Only unusable records: nothing to analyse, said so.
	allBad := handScores("c", 0, 0)
	for i := range allBad {
		allBad[i].HumanScore = math.NaN()
	}
	l = mustAnalyze(t, allBad, Options{})
	if len(l.Criteria) != 0 || l.Total.N != 0 || l.Total.BiasScore.OK() || l.Total.EvalRho.OK() || len(l.Notes) != 1 {
		t.Errorf("all records bad: %+v", l)
	}
	// Non-finite input is left out, not propagated.
	bad := handScores("c", 0, 0)
	bad[0].LS = fp(math.NaN())
	bad[1].HumanScore = math.Inf(1)
	l = mustAnalyze(t, bad, Options{})
	if b := l.Criteria[0]; b.N != 4 || b.BiasScore.N != 3 || !b.BiasScore.OK() {
		t.Errorf("non-finite input: N %d, BiasScore %+v", b.N, b.BiasScore)
	}
}
