package collect

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/collect/collecttest"
	"github.com/plumb-eval/plumb/model"
)

// gridBatchSetup starts the practice server and returns a 2×2 grid
// (calibraeval, mt-bench × A/B, X/Y) of 6 items with CC and DC probes,
// the log of a live grid run of it (-j 1) and a maker of the batch run's
// configs writing into out.
func gridBatchSetup(t *testing.T) (want []byte, mk func(out string) []*Config, base string) {
	t.Helper()
	c := simConfig(t, 6)
	srv, ts := startSim(t, c, nil)
	teach(t, srv)
	items := simItems(t, c)
	probes, err := ProbeItems([]model.ProbeKind{model.ProbeCC, model.ProbeDC}, items, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	all := append(items, probes...)
	tps, err := LoadTemplates("calibraeval,mt-bench")
	if err != nil {
		t.Fatal(err)
	}
	conds, err := Grid(tps, []IDs{{"A", "B"}, {"X", "Y"}}, []int{0})
	if err != nil || len(conds) != 4 {
		t.Fatalf("%d conditions, %v", len(conds), err)
	}
	baseCfg := func(out string) *Config {
		cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", all)
		cfg.Pool, cfg.Seed, cfg.Jobs = ShotPool(all), 1, 1
		if out != "" {
			cfg.Output = out
		}
		return cfg
	}
	live := baseCfg("")
	gridRun(t, live, conds)
	want, err = os.ReadFile(live.Output)
	if err != nil {
		t.Fatal(err)
	}
	mk = func(out string) []*Config {
		b := baseCfg(out)
		cfgs := make([]*Config, len(conds))
		for i := range conds {
			cfgs[i] = b.ForCondition(&conds[i], true)
		}
		return cfgs
	}
	return want, mk, ts.URL
}

// sortedLines returns the lines of b, sorted: a log's records as a set.
func sortedLines(b []byte) []string {
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	slices.Sort(lines)
	return lines
}

// TestGridBatchEqualsLive: a 2×2 grid with CC and DC probes written as
// one batch (--batch-out, split at 10 lines a file) and read back
// (--batch-in) gives byte for byte the log of a live grid run: every
// condition's records, in the live order. Each custom_id starts with its
// condition's tag (10 characters more than a run without conditions), no
// file splits an item's requests, and a second batch asks for nothing.
func TestGridBatchEqualsLive(t *testing.T) {
	want, mk, base := gridBatchSetup(t)
	dir := t.TempDir()
	cfgs := mk(filepath.Join(dir, "judged.jsonl"))
	out, err := WriteGridBatch(cfgs, filepath.Join(dir, "requests.jsonl"), BatchLimits{Lines: 10}, nil)
	// 6 items + 1 CC + 2 DC probes = 9 a condition, × 4 conditions, × 4 arrangements.
	if err != nil || out.Items != 36 || out.Requests != 144 || len(out.Files) != 18 {
		t.Fatalf("batch %+v (%d files), %v", out, len(out.Files), err)
	}
	tags := map[string]bool{}
	for _, f := range out.Files {
		reqs := collecttest.ReadRequests(t, f)
		if len(reqs) != 8 { // two items' 4 requests a file
			t.Fatalf("%s: %d lines: an item's requests split", f, len(reqs))
		}
		for _, r := range reqs {
			tag, _, _ := strings.Cut(r.CustomID, "-")
			tags[tag] = true
			if len(tag) != 9 || tag[0] != 'c' || !strings.HasPrefix(r.CustomID[10:], "x") {
				t.Fatalf("custom_id %s: want the condition's tag (c and 8 hex digits) before the arrangement", r.CustomID)
			}
		}
	}
	if len(tags) != 4 {
		t.Fatalf("condition tags %v: want 4", tags)
	}
	res := filepath.Join(dir, "results.jsonl")
	collecttest.WriteLines(t, res, collecttest.Answer(t, base, collecttest.ReadRequests(t, out.Files...)))
	var st Stats
	if _, _, err := ReadGridBatch(cfgs, []string{res}, &st); err != nil || st.Written != 36 {
		t.Fatalf("read: %d written, %v", st.Written, err)
	}
	got, err := os.ReadFile(cfgs[0].Output)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("batch-in records differ from the live grid's\nlive  %.600s\nbatch %.600s", want, got)
	}
	if again, err := WriteGridBatch(cfgs, filepath.Join(dir, "again.jsonl"), BatchLimits{}, nil); err != nil || again.Requests != 0 || again.Skipped != 36 {
		t.Fatalf("second batch %+v, %v", again, err)
	}
}

