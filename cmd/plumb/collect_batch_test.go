package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/collect/collecttest"
)

// postBatch posts each request of the batch files to the server at base
// (its /v1 cut off: the lines carry /v1/… URLs) and writes the answers as
// OpenAI Batch output lines to name; keep says which lines to keep.
func postBatch(t *testing.T, base, name string, keep func(i int) bool, files ...string) {
	t.Helper()
	var reqs []collecttest.Request
	for i, r := range collecttest.ReadRequests(t, files...) {
		if keep(i) {
			reqs = append(reqs, r)
		}
	}
	collecttest.WriteLines(t, name, collecttest.Answer(t, strings.TrimSuffix(base, "/v1"), reqs))
}

// TestCollectBatchCommand runs the batch loop through the command: the
// requests split into files, answered one by one by the practice server,
// read back into a log byte-identical to a live collect; a partial results
// file exits 3 and the next --batch-out asks only for what is missing.
func TestCollectBatchCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	items := filepath.Join(dir, "items.jsonl")
	if _, err := simulate(t, "--pairs", "12", "--scores", "0", "--verdicts", "0", "-o", items); err != nil {
		t.Fatal(err)
	}
	base := simServer(t, 12, "")
	common := []string{"collect", items, "--base-url", base, "--model", "judge-first", "-q"}
	out := filepath.Join(dir, "judged.jsonl")
	a, b := batchTwoRounds(t, base, common, out, batchRounds{maxLines: 20, answered: 40,
		first:      "48 requests (12 items × 4 arrangements",
		incomplete: "2 of 12 items not written (0 failed, 2 without results)",
		second:     "8 requests (2 items × 4 arrangements; 10 already in"})
	// The live run wrote the items in input order (-j 1); the batch in two
	// rounds, so compare the records as sets of lines.
	if !sameLines(a, b) {
		t.Fatalf("batch log differs from the live one\nlive  %.300s\nbatch %.300s", a, b)
	}
	if _, _, err := executeStderr(t, append(common, "-o", out, "--batch-in", out)...); exitCode(err) != 2 {
		t.Fatalf("-o as a --batch-in file: %v (exit %d), want exit 2", err, exitCode(err))
	}
	if _, _, err := executeStderr(t, append(common, "-o", out, "--batch-out", items)...); exitCode(err) != 2 {
		t.Fatalf("--batch-out over the items: %v (exit %d), want exit 2", err, exitCode(err))
	}
}

// batchRounds is what the two rounds of batchTwoRounds ask for and say:
// the first --batch-out's files of maxLines requests (three of them) and
// its summary, the first answered requests of them, the partial
// --batch-in's error, and the second --batch-out's summary.
type batchRounds struct {
	maxLines, answered        int
	first, incomplete, second string
}

// batchTwoRounds runs common (a collect command without -o) live with
// -j 1 and through the batch loop into out in two rounds: --batch-out
// split into three files, the practice server at base answering the
// first r.answered requests, a --batch-in that exits 3 with the items
// left, a second --batch-out asking only for those, all answered, and the
// last --batch-in. It returns the live log and the batch log.
func batchTwoRounds(t *testing.T, base string, common []string, out string, r batchRounds) (live, batch []byte) {
	t.Helper()
	dir := filepath.Dir(out)
	liveName := filepath.Join(dir, "live.jsonl")
	if _, stderr, err := executeStderr(t, append(common, "-o", liveName, "-j", "1")...); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	req := filepath.Join(dir, "req.jsonl")
	_, stderr, err := executeStderr(t, append(common, "-o", out, "--batch-out", req, "--batch-max-lines", strconv.Itoa(r.maxLines))...)
	if err != nil || !strings.Contains(stderr, r.first) {
		t.Fatalf("%v\n%s", err, stderr)
	}
	files := []string{filepath.Join(dir, "req-001.jsonl"), filepath.Join(dir, "req-002.jsonl"), filepath.Join(dir, "req-003.jsonl")}
	res := filepath.Join(dir, "results.jsonl")
	postBatch(t, base, res, func(i int) bool { return i < r.answered }, files...)
	_, stderr, err = executeStderr(t, append(common, "-o", out, "--batch-in", res)...)
	if exitCode(err) != exitIncomplete || !strings.Contains(err.Error(), r.incomplete) {
		t.Fatalf("error %v (exit %d), want exit 3\n%s", err, exitCode(err), stderr)
	}
	_, stderr, err = executeStderr(t, append(common, "-o", out, "--batch-out", req)...)
	if err != nil || !strings.Contains(stderr, r.second) {
		t.Fatalf("%v\n%s", err, stderr)
	}
	postBatch(t, base, res, func(int) bool { return true }, req)
	if _, stderr, err := executeStderr(t, append(common, "-o", out, "--batch-in", res)...); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	live, _ = os.ReadFile(liveName)
	batch, _ = os.ReadFile(out)
	return live, batch
}

// sameLines reports whether a and b hold the same lines in any order.
func sameLines(a, b []byte) bool {
	count := map[string]int{}
	for _, l := range bytes.SplitAfter(a, []byte("\n")) {
		count[string(l)]++
	}
	for _, l := range bytes.SplitAfter(b, []byte("\n")) {
		count[string(l)]--
	}
	for _, n := range count {
		if n != 0 {
			return false
		}
	}
	return len(a) == len(b)
}

// TestCollectBatchSubmit runs --batch-submit against the practice server's
// Batch API: the log equals a live collect's, and the batch IDs written
// down are removed once read.
func TestCollectBatchSubmit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	items := filepath.Join(dir, "items.jsonl")
	if _, err := simulate(t, "--pairs", "10", "--scores", "0", "--verdicts", "0", "-o", items); err != nil {
		t.Fatal(err)
	}
	base := simServer(t, 10, "")
	common := []string{"collect", items, "--base-url", base, "--model", "judge-first", "-q"}
	live, out := filepath.Join(dir, "live.jsonl"), filepath.Join(dir, "sub.jsonl")
	if _, stderr, err := executeStderr(t, append(common, "-o", live, "-j", "1")...); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if _, stderr, err := executeStderr(t, append(common, "-o", out, "--batch-submit", "--batch-poll", "10ms")...); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	a, _ := os.ReadFile(live)
	b, _ := os.ReadFile(out)
	if !bytes.Equal(a, b) {
		t.Fatalf("submitted log differs from the live one\nlive  %.300s\nbatch %.300s", a, b)
	}
	if _, err := os.Stat(out + ".batches.json"); err == nil {
		t.Fatal("the batch IDs are left after their results were read")
	}
	if _, _, err := executeStderr(t, append(common, "-o", out, "--batch-submit", "--batch-out", filepath.Join(dir, "r.jsonl"))...); exitCode(err) != 2 {
		t.Fatalf("--batch-submit with --batch-out: %v (exit %d), want 2", err, exitCode(err))
	}
}
