package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/demo"
)

// TestFewshotDemo: --demo reads the embedded demo log, so that the
// command the terminal UI's w key names on the demo runs (issue 19: it
// named `plumb fewshot --criterion …` without FILE and --judge); the set
// is the one likelihood.SelectFewShot picks from the demo's records. A
// FILE with --demo is an error, and without either the error still asks
// for a FILE.
func TestFewshotDemo(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "fs.jsonl")
	if _, stderr, err := executeStderr(t, "fewshot", "--demo", "--judge", "judge-tokenA", "--criterion", "accuracy", "--k", "5", "--seed", "2", "-o", out); err != nil {
		t.Fatalf("%v: %s", err, stderr)
	}
	got, err := model.ReadFiles([]string{out}, model.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	lg, err := demo.Log()
	if err != nil {
		t.Fatal(err)
	}
	fs, err := likelihood.SelectFewShot("judge-tokenA", lg.Scores, likelihood.FewShotOptions{Criterion: "accuracy", K: 5, TrainFrac: 0.8, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Scores) != 5 || len(fs.Items) != 5 {
		t.Fatalf("%d examples written, %d selected; want 5", len(got.Scores), len(fs.Items))
	}
	for i := range fs.Items {
		if got.Scores[i].ID != fs.Items[i].ID {
			t.Errorf("example %d: %s, want %s", i, got.Scores[i].ID, fs.Items[i].ID)
		}
	}
	file := fewshotLog(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"fewshot", "--demo", file, "--criterion", "accuracy"}, "give no FILE with it"},
		{[]string{"fewshot", "--criterion", "accuracy"}, "at least one FILE (or --demo"},
	} {
		_, _, err := executeStderr(t, tc.args...)
		if err == nil || exitCode(err) != exitBadInput || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want status 2 and %q", tc.args, err, tc.want)
		}
	}
	if _, err := os.Stat(out); err != nil {
		t.Fatal(err)
	}
}
