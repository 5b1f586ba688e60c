package analysis

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/plumb-eval/plumb/internal/suggest"
	"github.com/plumb-eval/plumb/model"
)

// GeneratorsByJudge returns, per judge, the generators (model_1, model_2)
// its records among pairs name, sorted: what a --self pair is checked
// against (CheckSelf) and completed from.
func GeneratorsByJudge(pairs []model.Pair) map[string][]string {
	out := map[string][]string{}
	for i := range pairs {
		p := &pairs[i]
		for k := 1; k <= 2; k++ {
			if m := p.Model(k); m != "" {
				out[p.Judge] = append(out[p.Judge], m)
			}
		}
	}
	for j, ms := range out {
		slices.Sort(ms)
		out[j] = slices.Compact(ms)
	}
	return out
}

// ResolveSelf checks the --self pairs as given (JUDGE=MODEL) against a
// log's judges and the generators of each (GeneratorsByJudge) and returns
// them as a map (nil for none). A pair is split at the first '=' that
// leaves one of judges on its left (a judge's name may hold '='), the
// name as written before the name trimmed of spaces; the model likewise.
// Each pair is checked by CheckSelf; a judge given twice with different
// models is an error.
func ResolveSelf(specs, judges []string, gens map[string][]string) (map[string]string, error) {
	if len(specs) == 0 {
		return nil, nil
	}
	out := map[string]string{}
	for _, spec := range specs {
		j, m := splitSelf(spec, judges)
		if !slices.Contains(judges, j) {
			j = strings.TrimSpace(j)
		}
		if !slices.Contains(gens[j], m) {
			m = strings.TrimSpace(m)
		}
		if err := CheckSelf(spec, j, m, judges, gens[j]); err != nil {
			return nil, err
		}
		if prev, ok := out[j]; ok && prev != m {
			return nil, fmt.Errorf("--self: judge %q is given as %q and as %q; a judge is one generator", j, prev, m)
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

// CheckSelf checks one --self pair, given as spec and split into judge
// and gen: judge must be one of judges, and gen one of gens, the
// generators judge's pair records name. The error is a *SelfError.
func CheckSelf(spec, judge, gen string, judges, gens []string) error {
	q := strconv.Quote(spec)
	switch {
	case !slices.Contains(judges, judge):
		return &SelfError{fmt.Sprintf("--self %s: no judge %q in the input%s", q, judge, suggest.DidYouMean(judge, judges)),
			"judges", judges}
	case len(gens) == 0:
		return &SelfError{Msg: fmt.Sprintf("--self %s: the pair records of judge %q name no generator (model_1, model_2), so it has no self-preference to measure", q, judge)}
	case !slices.Contains(gens, gen):
		return &SelfError{fmt.Sprintf("--self %s: judge %q compared no response of %q%s", q, judge, gen, suggest.DidYouMean(gen, gens)),
			"its generators", gens}
	}
	return nil
}

// SelfError says why a --self pair does not fit the log (CheckSelf): Msg,
// with a did-you-mean when a name is near, and the names it could have
// named (Names, the log's judges or the judge's generators, called What).
type SelfError struct {
	Msg   string
	What  string
	Names []string
}

// Error is Msg followed by the names, as the CLI says it.
func (e *SelfError) Error() string {
	if len(e.Names) == 0 {
		return e.Msg
	}
	q := make([]string, len(e.Names))
	for i, n := range e.Names {
		q[i] = strconv.Quote(n)
	}
	return fmt.Sprintf("%s (%s: %s)", e.Msg, e.What, strings.Join(q, ", "))
}
