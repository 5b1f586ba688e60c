package main

import (
	"path/filepath"
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
	out := filepath.Join(dir, "judged.jsonl")
	a, b := batchTwoRounds(t, base, common, out, batchRounds{maxLines: 12, answered: 24, // the last two items unanswered
		first:      "30 requests (10 items, a request per criterion and one for LS; 0 score items already in",
		incomplete: "2 of 10 items not written (0 failed, 2 without results)",
		second:     "6 requests (2 items, a request per criterion and one for LS; 16 score items already in"})
	if string(a) != string(b) {
		t.Fatalf("batch log differs from the live one\nlive  %.300s\nbatch %.300s", a, b)
	}
	if _, _, err := executeStderr(t, append(common, "-o", out, "--batch-submit")...); exitCode(err) != 2 {
		t.Fatalf("--batch-submit for scores: %v (exit %d), want exit 2", err, exitCode(err))
	}
}
