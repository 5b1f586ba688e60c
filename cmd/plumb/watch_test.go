package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// TestStartWatchMissingFile (issue 17, item 13): plumb --watch on a file
// that does not exist yet starts (an empty log; the UI says it waits) and
// reads the file once it appears; it stopped with "cannot open" before.
// A pipe is still refused.
func TestStartWatchMissingFile(t *testing.T) {
	t.Parallel()
	name := filepath.Join(t.TempDir(), "judged.jsonl")
	cmd := newRootCmd()
	cmd.SetContext(context.Background())
	w, lg, err := startWatch(cmd, []string{name}, false)
	if err != nil || lg == nil || len(lg.Pairs) != 0 {
		t.Fatalf("startWatch: %v, %v", lg, err)
	}
	var wait *model.WaitingError
	if _, _, err := w.Poll(); !errors.As(err, &wait) {
		t.Fatalf("poll before the file exists: %v", err)
	}
	rec := `{"kind":"pair","id":"q1","judge":"j","p_a":{"x0":0.7}}` + "\n"
	if err := os.WriteFile(name, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	lg, changed, err := w.Poll()
	if err != nil || !changed || len(lg.Pairs) != 1 {
		t.Fatalf("after the file appeared: %v %v %v", lg, changed, err)
	}
	if _, _, err := startWatch(cmd, []string{"-"}, false); err == nil || exitCode(err) != exitBadInput {
		t.Errorf("--watch -: %v", err)
	}
}
