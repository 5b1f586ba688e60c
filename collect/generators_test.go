package collect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestItemsGenerators: plain items and imported logs carry model_1 and
// model_2 (issue 21), and the records collect writes keep them, over a
// real HTTP server (plumb's simulated judge on loopback).
func TestItemsGenerators(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "items.jsonl")
	os.WriteFile(plain, []byte(`{"id":"a","prompt":"p","response_1":"x","response_2":"y","model_1":"m1","model_2":"m2"}
{"id":"b","prompt":"p","response_1":"x","response_2":"y","model_2":null}
`), 0o644)
	items, err := LoadItems([]string{plain}, "", nil)
	if err != nil || items[0].Model1 != "m1" || items[0].Model2 != "m2" || items[1].Model1 != "" || items[1].Model2 != "" {
		t.Fatalf("plain items: %+v %v", items, err)
	}
	// From a log: the pairs' model_1 and model_2.
	v1 := filepath.Join(dir, "log.jsonl")
	os.WriteFile(v1, []byte(`{"kind":"pair","id":"q","judge":"j","model_1":"gpt-4","p_a":{"x0":0.5},"prompt":"p","response_1":"x","response_2":"y"}`+"\n"), 0o644)
	if got, err := LoadItems([]string{v1}, "", nil); err != nil || got[0].Model1 != "gpt-4" || got[0].Model2 != "" {
		t.Fatalf("items from a log: %+v %v", got, err)
	}
	for name, body := range map[string]string{
		"num.jsonl":   `{"id":"a","prompt":"p","response_1":"x","response_2":"y","model_1":3}`,
		"empty.jsonl": `{"id":"a","prompt":"p","response_1":"x","response_2":"y","model_2":""}`,
	} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(body+"\n"), 0o644)
		if _, err := LoadItems([]string{p}, "", nil); err == nil || !strings.Contains(err.Error(), p+":1: field model_") {
			t.Errorf("%s: error %v, want one naming the file, line and field", name, err)
		}
	}

	// Judged: the written records name the generators of the items that do.
	c := simConfig(t, 4)
	_, ts := startSim(t, c, nil)
	sims := simItems(t, c)
	sims[0].Model1, sims[0].Model2 = "gen-a", "gen-b"
	sims[1].Model2 = "gen-b"
	cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", sims)
	run(t, cfg)
	got := map[string][2]string{}
	lg := readLog(t, cfg.Output)
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		got[p.ID] = [2]string{p.Model(1), p.Model(2)}
	}
	want := map[string][2]string{sims[0].ID: {"gen-a", "gen-b"}, sims[1].ID: {"", "gen-b"}, sims[2].ID: {}, sims[3].ID: {}}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s: generators %q, want %q", id, got[id], w)
		}
	}
}
