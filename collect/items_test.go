package collect

import (
	"bytes"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

func TestLoadItems(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.jsonl")
	os.WriteFile(plain, []byte(`{"id":"a","prompt":"p","response_1":"x","response_2":"y","gold":"tie","group":"g"}

{"id":7,"prompt":"p2","response_1":"x2","response_2":"y2"}
`), 0o644)
	items, err := LoadItems([]string{plain}, "", nil)
	if err != nil || len(items) != 2 || items[0].Gold != model.GoldTie || items[0].Group != "g" || items[1].ID != "7" || items[1].Gold != model.GoldNone {
		t.Fatalf("%+v %v", items, err)
	}
	// An empty response is judged as it is, and counted.
	empty := filepath.Join(dir, "empty.jsonl")
	os.WriteFile(empty, []byte(`{"id":"e","prompt":"p","response_1":"x","response_2":""}`+"\n"), 0o644)
	if items, err := LoadItems([]string{empty}, "", nil); err != nil || EmptyTexts(items) != 1 {
		t.Errorf("empty response: %v", err)
	}
	// A simulated log (v1, three judges) gives each item once, with its texts.
	c := simtest.Config(12, 0, 0)
	v1 := filepath.Join(dir, "sim.jsonl")
	f, _ := os.Create(v1)
	sim.Write(f, c)
	f.Close()
	items, err = LoadItems([]string{v1}, "", nil)
	if err != nil || len(items) != 12 || items[0].Response1 == "" {
		t.Fatalf("v1: %d items, %v", len(items), err)
	}
	for name, body := range map[string]string{
		"badgold.jsonl":  `{"id":"a","prompt":"p","response_1":"x","response_2":"y","gold":"A"}` + "\n",
		"noid.jsonl":     `{"prompt":"p","response_1":"x","response_2":"y"}` + "\n",
		"notext.jsonl":   `{"id":"a","prompt":"","response_1":"","response_2":""}` + "\n",
		"v1notext.jsonl": `{"kind":"pair","id":"a","judge":"j","p_a":{"x0":0.5}}` + "\n",
	} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(body), 0o644)
		if _, err := LoadItems([]string{p}, "", nil); err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: error %v, want one naming the file", name, err)
		}
	}
}

// syncBuffer is a bytes.Buffer safe for the progress goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestProgressLines: off a terminal, progress is plain periodic lines.
func TestProgressLines(t *testing.T) {
	t.Parallel() // mostly waiting or reading: beside the llama.cpp tests
	c := simConfig(t, 40)
	_, ts := startSim(t, c, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { time.Sleep(3 * time.Millisecond); h.ServeHTTP(w, r) })
	})
	cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", simItems(t, c))
	cfg.Jobs = 2
	var buf syncBuffer
	cfg.Progress = &Progress{W: &buf, Every: 10 * time.Millisecond, Label: "judge-first"}
	st, prior := run(t, cfg)
	out := buf.String()
	if strings.Count(out, "\n") < 2 || strings.Contains(out, "\r") || !strings.Contains(out, "judge-first ") || !strings.Contains(out, "/160 requests") {
		t.Errorf("progress lines:\n%s", out)
	}
	sum := Summary(st, prior, time.Second)
	for _, want := range []string{"40 written", "160 with log-probabilities", "tokens:"} {
		if !strings.Contains(sum, want) {
			t.Errorf("summary lacks %q:\n%s", want, sum)
		}
	}
}

// FuzzPlainItems feeds arbitrary files to the items readers (plain pair
// items, plain score items): errors are fine, panics are not, and every
// item read has an id.
func FuzzPlainItems(f *testing.F) {
	f.Add([]byte(`{"id":"a","prompt":"p","response_1":"x","response_2":"y","gold":"tie"}` + "\n"))
	f.Add([]byte(`{"id":1,"response_1":"x","gold":3}` + "\n{"))
	f.Add([]byte(`{"id":"s","criterion":"c","input":"i","output":"o","human_score":3}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "items.jsonl")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if items, err := LoadItems([]string{p}, "", nil); err == nil {
			for _, it := range items {
				if strings.TrimSpace(it.ID) == "" {
					t.Fatal("item without id")
				}
			}
		}
		if items, err := LoadScoreItems([]string{p}, "", nil, nil); err == nil {
			for _, it := range items {
				if strings.TrimSpace(it.ID) == "" || it.Criterion == "" {
					t.Fatal("score item without id or criterion")
				}
			}
		}
	})
}

// TestItemsFromTable: a table given as items gets collect's own hint, not
// the verdict --map line of plumb report (whose records hold no texts).
func TestItemsFromTable(t *testing.T) {
	p := filepath.Join(t.TempDir(), "items.csv")
	os.WriteFile(p, []byte("id,prompt,response_1,response_2\nq1,hi,a,b\n"), 0o644)
	_, err := LoadItems([]string{p}, "", nil)
	want := p + `:1: a table (its columns: "id", "prompt", "response_1", "response_2"); collect reads items from JSON Lines`
	if err == nil || !strings.HasPrefix(err.Error(), want) || !errors.Is(err, model.ErrBadInput) {
		t.Errorf("got  %v\nwant %s…", err, want)
	}
}
