package sim

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/plumb-eval/plumb/model"
)

// Judge holds one simulated judge's parameters. The package doc says how
// each one enters the generative model.
type Judge struct {
	Name string

	// Pair items.
	Skill     float64      // weight of the quality gap δ in the judge's view u
	ItemNoise float64      // sd of the judge's per-item error in u (shared by all arrangements)
	PosBias   float64      // β: logit bonus of the first-shown answer
	TokenBias float64      // τ: logit bonus of the token A
	Noise     float64      // sd of the per-arrangement logit noise
	Mode      model.Source // how pair answers are written: p_a, logprobs or choice

	// Length and self-preference (pair items with Config.Generators only;
	// both 0 by default).
	LengthBias float64 // λ: logit bonus λ·tanh((L_1 − L_2)/LengthScale) for response_1
	Self       string  // the generator the judge is ("": none)
	SelfBias   float64 // logit bonus for Self's response when exactly one is its own

	// Score items.
	Slope      float64 // weight of the standardised log-likelihood in the judge's score
	ScoreNoise float64 // sd of the judge's per-score error
	ScoreProbs bool    // write score_probs (a distribution over 1..5) instead of score

	// Verdict items.
	Sensitivity float64 // P(verdict = true | z = 1)
	Specificity float64 // P(verdict = false | z = 0)
}

// Config is a complete description of a simulated log. Start from
// DefaultConfig and change what you need; Validate says what is wrong.
type Config struct {
	Seed uint64 // seeds every random stream

	Pairs    int // pair items (each judged by every judge)
	Scores   int // score items (each scored by every judge on every criterion)
	Verdicts int // verdict items (each judged by every judge)

	// Probes lists the probe kinds written after the items (none by
	// default: the output is then as before probes existed), ProbeSamples
	// how many probes of each kind per judge (0: DefaultProbeSamples).
	Probes       []model.ProbeKind
	ProbeSamples int

	// Grid, when not empty, judges every pair item and writes every probe
	// once per condition of the grid (conditions.go), each record carrying
	// its condition; empty (the default), the output is as before.
	Grid Grid

	// GoldShare is the share of pair and verdict items that carry a human
	// label.
	GoldShare float64

	// Pair items.
	Arrangements []model.Arrangement // arrangements written (x0 is required)
	Spread       float64             // sd of the quality gap δ
	TieBand      float64             // gold is "tie" when |δ| ≤ TieBand
	// SharedNoise is the sd of a per-item error every judge shares (a
	// bias a panel cannot average away; 0 by default, and then nothing
	// changes): u_i gains SharedNoise·h_i, h_i ~ N(0, 1) from the stream
	// "pair/shared".
	SharedNoise float64
	ChoiceTie   float64 // in choice mode, tie when |s − 0.5| ≤ ChoiceTie (0: only s = 0.5)

	// Generators write the pair items' responses (none by default: the
	// output is then exactly as before generators existed). Each item
	// draws a matchup from Matchups (response_1's generator first; empty:
	// every ordered pair of different generators), and its records name
	// them as model_1 and model_2.
	Generators []Generator
	Matchups   [][2]string
	// LengthScale is the length difference, in code points, of a judge's
	// length effect λ·tanh(Δ/LengthScale) (0: DefaultLengthScale).
	LengthScale float64

	// Score items.
	Criteria       []string // criterion names; every item is scored on each
	TokensMin      int      // output length in tokens is uniform on [TokensMin, TokensMax]
	TokensMax      int
	NLLMedian      float64 // per-token negative log-likelihood is log-normal with this median …
	NLLSpread      float64 // … and this sd of its logarithm
	QualitySD      float64 // sd of an item's quality (shared by its criteria)
	CriterionSD    float64 // sd of the per-criterion deviation from it
	ScoreProbWidth float64 // width of the score_probs distribution around the judge's latent score

	// Verdict items.
	Prevalence float64 // P(z = 1)

	// Digits, when > 0, rounds every written number to that many
	// significant digits (a probability near 1 keeps that many digits of
	// its complement), which keeps files small. 0 writes full precision.
	Digits int

	Judges []Judge
}

