package collect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPendingSamplesRedacted: the samples in hand a sampled batch keeps
// beside the log hold no API key (a judge that echoes it), and read back
// they are the samples of the same task and K only.
func TestPendingSamplesRedacted(t *testing.T) {
	const key = "sk-pending-secret-0123456789"
	dir := t.TempDir()
	items := []Item{{ID: "q1", Prompt: "p", Response1: "a", Response2: "b"}}
	cfg := testConfig(t, "http://127.0.0.1:1/v1", "judge-first", "calibraeval", items)
	cfg.Output = filepath.Join(dir, "out.jsonl")
	cfg.Client = NewClient(ClientConfig{BaseURL: "http://127.0.0.1:1/v1", APIKey: key, Model: "judge-first", MaxTokens: 8})
	cfg.Sampling = &Sampling{K: 3}
	p, err := readPending(cfg.Output)
	if err != nil {
		t.Fatal(err)
	}
	tk := task{0, cfg.Arrangements[0]}
	p.put(cfg, tk, &pendingSamples{Texts: []string{"A, and the key is " + key}, Tokens: 7})
	if err := p.write(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(pendingName(cfg.Output))
	if err != nil || strings.Contains(string(b), key) || !strings.Contains(string(b), "[API key]") {
		t.Fatalf("%v: %s", err, b)
	}
	back, err := readPending(cfg.Output)
	if err != nil || back.have(cfg, tk) != 1 || back.have(cfg, task{0, cfg.Arrangements[1]}) != 0 {
		t.Fatalf("read back: %v", err)
	}
	cfg.Sampling.K = 4 // kept for another K: not this run's
	if back.have(cfg, tk) != 0 {
		t.Fatal("samples of K = 3 taken for K = 4")
	}
}
