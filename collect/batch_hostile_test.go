package collect

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/collect/collecttest"
)

// failRecord is one line of the failures file.
type failRecord struct {
	ID, Arrangement, Reason, Where, CustomID string
	Status                                   int
}

func readFailRecords(t *testing.T, name string) []failRecord {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []failRecord
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var r struct {
			ID          string `json:"id"`
			Arrangement string `json:"arrangement"`
			Reason      string `json:"reason"`
			Where       string `json:"where"`
			CustomID    string `json:"custom_id"`
			Status      int    `json:"status"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		out = append(out, failRecord{r.ID, r.Arrangement, r.Reason, r.Where, r.CustomID, r.Status})
	}
	return out
}

// TestBatchHostileResults feeds a results file with every fault a batch
// engine or a user can leave — an error line, a non-200 status, a
// duplicated custom_id, a request without a line, an item without any, a
// custom_id of another run, a line without custom_id, a line that is no
// JSON, an empty choices list, an answer without a verdict, a 401 (not
// fatal here) and a torn last line — and checks that each is counted and
// listed with its file:line, that only the items whose every answer is
// sound are written, and that a second, sound results file completes the
// log with every item exactly once: nothing lost, nothing doubled.
func TestBatchHostileResults(t *testing.T) {
	c := simConfig(t, 12)
	items := simItems(t, c)
	_, ts := startSim(t, c, nil)
	dir := t.TempDir()
	cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", items)
	cfg.Output = filepath.Join(dir, "judged.jsonl")
	reqName := filepath.Join(dir, "requests.jsonl")
	if _, err := WriteBatch(cfg, reqName, BatchLimits{}, nil); err != nil {
		t.Fatal(err)
	}
	good := collecttest.Answer(t, ts.URL, collecttest.ReadRequests(t, reqName))
	line := func(item, k int) []byte { return good[item*4+k] }
	cid := func(item, k int) string {
		var r struct {
			CustomID string `json:"custom_id"`
		}
		json.Unmarshal(line(item, k), &r)
		return r.CustomID
	}
	var bad [][]byte
	add := func(b string) { bad = append(bad, []byte(b+"\n")) }
	for _, i := range []int{0, 6, 10} { // sound
		bad = append(bad, line(i, 0), line(i, 1), line(i, 2), line(i, 3))
	}
	bad = append(bad, line(1, 0), line(1, 1), line(1, 3))
	add(`{"id":"b1","custom_id":"` + cid(1, 2) + `","response":null,"error":{"code":"server_error","message":"engine crashed"}}`)
	bad = append(bad, line(2, 0), line(2, 2), line(2, 3))
	add(`{"id":"b2","custom_id":"` + cid(2, 1) + `","response":{"status_code":400,"request_id":"r","body":{"error":{"message":"This model's maximum context length is 2048 tokens"}}},"error":null}`)
	bad = append(bad, line(3, 0), line(3, 0), line(3, 1), line(3, 2), line(3, 3)) // duplicate
	bad = append(bad, line(4, 0), line(4, 1), line(4, 2))                         // x3 missing
	// item 5: no line at all
	add(`{"id":"b3","custom_id":"x0-000000000000-` + items[0].ID + `","response":{"status_code":200,"request_id":"r","body":{}},"error":null}`)
	add(`{"id":"b4","response":{"status_code":200,"request_id":"r","body":{}},"error":null}`)
	add(`this is not json`)
	bad = append(bad, line(8, 0), line(8, 1), line(8, 2))
	add(`{"id":"b5","custom_id":"` + cid(8, 3) + `","response":{"status_code":200,"request_id":"r","body":{"choices":[]}},"error":null}`)
	bad = append(bad, line(9, 0), line(9, 1), line(9, 2))
	add(`{"id":"b6","custom_id":"` + cid(9, 3) + `","response":{"status_code":200,"request_id":"r","body":{"choices":[{"message":{"content":"Neither"}}]}},"error":null}`)
	bad = append(bad, line(11, 0), line(11, 1), line(11, 2))
	add(`{"id":"b7","custom_id":"` + cid(11, 3) + `","response":{"status_code":401,"request_id":"r","body":{"error":{"message":"bad key"}}},"error":null}`)
	bad = append(bad, line(7, 0), line(7, 1), line(7, 2))
	bad = append(bad, bytes.TrimSuffix(line(7, 3), []byte("\n"))[:40]) // torn last line
	resName := filepath.Join(dir, "results.jsonl")
	collecttest.WriteLines(t, resName, bad)

	var st Stats
	_, bi, err := ReadBatch(cfg, []string{resName}, &st)
	if err != nil {
		t.Fatal(err)
	}
	if st.Written != 3 || st.ItemsFailed != 8 || st.Discarded != 1 || st.Items != 12 {
		t.Fatalf("written %d, failed %d, left %d of %d; want 3, 8, 1 of 12", st.Written, st.ItemsFailed, st.Discarded, st.Items)
	}
	wantReasons := map[string]int64{"batch-error": 1, "context-length": 1, "batch-duplicate": 1, "batch-duplicate-line": 1,
		"batch-missing": 2, "batch-foreign": 1, "batch-malformed": 2, "empty-choices": 1, "no-verdict": 1, "unauthorized": 1, "batch-torn": 1}
	got := st.Reasons()
	for k, v := range wantReasons {
		if got[k] != v {
			t.Errorf("reason %s: %d, want %d (all: %v)", k, got[k], v, got)
		}
	}
	if len(got) != len(wantReasons) {
		t.Errorf("reasons %v, want %v", got, wantReasons)
	}
	if bi.Missing != 6 {
		t.Errorf("missing requests %d, want 6 (item 4's x3, item 7's x3, item 5's four)", bi.Missing)
	}
	fails := readFailRecords(t, cfg.Output+".failures.jsonl")
	failed := map[string]bool{}
	for _, f := range fails {
		if f.Reason != "batch-missing" && !strings.HasPrefix(f.Where, resName+":") {
			t.Errorf("%s: no file:line (%q)", f.Reason, f.Where)
		}
		if f.Reason == "batch-torn" && f.Where != resName+":"+itoa(len(bad)) {
			t.Errorf("torn line at %s, want line %d", f.Where, len(bad))
		}
		failed[f.ID] = true
	}
	logged := map[string]int{}
	for _, p := range readLog(t, cfg.Output).Pairs {
		logged[p.ID]++
		if failed[p.ID] {
			t.Errorf("item %s both written and failed", p.ID)
		}
	}
	for _, i := range []int{1, 2, 3, 4, 7, 8, 9, 11} {
		if !failed[items[i].ID] {
			t.Errorf("item %d not in the failures file", i)
		}
	}

	// The next batch: every item's sound answers; those already written are skipped.
	collecttest.WriteLines(t, resName, good)
	var st2 Stats
	if _, bi2, err := ReadBatch(cfg, []string{resName}, &st2); err != nil || st2.Written != 9 || bi2.InLog != 12 {
		t.Fatalf("second batch: %d written, %+v, %v; want 9, 12 lines skipped", st2.Written, bi2, err)
	}
	logged = map[string]int{}
	for _, p := range readLog(t, cfg.Output).Pairs {
		logged[p.ID]++
	}
	for _, it := range items {
		if logged[it.ID] != 1 {
			t.Errorf("item %s written %d times", it.ID, logged[it.ID])
		}
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
