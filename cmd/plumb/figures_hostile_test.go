package main

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/internal/hostile"
	"github.com/plumb-eval/plumb/internal/shellarg"
	"github.com/plumb-eval/plumb/internal/textsafe"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// TestFiguresHostileNames (issue 32, item 2): judges and criteria named
// with the whole hostile corpus (every name of internal/hostile in one,
// and one with NUL bytes). Before the fix every SVG of such a judge was
// not XML (\x00, \x01, \x0c, ESC drawn raw) and the captions held raw ESC,
// C1, DEL, CR and bidi characters. Now every SVG decodes, no caption line
// holds a character textsafe escapes or a byte that is not UTF-8, and the
// caption's Reproduce command splits back to the arguments given.
func TestFiguresHostileNames(t *testing.T) {
	t.Parallel()
	// The names textsafe escapes, a few to a judge (a file name has at
	// most 255 bytes), and those with NUL bytes.
	var groups []string
	names := slices.DeleteFunc(hostile.Names(), func(s string) bool { return !textsafe.Needs(s) })
	for c := range slices.Chunk(append(names, hostile.NULs()...), 6) {
		groups = append(groups, strings.Join(c, "|"))
	}
	cfg := simtest.Config(200, 100, 0)
	cfg.Judges = nil
	for i, g := range groups {
		cfg.Judges = append(cfg.Judges, sim.DefaultJudge(string(rune('a'+i))+g))
	}
	cfg.Criteria = []string{"c" + groups[0], "d" + groups[len(groups)-1]}
	// And one judge named with the whole corpus: its stem was 400 bytes and
	// writing its figures failed ("file name too long").
	cfg.Judges = append(cfg.Judges, sim.DefaultJudge("z"+strings.Join(hostile.Names(), "|")))
	var buf bytes.Buffer
	if err := sim.Write(&buf, cfg); err != nil {
		t.Fatal(err)
	}
	// And a judge with sampled scores (its K-curve figure, JUDGE.evidence).
	ev := simtest.EvidenceLog(40, 3, 1, 1.5, 1)
	for i := range ev.Pairs {
		ev.Pairs[i].Judge = "m" + groups[0]
	}
	if err := model.WriteLog(&buf, ev); err != nil {
		t.Fatal(err)
	}
	// The input's file name is hostile too: the caption's command quotes it.
	in := writeFile(t, "in \x1b[201~\x15\u202e$(x)'.jsonl", buf.String())
	dir := filepath.Join(t.TempDir(), "figs")
	args := []string{"figures", in, "-o", dir, "--figure-format", "svg",
		"--figure-width", "3", "--figure-height", "2", "--permutations", "50", "--bootstrap", "0"}
	if _, stderr, err := executeStderr(t, args...); err != nil {
		t.Fatal(err, stderr)
	}
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var svgs, txts, evidence int
	for _, e := range es {
		if strings.HasSuffix(e.Name(), ".evidence.svg") {
			evidence++
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		switch filepath.Ext(e.Name()) {
		case ".svg":
			svgs++
			checkXML(t, e.Name(), b)
		case ".txt":
			txts++
			checkCaption(t, e.Name(), string(b), in, "--output="+dir)
		}
	}
	if svgs == 0 || svgs != txts {
		t.Errorf("%d SVGs and %d captions", svgs, txts)
	}
	if evidence != 1 {
		t.Errorf("%d K-curve SVGs, want the sampled judge's one", evidence)
	}
}

// checkXML asserts that b decodes as XML to its end.
func checkXML(t *testing.T, name string, b []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Errorf("%s: not XML: %v", name, err)
			return
		}
	}
}

// checkCaption asserts that no line of a caption holds a character
// textsafe escapes or a byte that is not UTF-8, and that its Reproduce
// command runs plumb figures with the words want among its arguments.
func checkCaption(t *testing.T, name, s string, want ...string) {
	t.Helper()
	if !utf8.ValidString(s) {
		t.Errorf("%s: not UTF-8: %q", name, s)
	}
	var cmd string
	for line := range strings.SplitSeq(s, "\n") {
		if i := strings.IndexFunc(line, textsafe.Unsafe); i >= 0 {
			t.Errorf("%s: raw %q in %q", name, line[i:i+1], line)
		}
		if c, ok := strings.CutPrefix(line, "Reproduce: "); ok {
			cmd = c
		}
	}
	argv, err := shellarg.Split(cmd)
	if err != nil {
		t.Fatalf("%s: %q: %v", name, cmd, err)
	}
	if len(argv) < 2 || argv[0] != "plumb" || argv[1] != "figures" {
		t.Fatalf("%s: command %q", name, argv)
	}
	for _, w := range want {
		if !slices.Contains(argv, w) {
			t.Errorf("%s: command %q has no word %q", name, argv, w)
		}
	}
}
