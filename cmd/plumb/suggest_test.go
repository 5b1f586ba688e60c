package main

import (
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/model/demo"
)

// TestFlagTypoSuggestion reproduces issue 19's "--lamda → --lambda": an
// unknown long flag close to one of the command's shown flags gets "did
// you mean" (exit 2); a far-off one, a shorthand and a hidden flag get
// none.
func TestFlagTypoSuggestion(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string // "" = no suggestion
	}{
		{[]string{"report", "--lamda", "0.3"}, "unknown flag: --lamda; did you mean --lambda?"},
		{[]string{"--lamda", "0.3"}, "unknown flag: --lamda; did you mean --lambda?"},
		{[]string{"calibrate", "--lamda", "0.3", "-o", "-"}, "unknown flag: --lamda; did you mean --lambda?"},
		{[]string{"report", "--Lambda", "0.3"}, "did you mean --lambda?"},
		{[]string{"report", "--est", "0.5"}, "did you mean --est-frac?"},
		{[]string{"report", "--bootstap", "10"}, "did you mean --bootstrap?"},
		{[]string{"simulate", "--pair", "10"}, "did you mean --pairs?"},
		{[]string{"collect", "--arrangments", "x0"}, "did you mean --arrangements?"},
		{[]string{"figures", "--figure-fromat", "png"}, "did you mean --figure-format?"},
		{[]string{"report", "--hepl"}, "did you mean --help?"},
		{[]string{"report", "--xyzzy"}, ""},
		{[]string{"calibrate", "--bootstap", "10", "-o", "-"}, ""}, // --bootstrap is hidden there
	} {
		_, _, err := executeStderr(t, c.args...)
		if err == nil || exitCode(err) != exitBadInput || !strings.Contains(err.Error(), "unknown flag") {
			t.Errorf("%v: %v, want an unknown-flag error with status 2", c.args, err)
			continue
		}
		if got := err.Error(); c.want == "" && strings.Contains(got, "did you mean") || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%v: %q, want %q", c.args, got, c.want)
		}
	}
	_, _, err := executeStderr(t, "report", "-x")
	if err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("-x: %v", err)
	}
}

// TestNameTypoSuggestion reproduces issue 19's "judge-frist →
// judge-first": a --judge, --group or --criterion the log does not have
// gets the nearest names, in report, calibrate, figures, fewshot and the
// terminal UI's check; a name with nothing close keeps the plain list.
func TestNameTypoSuggestion(t *testing.T) {
	t.Parallel()
	scores := fewshotLog(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"report", "--judge", "judge-frist"}, `no judge "judge-frist" in the input; did you mean "judge-first"? (judges: "judge-fair", "judge-first", "judge-tokenA")`},
		{[]string{"--no-tui", "--judge", "judge-fair", "--judge", "judge-tokenB"}, `did you mean "judge-tokenA"?`},
		{[]string{"calibrate", "--judge", "judge-frist", "-o", "-"}, `did you mean "judge-first"?`},
		{[]string{"figures", "--judge", "Judge-First", "-o", t.TempDir()}, `did you mean "judge-first"?`},
		{[]string{"report", "--group", "histroy"}, `no pair records in group "histroy"; did you mean "history"? (groups: "coding", "everyday", "history", "science")`},
		{[]string{"fewshot", scores, "--judge", "biassed", "--criterion", "accuracy"}, `--judge "biassed" has no score items; did you mean "biased"?`},
		{[]string{"fewshot", scores, "--judge", "biased", "--criterion", "acuracy"}, `has no score items on it; did you mean "accuracy"?`},
		{[]string{"report", "--judge", "gpt-4o"}, `no judge "gpt-4o" in the input (judges:`},
	} {
		_, _, err := executeStderr(t, c.args...)
		if err == nil || exitCode(err) != exitBadInput || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want status 2 and %q", c.args, err, c.want)
		}
		if strings.Contains(c.want, "gpt-4o") && strings.Contains(err.Error(), "did you mean") {
			t.Errorf("%v: %v suggests a far-off name", c.args, err)
		}
	}
	lg, err := demo.Log()
	if err != nil {
		t.Fatal(err)
	}
	if err := checkCriterion(lg, "helpfullness", likelihood.TotalCriterion); err == nil || !strings.Contains(err.Error(), `did you mean "helpfulness"?`) {
		t.Errorf("--criterion helpfullness: %v", err)
	}
	for _, ok := range []string{"", "accuracy", likelihood.TotalCriterion} {
		if err := checkCriterion(lg, ok, likelihood.TotalCriterion); err != nil {
			t.Errorf("--criterion %q: %v", ok, err)
		}
	}
}
