package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCollectScoreBatchCommand (issue 31, score task): the score task's
// batch loop through the command — --batch-out writes each item's LS
// request and a request per criterion, split into files; the practice
// server answers them one by one; --batch-in writes a log byte-identical
// to a live collect (-j 1); a partial results file exits 3 and the next
// --batch-out asks only for what is missing.
func TestCollectScoreBatchCommand(t *testing.T) {
	dir := t.TempDir()
	items := filepath.Join(dir, "items.jsonl")
	if _, err := simulate(t, "--pairs", "0", "--scores", "10", "--verdicts", "0", "-o", items); err != nil {
		t.Fatal(err)
	}
	base := simServer(t, 5, "")
	common := []string{"collect", items, "--task", "score", "--ls", "--criteria", "fluency,accuracy", "--base-url", base, "--model", "judge-fair", "-q"}
	live := filepath.Join(dir, "live.jsonl")
	if _, stderr, err := executeStderr(t, append(common, "-o", live, "-j", "1")...); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	out := filepath.Join(dir, "judged.jsonl")
	req := filepath.Join(dir, "req.jsonl")
	_, stderr, err := executeStderr(t, append(common, "-o", out, "--batch-out", req, "--batch-max-lines", "12")...)
	if err != nil || !strings.Contains(stderr, "30 requests (10 items, a request per criterion and one for LS; 0 score items already in") {
		t.Fatalf("%v\n%s", err, stderr)
	}
	files := []string{filepath.Join(dir, "req-001.jsonl"), filepath.Join(dir, "req-002.jsonl"), filepath.Join(dir, "req-003.jsonl")}
	res := filepath.Join(dir, "results.jsonl")
	postBatch(t, base, res, func(i int) bool { return i < 24 }, files...) // the last two items unanswered
	_, stderr, err = executeStderr(t, append(common, "-o", out, "--batch-in", res)...)
	if exitCode(err) != exitIncomplete || !strings.Contains(err.Error(), "2 of 10 items not written (0 failed, 2 without results)") {
		t.Fatalf("error %v (exit %d), want exit 3\n%s", err, exitCode(err), stderr)
	}
	_, stderr, err = executeStderr(t, append(common, "-o", out, "--batch-out", req)...)
	if err != nil || !strings.Contains(stderr, "6 requests (2 items, a request per criterion and one for LS; 16 score items already in") {
		t.Fatalf("%v\n%s", err, stderr)
	}
	postBatch(t, base, res, func(int) bool { return true }, req)
	if _, stderr, err := executeStderr(t, append(common, "-o", out, "--batch-in", res)...); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	a, _ := os.ReadFile(live)
	b, _ := os.ReadFile(out)
	if string(a) != string(b) {
		t.Fatalf("batch log differs from the live one\nlive  %.300s\nbatch %.300s", a, b)
	}
	if _, _, err := executeStderr(t, append(common, "-o", out, "--batch-submit")...); exitCode(err) != 2 {
		t.Fatalf("--batch-submit for scores: %v (exit %d), want exit 2", err, exitCode(err))
	}
}
