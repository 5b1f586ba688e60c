package collect

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/plumb-eval/plumb/collect/collecttest"
	"github.com/plumb-eval/plumb/model"
)

// The integration test against a real model server: llama.cpp's
// llama-server (built from ../shared/tools/llamacpp by
// scripts/llama-server.sh, once per machine) serving TinyStories 260K on
// 127.0.0.1. .ci/run builds it and sets PLUMB_LLAMA_SERVER; without that
// variable the test looks for the cached build and skips, saying how to
// run it, when there is none, or when ../shared is absent.

// llamaSetup returns the llama-server binary and the model, or skips.
func llamaSetup(t *testing.T) (bin, gguf string) {
	t.Helper()
	shared := filepath.Join("..", "..", "shared", "tools", "llamacpp")
	_, sharedErr := os.Stat(shared)
	bin = os.Getenv("PLUMB_LLAMA_SERVER")
	gguf = os.Getenv("PLUMB_LLAMA_MODEL")
	if gguf == "" {
		gguf = filepath.Join(shared, "stories260K.gguf")
	}
	if bin == "" {
		if sharedErr != nil {
			t.Skip("llama.cpp integration test skipped: PLUMB_LLAMA_SERVER is not set and ../shared/tools/llamacpp (llama.cpp's sources and the model) is absent")
		}
		out, err := exec.Command("bash", filepath.Join("..", "scripts", "llama-server.sh"), "--find").Output()
		if err != nil {
			t.Skip("llama.cpp integration test skipped: llama-server is not built yet; build it once and run the test with " +
				"PLUMB_LLAMA_SERVER=$(scripts/llama-server.sh) go test ./collect -run LlamaCpp (.ci/run does)")
		}
		bin = strings.TrimSpace(string(out))
	}
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("PLUMB_LLAMA_SERVER: %v", err)
	}
	abs, err := filepath.Abs(gguf)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(abs); err != nil {
		t.Fatalf("the model (PLUMB_LLAMA_MODEL or ../shared/tools/llamacpp/stories260K.gguf): %v", err)
	}
	return bin, abs
}

// startLlama starts llama-server on a free 127.0.0.1 port with the model
// and one slot of ctxSize tokens, and waits until it is healthy. It returns
// the server's root URL; the server is stopped when the test ends.
func startLlama(t *testing.T, bin, gguf string, ctxSize int) string {
	t.Helper()
	var lastErr error
	for try := 0; try < 3; try++ { // a free port can be taken before the server binds it
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port := l.Addr().(*net.TCPAddr).Port
		l.Close()
		logName := filepath.Join(t.TempDir(), "llama-server.log")
		logFile, err := os.Create(logName)
		if err != nil {
			t.Fatal(err)
		}
		// One thread: the model is tiny, and spinning threads only fight
		// the tests for the CPUs. Nearly all of the server's CPU is
		// attention over its cache while it reads a prompt, so: one slot
		// (two slots batch both sequences against the whole cache: twice
		// the work), a cache of 32-bit floats (16-bit K and V convert every
		// query row), 128-token micro-batches; together a third of the CPU
		// of -c 4096 -np 2 over the same requests.
		cmd := exec.Command(bin, "-m", gguf, "--host", "127.0.0.1", "--port", strconv.Itoa(port),
			"-c", strconv.Itoa(ctxSize), "-np", "1", "-ub", "128", "-ctk", "f32", "-ctv", "f32", "-t", "1", "-tb", "1")
		cmd.Stdout, cmd.Stderr = logFile, logFile
		if err := cmd.Start(); err != nil {
			t.Fatalf("starting %s: %v", bin, err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait(); logFile.Close() }()
		stop := func() {
			cmd.Process.Kill()
			<-exited
		}
		root := fmt.Sprintf("http://127.0.0.1:%d", port)
		if lastErr = waitHealthy(root, exited, 60*time.Second); lastErr == nil {
			t.Cleanup(stop)
			return root
		}
		stop()
		log, _ := os.ReadFile(logName)
		lastErr = fmt.Errorf("%w; its log ends:\n%s", lastErr, tail(log, 1500))
	}
	t.Fatalf("llama-server did not start: %v", lastErr)
	return ""
}

// waitHealthy polls root/health until it answers 200, the server exits or
// the time is up.
func waitHealthy(root string, exited <-chan error, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			return fmt.Errorf("llama-server exited: %v", err)
		default:
		}
		resp, err := http.Get(root + "/health")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("no healthy answer from %s/health within %v", root, limit)
}

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}

