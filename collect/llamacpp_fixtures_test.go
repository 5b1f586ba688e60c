package collect

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// Tests on the answers of a real llama.cpp server, recorded in
// testdata/llamacpp (see its README): they run everywhere. The same
// checks against a live server are in llamacpp_test.go.

// TestParseCompletionChatShape reproduces issue 22 item 1: llama.cpp's
// /v1/completions answers logprobs in the chat shape (content[] with
// top_logprobs[]), which ParseCompletion read as no tokens at all.
func TestParseCompletionChatShape(t *testing.T) {
	a, err := ParseCompletion(lcFile(t, "completions_logprobs5.json"))
	if err != nil {
		t.Fatal(err)
	}
	if a.Text != " Lily. She" || len(a.Tokens) != 3 || a.PromptTokens != 14 || a.CompletionTokens != 3 {
		t.Fatalf("text %q, %d tokens, usage %d/%d; want \" Lily. She\", 3 tokens, 14/3", a.Text, len(a.Tokens), a.PromptTokens, a.CompletionTokens)
	}
	first := a.Tokens[0]
	if first.Text != " Lily" || len(first.Top) != 5 || first.Top[0] != (Alt{" Lily", -0.07660726457834244}) ||
		first.Top[4] != (Alt{" M", -4.3974528312683105}) {
		t.Errorf("first token %+v", first)
	}
	r := Reader{IDs: IDs{"Lily", "Tom"}}
	if o := r.Read(&a); !o.HasLP || o.P() != 1 || o.Miss != LPHit || o.TopK != 5 {
		t.Errorf("Lily/Tom: %+v", o)
	}

	// The legacy shape still reads, and a body without logprobs has none.
	for _, c := range []struct {
		file   string
		tokens int
	}{{"completions_nologprobs.json", 0}, {"completions_maxtokens0.json", 1}} {
		a, err := ParseCompletion(lcFile(t, c.file))
		if err != nil || len(a.Tokens) != c.tokens {
			t.Errorf("%s: %d tokens, %v; want %d", c.file, len(a.Tokens), err, c.tokens)
		}
	}
	if a, err := ParseCompletion([]byte(`{"choices":[{"text":" A","logprobs":{"tokens":[" A"],"token_logprobs":[-0.1],"top_logprobs":[{" A":-0.1," B":-2.4}]}}]}`)); err != nil ||
		len(a.Tokens) != 1 || len(a.Tokens[0].Top) != 2 || a.Tokens[0].Top[1] != (Alt{" B", -2.4}) {
		t.Errorf("legacy shape: %+v, %v", a, err)
	}
}

// TestCompletionsReplayLlamaCpp runs collect --completions against the
// recorded answers of llama.cpp (issue 22 item 1: every answer fell back to
// the text before, though A and B were in every top 20): every request must
// give P(A) from log-probabilities, equal to the recomputation from the
// raw answer.
func TestCompletionsReplayLlamaCpp(t *testing.T) {
	ts, served := replayServer(t, "completions_AB_exchanges.jsonl")
	cfg := lcConfig(t, ts.URL+"/v1", "model/stories260K.gguf", "calibraeval", IDs{"A", "B"}, true, lcItems(t, "s01", "s02"))
	st, _ := run(t, cfg)
	if st.WithLP != 8 || st.Written != 2 || st.Failed != 0 || st.Read != 8 || st.NoLogprobs != 0 {
		t.Fatalf("with logprobs %d of 8, written %d, failed %d (%v), read %d, no logprobs %d", st.WithLP, st.Written, st.Failed, st.Reasons(), st.Read, st.NoLogprobs)
	}
	if n := checkAgainstRecorded(t, cfg, "/v1/completions", served); n != 8 {
		t.Errorf("checked %d arrangements, want 8", n)
	}
	if w := Warnings(st, cfg.IDs); len(w) != 0 {
		t.Errorf("warnings on a clean run: %q", w)
	}
}

