package collect

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/plumb-eval/plumb/collect/simserver"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// simConfig is the simulator configuration of the tests: n pair items and
// judges with known position bias β and token bias τ.
func simConfig(t testing.TB, n int) sim.Config {
	t.Helper()
	c := simtest.Config(n, 0, 0)
	c.Seed = 7
	var err error
	c.Judges = nil
	for _, spec := range []string{"judge-first:pos=1.5,tok=0,noise=0.4", "judge-tokenA:pos=0.6,tok=1.2,noise=0.5", "judge-choice:pos=1,tok=0.5,mode=choice"} {
		j, perr := sim.ParseJudge(spec, sim.DefaultJudge(""))
		if perr != nil {
			t.Fatal(perr)
		}
		c.Judges = append(c.Judges, j)
	}
	if err = c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

// simItems returns the simulator's pair items as collect items.
func simItems(t testing.TB, c sim.Config) []Item {
	t.Helper()
	c.Judges = c.Judges[:1]
	lg, err := sim.Collect(c)
	if err != nil {
		t.Fatal(err)
	}
	items := make([]Item, len(lg.Pairs))
	for i, p := range lg.Pairs {
		items[i] = Item{ID: p.ID, Group: p.Group, Prompt: p.Prompt, Response1: p.Response1, Response2: p.Response2, Gold: p.Gold}
	}
	return items
}

// startSim starts the simulated judge server on 127.0.0.1, wrapped by wrap
// (nil: none).
func startSim(t testing.TB, c sim.Config, wrap func(http.Handler) http.Handler) (*simserver.Server, *httptest.Server) {
	t.Helper()
	s, err := simserver.New(c)
	if err != nil {
		t.Fatal(err)
	}
	var h http.Handler = s
	if wrap != nil {
		h = wrap(h)
	}
	ts := httptest.NewServer(h) // listens on 127.0.0.1
	t.Cleanup(ts.Close)
	return s, ts
}

// postedBodies records the POST requests a server receives, each as
// "PATH BODY"; its wrap goes to startSim.
type postedBodies struct {
	mu   sync.Mutex
	list []string
}

// wrap records every POST before h serves it.
func (p *postedBodies) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			b, _ := io.ReadAll(r.Body)
			p.mu.Lock()
			p.list = append(p.list, r.URL.Path+" "+string(b))
			p.mu.Unlock()
			r.Body = io.NopCloser(bytes.NewReader(b))
		}
		h.ServeHTTP(w, r)
	})
}

// take returns the requests recorded since the last take, sorted.
func (p *postedBodies) take() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := p.list
	p.list = nil
	slices.Sort(out)
	return out
}

// testConfig returns a run configuration against base for judge.
func testConfig(t testing.TB, base, judgeName, tmpl string, items []Item) *Config {
	t.Helper()
	tp, err := LoadTemplate(tmpl)
	if err != nil {
		t.Fatal(err)
	}
	ids := IDs{"A", "B"}
	cl := NewClient(ClientConfig{BaseURL: base + "/v1", Model: judgeName, TopLogprobs: 20, MaxTokens: tp.MaxTokens,
		Timeout: 5 * time.Second, Retries: 5, BackoffBase: time.Millisecond, BackoffMax: 20 * time.Millisecond})
	return &Config{
		Items: items, Judge: judgeName, Arrangements: model.Arrangements[:], IDs: ids, Template: tp, Client: cl,
		Reader: Reader{IDs: ids, Marker: tp.Marker, Tie: tp.Tie}, Jobs: 8,
		Output: filepath.Join(t.TempDir(), "judged.jsonl"),
		Meta:   map[string]any{"api": "chat", "model": judgeName},
	}
}

func run(t testing.TB, cfg *Config) (*Stats, Prior) {
	t.Helper()
	var st Stats
	prior, err := Run(context.Background(), cfg, &st)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return &st, prior
}

func readLog(t testing.TB, name string) *model.Log {
	t.Helper()
	lg, err := model.ReadFiles([]string{name}, model.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return lg
}
