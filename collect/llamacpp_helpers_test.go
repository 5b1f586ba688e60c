package collect

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plumb-eval/plumb/model"
)

// Helpers of the llama.cpp tests: the recorded answers in
// testdata/llamacpp, a loopback server that replays them or records a real
// server's, and an independent recomputation of P(A) from a raw body.

// lcFile returns the bytes of testdata/llamacpp/name.
func lcFile(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "llamacpp", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// lcItems returns the items of testdata/llamacpp/items.jsonl with the
// given IDs (all when none are given).
func lcItems(t testing.TB, ids ...string) []Item {
	t.Helper()
	all, err := LoadItems([]string{filepath.Join("testdata", "llamacpp", "items.jsonl")}, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) == 0 {
		return all
	}
	var out []Item
	for _, it := range all {
		if slices.Contains(ids, it.ID) {
			out = append(out, it)
		}
	}
	if len(out) != len(ids) {
		t.Fatalf("items %v: found %d", ids, len(out))
	}
	return out
}

// exchange is one request and its answer, as recorded.
type exchange struct {
	Path     string `json:"path"`
	Request  string `json:"request"`
	Status   int    `json:"status"`
	Response string `json:"response"`
}

// promptKey is what identifies a request's prompt: the legacy prompt, or
// the chat messages' contents joined.
func promptKey(body []byte) string {
	var r struct {
		Prompt   string        `json:"prompt"`
		Messages []chatMessage `json:"messages"`
	}
	if json.Unmarshal(body, &r) != nil {
		return ""
	}
	if len(r.Messages) == 0 {
		return r.Prompt
	}
	parts := make([]string, len(r.Messages))
	for i, m := range r.Messages {
		parts[i] = m.Role + ":" + m.Content
	}
	return strings.Join(parts, "\x00")
}

// recorder keeps every exchange that passed through a loopback server.
type exchanges struct {
	mu   sync.Mutex
	list []exchange
}

func (x *exchanges) add(e exchange) {
	x.mu.Lock()
	x.list = append(x.list, e)
	x.mu.Unlock()
}

// all returns the exchanges so far.
func (x *exchanges) all() []exchange {
	x.mu.Lock()
	defer x.mu.Unlock()
	return slices.Clone(x.list)
}

// byPrompt returns the answered (HTTP 200) exchanges of a path by prompt.
func (x *exchanges) byPrompt(path string) map[string][]exchange {
	m := map[string][]exchange{}
	for _, e := range x.all() {
		if e.Path == path && e.Status == http.StatusOK {
			k := promptKey([]byte(e.Request))
			m[k] = append(m[k], e)
		}
	}
	return m
}

// replayServer serves the recorded exchanges of testdata/llamacpp/name on
// 127.0.0.1: a request gets the recorded answer to its prompt (the next
// one, when the prompt was asked several times), anything else a 404. The
// exchanges it served are returned for checking.
func replayServer(t testing.TB, name string) (*httptest.Server, *exchanges) {
	t.Helper()
	recorded := map[string][]exchange{}
	sc := bufio.NewScanner(bytes.NewReader(lcFile(t, name)))
	sc.Buffer(nil, 4<<20)
	for sc.Scan() {
		var e exchange
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		k := e.Path + "\x00" + promptKey([]byte(e.Request))
		recorded[k] = append(recorded[k], e)
	}
	var mu sync.Mutex
	next := map[string]int{}
	served := &exchanges{}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		k := r.URL.Path + "\x00" + promptKey(body)
		mu.Lock()
		list := recorded[k]
		i := next[k]
		next[k]++
		mu.Unlock()
		if len(list) == 0 {
			http.NotFound(w, r)
			return
		}
		e := list[i%len(list)]
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(e.Status)
		io.WriteString(w, e.Response)
		served.add(exchange{Path: r.URL.Path, Request: string(body), Status: e.Status, Response: e.Response})
	}))
	t.Cleanup(ts.Close)
	return ts, served
}

