package collect

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/plumb-eval/plumb/collect/collecttest"
)

// TestBatchBodiesAreLive checks that the batch file carries, byte for
// byte, the bodies a live run posts: the server records every body it
// receives during a live run (-j 1), and the batch file's bodies are the
// same multiset, at the live endpoint's path.
func TestBatchBodiesAreLive(t *testing.T) {
	c := simConfig(t, 12)
	items := simItems(t, c)
	var posts postedBodies
	_, ts := startSim(t, c, posts.wrap)
	for _, completions := range []bool{false, true} {
		posts.take()
		cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", items)
		if completions {
			cfg.Client = NewClient(ClientConfig{BaseURL: ts.URL + "/v1", Model: "judge-first", Completions: true, TopLogprobs: 20, MaxTokens: 4, Retries: 1})
		}
		cfg.Jobs = 1
		run(t, cfg)
		name := filepath.Join(t.TempDir(), "requests.jsonl")
		cfg.Output = filepath.Join(t.TempDir(), "none.jsonl")
		if _, err := WriteBatch(cfg, name, BatchLimits{}, nil); err != nil {
			t.Fatal(err)
		}
		var batch []string
		for _, r := range collecttest.ReadRequests(t, name) {
			if r.Method != "POST" {
				t.Fatalf("method %q", r.Method)
			}
			batch = append(batch, r.URL+" "+string(r.Body))
		}
		live := posts.take()
		slices.Sort(batch)
		if len(live) != 12*4 || !slices.Equal(live, batch) {
			t.Fatalf("completions=%v: the batch bodies differ from the live ones (%d live, %d batch)\nlive  %.300s\nbatch %.300s", completions, len(live), len(batch), live[0], batch[0])
		}
	}
}

// TestBatchInEqualsLive checks that --batch-in on the practice server's
// answers to the batch file's requests (posted one by one by the test,
// the results in reverse order) writes the records of a live collect of
// the same items, byte for byte, for a judge with log-probabilities and
// one with text verdicts only; and that a second batch is asked only for
// what the log lacks.
func TestBatchInEqualsLive(t *testing.T) {
	c := simConfig(t, 20)
	items := simItems(t, c)
	_, ts := startSim(t, c, nil)
	for _, judge := range []string{"judge-first", "judge-choice"} {
		cfg := testConfig(t, ts.URL, judge, "calibraeval", items)
		cfg.Jobs = 1
		run(t, cfg)
		want, err := os.ReadFile(cfg.Output)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		bcfg := testConfig(t, ts.URL, judge, "calibraeval", items)
		bcfg.Output = filepath.Join(dir, "judged.jsonl")
		reqName := filepath.Join(dir, "requests.jsonl")
		if _, err := WriteBatch(bcfg, reqName, BatchLimits{}, nil); err != nil {
			t.Fatal(err)
		}
		lines := collecttest.Answer(t, ts.URL, collecttest.ReadRequests(t, reqName))
		slices.Reverse(lines)
		resName := filepath.Join(dir, "results.jsonl")
		collecttest.WriteLines(t, resName, lines)
		var st Stats
		if _, _, err := ReadBatch(bcfg, []string{resName}, &st); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(bcfg.Output)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: batch-in records differ from the live ones\nlive  %.400s\nbatch %.400s", judge, want, got)
		}
		if st.Written != 20 || st.Failed != 0 || st.PromptTok == 0 {
			t.Fatalf("%s: %d written, %d failed, %d prompt tokens", judge, st.Written, st.Failed, st.PromptTok)
		}
		// Resumable: nothing is left to ask, and the same results again double nothing.
		out, err := WriteBatch(bcfg, filepath.Join(dir, "again.jsonl"), BatchLimits{}, nil)
		if err != nil || out.Requests != 0 || out.Skipped != 20 || len(out.Files) != 0 {
			t.Fatalf("%s: second batch %+v, %v", judge, out, err)
		}
		var st2 Stats
		_, bi, err := ReadBatch(bcfg, []string{resName}, &st2)
		if err != nil || st2.Written != 0 || bi.InLog != 80 {
			t.Fatalf("%s: results read twice: %d written, %+v, %v", judge, st2.Written, bi, err)
		}
		if again, _ := os.ReadFile(bcfg.Output); !bytes.Equal(again, want) {
			t.Fatalf("%s: the log changed on reading the same results again", judge)
		}
	}
}

