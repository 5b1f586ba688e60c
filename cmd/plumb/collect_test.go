package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plumb-eval/plumb/collect/simserver"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// simServer serves the default simulated judges over n items on 127.0.0.1,
// requiring the API key when key is not empty.
func simServer(t *testing.T, n int, key string) string {
	t.Helper()
	c := sim.DefaultConfig()
	c.Pairs = n
	s, err := simserver.New(c)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if key != "" && r.Header.Get("Authorization") != "Bearer "+key {
			w.WriteHeader(http.StatusUnauthorized)
			io.WriteString(w, `{"error":{"message":"Incorrect API key provided"}}`)
			return
		}
		s.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	return ts.URL + "/v1"
}

func TestCollectCommand(t *testing.T) {
	dir := t.TempDir()
	items := filepath.Join(dir, "items.jsonl")
	if _, err := simulate(t, "--pairs", "40", "--scores", "0", "--verdicts", "0", "-o", items); err != nil {
		t.Fatal(err)
	}
	const key = "sk-test-secret-0451"
	t.Setenv("PLUMB_TEST_KEY", key)
	base := simServer(t, 40, key)
	out := filepath.Join(dir, "judged.jsonl")
	args := []string{"collect", items, "--base-url", base, "--model", "judge-first", "--api-key-env", "PLUMB_TEST_KEY", "-o", out, "-j", "4"}
	_, stderr, err := executeStderr(t, args...)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	for _, want := range []string{"40 written", "160 with log-probabilities", "0 from the text's verdict only"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("summary lacks %q:\n%s", want, stderr)
		}
	}
	lg, err := model.ReadFiles([]string{out}, model.ReadOptions{})
	if err != nil || len(lg.Pairs) != 40 || lg.Pairs[0].NumArrangementsPresent() != 4 {
		t.Fatalf("log: %v", err)
	}
	_, stderr, err = executeStderr(t, args...)
	if err != nil || !strings.Contains(stderr, "40 already in the log (skipped)") {
		t.Errorf("re-run: %v\n%s", err, stderr)
	}
	if _, _, err := executeStderr(t, "report", out); err != nil {
		t.Errorf("report of the collected log: %v", err)
	}

	// A wrong key stops at once, and the key is never shown or written.
	t.Setenv("PLUMB_TEST_KEY", "sk-wrong-key-9")
	out2 := filepath.Join(dir, "wrong.jsonl")
	_, stderr, err = executeStderr(t, "collect", items, "--base-url", base, "--model", "judge-first", "--api-key-env", "PLUMB_TEST_KEY", "-o", out2)
	if err == nil || !strings.Contains(err.Error(), "refused the API key") {
		t.Fatalf("wrong key: %v", err)
	}
	fails, _ := os.ReadFile(out2 + ".failures.jsonl")
	for _, s := range []string{err.Error(), stderr, string(fails)} {
		if strings.Contains(s, "sk-wrong-key-9") || strings.Contains(s, key) {
			t.Errorf("the API key leaked: %s", s)
		}
	}
}

func TestCollectPlainItemsAndDryRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	items := filepath.Join(dir, "plain.jsonl")
	os.WriteFile(items, []byte(`{"id":"q1","prompt":"Why is the sky blue?","response_1":"Rayleigh scattering.","response_2":"Because it is.","gold":"1"}
{"id":"q2","prompt":"2+2?","response_1":"5","response_2":"4","gold":2}
`), 0o644)
	stdout, _, err := executeStderr(t, "collect", items, "--model", "m", "--dry-run", "--ids", "1,2", "--template", "mt-bench")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(stdout, "=== item q1, arrangement") != 4 ||
		!strings.Contains(stdout, "[The Start of Assistant 2's Answer]\nRayleigh scattering.") || // x3: response_1 first, labelled 2
		!strings.Contains(stdout, `"[[1]]" if assistant 1 is better`) {
		t.Errorf("dry run:\n%s", stdout)
	}
}

func TestCollectFlagErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	items := filepath.Join(dir, "plain.jsonl")
	os.WriteFile(items, []byte(`{"id":"q1","prompt":"p","response_1":"a","response_2":"b"}`+"\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{items, "-o", "x.jsonl"}, "--model is required"},
		{[]string{items, "--model", "m"}, "-o/--output is required"},
		{[]string{items, "--model", "m", "-o", "x.jsonl.gz"}, "gzip"},
		{[]string{items, "--model", "m", "-o", items}, "never writes over an input"},
		{[]string{items, "--model", "m", "-o", "x.jsonl", "--ids", "A,a"}, "must differ"},
		{[]string{items, "--model", "m", "-o", "x.jsonl", "--arrangements", "x1,x2"}, "x0 is required"},
		{[]string{items, "--model", "m", "-o", "x.jsonl", "--template", "nope"}, "neither built in"},
		{[]string{items, "--model", "m", "-o", "x.jsonl", "-j", "0"}, "-j 0"},
		{[]string{items, "--model", "m", "-o", "x.jsonl", "--base-url", "127.0.0.1:8000/v1"}, "starts with http:// or https://"},
		{[]string{items, "--model", "m", "-o", "x.jsonl", "--base-url", "localhost:8000"}, "starts with http:// or https://"},
	} {
		_, _, err := executeStderr(t, append([]string{"collect"}, c.args...)...)
		if err == nil || !strings.Contains(err.Error(), c.want) || exitCode(err) != exitBadInput {
			t.Errorf("%v: error %v, want %q with exit status 2", c.args, err, c.want)
		}
	}
}

func TestCollectScoreCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	items := filepath.Join(dir, "items.jsonl")
	if _, err := simulate(t, "--pairs", "0", "--scores", "20", "--verdicts", "0", "-o", items); err != nil {
		t.Fatal(err)
	}
	base := simServer(t, 5, "")
	out := filepath.Join(dir, "scores.jsonl")
	_, stderr, err := executeStderr(t, "collect", items, "--task", "score", "--ls", "--criteria", "fluency,accuracy",
		"--base-url", base, "--model", "judge-fair", "-o", out, "-q")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	lg, err := model.ReadFiles([]string{out}, model.ReadOptions{})
	if err != nil || len(lg.Scores) != 40 {
		t.Fatalf("%d score records, %v\n%s", len(lg.Scores), err, stderr)
	}
	for _, s := range lg.Scores {
		if s.ScoreProbs == nil || s.LS == nil || (s.Criterion != "fluency" && s.Criterion != "accuracy") {
			t.Fatalf("record %+v", s)
		}
	}
	if _, _, err := executeStderr(t, "collect", items, "--task", "score", "--scale", "5-1", "--model", "m", "-o", out); err == nil || exitCode(err) != exitBadInput {
		t.Errorf("--scale 5-1: %v", err)
	}
}

// lockedBuffer is a bytes.Buffer safe for concurrent use.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestSimulateServe runs plumb simulate --serve on 127.0.0.1 (port 0),
// collects from it with the same flags, and stops it by cancelling.
func TestSimulateServe(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	items := filepath.Join(dir, "items.jsonl")
	flags := []string{"--pairs", "30", "--scores", "0", "--verdicts", "0", "--seed", "5", "--judge", "j1:pos=1", "--judge", "j2:tok=1"}
	if _, err := simulate(t, append(flags, "-o", items)...); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	root := newRootCmd()
	var errOut lockedBuffer
	root.SetOut(io.Discard)
	root.SetErr(&errOut)
	root.SetArgs(append([]string{"simulate", "--serve", "127.0.0.1:0"}, flags...))
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx) }()
	var base string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline) && base == ""; time.Sleep(5 * time.Millisecond) {
		if m := regexp.MustCompile(`at (http://127\.0\.0\.1:[0-9]+/v1)`).FindStringSubmatch(errOut.String()); m != nil {
			base = m[1]
		}
	}
	if base == "" {
		cancel()
		t.Fatalf("no address in %q", errOut.String())
	}
	out := filepath.Join(dir, "j2.jsonl")
	_, stderr, err := executeStderr(t, "collect", items, "--base-url", base, "--model", "j2", "-o", out, "-q")
	if err != nil || !strings.Contains(stderr, "30 written") {
		t.Errorf("collect: %v\n%s", err, stderr)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
}
