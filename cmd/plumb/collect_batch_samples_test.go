package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCollectSampledBatch: --samples 3, --evidence 2 (faireval) and a grid
// of two ID sets with --samples 2 through the batch loop write byte for
// byte the log of a live sampled run with the same --sample-seed on the
// practice server (which honours n): each batch request is the live run's
// first, n = K at temperature 1 with the seed, so its K choices are the
// live run's samples and P(A).
func TestCollectSampledBatch(t *testing.T) {
	dir := t.TempDir()
	items := filepath.Join(dir, "items.jsonl")
	if _, err := simulate(t, "--pairs", "6", "--scores", "0", "--verdicts", "0", "-o", items); err != nil {
		t.Fatal(err)
	}
	base := simServer(t, 6, "")
	for _, c := range []struct {
		name string
		args []string
		n    string
	}{
		{"samples", []string{"--samples", "3", "--sample-seed", "3"}, `"n":3`},
		{"evidence", []string{"--template", "faireval", "--evidence", "2", "--sample-seed", "5"}, `"n":2`},
		{"grid", []string{"--ids", "A/B,X/Y", "--samples", "2", "--sample-seed", "4"}, `"n":2`},
	} {
		common := append([]string{"collect", items, "--base-url", base, "--model", "judge-first", "-q"}, c.args...)
		live := filepath.Join(dir, c.name+"-live.jsonl")
		if _, stderr, err := executeStderr(t, append(common, "-o", live, "-j", "1")...); err != nil {
			t.Fatalf("%s live: %v\n%s", c.name, err, stderr)
		}
		out, req, res := filepath.Join(dir, c.name+".jsonl"), filepath.Join(dir, c.name+"-req.jsonl"), filepath.Join(dir, c.name+"-res.jsonl")
		if _, stderr, err := executeStderr(t, append(common, "-o", out, "--batch-out", req)...); err != nil {
			t.Fatalf("%s batch-out: %v\n%s", c.name, err, stderr)
		}
		body, _ := os.ReadFile(req)
		if !bytes.Contains(body, []byte(`"temperature":1,`)) || !bytes.Contains(body, []byte(c.n+`,"seed":`)) || bytes.Contains(body, []byte("logprobs")) {
			t.Fatalf("%s: the batch does not ask the live run's first request:\n%.400s", c.name, body)
		}
		postBatch(t, base, res, func(int) bool { return true }, req)
		_, stderr, err := executeStderr(t, append(common, "-o", out, "--batch-in", res)...)
		if err != nil {
			t.Fatalf("%s batch-in: %v\n%s", c.name, err, stderr)
		}
		want, _ := os.ReadFile(live)
		if n := bytes.Count(want, []byte(`"samples":{`)); n != 6 && (c.name != "grid" || n != 12) {
			t.Fatalf("%s: %d sampled records live", c.name, n)
		}
		if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
			t.Fatalf("%s: the batch log differs from the live one\nlive  %.400s\nbatch %.400s", c.name, want, got)
		}
	}
}

// TestCollectSampledBatchShort: against a server that ignores n (one
// choice an answer), a sampled batch takes K = 3 rounds, as a live run
// takes 3 requests an arrangement: each --batch-in keeps the samples in
// hand (exit 3 until the last), each --batch-out asks only for the
// missing ones (n = 3, 2, 1 with the seed moved on), and the log at the
// end is byte for byte the live run's against the same server; the
// samples file is gone once every item is written.
func TestCollectSampledBatchShort(t *testing.T) {
	root := serverIgnoringN(t, 3)
	dir := t.TempDir()
	items := filepath.Join(dir, "items.jsonl")
	if _, err := simulate(t, "--pairs", "3", "--scores", "0", "--verdicts", "0", "-o", items); err != nil {
		t.Fatal(err)
	}
	common := []string{"collect", items, "--base-url", root + "/v1", "--model", "judge-first", "-q", "--samples", "3", "--arrangements", "x0,x2", "--sample-seed", "1"}
	live := filepath.Join(dir, "live.jsonl")
	if _, stderr, err := executeStderr(t, append(common, "-o", live, "-j", "1")...); err != nil {
		t.Fatalf("live: %v\n%s", err, stderr)
	}
	out, req, res := filepath.Join(dir, "out.jsonl"), filepath.Join(dir, "req.jsonl"), filepath.Join(dir, "res.jsonl")
	for round, n := range []string{`"n":3,"seed":1}`, `"n":2,"seed":2}`, `"n":1,"seed":3}`} {
		if _, stderr, err := executeStderr(t, append(common, "-o", out, "--batch-out", req)...); err != nil || !strings.Contains(stderr, "6 requests (3 items × 2 arrangements") {
			t.Fatalf("round %d batch-out: %v\n%s", round+1, err, stderr)
		}
		body, _ := os.ReadFile(req)
		if bytes.Count(body, []byte(n)) != 6 {
			t.Fatalf("round %d: want 6 requests with %s\n%.300s", round+1, n, body)
		}
		postBatch(t, root+"/v1", res, func(int) bool { return true }, req)
		_, stderr, err := executeStderr(t, append(common, "-o", out, "--batch-in", res)...)
		if round < 2 && (exitCode(err) != exitIncomplete || !strings.Contains(stderr, "6 arrangements came back with fewer than K samples")) {
			t.Fatalf("round %d: %v (exit %d), want exit 3 and the short samples\n%s", round+1, err, exitCode(err), stderr)
		}
		if round == 0 { // the same results again: stale lines, nothing taken twice
			_, stderr, err := executeStderr(t, append(common, "-o", out, "--batch-in", res)...)
			if exitCode(err) != exitIncomplete || !strings.Contains(stderr, "batch-foreign") {
				t.Fatalf("the first results again: %v\n%s", err, stderr)
			}
		}
		if round == 2 && err != nil {
			t.Fatalf("last round: %v\n%s", err, stderr)
		}
	}
	want, _ := os.ReadFile(live)
	if got, _ := os.ReadFile(out); !bytes.Equal(got, want) || bytes.Count(want, []byte(`"samples":{`)) != 3 {
		t.Fatalf("the batch log differs from the live one\nlive  %.400s\nbatch %.400s", want, got)
	}
	if _, err := os.Stat(out + ".batch-samples.jsonl"); !os.IsNotExist(err) {
		t.Fatalf("the samples file is left: %v", err)
	}
}
