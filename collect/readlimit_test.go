package collect

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSizeLimits (issue 32 item 6): a template, a batch state file or a
// batch results line without end (/dev/zero) or over its limit is refused
// with a message naming the file and the limit, read no further than the
// limit. Before, --template /dev/zero read until memory ran out.
func TestSizeLimits(t *testing.T) {
	t.Parallel() // mostly waiting or reading: beside the llama.cpp tests
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	big := filepath.Join(t.TempDir(), "big.tmpl")
	if err := os.WriteFile(big, []byte(strings.Repeat("x", MaxTemplateBytes+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	loads := map[string]func() error{
		"template /dev/zero":       func() error { _, err := LoadTemplate("/dev/zero"); return err },
		"template over 1 MiB":      func() error { _, err := LoadTemplate(big); return err },
		"score template /dev/zero": func() error { _, err := LoadScoreTemplate("/dev/zero"); return err },
		"batch state /dev/zero":    func() error { _, err := readState("/dev/zero"); return err },
	}
	for name, load := range loads {
		err := load()
		var tl *TooLargeError
		if !errors.As(err, &tl) || !strings.Contains(err.Error(), "MiB, the most collect reads") {
			t.Errorf("%s: %v, want a size-limit error", name, err)
		}
	}
	// A batch results file whose line never ends.
	cfg := hostileConfig(t, "http://127.0.0.1:9/v1", hostileItems(1), &syncBuffer{})
	_, _, err := ReadBatch(cfg, []string{"/dev/zero"}, &Stats{})
	var tl *TooLargeError
	if !errors.As(err, &tl) || !strings.HasPrefix(err.Error(), "/dev/zero:1: the line is over 64 MiB") {
		t.Errorf("batch-in /dev/zero: %v, want a size-limit error", err)
	}
}

// TestPlainScoresRecordCap: a plain score items file whose second record
// runs past the limit is refused naming the record; under it, it loads.
func TestPlainScoresRecordCap(t *testing.T) {
	name := filepath.Join(t.TempDir(), "scores.jsonl")
	rec := `{"id":"a","criterion":"c","input":"i","output":"o","human_score":3}` + "\n"
	long := `{"id":"b","criterion":"c","input":"` + strings.Repeat("x", 3<<20) + `","output":"o","human_score":3}` + "\n"
	if err := os.WriteFile(name, []byte(rec+long+rec), 0o644); err != nil {
		t.Fatal(err)
	}
	n := 0
	add := func(ScoreItem, string) error { n++; return nil }
	err := readPlainScores(name, 1<<20, add)
	var tl *TooLargeError
	if !errors.As(err, &tl) || !strings.HasPrefix(err.Error(), name+": record 2: the record is over 1 MiB") {
		t.Errorf("capped at 1 MiB: %v", err)
	}
	n = 0
	if err := readPlainScores(name, 4<<20, add); err != nil || n != 3 {
		t.Errorf("capped at 4 MiB: %d records, %v", n, err)
	}
}
