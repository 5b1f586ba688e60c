package collect

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plumb-eval/plumb/collect/collecttest"
	"github.com/plumb-eval/plumb/model/sim"
)

// scoreBatchConfig is a score run of the practice server's score items
// (with LS when ls), writing to out.
func scoreBatchConfig(t *testing.T, base string, items []ScoreItem, ls bool, out string) *ScoreConfig {
	t.Helper()
	tp, err := LoadScoreTemplate("")
	if err != nil {
		t.Fatal(err)
	}
	mk := func(completions bool) *Client {
		return NewClient(ClientConfig{BaseURL: base + "/v1", Model: "judge-tokenA", TopLogprobs: 20, MaxTokens: tp.MaxTokens,
			Completions: completions, Timeout: 5 * time.Second, Retries: 1, BackoffBase: time.Millisecond, BackoffMax: time.Millisecond})
	}
	cfg := &ScoreConfig{Items: items, Judge: "judge-tokenA", Template: tp, Client: mk(false), Min: 1, Max: 5, Jobs: 1,
		Output: out, TaskDescription: "Rate it.", Meta: map[string]any{"model": "judge-tokenA", "top_logprobs": 20}}
	if ls {
		cfg.LS = mk(true)
	}
	return cfg
}

// simScoreItems are the practice server's score items for one judge.
func simScoreItems(t *testing.T, c sim.Config) []ScoreItem {
	t.Helper()
	c.Judges = c.Judges[:1]
	lg, err := sim.Collect(c)
	if err != nil {
		t.Fatal(err)
	}
	var items []ScoreItem
	for _, s := range lg.Scores {
		items = append(items, ScoreItem{ID: s.ID, Criterion: s.Criterion, Input: s.Input, Output: s.Output, HumanScore: s.HumanScore})
	}
	return items
}

// TestScoreBatchInEqualsLive (issue 31, score task): the batch file of a
// score run, its requests posted one by one to the practice server (the
// results in reverse order), read back with ReadScoreBatch, gives the
// records of a live RunScores of the same items byte for byte, with and
// without LS; the batch's bodies are the live ones; a second batch asks
// nothing and the same results read again double nothing.
func TestScoreBatchInEqualsLive(t *testing.T) {
	c := simConfig(t, 0)
	c.Scores = 12
	var posts postedBodies
	_, ts := startSim(t, c, posts.wrap)
	items := simScoreItems(t, c)
	if len(items) < 24 {
		t.Fatalf("%d score items: want several criteria an item", len(items))
	}
	for _, ls := range []bool{false, true} {
		posts.take()
		live := scoreBatchConfig(t, ts.URL, items, ls, filepath.Join(t.TempDir(), "live.jsonl"))
		var lst Stats
		if _, err := RunScores(t.Context(), live, &lst); err != nil || lst.Written != 12 {
			t.Fatalf("live: %v, %d written", err, lst.Written)
		}
		want, _ := os.ReadFile(live.Output)

		dir := t.TempDir()
		cfg := scoreBatchConfig(t, ts.URL, items, ls, filepath.Join(dir, "judged.jsonl"))
		reqName := filepath.Join(dir, "requests.jsonl")
		out, err := WriteScoreBatch(cfg, reqName, BatchLimits{}, nil)
		perItem := len(items) / 12
		if ls {
			perItem++
		}
		if err != nil || out.Items != 12 || out.Requests != 12*perItem {
			t.Fatalf("ls=%v: batch %+v, %v", ls, out, err)
		}
		livePosted := posts.take()
		var batch []string
		reqs := collecttest.ReadRequests(t, reqName)
		for _, r := range reqs {
			batch = append(batch, r.URL+" "+string(r.Body))
		}
		if slices.Sort(batch); !slices.Equal(batch, livePosted) {
			t.Fatalf("ls=%v: the batch bodies differ from the live ones (%d live, %d batch)", ls, len(livePosted), len(batch))
		}
		lines := collecttest.Answer(t, ts.URL, reqs)
		slices.Reverse(lines)
		resName := filepath.Join(dir, "results.jsonl")
		collecttest.WriteLines(t, resName, lines)
		var st Stats
		if _, _, err := ReadScoreBatch(cfg, []string{resName}, &st); err != nil {
			t.Fatal(err)
		}
		got, _ := os.ReadFile(cfg.Output)
		if !bytes.Equal(got, want) {
			t.Fatalf("ls=%v: batch-in records differ from the live ones\nlive  %.400s\nbatch %.400s", ls, want, got)
		}
		if st.Written != 12 || st.Failed != 0 || st.Done != lst.Done || st.PromptTok != lst.PromptTok {
			t.Fatalf("ls=%v: %d written, %d failed, done %d (live %d), prompt tokens %d (live %d)", ls, st.Written, st.Failed, st.Done, lst.Done, st.PromptTok, lst.PromptTok)
		}
		again, err := WriteScoreBatch(cfg, filepath.Join(dir, "again.jsonl"), BatchLimits{}, nil)
		if err != nil || again.Requests != 0 || again.Skipped != len(items) || len(again.Files) != 0 {
			t.Fatalf("ls=%v: second batch %+v, %v", ls, again, err)
		}
		var st2 Stats
		_, bi, err := ReadScoreBatch(cfg, []string{resName}, &st2)
		if err != nil || st2.Written != 0 || bi.InLog != len(lines) {
			t.Fatalf("ls=%v: results read twice: %d written, %+v, %v", ls, st2.Written, bi, err)
		}
		if b, _ := os.ReadFile(cfg.Output); !bytes.Equal(b, want) {
			t.Fatalf("ls=%v: the log changed on reading the same results again", ls)
		}
	}
}

