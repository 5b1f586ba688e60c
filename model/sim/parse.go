package sim

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/plumb-eval/plumb/model"
)

// JudgeKeys lists the keys ParseJudge accepts, with what each sets.
var JudgeKeys = []struct{ Key, Meaning string }{
	{"skill", "weight of the quality gap δ in the judge's view"},
	{"inoise", "sd of the judge's per-item error (shared by arrangements)"},
	{"pos", "position bias β (logit bonus of the first-shown answer)"},
	{"tok", "token bias τ (logit bonus of the token A)"},
	{"noise", "sd of the per-arrangement logit noise"},
	{"mode", "pair output: prob, logprob or choice"},
	{"slope", "likelihood slope of score items"},
	{"snoise", "sd of the judge's score error"},
	{"sprobs", "write score_probs instead of judge_score (true/false)"},
	{"sens", "verdict sensitivity P(true | z=1)"},
	{"spec", "verdict specificity P(false | z=0)"},
	{"lenbias", "length bias λ: logit bonus λ·tanh((L1 − L2)/length scale) of response_1"},
	{"self", "the generator the judge is (default: the one named like the judge)"},
	{"selfbias", "logit bonus of its own generator's response"},
}

// ParseJudge parses a judge given as "name" or "name:key=value,...", starting
// from base (whose Name is replaced). See JudgeKeys for the keys. An unknown
// key, a repeated key or a bad value is an error naming it. The result is
// validated.
func ParseJudge(spec string, base Judge) (Judge, error) {
	name, params, _ := strings.Cut(spec, ":")
	name = strings.TrimSpace(name)
	if name == "" {
		return Judge{}, fmt.Errorf("judge %q: the name before ':' is missing", spec)
	}
	j := base
	j.Name = name
	seen := map[string]bool{}
	if strings.TrimSpace(params) != "" {
		for _, kv := range strings.Split(params, ",") {
			key, val, ok := strings.Cut(kv, "=")
			key, val = strings.TrimSpace(key), strings.TrimSpace(val)
			if !ok {
				return Judge{}, fmt.Errorf("judge %q: %q is not key=value", name, kv)
			}
			if seen[key] {
				return Judge{}, fmt.Errorf("judge %q: key %q is given twice", name, key)
			}
			seen[key] = true
			if err := j.set(key, val); err != nil {
				return Judge{}, fmt.Errorf("judge %q: %w", name, err)
			}
		}
	}
	if err := j.Validate(); err != nil {
		return Judge{}, err
	}
	return j, nil
}

// set assigns one key=value of a judge spec.
func (j *Judge) set(key, val string) error {
	var dst *float64
	switch key {
	case "skill":
		dst = &j.Skill
	case "inoise":
		dst = &j.ItemNoise
	case "pos":
		dst = &j.PosBias
	case "tok":
		dst = &j.TokenBias
	case "noise":
		dst = &j.Noise
	case "slope":
		dst = &j.Slope
	case "snoise":
		dst = &j.ScoreNoise
	case "lenbias":
		dst = &j.LengthBias
	case "selfbias":
		dst = &j.SelfBias
	case "self":
		if val == "" {
			return fmt.Errorf("key %q: the generator's name is empty", key)
		}
		j.Self = val
		return nil
	case "sens":
		dst = &j.Sensitivity
	case "spec":
		dst = &j.Specificity
	case "mode":
		m, err := ParseMode(val)
		if err != nil {
			return err
		}
		j.Mode = m
		return nil
	case "sprobs":
		b, err := strconv.ParseBool(val)
		if err != nil {
			return fmt.Errorf("key %q: %q is not true or false", key, val)
		}
		j.ScoreProbs = b
		return nil
	default:
		return fmt.Errorf("unknown key %q (known: %s)", key, knownKeys())
	}
	v, err := strconv.ParseFloat(val, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("key %q: %q is not a finite number", key, val)
	}
	*dst = v
	return nil
}