// TestGridBatchHostile: results whose custom_id carries another
// condition's tag, a duplicated line and a missing line lose and double
// nothing: the lines are counted as faults, the items they touch are not
// written, the next --batch-out asks exactly those items' requests, and
// after their results the log holds the live grid's records, each once.
func TestGridBatchHostile(t *testing.T) {
	want, mk, base := gridBatchSetup(t)
	dir := t.TempDir()
	cfgs := mk(filepath.Join(dir, "judged.jsonl"))
	reqName := filepath.Join(dir, "requests.jsonl")
	if _, err := WriteGridBatch(cfgs, reqName, BatchLimits{}, nil); err != nil {
		t.Fatal(err)
	}
	reqs := collecttest.ReadRequests(t, reqName)
	lines := collecttest.Answer(t, base, reqs)
	// Line 0 (condition 1) relabelled with condition 2's tag; line 40
	// (condition 2) given twice; line 100 (condition 3) left out.
	tag1, _, _ := strings.Cut(reqs[0].CustomID, "-")
	tag2, _, _ := strings.Cut(reqs[40].CustomID, "-")
	if tag1 == tag2 {
		t.Fatalf("lines 0 and 40 are both of condition %s", tag1)
	}
	lines[0] = bytes.Replace(lines[0], []byte(`"custom_id":"`+tag1), []byte(`"custom_id":"`+tag2), 1)
	lines = append(lines, lines[40])
	lines = slices.Delete(lines, 100, 101)
	res := filepath.Join(dir, "results.jsonl")
	collecttest.WriteLines(t, res, lines)
	var st Stats
	_, bi, err := ReadGridBatch(cfgs, []string{res}, &st)
	if err != nil {
		t.Fatal(err)
	}
	r := st.Reasons()
	if r["batch-foreign"] != 1 || r["batch-duplicate"] != 1 || r["batch-duplicate-line"] != 1 || r["batch-missing"] != 2 || st.ItemsFailed != 3 || st.Written != 33 || bi.Missing != 2 {
		t.Fatalf("reasons %v, %d failed, %d written, %+v", r, st.ItemsFailed, st.Written, bi)
	}
	next := filepath.Join(dir, "next.jsonl")
	out, err := WriteGridBatch(cfgs, next, BatchLimits{}, nil)
	if err != nil || out.Items != 3 || out.Requests != 12 || out.Skipped != 33 {
		t.Fatalf("next batch %+v, %v", out, err)
	}
	// The first results again: nothing in them is written twice.
	var again Stats
	if _, bi, err := ReadGridBatch(cfgs, []string{res}, &again); err != nil || again.Written != 0 || bi.InLog != 132 {
		t.Fatalf("the same results again: %d written, %+v, %v", again.Written, bi, err)
	}
	res2 := filepath.Join(dir, "results2.jsonl")
	collecttest.WriteLines(t, res2, collecttest.Answer(t, base, collecttest.ReadRequests(t, next)))
	var st2 Stats
	if _, _, err := ReadGridBatch(cfgs, []string{res2}, &st2); err != nil || st2.Written != 3 {
		t.Fatalf("second read: %d written, %v", st2.Written, err)
	}
	got, err := os.ReadFile(cfgs[0].Output)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sortedLines(got), sortedLines(want)) {
		t.Fatalf("the records after two batches are not the live grid's\nlive  %.600s\nbatch %.600s", want, got)
	}
	var bad json.RawMessage // every record names its condition
	for _, l := range sortedLines(got) {
		if !strings.Contains(l, `"condition":`) {
			bad = json.RawMessage(l)
		}
	}
	if bad != nil {
		t.Fatalf("a record without its condition: %s", bad)
	}
}

// TestConditionTag pins the tag docs/collect.md shows (calibraeval, A/B,
// 0 shots) and checks that a run without conditions has none.
func TestConditionTag(t *testing.T) {
	tps, err := LoadTemplates("calibraeval")
	if err != nil {
		t.Fatal(err)
	}
	c := Condition{Template: tps[0], IDs: IDs{"A", "B"}}
	if got := conditionTag(c.JSON()); got != "caa1ba74f" {
		t.Errorf("tag %s, want caa1ba74f (docs/collect.md)", got)
	}
	if got := conditionTag(nil); got != "" {
		t.Errorf("no condition: tag %q", got)
	}
}