// TestScoreBatchHostileResults: a score run's results file with an error
// line (LS), a non-200 status, a duplicated custom_id, a request without
// a line, an item without any, a custom_id of another run, a line that is
// no JSON, an LS answer without prompt log-probabilities and a torn last
// line: each counted and listed, only sound items written, and a second,
// sound results file completes the log with every (item, criterion) once.
func TestScoreBatchHostileResults(t *testing.T) {
	c := simConfig(t, 0)
	c.Scores = 10
	_, ts := startSim(t, c, nil)
	items := simScoreItems(t, c)
	dir := t.TempDir()
	cfg := scoreBatchConfig(t, ts.URL, items, true, filepath.Join(dir, "judged.jsonl"))
	reqName := filepath.Join(dir, "requests.jsonl")
	if _, err := WriteScoreBatch(cfg, reqName, BatchLimits{}, nil); err != nil {
		t.Fatal(err)
	}
	reqs := collecttest.ReadRequests(t, reqName)
	good := collecttest.Answer(t, ts.URL, reqs)
	n := len(reqs) / 10 // requests an item: LS, then its criteria
	line := func(item, k int) []byte { return good[item*n+k] }
	cid := func(item, k int) string { return reqs[item*n+k].CustomID }
	all := func(item int, skip ...int) (out [][]byte) {
		for k := range n {
			if !slices.Contains(skip, k) {
				out = append(out, line(item, k))
			}
		}
		return out
	}
	var bad [][]byte
	add := func(b string) { bad = append(bad, []byte(b+"\n")) }
	for _, i := range []int{0, 8, 9} {
		bad = append(bad, all(i)...)
	}
	bad = append(bad, all(1, 0)...)
	add(`{"id":"b1","custom_id":"` + cid(1, 0) + `","response":null,"error":{"code":"server_error","message":"engine crashed"}}`)
	bad = append(bad, all(2, 1)...)
	add(`{"id":"b2","custom_id":"` + cid(2, 1) + `","response":{"status_code":500,"request_id":"r","body":{"error":{"message":"oops"}}},"error":null}`)
	bad = append(bad, all(3)...)
	bad = append(bad, line(3, 1))     // duplicate
	bad = append(bad, all(4, n-1)...) // its last criterion missing
	/* item 5: no line at all */
	add(`{"id":"b3","custom_id":"score-000000000000-x-` + items[0].ID + `","response":{"status_code":200,"request_id":"r","body":{}},"error":null}`)
	add(`this is not json`)
	bad = append(bad, all(6, 0)...)
	add(`{"id":"b4","custom_id":"` + cid(6, 0) + `","response":{"status_code":200,"request_id":"r","body":{"choices":[{"text":""}]}},"error":null}`)
	bad = append(bad, all(7, n-1)...)
	bad = append(bad, bytes.TrimSuffix(line(7, n-1), []byte("\n"))[:40]) // torn last line
	resName := filepath.Join(dir, "results.jsonl")
	collecttest.WriteLines(t, resName, bad)

	var st Stats
	_, bi, err := ReadScoreBatch(cfg, []string{resName}, &st)
	if err != nil {
		t.Fatal(err)
	}
	if st.Written != 3 || st.ItemsFailed != 6 || st.Discarded != 1 || st.Items != 10 {
		t.Fatalf("written %d, failed %d, left %d of %d; want 3, 6, 1 of 10", st.Written, st.ItemsFailed, st.Discarded, st.Items)
	}
	wantReasons := map[string]int64{"batch-error": 1, "http-5xx": 1, "batch-duplicate": 1, "batch-duplicate-line": 1,
		"batch-missing": 2, "batch-foreign": 1, "batch-malformed": 1, "no-ls": 1, "batch-torn": 1}
	if got := st.Reasons(); !maps.Equal(got, wantReasons) {
		t.Errorf("reasons %v, want %v", got, wantReasons)
	}
	if bi.Missing != 2+n {
		t.Errorf("missing requests %d, want %d (items 4's and 7's last, item 5's %d)", bi.Missing, 2+n, n)
	}
	failed := map[string]bool{}
	for _, f := range readFailRecords(t, cfg.Output+".failures.jsonl") {
		if f.Reason != "batch-missing" && !strings.HasPrefix(f.Where, resName+":") {
			t.Errorf("%s: no file:line (%q)", f.Reason, f.Where)
		}
		failed[f.ID] = true
	}
	for _, s := range readLog(t, cfg.Output).Scores {
		if failed[s.ID] {
			t.Errorf("item %s both written and failed", s.ID)
		}
	}
	collecttest.WriteLines(t, resName, good)
	var st2 Stats
	if _, bi2, err := ReadScoreBatch(cfg, []string{resName}, &st2); err != nil || st2.Written != 7 || bi2.InLog != 3*n {
		t.Fatalf("second batch: %d written, %+v, %v; want 7, %d lines skipped", st2.Written, bi2, err, 3*n)
	}
	logged := map[[2]string]int{}
	for _, s := range readLog(t, cfg.Output).Scores {
		logged[[2]string{s.ID, s.Criterion}]++
	}
	for _, it := range items {
		if logged[[2]string{it.ID, it.Criterion}] != 1 {
			t.Errorf("%s %s written %d times", it.ID, it.Criterion, logged[[2]string{it.ID, it.Criterion}])
		}
	}
}
