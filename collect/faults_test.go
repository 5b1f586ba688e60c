package collect

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"hash/fnv"
	"io"
	"math"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plumb-eval/plumb/model"
)

// faulty wraps a handler with deterministic faults, chosen per request body
// (so per item and arrangement): 429 bursts with Retry-After, 500s, slow
// bodies past the client's timeout, connections reset mid-body, malformed
// JSON, empty choices, non-JSON bodies and answers without logprobs. Each
// fault strikes the first attempts only, so retries get through; the item
// with prompt "Q13:" always gets a context-length error.
type faulty struct {
	next     http.Handler
	mu       sync.Mutex
	attempts map[uint64]int
}

func (f *faulty) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	h := fnv.New64a()
	h.Write(body)
	key := h.Sum64()
	f.mu.Lock()
	n := f.attempts[key]
	f.attempts[key] = n + 1
	f.mu.Unlock()
	if bytes.Contains(body, []byte("Q13: ")) {
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"error":{"message":"This model's maximum context length is 8192 tokens. However, you requested 9000 tokens.","type":"invalid_request_error","code":"context_length_exceeded"}}`)
		return
	}
	switch key % 10 {
	case 0: // a 429 burst
		if n < 3 {
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusTooManyRequests)
			io.WriteString(w, `{"error":{"message":"Rate limit reached"}}`)
			return
		}
	case 1:
		if n < 2 {
			w.WriteHeader(http.StatusInternalServerError)
			io.WriteString(w, `{"error":{"message":"internal error"}}`)
			return
		}
	case 2: // slow: headers, then nothing until the client gave up
		if n < 1 {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusOK)
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
			case <-time.After(2 * time.Second):
			}
			return
		}
	case 3: // connection reset mid-body
		if n < 1 {
			conn, buf, err := w.(http.Hijacker).Hijack()
			if err != nil {
				panic(err)
			}
			buf.WriteString("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{\"choices\":[{\"message\"")
			buf.Flush()
			conn.Close()
			return
		}
	case 4:
		if n < 1 {
			io.WriteString(w, `{"choices":[{"message":{"content":"A"`)
			return
		}
	case 5:
		if n < 1 {
			io.WriteString(w, `{"id":"x","choices":[]}`)
			return
		}
	case 6:
		if n < 2 {
			w.WriteHeader(http.StatusBadGateway)
			io.WriteString(w, "<html><body>502 Bad Gateway</body></html>")
			return
		}
	case 7: // a server that ignores logprobs: only the text's verdict
		body = bytes.Replace(body, []byte(`"logprobs":true`), []byte(`"logprobs":false`), 1)
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	f.next.ServeHTTP(w, r)
}

// TestFaults runs collect against a server that misbehaves in every way:
// every item must end written or counted as failed with its reason, and
// every written record must hold the simulator's numbers.
func TestFaults(t *testing.T) {
	t.Parallel() // mostly waiting (timeouts, a child process): beside the llama.cpp tests
	const n = 120
	c := simConfig(t, n)
	srv, ts := startSim(t, c, func(h http.Handler) http.Handler { return &faulty{next: h, attempts: map[uint64]int{}} })
	items := simItems(t, c)
	cfg := testConfig(t, ts.URL, "judge-tokenA", "calibraeval", items)
	cfg.Client.cfg.Timeout = 300 * time.Millisecond
	st, _ := run(t, cfg)
	reasons := st.Reasons()
	t.Logf("written %d, items failed %d, retries %d, with logprobs %d, text only %d, failures %v",
		st.Written, st.ItemsFailed, st.Retries, st.WithLP, st.HardOnly, reasons)
	if st.Written+st.ItemsFailed != n || st.Discarded != 0 {
		t.Fatalf("written %d + failed %d + discarded %d ≠ %d items", st.Written, st.ItemsFailed, st.Discarded, n)
	}
	if st.ItemsFailed != 1 || reasons["context-length"] != 4 || st.Failed != 4 {
		t.Errorf("want exactly item p0013 failed (4 context-length errors), got %d items, %v", st.ItemsFailed, reasons)
	}
	if st.Retries < 20 || st.HardOnly == 0 || st.Done != 4*n || st.Answered+st.Failed != st.Done {
		t.Errorf("retries %d, text-only %d, done %d, answered %d, failed %d", st.Retries, st.HardOnly, st.Done, st.Answered, st.Failed)
	}
	// The failures file names the item, arrangement and reason.
	fb, err := os.ReadFile(cfg.Output + ".failures.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(fb))
	lines := 0
	for sc.Scan() {
		var f struct{ ID, Arrangement, Reason, Message string }
		if err := json.Unmarshal(sc.Bytes(), &f); err != nil {
			t.Fatal(err)
		}
		if f.ID != "p0013" || f.Reason != "context-length" || !strings.Contains(f.Message, "maximum context length") {
			t.Errorf("failure line %+v", f)
		}
		lines++
	}
	if lines != 4 {
		t.Errorf("%d failure lines, want 4", lines)
	}
	lg := readLog(t, cfg.Output)
	if len(lg.Pairs) != n-1 {
		t.Fatalf("%d records", len(lg.Pairs))
	}
	mixed := 0
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		var num int
		for _, ch := range p.ID[1:] {
			num = num*10 + int(ch-'0')
		}
		for a := range model.NumArrangements {
			want, _ := srv.Logit("judge-tokenA", num, model.Arrangement(a))
			got := p.S[a]
			wantS := sigmoidF(want)
			if p.Source == model.SourceLogprob || (p.Source == model.SourceProb && got != 0 && got != 1) {
				if d := got - wantS; d > 1e-9 || d < -1e-9 {
					t.Fatalf("%s %d: P(A) %v, simulator's %v", p.ID, a, got, wantS)
				}
			} else if (got == 1) != (wantS > 0.5) {
				t.Fatalf("%s %d: hard verdict %v, simulator's P(A) %v", p.ID, a, got, wantS)
			}
		}
		if p.Source == model.SourceProb {
			mixed++
			var meta struct {
				From     map[string]string             `json:"from"`
				Logprobs map[string]map[string]float64 `json:"logprobs"`
			}
			if err := json.Unmarshal(p.Extra["collect"], &meta); err != nil {
				t.Fatal(err)
			}
			for arr, src := range meta.From {
				a, _ := model.ParseArrangement(arr)
				lp, has := meta.Logprobs[arr]
				if (src == "logprobs") != has || (has && math.Abs(sigmoidF(lp["A"]-lp["B"])-p.S[a]) > 1e-12) {
					t.Fatalf("%s %s: from %s, kept logprobs %v, P(A) %v", p.ID, arr, src, lp, p.S[a])
				}
			}
		}
	}
	if mixed == 0 {
		t.Error("no record mixes log-probabilities and text verdicts; the no-logprobs fault did not strike")
	}
}

func sigmoidF(x float64) float64 { o := Outcome{LP: [2]float64{x, 0}}; return o.P() }

// TestFatalStops checks that a wrong key (401) and a wrong model (404) stop
// the run at once with a clear error, and that the key never appears in it.
func TestFatalStops(t *testing.T) {
	c := simConfig(t, 50)
	const key = "sk-secret-test-key-123"
	_, ts := startSim(t, c, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if got := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "); got != key {
				w.WriteHeader(http.StatusUnauthorized)
				io.WriteString(w, `{"error":{"message":"Incorrect API key provided: `+got+`"}}`) // echoes the key
				return
			}
			h.ServeHTTP(w, r)
		})
	})
	items := simItems(t, c)
	for _, tc := range []struct {
		key, model, reason string
	}{{"sk-wrong", "judge-first", "unauthorized"}, {key, "no-such-model", "not-found"}} {
		cfg := testConfig(t, ts.URL, tc.model, "calibraeval", items)
		cc := cfg.Client.cfg
		cc.APIKey = tc.key
		cfg.Client = NewClient(cc) // the client redacts the key it is built with
		var st Stats
		start := time.Now()
		_, err := Run(context.Background(), cfg, &st)
		var f *Failure
		if !errors.As(err, &f) || f.Reason != tc.reason || !f.Fatal {
			t.Fatalf("%s: error %v, want a fatal %s", tc.reason, err, tc.reason)
		}
		if strings.Contains(err.Error(), tc.key) {
			t.Errorf("the error shows the API key: %v", err)
		}
		if st.Done > int64(2*cfg.Jobs) || time.Since(start) > 5*time.Second {
			t.Errorf("%s: %d requests finished before stopping", tc.reason, st.Done)
		}
		t.Logf("%s: %v", tc.reason, err)
	}
}

// TestGivesUpWhenEverythingFails: a server that rejects every request with
// a 400 stops the run after GiveUpAfter failures, not after every item.
func TestGivesUpWhenEverythingFails(t *testing.T) {
	c := simConfig(t, 200)
	_, ts := startSim(t, c, func(http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, `{"error":{"message":"top_logprobs must be at most 5"}}`)
		})
	})
	cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", simItems(t, c))
	var st Stats
	_, err := Run(context.Background(), cfg, &st)
	if err == nil || !strings.Contains(err.Error(), "top_logprobs must be at most 5") || st.Failed > GiveUpAfter+int64(cfg.Jobs) {
		t.Fatalf("err %v after %d failures", err, st.Failed)
	}
}
