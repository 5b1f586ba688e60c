package main

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plumb-eval/plumb/collect/simserver"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// Issue 17 items 1, 4, 5 and 7 at the command line: exit statuses, the
// output left untouched, credentials and terminal controls kept out of
// what collect prints.

// plainItems writes n plain items; the prompt of item i is "Q<i>?".
func plainItems(t *testing.T, n int, extra string) string {
	t.Helper()
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `{"id":"q%d","prompt":"Q%d?%s","response_1":"one","response_2":"two"}`+"\n", i, i, extra)
	}
	name := filepath.Join(t.TempDir(), "items.jsonl")
	if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// answerServer answers every request with P(A) = 0.8, except requests
// whose body contains fail, answered by failWith (status, body).
func answerServer(t *testing.T, fail string, status int, body func(r *http.Request) string) string {
	t.Helper()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req, _ := io.ReadAll(r.Body)
		if fail != "" && bytes.Contains(req, []byte(fail)) {
			w.WriteHeader(status)
			io.WriteString(w, body(r))
			return
		}
		io.WriteString(w, `{"choices":[{"message":{"content":"A"},"logprobs":{"content":[{"token":"A","logprob":-0.22,`+
			`"top_logprobs":[{"token":"A","logprob":-0.2231435513},{"token":"B","logprob":-1.6094379124}]}]}}]}`)
	}))
	t.Cleanup(ts.Close)
	return ts.URL + "/v1"
}

// TestCollectRefusesNonLog (item 1): -o onto a file that is not a log is
// refused with exit status 2 and left byte for byte as it was ("hello
// world" was replaced and the run exited 0; "notes 1\nimportant 2" lost
// its last line). A folder is bad input too (item 4).
func TestCollectRefusesNonLog(t *testing.T) {
	t.Parallel()
	items := plainItems(t, 2, "")
	base := answerServer(t, "", 0, nil)
	dir := t.TempDir()
	for _, content := range []string{"hello world", "notes 1\nimportant 2"} {
		out := filepath.Join(dir, "hello.txt")
		os.WriteFile(out, []byte(content), 0o644)
		_, stderr, err := executeStderr(t, "collect", items, "--base-url", base, "--model", "m", "-o", out, "-q")
		if err == nil || exitCode(err) != exitBadInput || !strings.Contains(err.Error(), "cannot be appended to") {
			t.Errorf("%q: error %v (exit %d), want exit 2\n%s", content, err, exitCode(err), stderr)
		}
		if b, _ := os.ReadFile(out); string(b) != content {
			t.Errorf("%q: the file became %q", content, b)
		}
	}
	_, _, err := executeStderr(t, "collect", items, "--base-url", base, "--model", "m", "-o", dir, "-q")
	if err == nil || exitCode(err) != exitBadInput || !strings.Contains(err.Error(), "is a folder") {
		t.Errorf("-o DIR: %v (exit %d), want exit 2", err, exitCode(err))
	}
}

// TestCollectIncompleteExits3 (item 4): a run that ends with items not
// written (requests failed for good) exits with status 3, saying how many
// and that a re-run tries them again; it exited 0 before.
func TestCollectIncompleteExits3(t *testing.T) {
	t.Parallel()
	items := plainItems(t, 3, "")
	base := answerServer(t, "Q1?", http.StatusBadRequest, func(*http.Request) string {
		return `{"error":{"message":"this prompt is not allowed"}}`
	})
	out := filepath.Join(t.TempDir(), "judged.jsonl")
	_, stderr, err := executeStderr(t, "collect", items, "--base-url", base, "--model", "m", "-o", out, "-q", "--retries", "0")
	if err == nil || exitCode(err) != exitIncomplete || !strings.Contains(err.Error(), "1 of 3 items not written") ||
		!strings.Contains(err.Error(), "re-run the same command") {
		t.Fatalf("error %v (exit %d), want exit 3\n%s", err, exitCode(err), stderr)
	}
	if lg, err := model.ReadFiles([]string{out}, model.ReadOptions{}); err != nil || len(lg.Pairs) != 2 {
		t.Fatalf("log: %v", err)
	}
	t.Log(err)
}

