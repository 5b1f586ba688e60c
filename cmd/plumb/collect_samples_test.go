package main

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/collect/simserver"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// TestCollectSampledPA: --samples K on the calibraeval template gives, per
// item and arrangement, the share of A among K sampled verdicts, recorded
// with its K samples; on the practice server, which also returns
// log-probabilities, the sampled P(A) lies within its binomial interval of
// the log-probability P(A) collected without sampling: over 30 items × 4
// arrangements at K = 40, the standardised differences z = (share − p) /
// √(p(1 − p)/K) have mean square near 1 and at most 2 beyond ±3 (0.3
// expected).
func TestCollectSampledPA(t *testing.T) {
	dir := t.TempDir()
	items := filepath.Join(dir, "items.jsonl")
	if _, err := simulate(t, "--pairs", "30", "--scores", "0", "--verdicts", "0", "-o", items); err != nil {
		t.Fatal(err)
	}
	base := simServer(t, 30, "")
	lp, sampled := filepath.Join(dir, "lp.jsonl"), filepath.Join(dir, "sampled.jsonl")
	const k = 40
	for _, args := range [][]string{
		{"collect", items, "--base-url", base, "--model", "judge-first", "-o", lp},
		{"collect", items, "--base-url", base, "--model", "judge-first", "-o", sampled, "--samples", "40", "--sample-seed", "3", "--sample-texts=false"},
	} {
		if _, stderr, err := executeStderr(t, args...); err != nil {
			t.Fatalf("%v\n%s", err, stderr)
		}
	}
	a, errA := model.ReadFiles([]string{lp}, model.ReadOptions{})
	b, errB := model.ReadFiles([]string{sampled}, model.ReadOptions{})
	if errA != nil || errB != nil || len(a.Pairs) != 30 || len(b.Pairs) != 30 {
		t.Fatalf("logs: %v, %v", errA, errB)
	}
	byID := map[string]*model.Pair{}
	for i := range a.Pairs {
		byID[a.Pairs[i].ID] = &a.Pairs[i]
	}
	var sumZ2 float64
	var n, far int
	for i := range b.Pairs {
		q := &b.Pairs[i]
		p := byID[q.ID]
		for _, arr := range model.Arrangements {
			if q.SampleCount(arr) != k || q.Samples[arr][0].Text != "" {
				t.Fatalf("item %s %s: %d read samples (want %d), text %q", q.ID, arr, q.SampleCount(arr), k, q.Samples[arr][0].Text)
			}
			sd := math.Sqrt(p.S[arr] * (1 - p.S[arr]) / k)
			if sd < 1e-3 {
				continue // a near-certain judge: every sample agrees
			}
			z := (q.S[arr] - p.S[arr]) / sd
			sumZ2 += z * z
			n++
			if math.Abs(z) > 3 {
				far++
			}
		}
	}
	if ms := sumZ2 / float64(n); n < 60 || ms < 0.6 || ms > 1.6 || far > 2 {
		t.Errorf("sampled vs log-probability P(A): mean z² %.3f over %d, %d beyond 3", ms, n, far)
	}
}

// serverIgnoringN is a practice server of the default judges on pairs
// items that drops n from every request, as a server that answers one
// choice whatever n asks; it returns the server's root URL.
func serverIgnoringN(t *testing.T, pairs int) string {
	t.Helper()
	c := sim.DefaultConfig()
	c.Pairs = pairs
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
	return ts.URL
}

// TestCollectSamplesServerIgnoresN: a server that answers one choice
// whatever n asks gets the rest asked for again, so every arrangement
// still has its K samples, and the summary says how many answers were
// short.
func TestCollectSamplesServerIgnoresN(t *testing.T) {
	root := serverIgnoringN(t, 5)
	dir := t.TempDir()
	items := filepath.Join(dir, "items.jsonl")
	if _, err := simulate(t, "--pairs", "5", "--scores", "0", "--verdicts", "0", "-o", items); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.jsonl")
	_, stderr, err := executeStderr(t, "collect", items, "--base-url", root+"/v1", "--model", "judge-first", "-o", out,
		"--samples", "3", "--arrangements", "x0,x2", "--sample-seed", "1")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if !strings.Contains(stderr, "30 sampling requests, 20 answered with fewer choices than asked for (n)") {
		t.Errorf("summary:\n%s", stderr)
	}
	lg, err := model.ReadFiles([]string{out}, model.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range lg.Pairs {
		if len(p.Samples[model.X0]) != 3 || len(p.Samples[model.X2]) != 3 {
			t.Errorf("item %s: %d and %d samples, want 3 each", p.ID, len(p.Samples[model.X0]), len(p.Samples[model.X2]))
		}
	}
}

// TestCollectSamplingFlagErrors: the sampling flags are refused where they
// cannot apply, each with its reason (exit status 2).
func TestCollectSamplingFlagErrors(t *testing.T) {
	dir := t.TempDir()
	items := filepath.Join(dir, "items.jsonl")
	if _, err := simulate(t, "--pairs", "3", "--scores", "0", "--verdicts", "0", "-o", items); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.jsonl")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--template", "faireval"}, "give --evidence K"},
		{[]string{"--evidence", "3"}, "use --template faireval"},
		{[]string{"--template", "faireval", "--samples", "3"}, "use --evidence K"},
		{[]string{"--evidence", "3", "--samples", "3", "--template", "faireval"}, "give one"},
		{[]string{"--template", "faireval", "--evidence", "2", "--arrangements", "x0,x3"}, "only x0 and x2 differ"},
		{[]string{"--samples", "1001"}, "want K from 1 to 1000"},
		{[]string{"--sample-seed", "2"}, "only with --evidence or --samples"},
		{[]string{"--samples", "3", "--task", "score"}, "for --task pair only"},
	} {
		args := append([]string{"collect", items, "--model", "m", "-o", out}, c.args...)
		_, _, err := executeStderr(t, args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
}