// fixedServer answers every request with status and the fixture body, and
// counts the requests.
func fixedServer(t testing.TB, status int, file string) (*httptest.Server, *int64) {
	t.Helper()
	body := lcFile(t, file)
	var n int64
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		atomic.AddInt64(&n, 1)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		w.Write(body)
	}))
	t.Cleanup(ts.Close)
	return ts, &n
}

// TestSaysWhyNoLogprobs reproduces issue 22 item 2: "neither option ID is
// among the answer token's top log-probabilities" was said also when the
// response had no log-probabilities at all. The two cases now say
// different things, per request and in the run's warnings, and a run
// whose first answers all lack P(A) warns while it goes.
func TestSaysWhyNoLogprobs(t *testing.T) {
	cases := []struct {
		file, failure, warning string
	}{
		{"chat_nologprobs.json", "the response had no readable log-probabilities, and the text has no verdict",
			"20 of 20 answers carried no readable log-probabilities although plumb asked for them"},
		{"chat_logprobs_top5.json", `neither "A" nor "B" is among the answer token's top 5 log-probabilities, and the text has no verdict`,
			`in 20 of 20 answers neither "A" nor "B" was among the answer token's top 5 log-probabilities`},
	}
	for _, c := range cases {
		ts, _ := fixedServer(t, http.StatusOK, c.file)
		// One arrangement per item: a fixed answer to every prompt would
		// otherwise be taken for a cut prompt (identical answers).
		cfg := lcConfig(t, ts.URL+"/v1", "stories", "calibraeval", IDs{"A", "B"}, false, lcItems(t))
		cfg.Arrangements = []model.Arrangement{model.X0}
		var warned []string
		cfg.Warn = func(s string) { warned = append(warned, s) }
		var st Stats
		_, err := Run(context.Background(), cfg, &st)
		// Every request fails (no verdict in the text either): the run gives up after GiveUpAfter.
		if err == nil || !strings.Contains(err.Error(), c.failure) {
			t.Errorf("%s: error %v, want one saying %q", c.file, err, c.failure)
		}
		fails := readFailures(t, cfg.Output+".failures.jsonl")
		if len(fails) == 0 || !strings.Contains(fails[0]["message"].(string), c.failure) {
			t.Errorf("%s: failures %v, want %q", c.file, fails, c.failure)
		}
		if len(warned) != 1 || !strings.Contains(warned[0], "none of the first") {
			t.Errorf("%s: warnings while running %q, want one", c.file, warned)
		}
		if w := strings.Join(Warnings(&st, cfg.IDs), "\n"); !strings.Contains(w, c.warning) {
			t.Errorf("%s: warnings\n%s\nwant %q", c.file, w, c.warning)
		}
	}
}

