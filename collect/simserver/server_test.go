package simserver

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model/sim"
)

func TestLabelsAndLocate(t *testing.T) {
	for _, c := range []struct{ h1, h2, a, b string }{
		{"###A Answer:", "###B Answer:", "A", "B"},
		{"[The Start of Assistant B's Answer]", "[The Start of Assistant A's Answer]", "B", "A"},
		{"(1)", "(2)", "1", "2"},
	} {
		a, b, ok := labels(c.h1, c.h2)
		if !ok || a != c.a || b != c.b {
			t.Errorf("labels(%q, %q) = %q %q %v", c.h1, c.h2, a, b, ok)
		}
	}
	for _, c := range [][2]string{{"A x", "B y z"}, {"same", "same"}, {"", ""}} {
		if _, _, ok := labels(c[0], c[1]); ok {
			t.Errorf("labels%q accepted", c)
		}
	}
	// A response that is part of the other is found outside it.
	text := "Q: q\nA: short and long\nB: short"
	p1, p2, ok := locate(text, 4, "short and long", "short")
	if !ok || text[p1:p1+5] != "short" || p2 != strings.LastIndex(text, "short") {
		t.Errorf("locate: %d %d %v", p1, p2, ok)
	}
	if h := header("x\n###A Answer: \n", 16); h != "###A Answer:" {
		t.Errorf("header %q", h)
	}
}

// FuzzServe sends arbitrary prompts to a server that reads collect's
// templates: it answers 200 or an API error, never panics, and every 200
// body is JSON.
func FuzzServe(f *testing.F) {
	c := sim.DefaultConfig()
	c.Pairs, c.Scores = 5, 3
	s := practice(f, c) // with collect's templates: any pair is read too
	f.Add("Q1: x", false)
	f.Add("###Query: \nq\n\n###A Answer: \nx\n\n###B Answer:\ny\n\n###Output:", false)
	f.Add(s.items[0].prompt+"\n###A Answer: \n"+s.items[0].r1+"\n###B Answer:\n"+s.items[0].r2, false)
	f.Add("S2: "+s.scores[1].input+" helpfulness", true)
	f.Fuzz(func(t *testing.T, prompt string, echo bool) {
		body, _ := json.Marshal(map[string]any{"model": "judge-fair", "prompt": prompt, "logprobs": 5, "echo": echo})
		for _, path := range []string{"/v1/completions", "/v1/chat/completions"} {
			b := body
			if path == "/v1/chat/completions" {
				b, _ = json.Marshal(map[string]any{"model": "judge-fair", "messages": []map[string]string{{"role": "user", "content": prompt}}, "logprobs": true, "top_logprobs": 3})
			}
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, strings.NewReader(string(b))))
			if rec.Code == http.StatusOK && !json.Valid(rec.Body.Bytes()) {
				t.Fatalf("invalid JSON: %s", rec.Body.Bytes())
			}
		}
	})
}
