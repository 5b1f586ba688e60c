package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRepeatedOutputIsAnError reproduces issue 19's "a repeated --output is
// an error": pflag kept the last of `-o a -o b` without a word. Every
// command's --output/-o (and report's --figures) refuses a second value
// with status 2, and writes nothing.
func TestRepeatedOutputIsAnError(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	scores := fewshotLog(t)
	for _, args := range [][]string{
		{"report", "-o", a, "-o", b},
		{"report", "--output", a, "-o", b},
		{"--no-tui", "-o", a, "--output=" + b},
		{"report", "--figures", a, "--figures", b, "-o", filepath.Join(dir, "r.md")},
		{"calibrate", "-o", a, "-o", b},
		{"figures", "-o", a, "-o", b},
		{"simulate", "-o", a, "-o", b},
		{"import", scores, "-o", a, "-o", b},
		{"fewshot", scores, "--judge", "biased", "--criterion", "accuracy", "-o", a, "-o", b},
		{"collect", "--model", "m", "-o", a, "-o", b, scores},
	} {
		_, _, err := executeStderr(t, args...)
		if err == nil || exitCode(err) != exitBadInput || !strings.Contains(err.Error(), "is given twice") {
			t.Errorf("%v: %v, want status 2 and \"is given twice\"", args, err)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("files written: %v", ents)
	}
}

// TestReportFiguresCaptionReproduces reproduces issue 19's caption of
// `report --figures figs -o rep.md`, which said `plumb figures …
// --output=figs --output=rep.md` (figures into a folder named rep.md):
// the caption's command now has one --output, the figures' folder, and
// running it elsewhere writes the same files, byte for byte.
func TestReportFiguresCaptionReproduces(t *testing.T) {
	first, second := t.TempDir(), t.TempDir()
	t.Chdir(first)
	if _, stderr, err := executeStderr(t, "report", "--judge", "judge-fair", "--figures", "figs", "--figure-format", "svg", "-o", "rep.md"); err != nil {
		t.Fatalf("%v: %s", err, stderr)
	}
	caption, err := os.ReadFile(filepath.Join("figs", "judge-fair.forest.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var line string
	for _, l := range strings.Split(string(caption), "\n") {
		if _, cmd, ok := strings.Cut(l, "Reproduce: "); ok {
			line = cmd
		}
	}
	words := strings.Fields(line)
	if len(words) < 2 || words[0] != "plumb" || words[1] != "figures" || strings.Count(line, "--output=") != 1 || !slices.Contains(words, "--output=figs") {
		t.Fatalf("caption command %q: want plumb figures with --output=figs once", line)
	}
	t.Chdir(second)
	if _, stderr, err := executeStderr(t, words[1:]...); err != nil {
		t.Fatalf("%s: %v: %s", line, err, stderr)
	}
	want, _ := os.ReadDir(filepath.Join(first, "figs"))
	got, _ := os.ReadDir(filepath.Join(second, "figs"))
	if len(got) != len(want) || len(want) == 0 {
		t.Fatalf("%d files, want %d", len(got), len(want))
	}
	for _, e := range want {
		w, _ := os.ReadFile(filepath.Join(first, "figs", e.Name()))
		g, err := os.ReadFile(filepath.Join(second, "figs", e.Name()))
		if err != nil || string(g) != string(w) {
			t.Errorf("%s differs (%v)", e.Name(), err)
		}
	}
}