// TestCollectCredentialsRedacted (item 5): credentials in --base-url and
// the key, echoed by the server escaped or plain, appear in no line collect
// prints — its first line included — nor in the error or the failures file.
func TestCollectCredentialsRedacted(t *testing.T) {
	const key, pass = "sk-cmd-te/st-31415", "sk-userinfo-27182"
	items := plainItems(t, 2, "")
	base := answerServer(t, "Q", http.StatusBadRequest, func(r *http.Request) string {
		return `{"error":{"message":"` + strings.ReplaceAll(r.Header.Get("Authorization"), "/", `\/`) + ` at http://u:` + pass + `@` + r.Host + `"}}`
	})
	u, _ := url.Parse(base)
	u.User = url.UserPassword("u", pass)
	t.Setenv("PLUMB_TEST_KEY", key)
	out := filepath.Join(t.TempDir(), "judged.jsonl")
	_, stderr, err := executeStderr(t, "collect", items, "--base-url", u.String(), "--model", "m", "--api-key-env", "PLUMB_TEST_KEY",
		"-o", out, "--retries", "0")
	if err == nil || exitCode(err) != exitIncomplete {
		t.Fatalf("error %v, want exit 3", err)
	}
	fails, _ := os.ReadFile(out + ".failures.jsonl")
	for where, s := range map[string]string{"stderr": stderr, "error": err.Error(), "failures": string(fails)} {
		for _, secret := range []string{key, `sk-cmd-te\/st-31415`, pass} {
			if strings.Contains(s, secret) {
				t.Errorf("%s shows %s:\n%s", where, secret, s)
			}
		}
	}
	first, _, _ := strings.Cut(stderr, "\n")
	if !strings.HasPrefix(first, "collect: m on http://u:[credentials]@127.0.0.1:") {
		t.Errorf("first line: %s", first)
	}
	if !strings.Contains(string(fails), "Bearer [API key]") {
		t.Errorf("failures file: %s", fails)
	}
}

// TestCollectTerminalSafe (item 7): item texts and server messages with
// terminal controls (OSC 52, a reset, bidi overrides) reach neither
// --dry-run's output nor stderr as they are.
func TestCollectTerminalSafe(t *testing.T) {
	items := plainItems(t, 1, `\u001b]52;c;aGVsbG8=\u0007 \u001bc \u202e`)
	stdout, _, err := executeStderr(t, "collect", items, "--model", "m", "--dry-run")
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(stdout, "\x1b\x07\u202e") || !strings.Contains(stdout, `\x1b]52;c;aGVsbG8=\x07`) {
		t.Errorf("dry run:\n%q", stdout)
	}
	base := answerServer(t, "Q", http.StatusBadRequest, func(*http.Request) string {
		return `{"error":{"message":"\u001b]52;c;aGk=\u0007 \u001bc \u202eevil"}}`
	})
	out := filepath.Join(t.TempDir(), "judged.jsonl")
	_, stderr, err := executeStderr(t, "collect", items, "--base-url", base, "--model", "m\x1bc", "-o", out, "--retries", "0")
	if err == nil {
		t.Fatal("no error")
	}
	fails, _ := os.ReadFile(out + ".failures.jsonl")
	for where, s := range map[string]string{"stderr": stderr, "error": err.Error(), "failures": string(fails)} {
		// (The failures file is JSON: a control there is \u001b, an escape
		// no terminal acts on; its messages are cleaned all the same.)
		if strings.ContainsAny(s, "\x1b\x07\u202e") || where != "failures" && strings.Contains(s, `\u001b`) {
			t.Errorf("%s carries a terminal control: %q", where, s)
		}
	}
}

// TestCollectInterruptChild is the child of TestCollectInterrupt: it runs
// plumb with the arguments the parent gives.
func TestCollectInterruptChild(t *testing.T) {
	args := os.Getenv("PLUMB_COLLECT_ARGS")
	if args == "" {
		t.Skip("only runs as the child of TestCollectInterrupt")
	}
	os.Exit(run(strings.Split(args, "\n")))
}

