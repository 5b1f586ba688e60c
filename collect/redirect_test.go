package collect

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestRedirects (issue 17 item 6): a 307 to another host or port carried
// the Authorization header and the item's texts there. A redirect to
// another origin (scheme, host or port) is now refused with a clear,
// fatal error before anything is sent; one within the origin is followed,
// with the key.
func TestRedirects(t *testing.T) {
	const key = "sk-redirect-test-77"
	var elsewhere atomic.Int64
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		elsewhere.Add(1)
		t.Errorf("a request reached the other origin (Authorization %q)", r.Header.Get("Authorization"))
		honest(w, r)
	}))
	defer other.Close()
	var gotKey atomic.Value
	mux := http.NewServeMux()
	mux.HandleFunc("/same/chat/completions", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/moved/chat/completions", http.StatusTemporaryRedirect)
	})
	mux.HandleFunc("/moved/chat/completions", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		gotKey.Store(r.Header.Get("Authorization"))
		if !strings.Contains(string(body), "messages") {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		honest(w, r)
	})
	mux.HandleFunc("/away/chat/completions", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/v1/chat/completions", http.StatusTemporaryRedirect)
	})
	ts := httptest.NewServer(mux)
	defer ts.Close()
	client := func(base string) *Client {
		return NewClient(ClientConfig{BaseURL: base, APIKey: key, Model: "m", TopLogprobs: 5, MaxTokens: 1,
			Timeout: 2 * time.Second, Retries: 2, BackoffBase: time.Millisecond, BackoffMax: time.Millisecond})
	}

	res, err := client(ts.URL+"/same").Do(context.Background(), "", "which is better?")
	if err != nil || res.Answer.Text != "A" || gotKey.Load() != "Bearer "+key {
		t.Fatalf("same-origin redirect: %v, answer %q, key sent %v", err, res.Answer.Text, gotKey.Load())
	}

	res, err = client(ts.URL+"/away").Do(context.Background(), "", "which is better?")
	f, ok := err.(*Failure)
	if !ok || f.Reason != "redirect" || !f.Fatal || res.Attempts != 1 ||
		!strings.Contains(f.Msg, "another origin") || !strings.Contains(f.Msg, other.URL) || !strings.Contains(f.Msg, "--base-url") {
		t.Fatalf("cross-origin redirect: %v (attempts %d)", err, res.Attempts)
	}
	if elsewhere.Load() != 0 {
		t.Fatalf("%d requests reached the other origin", elsewhere.Load())
	}
	t.Log(f.Msg)
}

// TestOrigin: the parts of a URL that make its origin.
func TestOrigin(t *testing.T) {
	same := [][2]string{
		{"http://127.0.0.1:8000/v1", "http://127.0.0.1:8000/v2?x=1"},
		{"http://Example.com/v1", "http://example.com:80/x"},
		{"https://api.example.com/v1", "https://API.example.com:443/v1/chat/completions"},
		{"http://user:pw@host:1/a", "http://host:1/b"},
	}
	other := [][2]string{
		{"http://127.0.0.1:8000/v1", "http://127.0.0.1:8001/v1"},
		{"http://127.0.0.1:8000/v1", "http://localhost:8000/v1"},
		{"http://example.com/v1", "https://example.com/v1"},
		{"https://api.example.com/v1", "https://evil.example.com/v1"},
	}
	for _, p := range same {
		if origin(mustURL(t, p[0])) != origin(mustURL(t, p[1])) {
			t.Errorf("%s and %s: different origins", p[0], p[1])
		}
	}
	for _, p := range other {
		if origin(mustURL(t, p[0])) == origin(mustURL(t, p[1])) {
			t.Errorf("%s and %s: the same origin", p[0], p[1])
		}
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