// Score scale: human and judge scores are integers in [ScaleMin, ScaleMax].
const (
	ScaleMin = 1
	ScaleMax = 5
)

// DefaultJudge returns a judge with moderate skill and no bias.
func DefaultJudge(name string) Judge {
	return Judge{
		Name:        name,
		Skill:       1.5,
		ItemNoise:   1,
		Noise:       0.3,
		Mode:        model.SourceProb,
		ScoreNoise:  0.5,
		Sensitivity: 0.85,
		Specificity: 0.85,
	}
}

// DefaultJudges returns three judges with clearly different biases: a fair
// one, one that prefers the first-shown answer, and one that prefers the
// token A (with a milder position bias). Their score slopes and verdict
// error rates differ too.
func DefaultJudges() []Judge {
	fair := DefaultJudge("judge-fair")
	fair.Skill, fair.PosBias, fair.TokenBias = 1.6, 0.1, 0.05
	fair.Slope, fair.Sensitivity, fair.Specificity = 0, 0.92, 0.9

	first := DefaultJudge("judge-first")
	first.Skill, first.PosBias, first.TokenBias, first.Noise = 1.4, 1.5, 0, 0.4
	first.Slope, first.Sensitivity, first.Specificity = 0.15, 0.85, 0.75

	tokA := DefaultJudge("judge-tokenA")
	tokA.Skill, tokA.PosBias, tokA.TokenBias, tokA.Noise = 1.2, 0.6, 1.2, 0.5
	tokA.Slope, tokA.ScoreNoise, tokA.Sensitivity, tokA.Specificity = 0.4, 0.6, 0.95, 0.6
	return []Judge{fair, first, tokA}
}

// DefaultConfig returns a small, fully valid configuration with the
// DefaultJudges.
func DefaultConfig() Config {
	return Config{
		Seed:           1,
		Pairs:          1000,
		Scores:         200,
		Verdicts:       1000,
		GoldShare:      0.3,
		Arrangements:   []model.Arrangement{model.X0, model.X1, model.X2, model.X3},
		Spread:         1.5,
		TieBand:        0.15,
		Criteria:       []string{"helpfulness", "accuracy", "fluency"},
		TokensMin:      20,
		TokensMax:      200,
		NLLMedian:      1.8,
		NLLSpread:      0.3,
		QualitySD:      0.8,
		CriterionSD:    0.5,
		ScoreProbWidth: 0.6,
		Prevalence:     0.3,
		Judges:         DefaultJudges(),
	}
}