// TestRefusedParamIsPermanent reproduces issue 22 item 3: llama.cpp refuses
// echo (--ls) with HTTP 500 "Unsupported param: echo"; plumb retried every
// item's LS request 6 times and recorded "attempts": 1. It must stop at
// the first answers, with the reason, and count attempts truthfully.
func TestRefusedParamIsPermanent(t *testing.T) {
	ts, n := fixedServer(t, http.StatusInternalServerError, "completions_echo.json")
	tp, err := LoadScoreTemplate("")
	if err != nil {
		t.Fatal(err)
	}
	mk := func(completions bool) *Client {
		return NewClient(ClientConfig{BaseURL: ts.URL + "/v1", Model: "stories", TopLogprobs: 20, MaxTokens: tp.MaxTokens,
			Completions: completions, Timeout: 5 * time.Second, Retries: 6, BackoffBase: time.Millisecond, BackoffMax: 5 * time.Millisecond})
	}
	var items []ScoreItem
	for _, id := range []string{"a", "b", "c", "d", "e"} {
		items = append(items, ScoreItem{ID: id, Criterion: "fluency", Input: "Lily was sad.", Output: "Sky blue the because.", HumanScore: 1})
	}
	// One job: every request sent is answered, so the counts are exact.
	// Two jobs: a request in flight when the run stops is abandoned (left
	// for the next run), so the server may see one more than is counted.
	for _, jobs := range []int{1, 2} {
		before := atomic.LoadInt64(n)
		cfg := &ScoreConfig{Items: items, Judge: "stories", Template: tp, Client: mk(false), LS: mk(true),
			Min: 1, Max: 5, Jobs: jobs, Output: t.TempDir() + "/scores.jsonl"}
		var st Stats
		_, err = RunScores(context.Background(), cfg, &st)
		var f *Failure
		if !errors.As(err, &f) || f.Reason != "unsupported" || !f.Fatal || !strings.Contains(err.Error(), "Unsupported param: echo") ||
			!strings.Contains(err.Error(), "collect without --ls") {
			t.Fatalf("error %v, want a fatal unsupported failure naming echo and --ls", err)
		}
		requests := atomic.LoadInt64(n) - before
		if requests > int64(jobs) || st.Retries != 0 {
			t.Errorf("-j %d: %d requests, %d retries: a refused parameter must not be retried", jobs, requests, st.Retries)
		}
		fails := readFailures(t, cfg.Output+".failures.jsonl")
		attempts := 0.0
		for _, f := range fails {
			attempts += f["attempts"].(float64)
		}
		if int64(len(fails)) != st.Failed || (jobs == 1 && (attempts != 1 || requests != 1)) || int64(attempts) > requests {
			t.Errorf("-j %d: failures file counts %v attempts in %d lines; the server saw %d requests, stats %d failed", jobs, attempts, len(fails), requests, st.Failed)
		}
	}
}

// TestLSRetriesCounted: LS requests that are retried count in the run's
// retries and in the failures file's attempts (issue 22 item 3: the score
// path wrote "attempts": 1 and never counted LS retries).
func TestLSRetriesCounted(t *testing.T) {
	var n int64
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		atomic.AddInt64(&n, 1)
		w.WriteHeader(http.StatusInternalServerError)
		io.WriteString(w, `{"error":{"message":"internal error"}}`)
	}))
	t.Cleanup(ts.Close)
	tp, err := LoadScoreTemplate("")
	if err != nil {
		t.Fatal(err)
	}
	cl := NewClient(ClientConfig{BaseURL: ts.URL + "/v1", Model: "m", TopLogprobs: 20, MaxTokens: tp.MaxTokens, Completions: true,
		Timeout: 5 * time.Second, Retries: 2, BackoffBase: time.Millisecond, BackoffMax: 2 * time.Millisecond})
	items := []ScoreItem{{ID: "a", Criterion: "c", Input: "i", Output: "o", HumanScore: 1}, {ID: "b", Criterion: "c", Input: "i", Output: "o", HumanScore: 1}}
	cfg := &ScoreConfig{Items: items, Judge: "m", Template: tp, Client: cl, LS: cl, Min: 1, Max: 5, Jobs: 1, Output: t.TempDir() + "/s.jsonl"}
	var st Stats
	if _, err := RunScores(context.Background(), cfg, &st); err != nil {
		t.Fatal(err)
	}
	fails := readFailures(t, cfg.Output+".failures.jsonl")
	if st.Retries != 4 || n != 6 || len(fails) != 2 || fails[0]["attempts"].(float64) != 3 || fails[1]["attempts"].(float64) != 3 {
		t.Errorf("retries %d, requests %d, failures %v; want 4 retries, 6 requests, 3 attempts each", st.Retries, n, fails)
	}
}

