package collect

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/plumb-eval/plumb/collect/collecttest"
	"github.com/plumb-eval/plumb/model"
)

// TestBatchProbesAndShots: a batch of a condition with examples and
// probes (--batch-out, then --batch-in) asks for the probes too and
// writes byte for byte the records a live run writes, condition and all;
// a second batch asks for nothing.
func TestBatchProbesAndShots(t *testing.T) {
	c := simConfig(t, 12)
	c.GoldShare = 1
	srv, ts := startSim(t, c, nil)
	teach(t, srv)
	items := simItems(t, c)
	probes, err := ProbeItems([]model.ProbeKind{model.ProbeCC, model.ProbeDC}, items, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	all := append(items, probes...)
	tps, _ := LoadTemplates("mt-bench")
	cond := Condition{Template: tps[0], IDs: IDs{"X", "Y"}, Shots: 2}
	mk := func(out string) *Config {
		cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", all)
		cfg.Pool, cfg.Seed, cfg.Jobs = ShotPool(all), 1, 1
		cfg = cfg.ForCondition(&cond, true)
		if out != "" {
			cfg.Output = out
		}
		return cfg
	}
	live := mk("")
	run(t, live)
	want, err := os.ReadFile(live.Output)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bcfg := mk(filepath.Join(dir, "judged.jsonl"))
	reqName := filepath.Join(dir, "requests.jsonl")
	out, err := WriteBatch(bcfg, reqName, BatchLimits{}, nil)
	if err != nil || out.Items != 16 || out.Requests != 64 {
		t.Fatalf("batch %+v, %v", out, err)
	}
	resName := filepath.Join(dir, "results.jsonl")
	collecttest.WriteLines(t, resName, collecttest.Answer(t, ts.URL, collecttest.ReadRequests(t, reqName)))
	var st Stats
	if _, _, err := ReadBatch(bcfg, []string{resName}, &st); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(bcfg.Output)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("batch-in records differ from the live ones\nlive  %.600s\nbatch %.600s", want, got)
	}
	if lg := readLog(t, bcfg.Output); len(lg.Pairs) != 12 || len(lg.Probes) != 4 || keyOf(t, lg.Probes[0].Condition) != (condKey{"mt-bench", "X/Y", 2}) {
		t.Fatalf("%d pairs, %d probes", len(lg.Pairs), len(lg.Probes))
	}
	if again, err := WriteBatch(bcfg, filepath.Join(dir, "again.jsonl"), BatchLimits{}, nil); err != nil || again.Requests != 0 || again.Skipped != 16 {
		t.Fatalf("second batch %+v, %v", again, err)
	}
}