// Validate reports every problem with the configuration, joined into one
// error, or nil.
func (c *Config) Validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }

	for _, k := range c.Probes {
		if k != model.ProbeCC && k != model.ProbeDC {
			bad("probe kind %q is not cc or dc", string(k))
		}
	}
	c.Grid.validate(bad)
	if c.ProbeSamples < 0 {
		bad("probe samples must be ≥ 0 (%d)", c.ProbeSamples)
	}
	if c.Pairs < 0 || c.Scores < 0 || c.Verdicts < 0 {
		bad("item counts must be ≥ 0 (pairs %d, scores %d, verdicts %d)", c.Pairs, c.Scores, c.Verdicts)
	}
	checkProb(bad, "gold share", c.GoldShare)
	if c.Digits < 0 || c.Digits > 17 {
		bad("digits must be in [0, 17], got %d", c.Digits)
	}
	if len(c.Judges) == 0 {
		bad("at least one judge is needed")
	}
	if c.Pairs > 0 {
		c.validatePairs(bad)
	}
	c.validateGenerators(bad)
	if c.Scores > 0 {
		c.validateScores(bad)
	}
	if c.Verdicts > 0 {
		checkProb(bad, "prevalence", c.Prevalence)
	}
	seen := make(map[string]bool, len(c.Judges))
	for i := range c.Judges {
		j := &c.Judges[i]
		if seen[j.Name] {
			bad("judge %q is given twice", j.Name)
		}
		seen[j.Name] = true
		if err := j.Validate(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func (c *Config) validatePairs(bad func(string, ...any)) {
	if len(c.Arrangements) == 0 {
		bad("at least one arrangement is needed for pair items")
	}
	var seen [model.NumArrangements]bool
	for _, a := range c.Arrangements {
		if a < 0 || a >= model.NumArrangements {
			bad("unknown arrangement %d", int(a))
			continue
		}
		if seen[a] {
			bad("arrangement %s is given twice", a)
		}
		seen[a] = true
	}
	if !seen[model.X0] {
		bad("arrangement x0 is required (the log format needs the default arrangement)")
	}
	checkPositive(bad, "spread", c.Spread)
	checkNonNeg(bad, "tie band", c.TieBand)
	checkNonNeg(bad, "shared noise", c.SharedNoise)
	if !(c.ChoiceTie >= 0 && c.ChoiceTie < 0.5) {
		bad("choice tie band must be in [0, 0.5), got %v", c.ChoiceTie)
	}
}

func (c *Config) validateScores(bad func(string, ...any)) {
	if len(c.Criteria) == 0 {
		bad("at least one criterion is needed for score items")
	}
	seen := make(map[string]bool, len(c.Criteria))
	for _, name := range c.Criteria {
		if strings.TrimSpace(name) == "" {
			bad("criterion names must not be empty")
		}
		if seen[name] {
			bad("criterion %q is given twice", name)
		}
		seen[name] = true
	}
	if c.TokensMin < 1 || c.TokensMax < c.TokensMin {
		bad("token range must satisfy 1 ≤ min ≤ max, got [%d, %d]", c.TokensMin, c.TokensMax)
	}
	checkPositive(bad, "per-token NLL median", c.NLLMedian)
	checkNonNeg(bad, "per-token NLL spread", c.NLLSpread)
	checkNonNeg(bad, "quality sd", c.QualitySD)
	checkNonNeg(bad, "criterion sd", c.CriterionSD)
	checkPositive(bad, "score_probs width", c.ScoreProbWidth)
}

// Validate reports every problem with the judge, joined into one error.
func (j *Judge) Validate() error {
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("judge %q: "+format, append([]any{j.Name}, args...)...))
	}
	if strings.TrimSpace(j.Name) == "" {
		errs = append(errs, errors.New("judge name must not be empty"))
	}
	checkFinite(bad, "skill", j.Skill)
	checkFinite(bad, "position bias", j.PosBias)
	checkFinite(bad, "token bias", j.TokenBias)
	checkFinite(bad, "likelihood slope", j.Slope)
	checkFinite(bad, "length bias", j.LengthBias)
	checkFinite(bad, "self-preference bias", j.SelfBias)
	checkNonNeg(bad, "item noise", j.ItemNoise)
	checkNonNeg(bad, "noise", j.Noise)
	checkNonNeg(bad, "score noise", j.ScoreNoise)
	checkProb(bad, "sensitivity", j.Sensitivity)
	checkProb(bad, "specificity", j.Specificity)
	switch j.Mode {
	case model.SourceProb, model.SourceLogprob, model.SourceChoice:
	default:
		bad("unknown output mode %d", int(j.Mode))
	}
	return errors.Join(errs...)
}

func checkFinite(bad func(string, ...any), what string, v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		bad("%s must be a finite number, got %v", what, v)
	}
}

func checkNonNeg(bad func(string, ...any), what string, v float64) {
	if !(v >= 0) || math.IsInf(v, 0) {
		bad("%s must be a finite number ≥ 0, got %v", what, v)
	}
}

func checkPositive(bad func(string, ...any), what string, v float64) {
	if !(v > 0) || math.IsInf(v, 0) {
		bad("%s must be a finite number > 0, got %v", what, v)
	}
}

func checkProb(bad func(string, ...any), what string, v float64) {
	if !(v >= 0 && v <= 1) {
		bad("%s must be in [0, 1], got %v", what, v)
	}
}
