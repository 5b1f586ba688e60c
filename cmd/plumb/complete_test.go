package main

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// complete runs cobra's hidden __complete command and returns the
// completions (without the trailing directive line).
func complete(t *testing.T, args ...string) []string {
	t.Helper()
	out, _, err := executeStderr(t, append([]string{"__complete"}, args...)...)
	if err != nil {
		t.Fatalf("__complete %v: %v", args, err)
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if l != "" && !strings.HasPrefix(l, ":") {
			got = append(got, l)
		}
	}
	return got
}

// TestCompleteFlagValues: flag values complete in the shell (issue 10,
// item 23): judges, groups and criteria from the files on the command line
// (the demo without files), the fixed value sets of the other flags.
func TestCompleteFlagValues(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := filepath.Join(dir, "log.jsonl")
	log := `{"kind":"verdict","id":"a","judge":"gpt-x","verdict":true}
{"kind":"verdict","id":"b","judge":"claude-y","verdict":false}
{"kind":"pair","id":"c","judge":"gpt-z","group":"g1","gold":"1","p_a":{"x0":0.7,"x1":0.4}}
`
	if err := os.WriteFile(f, []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"report", "--judge", ""}, []string{"judge-fair", "judge-first", "judge-tokenA"}},
		{[]string{"--judge", ""}, []string{"judge-fair", "judge-first", "judge-tokenA"}},
		{[]string{"report", f, "--judge", ""}, []string{"claude-y", "gpt-x", "gpt-z"}},
		{[]string{"report", f, "--judge", "gpt"}, []string{"gpt-x", "gpt-z"}},
		{[]string{"report", f, "--judge", "gpt-x,c"}, []string{"gpt-x,claude-y"}},
		{[]string{"report", f, "--group", ""}, []string{"g1"}},
		{[]string{"--criterion", ""}, []string{"accuracy", "fluency", "helpfulness"}},
		{[]string{"report", filepath.Join(dir, "missing.jsonl"), "--judge", ""}, nil},
		{[]string{"report", "--from", ""}, []string{"v1", "fastchat", "llmbar", "arena-hard", "judgebench", "alpacaeval", "pandalm", "columns"}},
		{[]string{"import", "--from", ""}, []string{"v1", "fastchat", "llmbar", "arena-hard", "judgebench", "alpacaeval", "pandalm", "columns"}},
		{[]string{"report", "--format", ""}, []string{"md", "json", "csv"}},
		{[]string{"--objective", ""}, []string{"both", "l1", "l2"}},
		{[]string{"report", "--target", ""}, []string{"auto", "verdict", "pair"}},
		{[]string{"report", "--verdict-from", ""}, []string{"raw-x0", "aggregate", "calibrated", "bpc"}},
	} {
		if got := complete(t, c.args...); !slices.Equal(got, c.want) {
			t.Errorf("%v: %q, want %q", c.args, got, c.want)
		}
	}
}

// TestUnknownCommandSuggestion: a mistyped command that is not a file
// gets "did you mean" with exit status 2; an existing file of that name is
// still read as a file, and a far-off missing name keeps "cannot open".
func TestUnknownCommandSuggestion(t *testing.T) {
	_, _, err := executeStderr(t, "reprot")
	if err == nil || !strings.Contains(err.Error(), `unknown command "reprot"; did you mean "report"?`) || exitCode(err) != exitBadInput {
		t.Errorf("reprot: %v", err)
	}
	_, _, err = executeStderr(t, "--no-tui", "zzzz-not-a-file.jsonl")
	if err == nil || strings.Contains(err.Error(), "did you mean") || !strings.Contains(err.Error(), "cannot open") {
		t.Errorf("missing file: %v", err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("reprot", []byte(`{"kind":"verdict","id":"a","judge":"j","verdict":true,"human":true}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err := executeStderr(t, "--no-tui", "reprot")
	if err != nil || !strings.Contains(out, "# plumb report") {
		t.Errorf("existing file named reprot: %v\n%s", err, out)
	}
}

// TestCompleteEnumeratedFlags: every flag whose values come from a fixed
// set completes them (issue 19): --solver with both, --bootstrap-kind,
// --stop-at, --figure-format and --arrangements as comma-separated lists
// (the next item, none twice), collect's --task and --template (the
// task's built-in templates) and simulate's --mode; simulate's --judge (a
// judge spec) is not offered the demo's judges.
func TestCompleteEnumeratedFlags(t *testing.T) {
	t.Parallel()
	stops := []string{"end"}
	for i := range 30 {
		stops = append(stops, strconv.Itoa(i))
	}
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"report", "--solver", ""}, []string{"converged", "published", "both"}},
		{[]string{"calibrate", "--solver", ""}, []string{"converged", "published", "both"}},
		{[]string{"--solver", ""}, []string{"converged", "published", "both"}},
		{[]string{"report", "--bootstrap-kind", ""}, []string{"percentile", "bca"}},
		{[]string{"report", "--stop-at", ""}, stops},
		{[]string{"report", "--figure-format", ""}, []string{"png", "svg", "pdf"}},
		{[]string{"figures", "--figure-format", "png,"}, []string{"png,svg", "png,pdf"}},
		{[]string{"figures", "--figure-format", "svg,p"}, []string{"svg,png", "svg,pdf"}},
		{[]string{"collect", "--arrangements", ""}, []string{"x0", "x1", "x2", "x3"}},
		{[]string{"collect", "--arrangements", "x0,x2,"}, []string{"x0,x2,x1", "x0,x2,x3"}},
		{[]string{"simulate", "--arrangements", "x0,x"}, []string{"x0,x1", "x0,x2", "x0,x3"}},
		{[]string{"collect", "--task", ""}, []string{"pair", "score"}},
		{[]string{"collect", "--template", ""}, []string{"calibraeval", "faireval", "mt-bench"}},
		{[]string{"collect", "--template", "mt"}, []string{"mt-bench"}},
		{[]string{"collect", "--task", "score", "--template", ""}, []string{"ohi"}},
		{[]string{"simulate", "--mode", ""}, []string{"prob", "logprob", "choice"}},
		{[]string{"simulate", "--judge", ""}, nil},
	} {
		if got := complete(t, c.args...); !slices.Equal(got, c.want) {
			t.Errorf("%v: %q, want %q", c.args, got, c.want)
		}
	}
}
