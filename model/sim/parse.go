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
	name, params, err := splitSpec("judge", spec)
	if err != nil {
		return Judge{}, err
	}
	j := base
	j.Name = name
	if err := eachParam("judge", name, params, j.set); err != nil {
		return Judge{}, err
	}
	if err := j.Validate(); err != nil {
		return Judge{}, err
	}
	return j, nil
}

// splitSpec splits a kind's spec ("judge", "generator") given as "name" or
// "name:key=value,..." at the first ':' into the trimmed name, which must
// not be empty, and the parameters.
func splitSpec(kind, spec string) (name, params string, err error) {
	name, params, _ = strings.Cut(spec, ":")
	name = strings.TrimSpace(name)
	if name == "" {
		return "", "", fmt.Errorf("%s %q: the name before ':' is missing", kind, spec)
	}
	return name, params, nil
}

// eachParam calls set for each trimmed key=value of params, the part of
// the spec of kind name after the ':', in order; a part that is not
// key=value, a repeated key or an error of set stops it with an error
// naming the kind and name.
func eachParam(kind, name, params string, set func(key, val string) error) error {
	if strings.TrimSpace(params) == "" {
		return nil
	}
	seen := map[string]bool{}
	for _, kv := range strings.Split(params, ",") {
		key, val, ok := strings.Cut(kv, "=")
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		if !ok {
			return fmt.Errorf("%s %q: %q is not key=value", kind, name, kv)
		}
		if seen[key] {
			return fmt.Errorf("%s %q: key %q is given twice", kind, name, key)
		}
		seen[key] = true
		if err := set(key, val); err != nil {
			return fmt.Errorf("%s %q: %w", kind, name, err)
		}
	}
	return nil
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
		return fmt.Errorf("unknown key %q (known: %s)", key, knownKeys(JudgeKeys))
	}
	return setFinite(dst, key, val)
}

// setFinite parses val, the value of key, into *dst: a finite number.
func setFinite(dst *float64, key, val string) error {
	v, err := strconv.ParseFloat(val, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("key %q: %q is not a finite number", key, val)
	}
	*dst = v
	return nil
}

// knownKeys lists the keys of a spec, comma-separated, for an error.
func knownKeys(keys []struct{ Key, Meaning string }) string {
	ks := make([]string, len(keys))
	for i, k := range keys {
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
	name, params, err := splitSpec("generator", spec)
	if err != nil {
		return Generator{}, err
	}
	g := DefaultGenerator(name)
	if err := eachParam("generator", name, params, g.set); err != nil {
		return Generator{}, err
	}
	switch {
	case !(g.LenMedian > 0):
		return Generator{}, fmt.Errorf("generator %q: len = %g, want a median length > 0", name, g.LenMedian)
	case g.LenSpread < 0:
		return Generator{}, fmt.Errorf("generator %q: lenspread = %g, want ≥ 0", name, g.LenSpread)
	}
	return g, nil
}

// set assigns one key=value of a generator spec.
func (g *Generator) set(key, val string) error {
	var dst *float64
	switch key {
	case "quality":
		dst = &g.Quality
	case "len":
		dst = &g.LenMedian
	case "lenspread":
		dst = &g.LenSpread
	default:
		return fmt.Errorf("unknown key %q (known: %s)", key, knownKeys(GeneratorKeys))
	}
	return setFinite(dst, key, val)
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
