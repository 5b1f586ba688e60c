package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/model"
)

// styleReadOptions are the read options the style mode needs: the
// lengths of the skipped response texts of records that name a generator
// (auto), of every record (on), or none (off).
func styleReadOptions(mode analysis.StyleMode) model.ReadOptions {
	switch mode {
	case analysis.StyleAuto:
		return model.ReadOptions{GenTextLengths: true}
	case analysis.StyleOn:
		return model.ReadOptions{TextLengths: true}
	}
	return model.ReadOptions{}
}

// resolveSelf checks the --self pairs against the log and returns them as
// a map: the judge must be one of the log's and the model one of the
// generators its pair records name, each with a did-you-mean when a name
// is close. A pair is split at the first '=' that leaves a judge of the
// log on its left (judge names may hold '='), the name as written before
// the name trimmed of spaces; the model likewise. A judge given twice with
// different models is an error.
func resolveSelf(lg *model.Log, specs []string) (map[string]string, error) {
	if len(specs) == 0 {
		return nil, nil
	}
	judges := judgesOf(lg)
	gens := generatorsByJudge(lg)
	out := map[string]string{}
	for _, spec := range specs {
		j, m := splitSelf(spec, judges)
		if !slices.Contains(judges, j) {
			j = strings.TrimSpace(j)
		}
		if g := gens[j]; !slices.Contains(g, m) {
			m = strings.TrimSpace(m)
		}
		if !slices.Contains(judges, j) {
			return nil, inputError{fmt.Errorf("--self %q: no judge %q in the input%s (judges: %s)", spec, j, didYouMean(j, judges), quoteNames(judges))}
		}
		g := gens[j]
		if len(g) == 0 {
			return nil, inputError{fmt.Errorf("--self %q: the pair records of judge %q name no generator (model_1, model_2), so it has no self-preference to measure", spec, j)}
		}
		if !slices.Contains(g, m) {
			return nil, inputError{fmt.Errorf("--self %q: judge %q compared no response of %q%s (its generators: %s)", spec, j, m, didYouMean(m, g), quoteNames(g))}
		}
		if prev, ok := out[j]; ok && prev != m {
			return nil, inputError{fmt.Errorf("--self: judge %q is given as %q and as %q; a judge is one generator", j, prev, m)}
		}
		out[j] = m
	}
	return out, nil
}

// splitSelf splits JUDGE=MODEL at the first '=' whose left side is one of
// judges (as written, else trimmed), or at the first '=' when none is.
func splitSelf(spec string, judges []string) (judge, model string) {
	for i := range len(spec) { // a judge named exactly, spaces and all
		if spec[i] == '=' && slices.Contains(judges, spec[:i]) {
			return spec[:i], spec[i+1:]
		}
	}
	for i := range len(spec) {
		if spec[i] == '=' && slices.Contains(judges, strings.TrimSpace(spec[:i])) {
			return spec[:i], spec[i+1:]
		}
	}
	judge, model, _ = strings.Cut(spec, "=")
	return judge, model
}

// generatorsByJudge returns, per judge, the generators its pair records
// name (model_1, model_2), sorted.
func generatorsByJudge(lg *model.Log) map[string][]string {
	seen := map[string]map[string]bool{}
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		if p.Gen == nil {
			continue
		}
		for k := 1; k <= 2; k++ {
			if m := p.Model(k); m != "" {
				if seen[p.Judge] == nil {
					seen[p.Judge] = map[string]bool{}
				}
				seen[p.Judge][m] = true
			}
		}
	}
	out := make(map[string][]string, len(seen))
	for j, ms := range seen {
		for m := range ms {
			out[j] = append(out[j], m)
		}
		slices.Sort(out[j])
	}
	return out
}

// selfPairs lists JUDGE=MODEL for every judge and every generator its pair
// records name (the completions of --self).
func selfPairs(lg *model.Log) []string {
	var out []string
	for j, ms := range generatorsByJudge(lg) {
		for _, m := range ms {
			out = append(out, j+"="+m)
		}
	}
	slices.Sort(out)
	return out
}