// TestErrorPhrases: which error answers are permanent (issue 22 items 3
// and 4), whatever their status.
func TestErrorPhrases(t *testing.T) {
	for _, c := range []struct {
		status int
		body   string
		reason string
		fatal  bool
	}{
		{500, string(lcFile(t, "completions_echo.json")), "unsupported", true},
		{500, `{"error":{"code":500,"message":"Only no echo is supported","type":"server_error"}}`, "unsupported", true},
		{400, `{"error":{"message":"Unsupported parameter: 'logprobs' is not supported with this model.","type":"invalid_request_error","param":"logprobs","code":"unsupported_parameter"}}`, "unsupported", true},
		{501, `not implemented`, "unsupported", true},
		{400, string(lcFile(t, "context_size_400.json")), "context-length", false},
		{400, `{"error":{"message":"This model's maximum context length is 8192 tokens. However, you requested 9000 tokens."}}`, "context-length", false},
		{500, `{"error":{"message":"internal error"}}`, "http-5xx", false},
		{400, `{"error":{"message":"top_logprobs must be at most 5"}}`, "http-4xx", false},
	} {
		f := statusFailure(&http.Response{StatusCode: c.status, Header: http.Header{}}, []byte(c.body))
		if f.Reason != c.reason || f.Fatal != c.fatal || (f.retry && (c.fatal || c.reason == "context-length")) {
			t.Errorf("%d %s: reason %s fatal %v retry %v; want %s fatal %v", c.status, c.body, f.Reason, f.Fatal, f.retry, c.reason, c.fatal)
		}
	}
}

// TestContextSizeRefusal reproduces issue 22 item 4's newer llama.cpp
// answer: HTTP 400 "the request exceeds the available context size, try
// increasing it" was an http-4xx; it is a context-length failure, not
// retried, and the run's warnings say to give the server more context.
func TestContextSizeRefusal(t *testing.T) {
	ts, n := fixedServer(t, http.StatusBadRequest, "context_size_400.json")
	cfg := lcConfig(t, ts.URL+"/v1", "stories", "calibraeval", IDs{"A", "B"}, false, lcItems(t, "s01"))
	st, _ := run(t, cfg)
	if r := st.Reasons(); r["context-length"] != 4 || *n != 4 {
		t.Fatalf("failures %v after %d requests; want 4 context-length failures, no retries", r, *n)
	}
	if w := strings.Join(Warnings(st, cfg.IDs), "\n"); !strings.Contains(w, "4 requests failed because the prompt did not fit the server's context (4 refused, 0 answered from a silently cut prompt)") ||
		!strings.Contains(w, "llama.cpp -c N") {
		t.Errorf("warnings:\n%s", w)
	}
}

// TestSilentTruncationReplay replays a llama.cpp server started with -c 128
// (issue 22 item 4): a 645-token prompt came back as 69 prompt tokens with
// HTTP 200, and two arrangements got identical answers. The later of two
// identical answers fails as "truncated", so the item is not written, and
// the too-few prompt tokens are counted and warned about.
func TestSilentTruncationReplay(t *testing.T) {
	ts, _ := replayServer(t, "chat_ctx128_truncated_exchanges.jsonl")
	long := strings.Repeat("Lily went to the park and played with her big red ball. ", 20) // as recorded, with the trailing space
	items := []Item{{ID: "long1", Prompt: "What did Lily do?", Response1: "She played.", Response2: long},
		{ID: "long2", Prompt: "What did Lily do?", Response1: "She played.", Response2: long}}
	cfg := lcConfig(t, ts.URL+"/v1", "stories", "calibraeval", IDs{"A", "B"}, false, items)
	st, _ := run(t, cfg)
	if st.Written != 0 || st.ItemsFailed != 2 || st.FewTokens != st.Read || st.Read < 6 {
		t.Fatalf("written %d, items failed %d, few-token answers %d of %d read; want 0, 2, all", st.Written, st.ItemsFailed, st.FewTokens, st.Read)
	}
	perItem := map[string]int{}
	for _, f := range readFailures(t, cfg.Output+".failures.jsonl") {
		if f["reason"] == "truncated" {
			perItem[f["id"].(string)]++
			if msg := f["message"].(string); !strings.Contains(msg, "although the prompts differ") {
				t.Errorf("message %q", msg)
			}
		}
	}
	if perItem["long1"] == 0 || perItem["long2"] == 0 {
		t.Errorf("truncated failures per item %v, want some for both", perItem)
	}
	w := strings.Join(Warnings(st, cfg.IDs), "\n")
	for _, want := range []string{"answered from a silently cut prompt", "the worst: 69 tokens for 1404 bytes, 20 bytes a token"} {
		if !strings.Contains(w, want) {
			t.Errorf("warnings\n%s\nlack %q", w, want)
		}
	}
}

