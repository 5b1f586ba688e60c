package collect

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// TestPromptsReproducibleFromLog records every user message the server
// receives, then renders each record's prompts again from what the log
// holds — the template named in extra.collect (checked against its
// SHA-256), its IDs and the record's texts — and finds every one among the
// messages sent.
func TestPromptsReproducibleFromLog(t *testing.T) {
	const n = 40
	c := simConfig(t, n)
	var mu sync.Mutex
	sent := map[string]bool{}
	_, ts := startSim(t, c, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			var req chatRequest
			json.Unmarshal(body, &req)
			mu.Lock()
			for _, m := range req.Messages {
				sent[m.Role+"\x00"+m.Content] = true
			}
			mu.Unlock()
			r.Body = io.NopCloser(bytes.NewReader(body))
			h.ServeHTTP(w, r)
		})
	})
	cfg := testConfig(t, ts.URL, "judge-first", "mt-bench", simItems(t, c))
	cfg.IDs = IDs{"1", "2"}
	cfg.Reader.IDs = cfg.IDs
	run(t, cfg)
	lg := readLog(t, cfg.Output)
	if len(lg.Pairs) != n {
		t.Fatalf("%d records", len(lg.Pairs))
	}
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		var meta struct {
			Template string   `json:"template"`
			SHA256   string   `json:"template_sha256"`
			IDs      []string `json:"ids"`
		}
		if err := json.Unmarshal(p.Extra["collect"], &meta); err != nil || len(meta.IDs) != 2 {
			t.Fatalf("%s: extra.collect %s: %v", p.ID, p.Extra["collect"], err)
		}
		tp, err := LoadTemplate(meta.Template)
		if err != nil || tp.SHA256 != meta.SHA256 {
			t.Fatalf("%s: template %q: %v (sha %s vs %s)", p.ID, meta.Template, err, tp.SHA256, meta.SHA256)
		}
		it := Item{ID: p.ID, Prompt: p.Prompt, Response1: p.Response1, Response2: p.Response2}
		for _, a := range model.Arrangements {
			if !p.Has[a] {
				t.Fatalf("%s lacks %s", p.ID, a)
			}
			pr := Arrange(&it, a, IDs{meta.IDs[0], meta.IDs[1]})
			system, user, err := tp.Render(&pr)
			if err != nil || !sent["system\x00"+system] || !sent["user\x00"+user] {
				t.Fatalf("%s %s: the re-rendered prompt was not among those sent (%v)", p.ID, a, err)
			}
		}
	}
	if len(sent) != 4*n+1 { // one system message, 4n user messages
		t.Errorf("%d distinct messages sent, want %d", len(sent), 4*n+1)
	}
}