// lcConfig returns a run over items against base (…/v1) with the IDs and
// the template (built-in name or a file in testdata/llamacpp).
func lcConfig(t testing.TB, base, modelName, tmpl string, ids IDs, completions bool, items []Item) *Config {
	t.Helper()
	tp, err := LoadTemplate(tmpl)
	if err != nil {
		tp, err = LoadTemplate(filepath.Join("testdata", "llamacpp", tmpl))
	}
	if err != nil {
		t.Fatal(err)
	}
	cl := NewClient(ClientConfig{BaseURL: base, Model: modelName, Completions: completions, TopLogprobs: 20,
		MaxTokens: tp.MaxTokens, Timeout: 20 * time.Second, Retries: 2, BackoffBase: time.Millisecond, BackoffMax: 10 * time.Millisecond})
	return &Config{Items: items, Judge: modelName, Arrangements: model.Arrangements[:], IDs: ids, Template: tp, Client: cl,
		Reader: Reader{IDs: ids, Marker: tp.Marker, Tie: tp.Tie}, Jobs: 2,
		Output: filepath.Join(t.TempDir(), "judged.jsonl")}
}

// Decoration as README "Reading P(A)" defines it, written out again here so
// that the recomputation does not lean on the reader it checks.
const (
	refLead  = " \t\r\n([*\"'#:`ĠĊ▁"
	refTrail = " \t\r\n)]*.:,\"'`"
)

