package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/collect/simserver"
	"github.com/plumb-eval/plumb/model/sim"
)

// TestCollectSampledBatch: --samples 3 and --evidence 2 (faireval) through
// the batch loop write byte for byte the log of a live sampled run with
// the same --sample-seed on the practice server (which honours n): each
// batch request is the live run's first, n = K at temperature 1 with the
// seed, so its K choices are the live run's samples and P(A).
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
		if n := bytes.Count(want, []byte(`"samples":{`)); n != 6 {
			t.Fatalf("%s: %d sampled records live, want 6", c.name, n)
		}
		if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
			t.Fatalf("%s: the batch log differs from the live one\nlive  %.400s\nbatch %.400s", c.name, want, got)
		}
	}
}

// TestCollectSampledBatchShort: a results line with fewer choices than K
// (a server that ignores n) cannot be completed by a batch, whose next
// request would depend on it: the item is not written (exit 3), the line
// is counted as batch-short-samples with a message that says to collect
// live, and the samples it did bring are kept in the failures file.
func TestCollectSampledBatchShort(t *testing.T) {
	c := sim.DefaultConfig()
	c.Pairs = 3
	s, err := simserver.New(c)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var m map[string]any
		if json.Unmarshal(body, &m) == nil {
			delete(m, "n")
			body, _ = json.Marshal(m)
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		s.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	dir := t.TempDir()
	items := filepath.Join(dir, "items.jsonl")
	if _, err := simulate(t, "--pairs", "3", "--scores", "0", "--verdicts", "0", "-o", items); err != nil {
		t.Fatal(err)
	}
	common := []string{"collect", items, "--base-url", ts.URL + "/v1", "--model", "judge-first", "-q", "--samples", "3", "--arrangements", "x0,x2", "--sample-seed", "1"}
	out, req, res := filepath.Join(dir, "out.jsonl"), filepath.Join(dir, "req.jsonl"), filepath.Join(dir, "res.jsonl")
	if _, stderr, err := executeStderr(t, append(common, "-o", out, "--batch-out", req)...); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	postBatch(t, ts.URL+"/v1", res, func(int) bool { return true }, req)
	_, stderr, err := executeStderr(t, append(common, "-o", out, "--batch-in", res)...)
	if exitCode(err) != exitIncomplete || !strings.Contains(stderr, "batch-short-samples") {
		t.Fatalf("%v (exit %d), want exit 3 and batch-short-samples\n%s", err, exitCode(err), stderr)
	}
	fails, _ := os.ReadFile(out + ".failures.jsonl")
	if n := bytes.Count(fails, []byte(`"reason":"batch-short-samples"`)); n != 6 || !bytes.Contains(fails, []byte("collect from this server live")) || !bytes.Contains(fails, []byte(`"samples":["`)) {
		t.Fatalf("%d short lines in the failures file:\n%s", n, fails)
	}
	if got, _ := os.ReadFile(out); len(got) != 0 {
		t.Fatalf("records written from short answers:\n%s", got)
	}
}