func knownKeys() string {
	ks := make([]string, len(JudgeKeys))
	for i, k := range JudgeKeys {
		ks[i] = k.Key
	}
	return strings.Join(ks, ", ")
}

// ParseMode parses a pair output mode: "prob" (or "p_a"), "logprob" (or
// "logprobs") or "choice".
func ParseMode(s string) (model.Source, error) {
	switch strings.TrimSpace(s) {
	case "prob", "p_a":
		return model.SourceProb, nil
	case "logprob", "logprobs":
		return model.SourceLogprob, nil
	case "choice":
		return model.SourceChoice, nil
	}
	return 0, fmt.Errorf("unknown mode %q (want prob, logprob or choice)", s)
}

// GeneratorKeys lists the keys ParseGenerator accepts, with what each sets.
var GeneratorKeys = []struct{ Key, Meaning string }{
	{"quality", "quality added to the gap δ of its items (δ = spread·Z + quality_1 − quality_2)"},
	{"len", "median answer length in code points (log-normal)"},
	{"lenspread", "sd of the logarithm of the answer length"},
}

// DefaultGenerator returns a generator of quality 0 whose answers have a
// median length of 500 code points, log-normal with spread 0.5.
func DefaultGenerator(name string) Generator {
	return Generator{Name: name, LenMedian: 500, LenSpread: 0.5}
}

// ParseGenerator parses a generator given as "name" or
// "name:key=value,...", starting from DefaultGenerator (see GeneratorKeys).
// An unknown key, a repeated key or a bad value is an error naming it.
func ParseGenerator(spec string) (Generator, error) {
	name, params, _ := strings.Cut(spec, ":")
	name = strings.TrimSpace(name)
	if name == "" {
		return Generator{}, fmt.Errorf("generator %q: the name before ':' is missing", spec)
	}
	g := DefaultGenerator(name)
	seen := map[string]bool{}
	if strings.TrimSpace(params) != "" {
		for _, kv := range strings.Split(params, ",") {
			key, val, ok := strings.Cut(kv, "=")
			key, val = strings.TrimSpace(key), strings.TrimSpace(val)
			if !ok {
				return Generator{}, fmt.Errorf("generator %q: %q is not key=value", name, kv)
			}
			if seen[key] {
				return Generator{}, fmt.Errorf("generator %q: key %q is given twice", name, key)
			}
			seen[key] = true
			var dst *float64
			switch key {
			case "quality":
				dst = &g.Quality
			case "len":
				dst = &g.LenMedian
			case "lenspread":
				dst = &g.LenSpread
			default:
				ks := make([]string, len(GeneratorKeys))
				for i, k := range GeneratorKeys {
					ks[i] = k.Key
				}
				return Generator{}, fmt.Errorf("generator %q: unknown key %q (known: %s)", name, key, strings.Join(ks, ", "))
			}
			v, err := strconv.ParseFloat(val, 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return Generator{}, fmt.Errorf("generator %q: key %q: %q is not a finite number", name, key, val)
			}
			*dst = v
		}
	}
	switch {
	case !(g.LenMedian > 0):
		return Generator{}, fmt.Errorf("generator %q: len = %g, want a median length > 0", name, g.LenMedian)
	case g.LenSpread < 0:
		return Generator{}, fmt.Errorf("generator %q: lenspread = %g, want ≥ 0", name, g.LenSpread)
	}
	return g, nil
}

// ParseArrangements parses a comma-separated list such as "x0,x1".
func ParseArrangements(s string) ([]model.Arrangement, error) {
	var out []model.Arrangement
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		a, ok := model.ParseArrangement(f)
		if !ok {
			return nil, fmt.Errorf("unknown arrangement %q (want x0, x1, x2 or x3)", f)
		}
		out = append(out, a)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no arrangements in %q", s)
	}
	return out, nil
}
