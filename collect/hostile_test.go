package collect

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plumb-eval/plumb/model"
)

// The hostile server: an OpenAI-compatible server on 127.0.0.1 that tries
// every way it can to make collect lose items, invert answers or leak the
// API key (issue 17, "Done when"). Each case swaps the handler in; after
// it, an honest handler serves a re-run, which must complete every item
// exactly once with the honest numbers.

// hostileKey is the API key of the hostile tests; hostileKeyJSON is the
// same key as a JSON string body spells it with / escaped.
const (
	hostileKey     = "sk-te/st-0451-hostile"
	hostileKeyJSON = `sk-te\/st-0451-hostile`
	hostilePass    = "sk-userinfo-9932-pass" // the password in --base-url's userinfo
)

// honestP is the P(A) the honest handler gives in every arrangement.
const honestP = 0.8

// chatAnswer returns a chat completions body answering text, whose first
// token has the top alternatives alts (token, log-probability pairs).
func chatAnswer(text string, alts ...any) string {
	top := make([]map[string]any, 0, len(alts)/2)
	for i := 0; i+1 < len(alts); i += 2 {
		top = append(top, map[string]any{"token": alts[i], "logprob": alts[i+1]})
	}
	first := map[string]any{"token": text, "logprob": -0.1, "top_logprobs": top}
	b, _ := json.Marshal(map[string]any{
		"choices": []any{map[string]any{"message": map[string]any{"role": "assistant", "content": text},
			"logprobs": map[string]any{"content": []any{first}}}},
		"usage": map[string]int{"prompt_tokens": 10, "completion_tokens": 1},
	})
	return string(b)
}

func honest(w http.ResponseWriter, _ *http.Request) {
	io.WriteString(w, chatAnswer("A", "A", math.Log(honestP), "B", math.Log(1-honestP)))
}

// swappable is a handler whose handler can be replaced between runs.
type swappable struct {
	mu sync.Mutex
	h  http.HandlerFunc
	n  atomic.Int64 // requests served
}

func (s *swappable) set(h http.HandlerFunc) { s.mu.Lock(); s.h = h; s.mu.Unlock() }
func (s *swappable) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.n.Add(1)
	s.mu.Lock()
	h := s.h
	s.mu.Unlock()
	h(w, r)
}

// hostileItems are the items of the hostile runs.
func hostileItems(n int) []Item {
	items := make([]Item, n)
	for i := range items {
		items[i] = Item{ID: fmt.Sprintf("h%02d", i), Prompt: fmt.Sprintf("Q%d: which is better?", i),
			Response1: "first answer", Response2: "second answer"}
	}
	return items
}

// hostileConfig is a run against base with the hostile key, quick retries
// and progress lines written to progress.
func hostileConfig(t *testing.T, base string, items []Item, progress io.Writer) *Config {
	t.Helper()
	tp, err := LoadTemplate("calibraeval")
	if err != nil {
		t.Fatal(err)
	}
	ids := IDs{"A", "B"}
	cl := NewClient(ClientConfig{BaseURL: base, APIKey: hostileKey, Model: "judge", TopLogprobs: 20, MaxTokens: 4,
		Timeout: 2 * time.Second, Retries: 1, BackoffBase: time.Millisecond, BackoffMax: 2 * time.Millisecond})
	return &Config{Items: items, Judge: "judge", Arrangements: model.Arrangements[:], IDs: ids, Template: tp, Client: cl,
		Reader: Reader{IDs: ids, Marker: tp.Marker, Tie: tp.Tie}, Jobs: 4,
		Output:   filepath.Join(t.TempDir(), "judged.jsonl"),
		Meta:     map[string]any{"api": "chat", "model": "judge"},
		Progress: &Progress{W: progress, Every: time.Millisecond, Label: "judge", Redact: cl.Redact}}
}

// secretsIn returns the secrets found in s: raw, ignoring case, or in any
// escaped spelling a JSON decoder or a URL decoder would turn back.
func secretsIn(s string) []string {
	views := []string{s}
	if u, err := url.PathUnescape(s); err == nil {
		views = append(views, u)
	}
	var found []string
	basic := strings.TrimRight(base64.StdEncoding.EncodeToString([]byte("user:"+hostilePass)), "=")
	for _, sec := range []string{hostileKey, hostilePass, basic} {
		for _, v := range views {
			lv := strings.ToLower(v)
			if strings.Contains(lv, strings.ToLower(sec)) || strings.Contains(lv, strings.ToLower(strings.ReplaceAll(sec, "/", `\/`))) {
				found = append(found, sec)
				break
			}
		}
	}
	return found
}

// failureLines reads the failures file: each line decoded.
func failureLines(t *testing.T, name string) []map[string]any {
	t.Helper()
	b, err := os.ReadFile(name)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("failures file: %v: %s", err, sc.Text())
		}
		out = append(out, m)
	}
	return out
}

