package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/internal/shellarg/shellargtest"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/demo"
)

// TestFiguresCaptionsReproduce (issue 19, "reproduce commands that
// reproduce"): the command in the captions of `plumb figures`, run in
// another folder, writes the same files byte for byte, captions
// included — on the demo, and on a file whose name needs quoting, read
// with --skip-bad past a bad line, under --group. (That the export of
// the TUI and `plumb figures --group` draw the same g* histogram, the
// group's P(A), is tui/reproduce_cli_test.go's.)
func TestFiguresCaptionsReproduce(t *testing.T) {
	lg, err := demo.Log()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := model.WriteLog(&b, lg); err != nil {
		t.Fatal(err)
	}
	b.WriteString("{not json\n")
	const file = "a b's log.jsonl"
	for _, args := range [][]string{
		{"figures", "-o", "figs", "--judge", "judge-fair", "--lambda", "0.55", "--bootstrap", "0", "--figure-format", "svg"},
		{"figures", file, "-o", "figs", "--skip-bad", "--group", "coding", "--judge", "judge-tokenA", "--bootstrap", "0", "--figure-format", "svg"},
	} {
		first, second := t.TempDir(), t.TempDir()
		for _, d := range []string{first, second} {
			if err := os.WriteFile(filepath.Join(d, file), b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		t.Chdir(first)
		if _, stderr, err := executeStderr(t, args...); err != nil {
			t.Fatalf("%v: %v: %s", args, err, stderr)
		}
		ents, err := os.ReadDir("figs")
		if err != nil || len(ents) == 0 {
			t.Fatalf("%v: no figures (%v)", args, err)
		}
		var line string
		for _, e := range ents {
			if filepath.Ext(e.Name()) == ".txt" {
				c, _ := os.ReadFile(filepath.Join("figs", e.Name()))
				for _, l := range strings.Split(string(c), "\n") {
					if cmd, ok := strings.CutPrefix(l, "Reproduce: "); ok {
						line = cmd
					}
				}
			}
		}
		words := shellargtest.Words(t, line)
		if len(words) < 2 || words[0] != "plumb" || words[1] != "figures" {
			t.Fatalf("%v: caption command %q", args, line)
		}
		t.Chdir(second)
		if _, stderr, err := executeStderr(t, words[1:]...); err != nil {
			t.Fatalf("%s: %v: %s", line, err, stderr)
		}
		for _, e := range ents {
			w, _ := os.ReadFile(filepath.Join(first, "figs", e.Name()))
			g, err := os.ReadFile(filepath.Join(second, "figs", e.Name()))
			if err != nil || !bytes.Equal(g, w) {
				t.Errorf("%s: %s differs (%v)", line, e.Name(), err)
			}
		}
		if got, _ := os.ReadDir(filepath.Join(second, "figs")); len(got) != len(ents) {
			t.Errorf("%s: %d files, want %d", line, len(got), len(ents))
		}
	}
}
