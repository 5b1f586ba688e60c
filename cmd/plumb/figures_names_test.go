package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// TestFiguresCollidingNames (issue 17, item 8): judges "x/y", "x_y" and
// "x y" and criteria "a/b" and "a_b" all cleaned to the stems "x_y" and
// "a_b", so their figures overwrote each other while the summary counted
// every one. Every figure now has a file of its own and the summary's
// count is the number of files on disk.
func TestFiguresCollidingNames(t *testing.T) {
	t.Parallel()
	cfg := simtest.Config(200, 100, 0)
	cfg.Criteria = []string{"a/b", "a_b"}
	cfg.Judges = []sim.Judge{sim.DefaultJudge("x/y"), sim.DefaultJudge("x_y"), sim.DefaultJudge("x y")}
	var buf bytes.Buffer
	if err := sim.Write(&buf, cfg); err != nil {
		t.Fatal(err)
	}
	in := writeFile(t, "colliding.jsonl", buf.String())
	dir := filepath.Join(t.TempDir(), "figs")
	_, stderr, err := executeStderr(t, "figures", in, "-o", dir, "--figure-format", "svg",
		"--figure-width", "3", "--figure-height", "2", "--permutations", "50", "--bootstrap", "0")
	if err != nil {
		t.Fatal(err, stderr)
	}
	var figs, files int
	if _, err := fmt.Sscanf(stderr[strings.Index(stderr, "wrote "):], "wrote %d figures (%d files)", &figs, &files); err != nil {
		t.Fatalf("summary: %q: %v", stderr, err)
	}
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != files || files != 2*figs {
		t.Errorf("summary %q, but %d files on disk", stderr, len(es))
	}
	captions := map[string]bool{}
	for _, e := range es {
		if strings.HasSuffix(e.Name(), ".gcurve.txt") {
			b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
			captions[string(b[:bytes.IndexByte(b, '\n')])] = true
		}
	}
	if len(captions) != 3 {
		t.Errorf("g* captions of %d distinct judges, want 3: %v", len(captions), captions)
	}
}
