package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/internal/doccheck"
)

// TestReportJSONMatchesSchema runs `plumb report --format json` and checks
// the report against docs/schema/report.schema.json, as published (open)
// and closed (a key the schema does not name fails: the documentation
// would not know it). The runs cover every part of the report: the demo
// with the fit path, both solvers, held-out items, the points and a small
// bootstrap (judge-first's CalibraEval collapses); a path stop without a
// bootstrap; a judge with hard choices only, whose CalibraEval and
// Pride are unavailable and which has no score or verdict records; and the
// style section, with and without intervals, self-preference and
// Bradley–Terry scores.
func TestReportJSONMatchesSchema(t *testing.T) {
	t.Parallel()
	root, err := doccheck.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	open, err := doccheck.CompileSchema(root, doccheck.ReportSchema)
	if err != nil {
		t.Fatal(err)
	}
	closed, err := doccheck.CompileSchemaClosed(root, doccheck.ReportSchema)
	if err != nil {
		t.Fatal(err)
	}
	choices := filepath.Join(t.TempDir(), "choices.jsonl")
	var b strings.Builder
	for i, c := range []string{"A", "B", "A", "tie", "A", "A", "B", "A"} {
		second := map[bool]string{true: "B", false: "A"}[i%3 == 0]
		b.WriteString(`{"kind":"pair","id":"q` + string(rune('a'+i)) + `","judge":"hard","choice":{"x0":"` + c +
			`","x1":"` + second + `"},"gold":"` + map[bool]string{true: "1", false: "2"}[i%2 == 0] + `"}` + "\n")
	}
	if err := os.WriteFile(choices, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	// The style section: four generators in a ring (so Bradley–Terry
	// scores), a judge that is one of them and one that is none, no human
	// labels (undefined values with notes).
	gens := filepath.Join(t.TempDir(), "gens.jsonl")
	if _, stderr, err := executeStderr(t, "simulate", "--pairs", "120", "--scores", "0", "--verdicts", "0", "--gold-share", "0",
		"--generator", "a", "--generator", "b", "--generator", "c", "--generator", "d",
		"--matchup", "a,b", "--matchup", "b,c", "--matchup", "c,d", "--matchup", "d,a",
		"--judge", "a:selfbias=1", "--judge", "plain:lenbias=1", "-o", gens); err != nil {
		t.Fatalf("simulate: %v\n%s", err, stderr)
	}
	evidence := writeEvidenceLog(t)
	for _, args := range [][]string{
		{"report", "--format", "json", "--bootstrap", "20", "--est-frac", "0.8", evidence},
		{"report", "--format", "json", "--bootstrap", "20", gens},
		{"report", "--format", "json", "--bootstrap", "0", "--style-pref", "calibrated", "--self", "plain=c", gens},
		{"report", "--format", "json", "--points", "--path", "--solver", "both", "--est-frac", "0.8", "--bootstrap", "20"},
		{"report", "--format", "json", "--judge", "judge-tokenA", "--stop-at", "5", "--bootstrap", "0"},
		{"report", "--format", "json", "--fixed-fit", "--bootstrap", "20"},
		{"report", "--format", "json", choices},
	} {
		out, stderr, err := executeStderr(t, args...)
		if err != nil {
			t.Fatalf("plumb %s: %v\n%s", strings.Join(args, " "), err, stderr)
		}
		if err := doccheck.Validate(open, []byte(out)); err != nil {
			t.Errorf("plumb %s: the report does not match docs/schema/report.schema.json: %v", strings.Join(args, " "), err)
			continue
		}
		if err := doccheck.Validate(closed, []byte(out)); err != nil {
			t.Errorf("plumb %s: the report has keys docs/schema/report.schema.json does not name: %v", strings.Join(args, " "), err)
		}
	}
}

// TestCalibratedLogMatchesSchema checks that `plumb calibrate` writes a
// log that the log format's schema accepts, record by record (the
// "calibrated" field is one the format allows).
func TestCalibratedLogMatchesSchema(t *testing.T) {
	t.Parallel()
	root, err := doccheck.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	sch, err := doccheck.CompileSchema(root, doccheck.LogSchema)
	if err != nil {
		t.Fatal(err)
	}
	out, stderr, err := executeStderr(t, "calibrate", "--judge", "judge-tokenA", "-o", "-")
	if err != nil {
		t.Fatalf("plumb calibrate: %v\n%s", err, stderr)
	}
	lines := bytes.Split(bytes.TrimSuffix([]byte(out), []byte("\n")), []byte("\n"))
	if len(lines) != 3000 || !bytes.Contains(lines[0], []byte(`"calibrated":{`)) {
		t.Fatalf("plumb calibrate wrote %d lines, the first %.200s", len(lines), lines[0])
	}
	for i, l := range lines {
		if err := doccheck.Validate(sch, l); err != nil {
			t.Fatalf("calibrated log line %d: %v", i+1, err)
		}
	}
}