// TestCollectInterrupt (item 4): Ctrl-C during a run exits 130 and says
// how many items were written and that re-running continues. Before,
// plumb's own signal handler exited at once with "no partial output
// left", though whole records had been written.
func TestCollectInterrupt(t *testing.T) {
	const n = 200
	dir := t.TempDir()
	items := filepath.Join(dir, "items.jsonl")
	if _, err := simulate(t, "--pairs", fmt.Sprint(n), "--scores", "0", "--verdicts", "0", "-o", items); err != nil {
		t.Fatal(err)
	}
	c := sim.DefaultConfig()
	c.Pairs = n
	s, err := simserver.New(c)
	if err != nil {
		t.Fatal(err)
	}
	// The judge answers slowly while the child runs, so the interrupt
	// lands mid-run, and at once for the re-run.
	var slow atomic.Bool
	slow.Store(true)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if slow.Load() {
			time.Sleep(3 * time.Millisecond)
		}
		s.ServeHTTP(w, r)
	}))
	defer ts.Close()
	out := filepath.Join(dir, "judged.jsonl")
	args := []string{"collect", items, "--base-url", ts.URL + "/v1", "--model", "judge-first", "-o", out, "-j", "2"}
	cmd, stderr := startChild(t, "TestCollectInterruptChild", "PLUMB_COLLECT_ARGS="+strings.Join(args, "\n"))
	deadline := time.Now().Add(30 * time.Second)
	for {
		b, _ := os.ReadFile(out)
		if bytes.Count(b, []byte("\n")) >= 10 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no records written: %s", stderr.String())
		}
		time.Sleep(2 * time.Millisecond)
	}
	cmd.Process.Signal(os.Interrupt)
	err = cmd.Wait()
	b, _ := os.ReadFile(out)
	written := bytes.Count(b, []byte("\n"))
	msg := stderr.String()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 {
		t.Errorf("exit after SIGINT: %v, want status 130\n%s", err, msg)
	}
	want := fmt.Sprintf("plumb: stopped by interrupt: %d of %d items written to %s, every record whole; re-run the same command to continue", written, n, out)
	if !strings.Contains(msg, want) || strings.Contains(msg, "no partial output left") {
		t.Errorf("stderr lacks %q:\n%s", want, msg)
	}
	if written == 0 || written == n || len(b) == 0 || b[len(b)-1] != '\n' {
		t.Fatalf("%d of %d records, last byte %q", written, n, b[len(b)-1:])
	}
	// Re-running continues.
	slow.Store(false)
	_, stderr2, err := executeStderr(t, append(args, "-q")...)
	if err != nil || !strings.Contains(stderr2, fmt.Sprintf("%d already in the log (skipped); %d written", written, n-written)) {
		t.Fatalf("re-run: %v\n%s", err, stderr2)
	}
	if lg, err := model.ReadFiles([]string{out}, model.ReadOptions{}); err != nil || len(lg.Pairs) != n {
		t.Fatalf("after the re-run: %v", err)
	}
}

// TestCollectCannotConnect: collect against a port where nothing listens
// stops before the first judge request, with exit status 1 and the line
// that says what to check (it retried 156 times over 36 s, "ETA 2:46:31");
// the output is not created. The score task does the same.
func TestCollectCannotConnect(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + l.Addr().String() + "/v1"
	l.Close()
	scores := filepath.Join(t.TempDir(), "scores.jsonl")
	os.WriteFile(scores, []byte(`{"id":"s1","criterion":"c","input":"in","output":"out","human_score":3}`+"\n"), 0o644)
	items := map[string]string{"pair": plainItems(t, 3, ""), "score": scores}
	out := filepath.Join(t.TempDir(), "out.jsonl")
	for _, task := range []string{"pair", "score"} {
		begin := time.Now()
		_, stderr, err := executeStderr(t, "collect", items[task], "--task", task, "--base-url", base, "--model", "m", "-o", out, "--backoff", "1s")
		want := "cannot connect to " + base + ": connection refused — is the server running?"
		if err == nil || exitCode(err) != 1 || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v (exit %d), want %q\n%s", task, err, exitCode(err), want, stderr)
		}
		if d := time.Since(begin); d > 2*time.Second {
			t.Errorf("%s: took %v", task, d)
		}
		if strings.Contains(stderr, "retries") {
			t.Errorf("%s: a run started:\n%s", task, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: %s was created", task, out)
		}
	}
}

// TestCollectBadOutputBeforeServer: an -o that is plainly no log is bad
// input (exit 2), said before the server is asked (here none listens),
// and named for what it is.
func TestCollectBadOutputBeforeServer(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + l.Addr().String() + "/v1"
	l.Close()
	out := filepath.Join(t.TempDir(), "notes.md")
	os.WriteFile(out, []byte("# Notes\n\nkeep me\n"), 0o644)
	_, _, err = executeStderr(t, "collect", plainItems(t, 2, ""), "--base-url", base, "--model", "m", "-o", out)
	if err == nil || exitCode(err) != exitBadInput || !strings.Contains(err.Error(), "not a judgment log (it looks like a Markdown document)") {
		t.Errorf("%v (exit %d)", err, exitCode(err))
	}
	if b, _ := os.ReadFile(out); string(b) != "# Notes\n\nkeep me\n" {
		t.Errorf("the file became %q", b)
	}
}
