package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	hostilenames "github.com/plumb-eval/plumb/internal/hostile"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/demo"
)

// TestJudgeFlagComma: a judge whose name holds a comma ("judge-fair,
// temp=0") is selected by --judge with that name, as the reproduce
// commands print it; and `--judge a,b` naming two judges of the log is an
// error (exit 2) that gives the repeated flags.
func TestJudgeFlagComma(t *testing.T) {
	t.Parallel()
	lg, err := demo.Log()
	if err != nil {
		t.Fatal(err)
	}
	hostilenames.MarkNames(lg, ", temp=0")
	var b bytes.Buffer
	if err := model.WriteLog(&b, lg); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(t.TempDir(), "c.jsonl")
	if err := os.WriteFile(in, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, err := executeStderr(t, "report", in, "--judge", "judge-fair, temp=0", "--bootstrap", "0", "--format", "csv")
	if err != nil {
		t.Fatalf("--judge 'judge-fair, temp=0': %v: %s", err, stderr)
	}
	if !strings.Contains(out, "judge-fair, temp=0") || strings.Contains(out, "judge-tokenA") {
		t.Errorf("the report is not of judge-fair, temp=0 alone:\n%.600s", out)
	}
	_, stderr, code := executeCalibrate(t, "--judge", "judge-tokenA,judge-fair", "-o", filepath.Join(t.TempDir(), "o.jsonl"))
	want := `no judge "judge-tokenA,judge-fair" in the input; --judge takes one name, commas and all: give --judge "judge-tokenA" --judge "judge-fair"`
	if code != 2 || !strings.Contains(stderr, want) {
		t.Errorf("--judge a,b: exit %d, stderr %q, want 2 and %q", code, stderr, want)
	}
}
