package collect

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"
)

// TestProgressETAStalled: while no answer comes, the ETA says so instead
// of dividing the requests left by the rate of requests that failed after
// their retries. A port where nothing listened gave "ETA 2:46:31" after
// 36 s and 156 retries; a server that stops answering mid-run did the
// same. Each row is (seconds since the start, requests done, answered,
// seconds since the last answer).
func TestProgressETAStalled(t *testing.T) {
	now := time.Date(2026, 11, 27, 21, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		el, sinceAnswer     time.Duration
		done, answered, all int64
		want                string
	}{
		{36 * time.Second, 0, 8, 0, 200, "· no answer yet (0:36) ·"},                   // nothing ever answered
		{5 * time.Second, 0, 8, 0, 200, "ETA – ·"},                                     // too soon to say, and no rate
		{60 * time.Second, 30 * time.Second, 100, 100, 1000, "· no answer for 0:30 ·"}, // died mid-run
		{60 * time.Second, time.Second, 100, 100, 1000, "ETA 9:00 ·"},                  // answering: 900 left at 100/60 s
		// A slow judge (one answer per 20 s): 30 s without one is not a stall (3 × 20 s = 60 s is).
		{200 * time.Second, 30 * time.Second, 8, 8, 20, "ETA 5:00 ·"},
		{200 * time.Second, 70 * time.Second, 8, 8, 20, "· no answer for 1:10 ·"},
	} {
		st := &Stats{Requests: tc.all, Done: tc.done, Answered: tc.answered}
		if tc.answered > 0 {
			st.lastAnswer.Store(now.Add(-tc.sinceAnswer).UnixNano())
		}
		p := &Progress{st: st, begin: now.Add(-tc.el)}
		if line := p.lineAt(now); !strings.Contains(line, tc.want) {
			t.Errorf("%v in, %d/%d done, %d answered, last %v ago: %s; want %q", tc.el, tc.done, tc.all, tc.answered, tc.sinceAnswer, line, tc.want)
		}
	}
}

// TestProgressServerDiesMidRun: the practice server answers 12 requests
// and then stops (its listener closed: connections are refused). The run
// retries — a server may come back — and the progress line says how long
// no answer has come; once GiveUpAfter requests in a row have failed for
// good without reaching it, the run stops and says why (it went on
// failing every item left, each after half a minute of back-off).
func TestProgressServerDiesMidRun(t *testing.T) {
	t.Parallel() // mostly waiting (timeouts, a child process): beside the llama.cpp tests
	c := simConfig(t, 25)
	var n atomic.Int64
	died := make(chan struct{})
	var once sync.Once
	_, ts := startSim(t, c, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if n.Add(1) == 12 {
				once.Do(func() { close(died) })
			}
			h.ServeHTTP(w, r)
		})
	})
	go func() { <-died; ts.Close() }()
	cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", simItems(t, c))
	cfg.Client = NewClient(ClientConfig{BaseURL: ts.URL + "/v1", Model: "judge-first", TopLogprobs: 20, MaxTokens: 4,
		Timeout: 5 * time.Second, Retries: 3, BackoffBase: 100 * time.Millisecond, BackoffMax: 200 * time.Millisecond})
	var buf syncBuffer
	cfg.Progress = &Progress{W: &buf, Every: 10 * time.Millisecond, Stall: 150 * time.Millisecond}
	var st Stats
	_, err := Run(context.Background(), cfg, &st)
	out := buf.String()
	if st.Answered < 12 || st.Answered >= 40 || st.Retries == 0 || !strings.Contains(out, "· no answer for 0:0") {
		t.Errorf("%d answered, %d retries; progress:\n%s", st.Answered, st.Retries, out)
	}
	want := "the last 20 requests failed for good without reaching the server, each after its retries (the last: connection: "
	if err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "connection refused") ||
		st.Done >= st.Requests || st.Failed < GiveUpAfter || st.Failed > GiveUpAfter+int64(cfg.Jobs) {
		t.Errorf("Run: %v\n%d of %d requests done, %d failed", err, st.Done, st.Requests, st.Failed)
	}
}

// TestProgressFitsWidth: at 80 columns the redrawn line keeps the ETA
// and the retries (the bar, the tokens, then the rate give way) — a
// stalled server's "no answer for" was cut off.
func TestProgressFitsWidth(t *testing.T) {
	now := time.Date(2026, 11, 27, 21, 0, 0, 0, time.UTC)
	st := &Stats{Requests: 8000, Done: 196, Answered: 196, Retries: 42, PromptTok: 123456}
	st.lastAnswer.Store(now.Add(-12 * time.Second).UnixNano())
	for _, w := range []int{80, 200} {
		p := &Progress{st: st, begin: now.Add(-20 * time.Second), Terminal: true, Width: w, Label: "judge-first"}
		line := p.lineAt(now)
		if n := utf8.RuneCountInString(line); n > w-1 || !strings.Contains(line, "· no answer for 0:12 ·") || !strings.HasSuffix(line, "42 retries · 0 failed") {
			t.Errorf("width %d: %q (%d columns)", w, line, n)
		}
		if w == 200 && (!strings.Contains(line, "░]") || !strings.Contains(line, "123.5k tokens")) {
			t.Errorf("width 200 dropped a part: %q", line)
		}
	}
}

// TestProgressRetriesLive: the retries show while the requests making
// them are still retrying ("0 retries" stood on the line until a request
// gave up, 30 s of back-off later).
func TestProgressRetriesLive(t *testing.T) {
	t.Parallel() // mostly waiting or reading: beside the llama.cpp tests
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, `{"error":{"message":"loading"}}`, http.StatusServiceUnavailable)
	}))
	defer ts.Close()
	c := simConfig(t, 1)
	cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", simItems(t, c)[:1])
	cfg.Client = NewClient(ClientConfig{BaseURL: ts.URL + "/v1", Model: "judge-first", TopLogprobs: 20, MaxTokens: 4,
		Timeout: time.Second, Retries: 3, BackoffBase: 100 * time.Millisecond, BackoffMax: 100 * time.Millisecond})
	var buf syncBuffer
	cfg.Progress = &Progress{W: &buf, Every: 5 * time.Millisecond}
	st, _ := run(t, cfg)
	live := false
	for line := range strings.SplitSeq(buf.String(), "\n") {
		if strings.HasPrefix(line, "0/4 requests") && !strings.Contains(line, "· 0 retries") {
			live = true
		}
	}
	if st.Retries != 12 || !live {
		t.Errorf("%d retries (want 12: 4 requests × 3); no line shows a retry before a request finished:\n%s", st.Retries, buf.String())
	}
}