// recomputeLP reads the summed log-probabilities of the two IDs from a raw
// response body (chat, or legacy completions in either shape) by the
// documented rule: the answer token is the first generated token that is
// not only decoration; an alternative counts for an ID when, stripped of
// decoration, it equals the ID ignoring case. ok is false when the body
// has no log-probabilities.
func recomputeLP(t testing.TB, body []byte, ids IDs) (lp [2]float64, ok bool) {
	t.Helper()
	var r struct {
		Choices []struct {
			Logprobs *struct {
				Content []struct {
					Token string `json:"token"`
					Top   []struct {
						Token   string  `json:"token"`
						Logprob float64 `json:"logprob"`
					} `json:"top_logprobs"`
				} `json:"content"`
				Tokens []string             `json:"tokens"`
				Top    []map[string]float64 `json:"top_logprobs"`
			} `json:"logprobs"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(body, &r); err != nil {
		t.Fatalf("recorded body: %v", err)
	}
	type pos struct {
		tok  string
		alts map[string][]float64
	}
	var ps []pos
	if len(r.Choices) == 0 || r.Choices[0].Logprobs == nil {
		return lp, false
	}
	l := r.Choices[0].Logprobs
	for _, c := range l.Content {
		p := pos{tok: c.Token, alts: map[string][]float64{}}
		for _, a := range c.Top {
			p.alts[a.Token] = append(p.alts[a.Token], a.Logprob)
		}
		ps = append(ps, p)
	}
	for i, tok := range l.Tokens {
		p := pos{tok: tok, alts: map[string][]float64{}}
		if i < len(l.Top) {
			for k, v := range l.Top[i] {
				p.alts[k] = append(p.alts[k], v)
			}
		}
		ps = append(ps, p)
	}
	for _, p := range ps {
		if strings.Trim(p.tok, refLead) == "" {
			continue
		}
		var sum [2]float64
		for tok, lps := range p.alts {
			s := strings.TrimRight(strings.TrimLeft(tok, refLead), refTrail)
			for k, id := range ids {
				if s != "" && strings.EqualFold(s, id) {
					for _, v := range lps {
						sum[k] += math.Exp(v)
					}
				}
			}
		}
		for k := range sum {
			lp[k] = math.Log(sum[k]) // −Inf for an ID not there
		}
		return lp, true
	}
	return lp, false
}

// checkAgainstRecorded checks every arrangement of every record of the log
// against the recorded answer to its prompt: the record's
// log-probabilities and P(A) must equal the recomputation from the raw
// body. It returns how many arrangements it checked.
func checkAgainstRecorded(t testing.TB, cfg *Config, path string, got *exchanges) int {
	t.Helper()
	answers := got.byPrompt(path)
	lg := readLog(t, cfg.Output)
	items := map[string]*Item{}
	for i := range cfg.Items {
		items[cfg.Items[i].ID] = &cfg.Items[i]
	}
	n := 0
	for _, p := range lg.Pairs {
		it := items[p.ID]
		for _, a := range cfg.Arrangements {
			pr := Arrange(it, a, cfg.IDs)
			system, user, err := cfg.Template.Render(&pr)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := cfg.Client.body(system, user)
			ex := answers[promptKey(body)]
			if len(ex) == 0 {
				t.Fatalf("%s %s: no recorded answer to its prompt", p.ID, a)
			}
			// The record must equal the recomputation from one of the
			// server's answers to this prompt (usually it was asked once).
			var want [2]float64
			found := false
			for _, e := range ex {
				w, ok := recomputeLP(t, []byte(e.Response), cfg.IDs)
				if !ok {
					t.Fatalf("%s %s: the recorded answer has no log-probabilities", p.ID, a)
				}
				if !found || closeLP(p.Logprobs[a], w, 1e-12) {
					want, found = w, true
				}
			}
			if !closeLP(p.Logprobs[a], want, 1e-12) {
				t.Errorf("%s %s: logprobs %v, recomputed from the server's answer %v", p.ID, a, p.Logprobs[a], want)
			}
			if !math.IsInf(want[0], -1) || !math.IsInf(want[1], -1) { // else the text's verdict
				o := Outcome{LP: want}
				if math.Abs(p.S[a]-o.P()) > 1e-12 {
					t.Errorf("%s %s: P(A) %.15f, recomputed %.15f", p.ID, a, p.S[a], o.P())
				}
			}
			n++
		}
	}
	return n
}

// closeLP reports whether two pairs of log-probabilities agree to tol (−Inf
// only with −Inf).
func closeLP(a, b [2]float64, tol float64) bool {
	for k := range a {
		if math.IsInf(a[k], -1) || math.IsInf(b[k], -1) {
			if a[k] != b[k] {
				return false
			}
			continue
		}
		if math.Abs(a[k]-b[k]) > tol {
			return false
		}
	}
	return true
}

// readFailures returns the lines of a failures file.
func readFailures(t testing.TB, name string) []map[string]any {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		if os.IsNotExist(err) {
			return nil
		}
		t.Fatal(err)
	}
	var out []map[string]any
	for _, l := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
		var m map[string]any
		if err := json.Unmarshal(l, &m); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, m)
	}
	return out
}

// sameRecords checks that two collect logs hold the same records in the
// same order, equal in every field but the log-probabilities and P(A),
// which may differ by at most tol (a real server's run-to-run noise).
func sameRecords(t testing.TB, what, wantName, gotName string, tol float64) {
	t.Helper()
	read := func(name string) []map[string]any {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var out []map[string]any
		for _, l := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
			var m map[string]any
			if err := json.Unmarshal(l, &m); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			out = append(out, m)
		}
		return out
	}
	want, got := read(wantName), read(gotName)
	if len(want) != len(got) {
		t.Fatalf("%s: %d records, want %d", what, len(got), len(want))
	}
	for i := range want {
		w, g := want[i], got[i]
		for _, k := range []string{"logprobs", "p_a", "score_probs"} {
			if d := maxAbsDiff(w[k], g[k]); d > tol {
				t.Errorf("%s: record %d: %s differ by %g (> %g)", what, i, k, d, tol)
			}
			delete(w, k)
			delete(g, k)
		}
		wb, _ := json.Marshal(w)
		gb, _ := json.Marshal(g)
		if !bytes.Equal(wb, gb) {
			t.Errorf("%s: record %d differs beyond its log-probabilities:\nwant %.400s\ngot  %.400s", what, i, wb, gb)
		}
	}
}

// maxAbsDiff is the largest absolute difference between the numbers of
// two JSON values of the same shape (+Inf when the shapes differ).
func maxAbsDiff(a, b any) float64 {
	switch x := a.(type) {
	case float64:
		y, ok := b.(float64)
		if !ok {
			return math.Inf(1)
		}
		return math.Abs(x - y)
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return math.Inf(1)
		}
		d := 0.0
		for k, v := range x {
			d = math.Max(d, maxAbsDiff(v, y[k]))
		}
		return d
	case nil:
		if b != nil {
			return math.Inf(1)
		}
		return 0
	}
	if fmt.Sprint(a) != fmt.Sprint(b) {
		return math.Inf(1)
	}
	return 0
}
