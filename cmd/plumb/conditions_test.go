package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/plumb-eval/plumb/internal/doccheck"
)

// TestConditionsReport: a simulated grid (two templates × two ID sets,
// mt-bench and Alice/Bob adding position bias) gives a report whose
// conditions section ranks the conditions as the simulator's biases do,
// names the least biased one in a sentence, matches the report schema
// (open and closed), and has CSV rows; every condition is a judge of its
// own in the report.
func TestConditionsReport(t *testing.T) {
	t.Parallel()
	log := filepath.Join(t.TempDir(), "grid.jsonl")
	if _, stderr, err := executeStderr(t, "simulate", "--pairs", "600", "--scores", "0", "--verdicts", "0", "--gold-share", "1",
		"--judge", "j:pos=0.3,tok=0.2", "--probes", "cc,dc", "--probe-samples", "10",
		"--grid-template", "calibraeval", "--grid-template", "mt-bench:pos=0.8",
		"--grid-ids", "A/B", "--grid-ids", "Alice/Bob:pos=0.4", "-o", log); err != nil {
		t.Fatalf("simulate: %v\n%s", err, stderr)
	}
	out, stderr, err := executeStderr(t, "report", "--format", "json", "--bootstrap", "100", log)
	if err != nil {
		t.Fatalf("report: %v\n%s", err, stderr)
	}
	root, err := doccheck.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	for _, compile := range []func(string, string) (*jsonschema.Schema, error){doccheck.CompileSchema, doccheck.CompileSchemaClosed} {
		sch, err := compile(root, doccheck.ReportSchema)
		if err != nil {
			t.Fatal(err)
		}
		if err := doccheck.Validate(sch, []byte(out)); err != nil {
			t.Errorf("the report does not match docs/schema/report.schema.json: %v", err)
		}
	}
	var doc struct {
		Judges     map[string]json.RawMessage `json:"judges"`
		Conditions []struct {
			Judge       string   `json:"judge"`
			Rank        []string `json:"rank"`
			Sentence    string   `json:"sentence"`
			SaysNothing bool     `json:"says_nothing"`
		} `json:"conditions"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	want := []string{"j [calibraeval A/B]", "j [calibraeval Alice/Bob]", "j [mt-bench A/B]", "j [mt-bench Alice/Bob]"}
	if len(doc.Conditions) != 1 || strings.Join(doc.Conditions[0].Rank, "|") != strings.Join(want, "|") || len(doc.Judges) != 4 {
		t.Fatalf("conditions %+v, %d judges", doc.Conditions, len(doc.Judges))
	}
	c := doc.Conditions[0]
	if c.SaysNothing || !strings.HasPrefix(c.Sentence, "j is least biased in calibraeval A/B: its RStd is lower by ") {
		t.Errorf("sentence %q (says nothing %v)", c.Sentence, c.SaysNothing)
	}
	csv, _, err := executeStderr(t, "report", "--format", "csv", "--bootstrap", "0", log)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(csv, "\nconditions,j [calibraeval A/B],raw,rstd_rank,1,") || !strings.Contains(csv, "\nconditions,j,raw,rstd_least_biased_difference,") {
		t.Errorf("CSV has no conditions rows:\n%s", csv[max(0, len(csv)-1500):])
	}
	mdOut, _, err := executeStderr(t, "report", "--bootstrap", "0", log)
	if err != nil {
		t.Fatal(err)
	}
	if want := "; 4 judges (j in 4 conditions, each condition a judge of its own).\n"; !strings.Contains(mdOut, want) {
		t.Errorf("the Markdown's Input line does not say the 4 judges are one judge's conditions (%q):\n%s", want, mdOut[:min(len(mdOut), 400)])
	}
}

// TestSimulateGridFlags: a bad level is an input error naming the flag,
// and the grid is refused with --serve, whose answers it would not change.
func TestSimulateGridFlags(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"simulate", "--grid-shots", "two"}, `--grid-shots: shots "two": want an integer ≥ 0`},
		{[]string{"simulate", "--grid-ids", "A/B:bias=1"}, `--grid-ids: ids "A/B": unknown key "bias"`},
		{[]string{"simulate", "--grid-ids", "A/B", "--grid-ids", "A/B"}, `grid ids "A/B" is given twice`},
		{[]string{"simulate", "--serve", "127.0.0.1:0", "--grid-ids", "A/B"}, "do not change what --serve answers"},
	} {
		_, stderr, err := executeStderr(t, tc.args...)
		if err == nil || !strings.Contains(err.Error()+stderr, tc.want) {
			t.Errorf("plumb %s: %v %s; want %q", strings.Join(tc.args, " "), err, stderr, tc.want)
		}
	}
}
