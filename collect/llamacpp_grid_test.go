package collect

import (
	"math"
	"path/filepath"
	"testing"
	"time"

	"github.com/plumb-eval/plumb/model"
)

// TestLlamaCppGrid collects, against a real llama.cpp server, CC and DC
// probes and a 2 × 2 grid — calibraeval and testdata's alt.tmpl, the IDs
// A/B and a/b — with one in-context example per prompt: every pair's
// log-probabilities and every probe's P(A) equal a recomputation from the
// server's own raw answer to that exact prompt (recorded by a proxy), and
// every record names its condition.
func TestLlamaCppGrid(t *testing.T) {
	t.Parallel() // its own llama-server (one thread), beside TestLlamaCpp's
	bin, gguf := llamaSetup(t)
	begin := time.Now()
	root := startLlama(t, bin, gguf, 1024) // the longest prompt (one example) is 486 tokens
	proxy, rec := recordingProxy(t, root, nil)
	items := append(lcItems(t, "s01", "s02"),
		Item{ID: "g1", Prompt: "Who is Lily?", Response1: "A girl.", Response2: "A tree.", Gold: model.Gold1},
		Item{ID: "g2", Prompt: "Who is Tom?", Response1: "A rock.", Response2: "A boy.", Gold: model.Gold2})
	probes, err := ProbeItems([]model.ProbeKind{model.ProbeCC, model.ProbeDC}, items, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	all := append(items, probes...)
	tps, err := LoadTemplates("calibraeval," + filepath.Join("testdata", "llamacpp", "alt.tmpl"))
	if err != nil {
		t.Fatal(err)
	}
	ids, _ := ParseIDSets("A/B,a/b")
	conds, err := Grid(tps, ids, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	base := lcConfig(t, proxy.URL+"/v1", "stories", "calibraeval", IDs{"A", "B"}, false, all)
	base.Pool, base.Seed = ShotPool(all), 1
	for i := range conds {
		cfg := base.ForCondition(&conds[i], true)
		cfg.Client = NewClient(ClientConfig{BaseURL: proxy.URL + "/v1", Model: "stories", TopLogprobs: 20, MaxTokens: conds[i].Template.MaxTokens,
			Timeout: 20 * time.Second, Retries: 2, BackoffBase: time.Millisecond, BackoffMax: 10 * time.Millisecond})
		st, _ := run(t, cfg)
		if st.Written != int64(len(all)) || st.WithLP != int64(4*len(all)) || st.Failed != 0 {
			t.Fatalf("%s: written %d, with log-probabilities %d of %d, failed %d (%v)", conds[i].Label(), st.Written, st.WithLP, 4*len(all), st.Failed, st.Reasons())
		}
		if n := checkGridAgainstRecorded(t, cfg, rec); n != 4*len(all) {
			t.Errorf("%s: checked %d arrangements, want %d", conds[i].Label(), n, 4*len(all))
		}
	}
	lg := readLog(t, base.Output)
	if len(lg.Pairs) != 4*len(items) || len(lg.Probes) != 4*len(probes) {
		t.Fatalf("%d pair and %d probe records", len(lg.Pairs), len(lg.Probes))
	}
	t.Logf("the grid took %v", time.Since(begin).Round(time.Millisecond))
}

// checkGridAgainstRecorded checks the records of cfg's condition in its
// log — pairs and probes — against the server's recorded answers to the
// prompts cfg renders (examples included), and returns how many
// arrangements it checked.
func checkGridAgainstRecorded(t testing.TB, cfg *Config, got *exchanges) int {
	t.Helper()
	answers := got.byPrompt("/v1/chat/completions")
	lg := readLog(t, cfg.Output)
	index := map[string]int{}
	for i := range cfg.Items {
		index[cfg.Items[i].key()] = i
	}
	n := 0
	check := func(key string, cond []byte, lp func(model.Arrangement) ([2]float64, bool), s func(model.Arrangement) float64) {
		if !sameCondition(cond, cfg.Condition) {
			return
		}
		i, ok := index[key]
		if !ok {
			t.Fatalf("record %q is none of the run's", key)
		}
		for _, a := range cfg.Arrangements {
			system, user, err := cfg.RenderTask(i, a)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := cfg.Client.body(system, user)
			ex := answers[promptKey(body)]
			if len(ex) == 0 {
				t.Fatalf("%q %s: no recorded answer to its prompt", key, a)
			}
			matched := false
			for _, e := range ex {
				w, ok := recomputeLP(t, []byte(e.Response), cfg.IDs)
				if !ok {
					t.Fatalf("%q %s: the recorded answer has no log-probabilities", key, a)
				}
				o := Outcome{LP: w}
				rec, has := lp(a)
				if (!has || closeLP(rec, w, 1e-12)) && math.Abs(s(a)-o.P()) <= 1e-12 {
					matched = true
				}
			}
			if !matched {
				t.Errorf("%q %s: P(A) %.15f is no recomputation from the server's %d answers to its prompt", key, a, s(a), len(ex))
			}
			n++
		}
	}
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		check(doneKey("", p.ID), p.Condition, func(a model.Arrangement) ([2]float64, bool) { return p.Logprobs[a], true },
			func(a model.Arrangement) float64 { return p.S[a] })
	}
	for i := range lg.Probes {
		pr := &lg.Probes[i]
		check(doneKey(pr.Probe, pr.ID), pr.Condition, func(model.Arrangement) ([2]float64, bool) { return [2]float64{}, false },
			func(a model.Arrangement) float64 { return pr.S[a] })
	}
	return n
}
