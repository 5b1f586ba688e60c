package collect

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/plumb-eval/plumb/model/sim"
)

// fullDisk is an output log on a disk that fills up: the first ok writes
// go through, the next writes half its bytes and fails with ENOSPC, as
// write(2) on a full file system does, and so does every later one.
type fullDisk struct {
	outFile
	mu sync.Mutex
	ok int
}

func (d *fullDisk) Write(b []byte) (int, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.ok > 0 {
		d.ok--
		return d.outFile.Write(b)
	}
	n, _ := d.outFile.Write(b[:len(b)/2])
	return n, &fs.PathError{Op: "write", Path: "judged.jsonl", Err: syscall.ENOSPC}
}

// checkWhole fails unless name ends with a newline and holds want records
// (lines; any number when want < 0).
func checkWhole(t *testing.T, name string, want int) {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 0 && b[len(b)-1] != '\n' || want >= 0 && bytes.Count(b, []byte{'\n'}) != want {
		t.Fatalf("log after a full disk: %d lines, ends %q; want %d whole records", bytes.Count(b, []byte{'\n'}), b[max(0, len(b)-20):], want)
	}
}

// TestDiskFull (issue 32 item 7): a write that fails part way (ENOSPC)
// is cut back at once to the last whole record; the run stops with "disk
// full: 2 items written, re-run to continue"; the log reads without
// repair and a re-run completes it, each item once. Before, the half
// record stayed in the log as a torn last line.
func TestDiskFull(t *testing.T) {
	ts := httptest.NewServer(&swappable{h: honest})
	defer ts.Close()
	cfg := hostileConfig(t, ts.URL+"/v1", hostileItems(5), &syncBuffer{})
	cfg.Jobs = 1
	cfg.wrapOut = func(f outFile) outFile { return &fullDisk{outFile: f, ok: 2} }
	var st Stats
	_, err := Run(context.Background(), cfg, &st)
	var df *DiskFullError
	if !errors.As(err, &df) || !errors.Is(err, syscall.ENOSPC) || !strings.HasPrefix(err.Error(), "disk full: 2 items written, re-run to continue") {
		t.Fatalf("Run: %v, want a disk-full error after 2 items", err)
	}
	if st.Written != 2 {
		t.Errorf("written %d, want 2", st.Written)
	}
	checkWhole(t, cfg.Output, 2)
	if lg := readLog(t, cfg.Output); len(lg.Pairs) != 2 {
		t.Fatalf("%d records, want 2", len(lg.Pairs))
	}
	cfg.wrapOut = nil
	st2, prior := run(t, cfg)
	if prior.TornBytes != 0 || st2.Skipped != 2 || st2.Written != 3 || len(readLog(t, cfg.Output).Pairs) != 5 {
		t.Errorf("re-run: torn %d, skipped %d, wrote %d", prior.TornBytes, st2.Skipped, st2.Written)
	}
}

// TestDiskFullScores: the score task's writes are cut back the same way.
func TestDiskFullScores(t *testing.T) {
	c := simConfig(t, 0)
	c.Scores = 6
	_, ts := startSim(t, c, nil)
	c.Judges = c.Judges[:1]
	lg, err := sim.Collect(c)
	if err != nil {
		t.Fatal(err)
	}
	var items []ScoreItem
	for _, s := range lg.Scores {
		items = append(items, ScoreItem{ID: s.ID, Criterion: s.Criterion, Input: s.Input, Output: s.Output})
	}
	tp, err := LoadScoreTemplate("")
	if err != nil {
		t.Fatal(err)
	}
	cl := NewClient(ClientConfig{BaseURL: ts.URL + "/v1", Model: "judge-tokenA", TopLogprobs: 20, MaxTokens: tp.MaxTokens,
		Timeout: 5 * time.Second, Retries: 1, BackoffBase: time.Millisecond, BackoffMax: time.Millisecond})
	cfg := &ScoreConfig{Items: items, Judge: "judge-tokenA", Template: tp, Client: cl, Min: 1, Max: 5, Jobs: 1,
		Output: t.TempDir() + "/scores.jsonl"}
	cfg.wrapOut = func(f outFile) outFile { return &fullDisk{outFile: f, ok: 3} }
	var st Stats
	_, err = RunScores(context.Background(), cfg, &st)
	if !strings.HasPrefix(errString(err), "disk full: 3 items written, re-run to continue") || st.Written != 3 || st.Items != 6 {
		t.Fatalf("RunScores: %v (written %d), want a disk-full error after 3 items", err, st.Written)
	}
	checkWhole(t, cfg.Output, -1)
	ids := map[string]bool{}
	for _, s := range readLog(t, cfg.Output).Scores {
		ids[s.ID] = true
	}
	if len(ids) != 3 {
		t.Fatalf("%d items in the log, want 3", len(ids))
	}
	cfg.wrapOut = nil
	var st2 Stats
	if _, err := RunScores(context.Background(), cfg, &st2); err != nil || st2.Items != 3 || st2.Written != 3 {
		t.Errorf("re-run: %v, items %d, wrote %d", err, st2.Items, st2.Written)
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// stuckDisk is a full disk on which the part written cannot be cut back.
type stuckDisk struct{ fullDisk }

func (d *stuckDisk) Truncate(int64) error { return syscall.EIO }

// TestDiskFullCutFails: when cutting a half record back fails too, the
// error says so (and claims no whole records), and the next run cuts the
// torn line off and completes the log.
func TestDiskFullCutFails(t *testing.T) {
	ts := httptest.NewServer(&swappable{h: honest})
	defer ts.Close()
	cfg := hostileConfig(t, ts.URL+"/v1", hostileItems(3), &syncBuffer{})
	cfg.Jobs = 1
	cfg.wrapOut = func(f outFile) outFile { return &stuckDisk{fullDisk{outFile: f, ok: 1}} }
	var st Stats
	_, err := Run(context.Background(), cfg, &st)
	if msg := errString(err); !strings.HasPrefix(msg, "disk full: 1 item written, re-run to continue") ||
		!strings.Contains(msg, "the next run cuts them off") || strings.Contains(msg, "every record in it is whole") {
		t.Fatalf("Run: %v", err)
	}
	cfg.wrapOut = nil
	st2, prior := run(t, cfg)
	if prior.TornBytes == 0 || st2.Written != 2 || len(readLog(t, cfg.Output).Pairs) != 3 {
		t.Errorf("re-run: torn %d, wrote %d", prior.TornBytes, st2.Written)
	}
}
