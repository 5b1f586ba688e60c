package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/internal/atomicfile"
	"github.com/plumb-eval/plumb/model"
)

// TestExportRefusesInputReadFromFolder (issue 10, item 1): an export onto
// a log that was read from a folder (so not among Files by name) is
// refused; the Guard knows it by identity.
func TestExportRefusesInputReadFromFolder(t *testing.T) {
	frameTest(t)
	t.Parallel()
	dir := t.TempDir()
	in := filepath.Join(dir, "out.judge-fair.calibrated.jsonl")
	want := []byte(`{"kind":"verdict","id":"v","judge":"j","verdict":true}` + "\n")
	os.WriteFile(in, want, 0o644)
	g := atomicfile.NewGuard()
	op := &model.Opener{Opened: g.Opened}
	if _, err := model.ReadFiles([]string{in}, model.ReadOptions{Opener: op}); err != nil {
		t.Fatal(err)
	}
	m := newDemoModel(t, 120, 40)
	m.c.opts.ExportPrefix = filepath.Join(dir, "out")
	m.c.opts.Files = []string{dir}
	m.c.opts.Guard = g
	press(t, m, "e")
	if !m.c.flashErr || !strings.Contains(m.c.flash, "is an input file") {
		t.Errorf("export over an input: %q", m.c.flash)
	}
	if got, _ := os.ReadFile(in); string(got) != string(want) {
		t.Fatal("the export overwrote the input")
	}
}

// TestExportRefusesRelativeInputInDir: with Options.Dir, a relative input
// file is the one in Dir, so an export that would write onto it (the same
// name relative to Dir) is refused and the file left as it was; without
// Dir the check would look in the working directory and miss it.
func TestExportRefusesRelativeInputInDir(t *testing.T) {
	frameTest(t)
	t.Parallel()
	dir := t.TempDir()
	name := "out.judge-fair.json"
	want := []byte(`{"kind":"verdict","id":"v","judge":"j","verdict":true}` + "\n")
	if err := os.WriteFile(filepath.Join(dir, name), want, 0o644); err != nil {
		t.Fatal(err)
	}
	m := newDemoModelNoCompare(t, 120, 40)
	m.c.opts.ExportPrefix, m.c.opts.Files, m.c.opts.Dir = "out", []string{name}, dir
	press(t, m, "e")
	if !m.c.flashErr || !strings.Contains(m.c.flash, name+" is an input file") {
		t.Errorf("export over an input: %q", m.c.flash)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, name)); string(got) != string(want) {
		t.Fatal("the export overwrote the input")
	}
	if _, err := os.Stat(filepath.Join(dir, "out.judge-fair.md")); err == nil {
		t.Error("the export wrote its Markdown before refusing")
	}
}