// TestSameAnswers: answers count as identical when every generated token
// and its alternatives agree within SameAnswerTol, over at least
// SameAnswerMinTokens tokens, the first with SameAnswerMinAlts
// alternatives, and only for differing prompts.
func TestSameAnswers(t *testing.T) {
	a := []Alt{{"\"", -1.771447}, {"B", -2.167624}, {"L", -2.199993}}
	b := []Alt{{"\"", -1.771448}, {"B", -2.167624}, {"L", -2.199992}}
	if !sameAlts(a, b) || sameAlts(a, b[:2]) || sameAlts(a, []Alt{{"\"", -1.7716}, {"B", -2.167624}, {"L", -2.199993}}) ||
		sameAlts(a, []Alt{{"\"", -1.771447}, {"L", -2.199993}, {"B", -2.167624}}) || sameAlts(a, []Alt{{"\"", math.NaN()}, {"B", -2.167624}, {"L", -2.199993}}) {
		t.Error("sameAlts")
	}
	two := func(first []Alt) *Answer {
		return &Answer{Tokens: []Token{{Text: "\"", Top: first}, {Text: "M", Top: []Alt{{"M", -1.68}, {"H", -1.73}}}}}
	}
	s := newSameAnswers()
	if f := s.check(0, model.X0, "", "prompt x0", two(a)); f != nil {
		t.Fatal(f)
	}
	if f := s.check(0, model.X2, "", "prompt x0", two(b)); f != nil { // the same prompt: alike is expected
		t.Errorf("same prompt: %v", f)
	}
	if f := s.check(0, model.X3, "", "prompt x3", two(b)); f == nil || f.Reason != "truncated" || !strings.Contains(f.Msg, "arrangement x0's") {
		t.Errorf("differing prompts, identical answers: %v", f)
	}
	if f := s.check(1, model.X0, "", "p", &Answer{Tokens: two(a).Tokens[:1]}); f != nil {
		t.Errorf("one token: %v", f)
	}
	if f := s.check(1, model.X1, "", "q", &Answer{Tokens: two(a).Tokens[:1]}); f != nil {
		t.Errorf("one token: %v", f)
	}
	if f := s.check(2, model.X0, "", "p", two(a[:2])); f != nil {
		t.Errorf("two alternatives: %v", f)
	}
	if f := s.check(2, model.X1, "", "q", two(b[:2])); f != nil {
		t.Errorf("two alternatives: %v", f)
	}
	s.forget(0)
	if f := s.check(0, model.X3, "", "prompt x3", two(b)); f != nil {
		t.Errorf("a forgotten item: %v", f)
	}
}

// lcPreflightServer serves the recorded /v1/models and /tokenize answers.
func lcPreflightServer(t *testing.T, tokenize bool) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/v1/models":
			w.Write(lcFile(t, "models.json"))
		case r.URL.Path == "/tokenize" && tokenize:
			var req struct {
				Content string `json:"content"`
			}
			b, _ := io.ReadAll(r.Body)
			if err := json.Unmarshal(b, &req); err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			name := "tokenize_" + strings.ReplaceAll(req.Content, " ", "_") + ".json"
			if _, err := os.Stat("testdata/llamacpp/" + name); err != nil {
				http.NotFound(w, r)
				return
			}
			w.Write(lcFile(t, name))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(ts.Close)
	return ts
}

