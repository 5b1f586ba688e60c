package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/plumb-eval/plumb/model"
)

// checkNames gives a mistyped --judge or --group a suggestion: a judge the
// log does not have (`--judge judge-frist`) or a group none of the wanted
// judges' pair records has, when a name of the log is close to it
// (closest), is an error that names it — `no judge "judge-frist" in the
// input; did you mean "judge-first"?` — and lists the log's names. Names
// with no close match are left to the analysis, whose error lists the
// names without a guess. A name with a comma that is no judge but whose
// parts are (`--judge a,b`) is an error that says --judge takes one name
// and gives the repeated flags.
func checkNames(lg *model.Log, judges []string, group string) error {
	all := judgesOf(lg)
	for _, j := range judges {
		if slices.Contains(all, j) {
			continue
		}
		if err := commaJudges(j, all); err != nil {
			return err
		}
		if s := didYouMean(j, all); s != "" {
			return inputError{fmt.Errorf("no judge %q in the input%s (judges: %s)", j, s, quoteNames(all))}
		}
	}
	if group == "" {
		return nil
	}
	var groups []string
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		if p.Group != "" && (len(judges) == 0 || slices.Contains(judges, p.Judge)) {
			groups = append(groups, p.Group)
		}
	}
	groups = sortedUnique(groups)
	if slices.Contains(groups, group) {
		return nil
	}
	if s := didYouMean(group, groups); s != "" {
		return inputError{fmt.Errorf("no pair records in group %q%s (groups: %s)", group, s, quoteNames(groups))}
	}
	return nil
}

// checkCriterion gives a mistyped --criterion of the terminal UI the same
// treatment: a criterion no score record has is an error, with the
// nearest names when there are any (the UI would otherwise show its first
// criterion without a word). extra are names the UI accepts beyond the
// records' criteria.
func checkCriterion(lg *model.Log, want string, extra ...string) error {
	if want == "" {
		return nil
	}
	crits := append(criteriaOf(lg), extra...)
	if slices.Contains(crits, want) {
		return nil
	}
	if len(lg.Scores) == 0 {
		return inputError{fmt.Errorf("--criterion %q: the input has no score records", want)}
	}
	return inputError{fmt.Errorf("--criterion %q: no score records on it%s (criteria: %s)", want, didYouMean(want, crits), quoteNames(crits))}
}

// quoteNames lists names quoted, comma-separated.
func quoteNames(names []string) string { return quoteJoin(names, ", ") }

// quoteJoin quotes each name as %q does and joins them with sep.
func quoteJoin(names []string, sep string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, sep)
}

// commaJudges is the error for a --judge value that is no judge but a
// comma-separated list of judges: --judge takes its value as one name
// (a judge's name may hold commas), so the judges are given one a flag.
func commaJudges(j string, all []string) error {
	parts := strings.Split(j, ",")
	if len(parts) < 2 {
		return nil
	}
	flags := make([]string, len(parts))
	for i, p := range parts {
		if !slices.Contains(all, strings.TrimSpace(p)) {
			return nil
		}
		flags[i] = "--judge " + strconv.Quote(strings.TrimSpace(p))
	}
	return inputError{fmt.Errorf("no judge %q in the input; --judge takes one name, commas and all: give %s",
		j, strings.Join(flags, " "))}
}