// TestBatchResume checks that a batch written against a log that holds
// some items asks only for the others.
func TestBatchResume(t *testing.T) {
	c := simConfig(t, 10)
	items := simItems(t, c)
	_, ts := startSim(t, c, nil)
	cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", items[:4])
	run(t, cfg)
	cfg.Items = items
	name := filepath.Join(t.TempDir(), "requests.jsonl")
	out, err := WriteBatch(cfg, name, BatchLimits{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	reqs := collecttest.ReadRequests(t, name)
	if out.Requests != 24 || out.Skipped != 4 || len(reqs) != 24 {
		t.Fatalf("%+v, %d lines; want 24 requests for the 6 items not in the log", out, len(reqs))
	}
	for _, r := range reqs {
		for _, it := range items[:4] {
			if bytes.HasSuffix([]byte(r.CustomID), []byte("-"+it.ID)) {
				t.Fatalf("%s is in the log but asked again", r.CustomID)
			}
		}
	}
}

// TestBatchSplit checks the split into numbered files at whole items
// within the line and byte limits, and that no file is written over an
// input.
func TestBatchSplit(t *testing.T) {
	c := simConfig(t, 10)
	items := simItems(t, c)
	cfg := testConfig(t, "http://127.0.0.1:1", "judge-first", "calibraeval", items)
	dir := t.TempDir()
	name := filepath.Join(dir, "req.jsonl")
	out, err := WriteBatch(cfg, name, BatchLimits{Lines: 10}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, "req-001.jsonl"), filepath.Join(dir, "req-002.jsonl"), filepath.Join(dir, "req-003.jsonl"),
		filepath.Join(dir, "req-004.jsonl"), filepath.Join(dir, "req-005.jsonl")}
	if !slices.Equal(out.Files, want) {
		t.Fatalf("files %v, want %v (two items of 4 requests a file)", out.Files, want)
	}
	all := collecttest.ReadRequests(t, out.Files...)
	if len(all) != 40 || len(collecttest.ReadRequests(t, out.Files[0])) != 8 {
		t.Fatalf("%d lines in all", len(all))
	}
	// Bytes: each file within the limit.
	one, _ := os.ReadFile(out.Files[0])
	out, err = WriteBatch(cfg, filepath.Join(dir, "b.jsonl"), BatchLimits{Bytes: int64(len(one)) + 10}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range out.Files {
		if st, _ := os.Stat(f); st.Size() > int64(len(one))+10 {
			t.Fatalf("%s: %d bytes over the limit", f, st.Size())
		}
	}
	if n := len(collecttest.ReadRequests(t, out.Files...)); n != 40 || len(out.Files) < 5 {
		t.Fatalf("%d files by bytes holding %d lines, want at least 5 holding 40", len(out.Files), n)
	}
	if _, err := WriteBatch(cfg, filepath.Join(dir, "x.jsonl"), BatchLimits{Bytes: 100}, nil); err == nil {
		t.Fatal("an item over the byte limit was written")
	}
	in := filepath.Join(dir, "items.jsonl")
	os.WriteFile(in, []byte("keep"), 0o644)
	if _, err := WriteBatch(cfg, in, BatchLimits{}, []string{in}); err == nil {
		t.Fatal("wrote over an input")
	}
	if b, _ := os.ReadFile(in); string(b) != "keep" {
		t.Fatal("the input changed")
	}
}