func TestHostileServer(t *testing.T) {
	const n = 3 // 12 requests per run: under GiveUpAfter, so every item is tried
	var elsewhere atomic.Int64
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		elsewhere.Add(1) // nothing may ever arrive here
		honest(w, r)
	}))
	defer other.Close()
	var malformed atomic.Int64
	bodies := []string{
		`not json at all`, `{"choices":[{"message":{"content":"A"`, `{"choices":[{"message":null}]}`,
		`{"choices":"A"}`, `null`, ``, `{"choices":[{"message":{"content":"A"},"logprobs":{"content":[{"token":"A","logprob":1e999}]}}]}`,
		`{"choices":[]}`, "\x1b]52;c;aGk=\x07",
	}

	cases := []struct {
		name    string
		handler http.HandlerFunc
		creds   bool // --base-url carries user:password@
		// what the hostile run must end with
		fatal   string // a fatal error naming this (empty: none)
		written int    // records written
		failed  string // the reason of every failure ("" = none)
		pA      float64
		check   func(t *testing.T, st *Stats, lg *model.Log)
	}{
		{name: "malformed bodies", failed: "malformed|empty-choices",
			handler: func(w http.ResponseWriter, r *http.Request) {
				io.WriteString(w, bodies[int(malformed.Add(1))%len(bodies)])
			}},
		{name: "400 echoing the JSON-escaped key", failed: "http-4xx",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(http.StatusBadRequest)
				io.WriteString(w, `{"error":{"message":"key `+hostileKeyJSON+` may not ask for logprobs"}}`)
			}},
		{name: "500 echoing the key in \\u escapes, twice escaped, upper-cased and URL-encoded", failed: "http-5xx",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(http.StatusInternalServerError)
				esc := `\u0073\u006b-te\/st-0451-hostile`
				twice := `{\"error\":\"\\u0073k-te\\/st-0451-hostile\"}`
				io.WriteString(w, `{"error":{"message":"`+esc+` / `+twice+` / `+strings.ToUpper(hostileKey)+` / `+url.QueryEscape(hostileKey)+`"}}`)
			}},
		{name: "non-JSON 502 echoing the Authorization header", failed: "http-5xx",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(http.StatusBadGateway)
				io.WriteString(w, "<html>bad gateway for "+r.Header.Get("Authorization")+"</html>")
			}},
		{name: "200 whose text repeats the key and no verdict", failed: "no-verdict",
			handler: func(w http.ResponseWriter, r *http.Request) {
				// No option among the alternatives; the text is the key, then
				// a long tail so a cut could fall inside a key placed late.
				long := strings.Repeat("x ", 95) + hostileKey
				io.WriteString(w, chatAnswer(hostileKey+" \x1b[2J "+long, "Sure", -0.1))
			}},
		{name: "cross-origin 307", fatal: "another origin",
			handler: func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, other.URL+"/v1/chat/completions", http.StatusTemporaryRedirect)
			}},
		{name: "cross-origin 308 to the same host, another port", fatal: "another origin",
			handler: func(w http.ResponseWriter, r *http.Request) {
				u, _ := url.Parse(other.URL)
				http.Redirect(w, r, "http://localhost:"+u.Port()+"/v1/chat/completions", http.StatusPermanentRedirect)
			}},
		{name: "positive log-probabilities", written: n, pA: 1 / (1 + math.Exp(-3)),
			handler: func(w http.ResponseWriter, r *http.Request) {
				io.WriteString(w, chatAnswer("A", "A", 5.0, "B", -3.0))
			},
			check: func(t *testing.T, st *Stats, lg *model.Log) {
				if st.PositiveLP != 4*n {
					t.Errorf("%d answers counted with a positive log-probability, want %d", st.PositiveLP, 4*n)
				}
				var meta struct {
					Positive []string `json:"positive_logprob"`
				}
				json.Unmarshal(lg.Pairs[0].Extra["collect"], &meta)
				if len(meta.Positive) != 4 {
					t.Errorf("collect.positive_logprob = %v, want the four arrangements", meta.Positive)
				}
			}},
		{name: "near-certain answers (A 0.0 and \" A\" -17.5)", written: n, pA: 1,
			handler: func(w http.ResponseWriter, r *http.Request) {
				io.WriteString(w, chatAnswer("A", "A", 0.0, " A", -17.5))
			},
			check: func(t *testing.T, st *Stats, lg *model.Log) {
				for _, p := range lg.Pairs {
					for a := range model.NumArrangements {
						if lp := p.Logprobs[a][0]; lp != 0 {
							t.Errorf("%s x%d: log P(A) = %v, want 0 (capped)", p.ID, a, lp)
						}
					}
				}
			}},
		{name: "credentials in --base-url, echoed by a 400", creds: true, failed: "http-4xx",
			handler: func(w http.ResponseWriter, r *http.Request) {
				user, pass, _ := r.BasicAuth()
				w.WriteHeader(http.StatusBadRequest)
				// Go sends the userinfo as Basic auth only without another
				// Authorization header; echo whatever came, and the URL.
				enc := base64.StdEncoding.EncodeToString([]byte("user:" + hostilePass))
				io.WriteString(w, fmt.Sprintf(`{"error":{"message":"user %s pass %s auth %s url http://user:%s@%s/v1 (%s)"}}`,
					user, pass, r.Header.Get("Authorization"), hostilePass, r.Host, enc))
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sw := &swappable{h: c.handler}
			ts := httptest.NewServer(sw)
			defer ts.Close()
			base := ts.URL + "/v1"
			if c.creds {
				u, _ := url.Parse(ts.URL)
				u.User = url.UserPassword("user", hostilePass)
				base = u.String() + "/v1"
			}
			var progress syncBuffer
			items := hostileItems(n)
			cfg := hostileConfig(t, base, items, &progress)
			before := elsewhere.Load()
			var st Stats
			prior, err := Run(context.Background(), cfg, &st)
			summary := Summary(&st, prior, time.Second)
			errText := ""
			if err != nil {
				errText = err.Error()
			}

			// Nothing leaks: not in the error, the summary, the progress
			// lines, the endpoint shown, the failures file (raw or decoded)
			// or the log.
			fails := failureLines(t, cfg.Output+".failures.jsonl")
			rawFails, _ := os.ReadFile(cfg.Output + ".failures.jsonl")
			logBytes, _ := os.ReadFile(cfg.Output)
			texts := map[string]string{"error": errText, "summary": summary, "progress": progress.String(),
				"endpoint": cfg.Client.Endpoint(), "failures file": string(rawFails), "log": string(logBytes)}
			for i, f := range fails {
				texts[fmt.Sprintf("failure %d message", i)] = fmt.Sprint(f["message"])
			}
			for where, s := range texts {
				if found := secretsIn(s); len(found) > 0 {
					t.Errorf("%s leaks %v: %s", where, found, s)
				}
				if strings.ContainsAny(s, "\x1b\x07") {
					t.Errorf("%s carries a terminal control: %q", where, s)
				}
			}
			if got := elsewhere.Load() - before; got != 0 {
				t.Errorf("%d requests reached the other origin", got)
			}

			// Nothing is lost: every item is written or counted, with its
			// reason in the failures file.
			switch {
			case c.fatal != "":
				var f *Failure
				if err == nil || !strings.Contains(errText, c.fatal) || !asFailure(err, &f) || f.Reason != "redirect" || !f.Fatal {
					t.Fatalf("want a fatal redirect failure naming %q, got %v", c.fatal, err)
				}
			case err != nil:
				t.Fatalf("Run: %v", err)
			}
			if st.Written != int64(c.written) {
				t.Errorf("written %d, want %d\n%s", st.Written, c.written, summary)
			}
			if c.fatal == "" && st.Written+st.ItemsFailed+st.Discarded != n {
				t.Errorf("written %d + failed %d + unfinished %d ≠ %d items", st.Written, st.ItemsFailed, st.Discarded, n)
			}
			if c.failed != "" {
				if st.ItemsFailed != n || int(st.Failed) != len(fails) || len(fails) != 4*n {
					t.Errorf("items failed %d, failed requests %d, failure lines %d; want %d, %d, %d", st.ItemsFailed, st.Failed, len(fails), n, 4*n, 4*n)
				}
				for _, f := range fails {
					if !strings.Contains("|"+c.failed+"|", fmt.Sprintf("|%v|", f["reason"])) {
						t.Errorf("failure reason %v, want %s", f["reason"], c.failed)
					}
				}
			}
			lg := readLog(t, cfg.Output)
			// Nothing is inverted: every record holds the server's P(A).
			for _, p := range lg.Pairs {
				for a := range model.NumArrangements {
					if math.Abs(p.S[a]-c.pA) > 1e-12 {
						t.Errorf("%s x%d: P(A) = %v, want %v", p.ID, a, p.S[a], c.pA)
					}
				}
			}
			if c.check != nil {
				c.check(t, &st, lg)
			}

			// An honest server then completes every item, once.
			sw.set(honest)
			st2, _ := run(t, cfg)
			lg = readLog(t, cfg.Output)
			if len(lg.Pairs) != n || st2.Skipped+st2.Written != n {
				t.Fatalf("after the honest re-run: %d records (skipped %d, wrote %d), want %d", len(lg.Pairs), st2.Skipped, st2.Written, n)
			}
			for _, p := range lg.Pairs {
				want := c.pA
				if c.written == 0 {
					want = honestP
				}
				if math.Abs(p.S[0]-want) > 1e-12 {
					t.Errorf("%s: P(A) = %v after the re-run, want %v", p.ID, p.S[0], want)
				}
			}
			t.Logf("%s: %s", c.name, strings.ReplaceAll(strings.TrimSpace(summary), "\n", " | "))
			if errText != "" {
				t.Logf("error: %s", errText)
			}
			if len(fails) > 0 {
				t.Logf("first failure: %v", fails[0]["message"])
			}
		})
	}
}

func asFailure(err error, f **Failure) bool {
	for err != nil {
		if ff, ok := err.(*Failure); ok {
			*f = ff
			return true
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return false
		}
		err = u.Unwrap()
	}
	return false
}
