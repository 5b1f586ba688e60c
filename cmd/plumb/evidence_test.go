package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// writeEvidenceLog writes simtest.EvidenceLog (sampled scores, some
// unread) to a temporary file and returns its name.
func writeEvidenceLog(t *testing.T) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "evidence.jsonl")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := model.NewWriter(f)
	lg := simtest.EvidenceLog(60, 3, 1, 1.5, 1)
	for i := range lg.Pairs {
		if err := w.WritePair(&lg.Pairs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return name
}
