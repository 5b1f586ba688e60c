package collect

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"
)

// TestBatchSubmit runs the whole loop against the practice server's Files
// and Batch API: the run's requests uploaded in two files, two batches
// created and written down, the wait stopped (as a killed plumb) after the
// first poll, then resumed by the batch IDs written down — no batch
// created twice — and the results read into a log byte-identical to a live
// collect of the same items.
func TestBatchSubmit(t *testing.T) {
	c := simConfig(t, 12)
	items := simItems(t, c)
	var created atomic.Int64
	_, ts := startSim(t, c, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPost && r.URL.Path == "/v1/batches" {
				created.Add(1)
			}
			h.ServeHTTP(w, r)
		})
	})
	live := testConfig(t, ts.URL, "judge-first", "calibraeval", items)
	live.Jobs = 1
	run(t, live)
	want, _ := os.ReadFile(live.Output)

	cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", items)
	sc := SubmitConfig{State: cfg.Output + ".batches.json", Poll: 5 * time.Millisecond, Limits: BatchLimits{Lines: 24}}
	ctx, cancel := context.WithCancel(context.Background())
	sc.Progress = func(BatchProgress) { cancel() }
	var st Stats
	if _, _, err := Submit(ctx, []*Config{cfg}, sc, &st); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped wait: %v", err)
	}
	if _, err := os.Stat(sc.State); err != nil || created.Load() != 2 {
		t.Fatalf("state %v, %d batches created; want the IDs of 2 written down", err, created.Load())
	}
	var polls []BatchProgress
	sc.Progress = func(p BatchProgress) { polls = append(polls, p) }
	var st2 Stats
	if _, _, err := Submit(context.Background(), []*Config{cfg}, sc, &st2); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(cfg.Output)
	if !bytes.Equal(got, want) {
		t.Fatalf("submitted batch records differ from the live ones\nlive  %.300s\nbatch %.300s", want, got)
	}
	last := polls[len(polls)-1]
	if created.Load() != 2 || st2.Written != 12 || last.Total != 48 || last.Completed != 48 || last.Finished != 2 {
		t.Fatalf("%d batches created, %d written, last progress %+v", created.Load(), st2.Written, last)
	}
	if _, err := os.Stat(sc.State); err == nil {
		t.Fatal("the state file is left after the results were read")
	}
	var st3 Stats
	if _, _, err := Submit(context.Background(), []*Config{cfg}, sc, &st3); err != nil || st3.Skipped != 12 || created.Load() != 2 {
		t.Fatalf("nothing left to submit: %d skipped, %d batches created, %v", st3.Skipped, created.Load(), err)
	}
	if m, _ := filepath.Glob(filepath.Join(filepath.Dir(cfg.Output), ".plumb-batch-*")); len(m) > 0 {
		t.Fatalf("temporary files left: %v", m)
	}
}