// TestPreflightNamesAndIDs reproduces issue 22 item 5 on recorded answers:
// llama.cpp accepts any model name and lists its file path; its tokenizer
// splits "Tom" into " T" + "om".
func TestPreflightNamesAndIDs(t *testing.T) {
	ts := lcPreflightServer(t, true)
	ctx := context.Background()
	cl := func(base, model string) *Client {
		return NewClient(ClientConfig{BaseURL: base, Model: model, Timeout: time.Second})
	}

	w, err := cl(ts.URL+"/v1", "stories").Preflight(ctx, &IDs{"Lily", "Tom"}, false)
	if err != nil || len(w) != 2 || !strings.Contains(w[0], `model "stories"`) || !strings.Contains(w[0], `"model/stories260K.gguf"`) ||
		!strings.Contains(w[1], `splits the ID "Tom" into several tokens ("Tom" → " T" "om"; " Tom" → " " " T" "om")`) {
		t.Fatalf("warnings %q", w)
	}
	// The listed name and IDs the tokenizer has as tokens (A is " " + "A", B is " B"): nothing to say.
	if w, err := cl(ts.URL+"/v1", "model/stories260K.gguf").Preflight(ctx, &IDs{"A", "B"}, false); len(w) != 0 || err != nil {
		t.Errorf("warnings %q, want none", w)
	}
	// No tokenizer endpoint, or a base URL without /v1: the model check only.
	if w, err := cl(lcPreflightServer(t, false).URL+"/v1", "model/stories260K.gguf").Preflight(ctx, &IDs{"Lily", "Tom"}, false); len(w) != 0 || err != nil {
		t.Errorf("without /tokenize: %q", w)
	}
	if w, err := cl(ts.URL, "x").Preflight(ctx, &IDs{"Lily", "Tom"}, false); len(w) != 0 || err != nil {
		t.Errorf("without /v1: %q", w)
	}
}

// TestIDNeverSeenReplay replays collect --completions with IDs Lily,Tom
// (issue 22 item 5): "Tom" is two tokens for this model and never among
// the alternatives while " Lily" always is; the run warns.
func TestIDNeverSeenReplay(t *testing.T) {
	ts, served := replayServer(t, "completions_lily_exchanges.jsonl")
	cfg := lcConfig(t, ts.URL+"/v1", "model/stories260K.gguf", "lily.tmpl", IDs{"Lily", "Tom"}, true, lcItems(t, "s01", "s02"))
	st, _ := run(t, cfg)
	if st.Written != 2 || st.IDSeen != [2]int64{8, 0} {
		t.Fatalf("written %d, IDs seen %v; want 2, [8 0] (%v)", st.Written, st.IDSeen, st.Reasons())
	}
	checkAgainstRecorded(t, cfg, "/v1/completions", served)
	w := strings.Join(Warnings(st, cfg.IDs), "\n")
	if !strings.Contains(w, `"Tom" was never among the answer token's top 20 log-probabilities while "Lily" was, in 8 answers`) {
		t.Errorf("warnings:\n%s", w)
	}
}

// TestFairSimulatedJudgeNotTruncated: a simulated judge without position
// bias or noise answers x0 and x1 (and x2 and x3) of an item identically,
// though the prompts differ. Its one-token answers must not be taken for a
// cut prompt: identical answers count only over two or more generated
// tokens, as a real model's reply has.
func TestFairSimulatedJudgeNotTruncated(t *testing.T) {
	c := simtest.Config(20, 0, 0)
	c.Seed = 7
	j, err := sim.ParseJudge("judge-flat:pos=0,tok=0,noise=0,inoise=0", sim.DefaultJudge(""))
	if err != nil {
		t.Fatal(err)
	}
	c.Judges = []sim.Judge{j}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	_, ts := startSim(t, c, nil)
	for _, tmpl := range []string{"calibraeval", "mt-bench"} {
		cfg := testConfig(t, ts.URL, "judge-flat", tmpl, simItems(t, c))
		st, _ := run(t, cfg)
		if st.Written != 20 || st.Failed != 0 {
			t.Errorf("%s: written %d, failed %d (%v); want 20, 0", tmpl, st.Written, st.Failed, st.Reasons())
		}
	}
}
