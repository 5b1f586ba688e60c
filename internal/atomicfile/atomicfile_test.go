package atomicfile

import (
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestWrite: the file appears only when fill succeeds; a failed fill
// leaves the old content and no temporary file; .gz is compressed.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out.txt")
	if err := Write(name, func(w io.Writer) error { _, err := io.WriteString(w, "one"); return err }); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	if err := Write(name, func(w io.Writer) error { io.WriteString(w, "two"); return boom }); !errors.Is(err, boom) {
		t.Fatalf("failed fill: %v", err)
	}
	if b, _ := os.ReadFile(name); string(b) != "one" {
		t.Errorf("content after a failed write: %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d files left in the folder, want 1", len(ents))
	}
	gz := filepath.Join(dir, "out.jsonl.gz")
	if err := Write(gz, func(w io.Writer) error { _, err := io.WriteString(w, "zipped"); return err }); err != nil {
		t.Fatal(err)
	}
	f, _ := os.Open(gz)
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(zr); string(b) != "zipped" {
		t.Errorf("gzip content %q", b)
	}
	if !IsInput(name, []string{"nope", name}) || IsInput(name, []string{gz}) || IsInput(filepath.Join(dir, "missing"), []string{name}) {
		t.Error("IsInput is wrong")
	}
}
