package main

import (
	"bytes"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model/sim"
)

// TestCollectGridBatch runs a 2×2 grid (A/B, X/Y × 0, 1 shots) with CC
// and DC probes through the batch loop: one --batch-out writes every
// condition's requests (split into files at --batch-max-lines), the
// practice server answers them one by one, and --batch-in writes a log
// byte-identical to a live grid run's (-j 1); --batch-submit gives the
// same log again.
func TestCollectGridBatch(t *testing.T) {
	dir := t.TempDir()
	items := filepath.Join(dir, "items.jsonl")
	if _, err := simulate(t, "--pairs", "8", "--scores", "0", "--verdicts", "0", "--gold-share", "1", "-o", items); err != nil {
		t.Fatal(err)
	}
	c := sim.DefaultConfig()
	c.Pairs, c.Scores, c.Verdicts, c.GoldShare = 8, 0, 0, 1
	s, err := practiceServer(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	base := ts.URL + "/v1"
	common := []string{"collect", items, "--base-url", base, "--model", s.Models()[0], "-q",
		"--ids", "A/B,X/Y", "--shots", "0,1", "--probes", "cc,dc", "--dc-samples", "2"}
	live := filepath.Join(dir, "live.jsonl")
	if _, stderr, err := executeStderr(t, append(common, "-o", live, "-j", "1")...); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	want, _ := os.ReadFile(live)
	out := filepath.Join(dir, "judged.jsonl")
	req := filepath.Join(dir, "req.jsonl")
	// 8 items + 1 CC + 2 DC probes = 11 a condition × 4 conditions × 4 arrangements.
	_, stderr, err := executeStderr(t, append(common, "-o", out, "--batch-out", req, "--batch-max-lines", "100")...)
	if err != nil || !strings.Contains(stderr, "176 requests (44 items across 4 conditions × 4 arrangements") {
		t.Fatalf("%v\n%s", err, stderr)
	}
	files := []string{filepath.Join(dir, "req-001.jsonl"), filepath.Join(dir, "req-002.jsonl")}
	res := filepath.Join(dir, "results.jsonl")
	postBatch(t, base, res, func(int) bool { return true }, files...)
	if _, stderr, err := executeStderr(t, append(common, "-o", out, "--batch-in", res)...); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
		t.Fatalf("the grid's batch log differs from the live one\nlive  %.300s\nbatch %.300s", want, got)
	}
	sub := filepath.Join(dir, "submitted.jsonl")
	if _, stderr, err := executeStderr(t, append(common, "-o", sub, "--batch-submit", "--batch-poll", "10ms")...); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if got, _ := os.ReadFile(sub); !bytes.Equal(got, want) {
		t.Fatalf("the grid's submitted log differs from the live one\nlive  %.300s\nbatch %.300s", want, got)
	}
}