// recordingProxy forwards every request to upstream on loopback and
// records each exchange. mutate, when not nil, rewrites a request body
// before it is forwarded (the recorded request is what was forwarded).
func recordingProxy(t *testing.T, upstream string, mutate func([]byte) []byte) (*httptest.Server, *exchanges) {
	t.Helper()
	rec := &exchanges{}
	// A new connection per request: on a kept-alive one every answer of
	// llama-server (headers and body written apart, no TCP_NODELAY) waits
	// for the delayed ACK, 40 ms, several times its own time here.
	client := &http.Client{Timeout: time.Minute, Transport: &http.Transport{DisableKeepAlives: true}}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if mutate != nil {
			body = mutate(body)
		}
		req, err := http.NewRequestWithContext(r.Context(), r.Method, upstream+r.URL.RequestURI(), bytes.NewReader(body))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		req.Header.Set("Content-Type", r.Header.Get("Content-Type"))
		resp, err := client.Do(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		rec.add(exchange{Path: r.URL.Path, Request: string(body), Status: resp.StatusCode, Response: string(data)})
		w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
		w.WriteHeader(resp.StatusCode)
		w.Write(data)
	}))
	t.Cleanup(ts.Close)
	return ts, rec
}

// TestLlamaCpp runs collect against a real llama.cpp server (issue 22):
// P(A) over the chat and the completions endpoints equals a recomputation
// from the server's own answers, and items 1–5 hold against it.
func TestLlamaCpp(t *testing.T) {
	t.Parallel() // its own llama-server (one thread), beside TestLlamaCppGrid's
	bin, gguf := llamaSetup(t)
	begin := time.Now()
	root := startLlama(t, bin, gguf, 1024) // the longest prompt (faireval, evidence) is 799 tokens
	t.Logf("llama-server healthy after %v", time.Since(begin).Round(time.Millisecond))
	ctx := context.Background()
	proxy, rec := recordingProxy(t, root, nil)
	base := proxy.URL + "/v1"

	// The server lists the model file's path as its one model.
	names, ok := NewClient(ClientConfig{BaseURL: base}).ListModels(ctx)
	if !ok || len(names) != 1 || names[0] != gguf {
		t.Fatalf("/v1/models lists %q, want [%q]", names, gguf)
	}
	listed := names[0]
	items := lcItems(t, "s01", "s02", "s03", "s04", "s05", "s06")

	for _, api := range []struct {
		name, path  string
		completions bool
	}{{"chat", "/v1/chat/completions", false}, {"completions", "/v1/completions", true}} {
		t.Run(api.name, func(t *testing.T) {
			// Item 1 for the completions endpoint: every answer had A and B
			// among its top 20 and was read as none.
			cfg := lcConfig(t, base, listed, "calibraeval", IDs{"A", "B"}, api.completions, items)
			st, _ := run(t, cfg)
			if st.Written != 6 || st.WithLP != 24 || st.Failed != 0 {
				t.Fatalf("written %d, with log-probabilities %d of 24, failed %d (%v)", st.Written, st.WithLP, st.Failed, st.Reasons())
			}
			if n := checkAgainstRecorded(t, cfg, api.path, rec); n != 24 {
				t.Errorf("checked %d arrangements, want 24", n)
			}
			if w := Warnings(st, cfg.IDs); len(w) != 0 {
				t.Errorf("warnings on a clean run: %q", w)
			}
		})
	}

	// Item 2: the IDs not among the top 1, and a response without
	// log-probabilities (the proxy drops the request for them, as a server
	// that ignores it would), say different things.
	t.Run("why no logprobs", func(t *testing.T) {
		noLP, _ := recordingProxy(t, root, func(b []byte) []byte {
			var m map[string]any
			if json.Unmarshal(b, &m) != nil {
				return b
			}
			delete(m, "logprobs")
			delete(m, "top_logprobs")
			out, _ := json.Marshal(m)
			return out
		})
		for _, c := range []struct {
			base, msg, warning string
			top                int
		}{
			{base, `neither "A" nor "B" is among the answer token's top 1 log-probabilities, and the text has no verdict`,
				`in 20 of 20 answers neither "A" nor "B" was among the answer token's top 1 log-probabilities`, 1},
			{noLP.URL + "/v1", "the response had no readable log-probabilities, and the text has no verdict",
				"20 of 20 answers carried no readable log-probabilities although plumb asked for them", 20},
		} {
			cfg := lcConfig(t, c.base, listed, "calibraeval", IDs{"A", "B"}, false, lcItems(t))
			cfg.Arrangements = []model.Arrangement{model.X0}
			cfg.Client.cfg.TopLogprobs = c.top
			var warned []string
			cfg.Warn = func(s string) { warned = append(warned, s) }
			var st Stats
			_, err := Run(ctx, cfg, &st)
			fails := readFailures(t, cfg.Output+".failures.jsonl")
			if len(fails) == 0 || !strings.Contains(fails[0]["message"].(string), c.msg) {
				t.Errorf("top %d: failures %v, want %q (run: %v)", c.top, fails, c.msg, err)
			}
			if st.Read != 20 || st.WithLP != 0 || len(warned) != 1 || !strings.Contains(warned[0], "none of the first 20 answers gave P(A) from log-probabilities") {
				t.Errorf("top %d: %d read, %d with log-probabilities, warnings while running %q; want 20, 0, one", c.top, st.Read, st.WithLP, warned)
			}
			if w := strings.Join(Warnings(&st, cfg.IDs), "\n"); !strings.Contains(w, c.warning) {
				t.Errorf("top %d: warnings\n%s\nwant %q", c.top, w, c.warning)
			}
		}
	})

	// Sampled judgments (--evidence, --samples): llamacpp_samples_test.go.
	t.Run("samples", func(t *testing.T) { lcSamples(t, base, listed, rec) })

	// Item 3: echo (--ls) is refused with HTTP 500: not retried, the run
	// stops with the reason, attempts counted truthfully.
	t.Run("ls refused", func(t *testing.T) {
		tp, err := LoadScoreTemplate("")
		if err != nil {
			t.Fatal(err)
		}
		mk := func(completions bool) *Client {
			return NewClient(ClientConfig{BaseURL: base, Model: listed, TopLogprobs: 20, MaxTokens: tp.MaxTokens, Completions: completions,
				Timeout: 20 * time.Second, Retries: 6, BackoffBase: time.Millisecond, BackoffMax: 5 * time.Millisecond})
		}
		var sitems []ScoreItem
		for i := range 5 {
			sitems = append(sitems, ScoreItem{ID: fmt.Sprint("o", i), Criterion: "fluency", Input: "Lily was sad.", Output: "Sky blue the because.", HumanScore: 1})
		}
		cfg := &ScoreConfig{Items: sitems, Judge: listed, Template: tp, Client: mk(false), LS: mk(true), Min: 1, Max: 5, Jobs: 1,
			Output: filepath.Join(t.TempDir(), "scores.jsonl")}
		before := len(rec.all())
		var st Stats
		_, err = RunScores(ctx, cfg, &st)
		var f *Failure
		if !errors.As(err, &f) || f.Reason != "unsupported" || !strings.Contains(err.Error(), "Unsupported param: echo") {
			t.Fatalf("error %v, want the server's refusal of echo", err)
		}
		echo := 0
		for _, e := range rec.all()[before:] {
			if strings.Contains(e.Request, `"echo":true`) {
				echo++
				if e.Status != http.StatusInternalServerError {
					t.Errorf("echo answered HTTP %d: %s", e.Status, e.Response)
				}
			}
		}
		fails := readFailures(t, cfg.Output+".failures.jsonl")
		if echo != 1 || st.Retries != 0 || len(fails) != 1 || fails[0]["attempts"].(float64) != 1 {
			t.Errorf("%d echo requests, %d retries, failures %v; want 1, 0, one with 1 attempt", echo, st.Retries, fails)
		}
	})

	// Item 5: the model name is not checked by the server; "Tom" is two
	// tokens for this model, never an alternative while " Lily" is.
	t.Run("names and IDs", func(t *testing.T) {
		w, _ := NewClient(ClientConfig{BaseURL: base, Model: "stories"}).Preflight(ctx, &IDs{"Lily", "Tom"}, false)
		if len(w) != 2 || !strings.Contains(w[0], `model "stories"`) || !strings.Contains(w[0], strconv.Quote(listed)) ||
			!strings.Contains(w[1], `splits the ID "Tom" into several tokens ("Tom" → " T" "om"`) {
			t.Errorf("preflight warnings %q", w)
		}
		cfg := lcConfig(t, base, "stories", "lily.tmpl", IDs{"Lily", "Tom"}, true, lcItems(t, "s01", "s02", "s03"))
		st, _ := run(t, cfg)
		if st.Written != 3 || st.IDSeen[1] != 0 || st.IDSeen[0] < IDSplitMin {
			t.Fatalf("written %d, IDs seen %v (%v)", st.Written, st.IDSeen, st.Reasons())
		}
		checkAgainstRecorded(t, cfg, "/v1/completions", rec)
		if w := strings.Join(Warnings(st, cfg.IDs), "\n"); !strings.Contains(w, `"Tom" was never among the answer token's top 20 log-probabilities while "Lily" was`) {
			t.Errorf("warnings:\n%s", w)
		}
	})

	// Batch files: the requests of --batch-out, posted one by one to the
	// real server as a batch engine would (through a recording proxy),
	// give records whose every P(A) is the recomputation from the server's
	// own raw answer, and which equal a live run's (-j 1) of the same items
	// in every field; the log-probabilities agree within the server's
	// run-to-run noise, not bit for bit: llama.cpp answers the same body
	// with log-probabilities that differ between requests (by 5e-5 to
	// 1.7e-3 measured on stories260K: its prompt cache and slots), so two
	// live runs differ as much. That each batch record is exactly what the
	// server answered is checkAgainstRecorded's part.
	t.Run("batch files", func(t *testing.T) {
		for _, api := range []struct {
			name, path  string
			completions bool
		}{{"chat", "/v1/chat/completions", false}, {"completions", "/v1/completions", true}} {
			items := lcItems(t, "s01", "s02", "s03")
			live := lcConfig(t, base, listed, "calibraeval", IDs{"A", "B"}, api.completions, items)
			live.Jobs = 1
			run(t, live)
			dir := t.TempDir()
			bcfg := lcConfig(t, base, listed, "calibraeval", IDs{"A", "B"}, api.completions, items)
			bcfg.Output = filepath.Join(dir, "judged.jsonl")
			reqs := filepath.Join(dir, "requests.jsonl")
			if _, err := WriteBatch(bcfg, reqs, BatchLimits{}, nil); err != nil {
				t.Fatal(err)
			}
			bp, brec := recordingProxy(t, root, nil)
			res := filepath.Join(dir, "results.jsonl")
			collecttest.WriteLines(t, res, collecttest.Answer(t, bp.URL, collecttest.ReadRequests(t, reqs)))
			var st Stats
			if _, _, err := ReadBatch(bcfg, []string{res}, &st); err != nil {
				t.Fatal(err)
			}
			if st.Written != 3 || st.Failed != 0 {
				t.Fatalf("%s: %d written, %d failed (%v)", api.name, st.Written, st.Failed, st.Reasons())
			}
			if n := checkAgainstRecorded(t, bcfg, api.path, brec); n != 12 {
				t.Errorf("%s: checked %d arrangements against the server's answers, want 12", api.name, n)
			}
			sameRecords(t, api.name, live.Output, bcfg.Output, 1e-2)
		}
	})

	// The score task's batch files (no LS: this server refuses echo): the
	// requests posted one by one give the records of a live run, within
	// the server's own run-to-run spread. top_logprobs 300: this 512-token
	// model has no digit among its first 20 alternatives, so with 20 every
	// answer is "no-verdict" and there would be no record to compare.
	t.Run("score batch files", func(t *testing.T) {
		tp, err := LoadScoreTemplate("")
		if err != nil {
			t.Fatal(err)
		}
		var sitems []ScoreItem
		for i, out := range []string{"Lily played with her ball.", "Sky blue the because."} {
			for _, c := range []string{"fluency", "coherence"} {
				sitems = append(sitems, ScoreItem{ID: fmt.Sprint("o", i), Criterion: c, Input: "What did Lily do?", Output: out, HumanScore: 3})
			}
		}
		mk := func(out string) *ScoreConfig {
			cl := NewClient(ClientConfig{BaseURL: base, Model: listed, TopLogprobs: 300, MaxTokens: tp.MaxTokens,
				Timeout: 20 * time.Second, Retries: 2, BackoffBase: time.Millisecond, BackoffMax: 5 * time.Millisecond})
			return &ScoreConfig{Items: sitems, Judge: listed, Template: tp, Client: cl, Min: 1, Max: 5, Jobs: 1, Output: out}
		}
		live := mk(filepath.Join(t.TempDir(), "live.jsonl"))
		var lst Stats
		if _, err := RunScores(ctx, live, &lst); err != nil || lst.Written != 2 {
			t.Fatalf("live: %v, %d written (%v)", err, lst.Written, lst.Reasons())
		}
		dir := t.TempDir()
		bcfg := mk(filepath.Join(dir, "judged.jsonl"))
		reqs := filepath.Join(dir, "requests.jsonl")
		if out, err := WriteScoreBatch(bcfg, reqs, BatchLimits{}, nil); err != nil || out.Requests != 4 {
			t.Fatalf("batch %+v, %v", out, err)
		}
		res := filepath.Join(dir, "results.jsonl")
		collecttest.WriteLines(t, res, collecttest.Answer(t, root, collecttest.ReadRequests(t, reqs)))
		var st Stats
		if _, _, err := ReadScoreBatch(bcfg, []string{res}, &st); err != nil || st.Written != 2 || st.Failed != 0 {
			t.Fatalf("%v: %d written, %d failed (%v)", err, st.Written, st.Failed, st.Reasons())
		}
		sameRecords(t, "scores", live.Output, bcfg.Output, 1e-2)
	})

	// Item 4: a server with 128 tokens of context cuts a long prompt
	// silently (HTTP 200); the cut is detected and the item not written.
	t.Run("silent truncation", func(t *testing.T) {
		small := startLlama(t, bin, gguf, 128)
		sp, _ := recordingProxy(t, small, nil)
		long := strings.Repeat("Lily went to the park and played with her big red ball. ", 20)
		items := []Item{{ID: "long1", Prompt: "What did Lily do?", Response1: "She played.", Response2: long},
			{ID: "long2", Prompt: "What did Lily do?", Response1: "She played.", Response2: long}}
		cfg := lcConfig(t, sp.URL+"/v1", "stories", "calibraeval", IDs{"A", "B"}, false, items)
		st, _ := run(t, cfg)
		r := st.Reasons()
		if st.Written != 0 || r["truncated"] == 0 || st.FewTokens == 0 {
			t.Fatalf("written %d, failures %v, few-token answers %d; want 0 written, truncated failures, few-token answers", st.Written, r, st.FewTokens)
		}
		w := strings.Join(Warnings(st, cfg.IDs), "\n")
		if !strings.Contains(w, "answered from a silently cut prompt") || !strings.Contains(w, "fewer prompt tokens than their prompt can hold") {
			t.Errorf("warnings:\n%s", w)
		}
	})
	t.Logf("the whole test took %v", time.Since(begin).Round(time.Millisecond))
}
