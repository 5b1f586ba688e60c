package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFiguresStyle: plumb figures and plumb report --figures on a log
// whose pair records name their generators draw the style figures
// (JUDGE.length, JUDGE.selfpref, JUDGE.winrates) with the rest, the
// caption's command naming --style-pref and --self; --style off draws
// none. Before, only the TUI's export wrote them.
func TestFiguresStyle(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	log := filepath.Join(dir, "g.jsonl")
	if _, err := simulate(t, "--pairs", "150", "--scores", "0", "--verdicts", "0", "--generator", "big:quality=0.3,len=600",
		"--generator", "small:len=300", "--judge", "big:selfbias=1", "--judge", "j2", "-o", log); err != nil {
		t.Fatal(err)
	}
	figs := filepath.Join(dir, "figs")
	if _, stderr, err := executeStderr(t, "figures", log, "-o", figs, "--figure-format", "svg", "--permutations", "100",
		"--bootstrap", "20", "--style-pref", "raw-x0", "--self", "j2=small"); err != nil {
		t.Fatal(err, stderr)
	}
	for _, f := range []string{"big.length", "big.selfpref", "big.winrates", "j2.length", "j2.selfpref", "j2.winrates"} {
		if _, err := os.Stat(filepath.Join(figs, f+".svg")); err != nil {
			t.Error(err)
		}
	}
	b, err := os.ReadFile(filepath.Join(figs, "j2.selfpref.txt"))
	if err != nil || !strings.Contains(string(b), "--self=j2=small") || !strings.Contains(string(b), "--style-pref=raw-x0") {
		t.Errorf("caption: %v\n%s", err, b)
	}
	rf := filepath.Join(dir, "rfigs")
	if _, stderr, err := executeStderr(t, "report", log, "--figures", rf, "--figure-format", "svg", "--permutations", "100",
		"--bootstrap", "0", "-o", filepath.Join(dir, "r.md")); err != nil {
		t.Fatal(err, stderr)
	}
	if _, err := os.Stat(filepath.Join(rf, "big.winrates.svg")); err != nil {
		t.Errorf("plumb report --figures: %v", err)
	}
	off := filepath.Join(dir, "off")
	if _, stderr, err := executeStderr(t, "figures", log, "-o", off, "--figure-format", "svg", "--permutations", "100",
		"--bootstrap", "0", "--style", "off"); err != nil {
		t.Fatal(err, stderr)
	}
	if m, _ := filepath.Glob(filepath.Join(off, "*.length.*")); len(m) > 0 {
		t.Errorf("--style off: %v", m)
	}
}
