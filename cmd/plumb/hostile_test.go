package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// osc52 writes "hi" to the clipboard of a terminal that prints it.
const osc52 = "\x1b]52;c;aGk=\x07"

// osc52Shown is how plumb shows osc52: as visible escapes.
const osc52Shown = `\x1b]52;c;aGk=\x07`

// terminalBytes are what plumb must never print from its input.
var terminalBytes = []string{"\x1b", "\x07", "\u009b", "\u202e"}

// runPlumb runs plumb as main does and returns stdout, stderr and the exit
// status.
func runPlumb(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := runWith(args, &out, &errOut)
	return out.String(), errOut.String(), code
}

// put writes content to the file path.
func put(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkTerminal asserts that s holds no raw control from the input.
func checkTerminal(t *testing.T, what, s string) {
	t.Helper()
	for _, bad := range terminalBytes {
		if strings.Contains(s, bad) {
			t.Errorf("%s: raw %q in %q", what, bad, s)
		}
	}
}

// TestErrorOutputHostile (issue 17, item 7): what plumb prints as its
// error is safe on a terminal however the input's text got into it: a JSON
// key path, a CSV header name, a file name found by walking a folder, a
// --map value (all model.LineError), and a command's own fmt error listing
// judge names (printError). Each shows the OSC 52 clipboard write as visible escapes,
// and exits with status 2. Before the fix every one of them printed the
// escape sequence raw.
func TestErrorOutputHostile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	key := filepath.Join(dir, "key.jsonl")
	put(t, key, `{"kind":"pair","id":"p1","judge":"j","p_a":{"x0":0.5,"\u001b]52;c;aGk=\u0007":0.1}}`+"\n")
	csv := filepath.Join(dir, "h.csv")
	put(t, csv, "id,\""+osc52+"\u009b31m\u202e\",p\n1,2,0.5\n")
	tree := filepath.Join(dir, "tree")
	if err := os.Mkdir(tree, 0o755); err != nil {
		t.Fatal(err)
	}
	put(t, filepath.Join(tree, "b"+osc52+".jsonl"), `{"kind":"pair","id":"p1","judge":"j","p_a":{"x0":2}}`+"\n")
	good := filepath.Join(dir, "good.jsonl")
	put(t, good, `{"kind":"pair","id":"p1","judge":"j","p_a":{"x0":0.5}}`+"\n")
	// Score items of two judges, one named with the escape: fewshot's own
	// error lists them (not a LineError).
	scores := filepath.Join(dir, "scores.jsonl")
	put(t, scores, `{"kind":"score","id":"s1","judge":"a","criterion":"c","judge_score":1,"human_score":1}
{"kind":"score","id":"s1","judge":"b\u001b]52;c;aGk=\u0007","criterion":"c","judge_score":1,"human_score":1}
`)
	for _, c := range []struct {
		what string
		args []string
		want string
	}{
		{"JSON key", []string{"report", key}, "key.jsonl:1: p_a." + osc52Shown + " is not an arrangement"},
		{"CSV header", []string{"import", "--from", "columns", "--map", "id=id", "--map", "judge-name=j", "--map", "p_a.x0=nope", csv,
			"-o", filepath.Join(dir, "o.jsonl")}, `(the header has: id, ` + osc52Shown + `\u009b31m\u202e, p)`},
		{"file found in a folder", []string{"report", tree}, "b" + osc52Shown + ".jsonl:1: p_a.x0 = 2"},
		{"--map value", []string{"report", "--map", "x" + osc52, good}, "--map x" + osc52Shown + ": unknown key"},
		{"judge list of fewshot", []string{"fewshot", scores, "--criterion", "c"}, "of 2 judges: a, b" + osc52Shown + "\n"},
	} {
		_, stderr, code := runPlumb(t, c.args...)
		checkTerminal(t, c.what, stderr)
		if code != exitBadInput || !strings.HasPrefix(stderr, "plumb: ") || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want status 2 and %q", c.what, code, stderr, c.want)
		}
	}
}

// TestImportSummaryHostile (issue 17, item 7): the import summary names
// files and quotes skipped lines' errors; an OSC 52 in a file name found
// by walking a folder is shown as visible escapes.
func TestImportSummaryHostile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tree := filepath.Join(dir, "tree")
	if err := os.Mkdir(tree, 0o755); err != nil {
		t.Fatal(err)
	}
	put(t, filepath.Join(tree, "log"+osc52+".jsonl"), `{"kind":"pair","id":"p1","judge":"j","p_a":{"x0":0.5}}`+"\n"+
		`{"kind":"pair","id":"p2","judge":"j","p_a":{"x0":2}}`+"\n")
	out := filepath.Join(dir, "out"+osc52+".jsonl")
	_, stderr, code := runPlumb(t, "import", "--skip-bad", tree, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	checkTerminal(t, "import summary", stderr)
	for _, want := range []string{
		"log" + osc52Shown + ".jsonl: 1 pair, 0 scores, 0 verdicts, 1 bad record skipped\n",
		"to " + filepath.Join(dir, "out"+osc52Shown+".jsonl") + "\n",
		"  " + filepath.Join(tree, "log"+osc52Shown+".jsonl") + ":2: p_a.x0 = 2",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("missing %q in\n%s", want, stderr)
		}
	}
}

// TestCompleteSkipsHostileNames (issue 17, item 7): a judge name holding an
// escape sequence or a newline is not offered as a completion (the shell
// would print it raw; a newline would split it into two candidates).
func TestCompleteSkipsHostileNames(t *testing.T) {
	t.Parallel()
	f := filepath.Join(t.TempDir(), "log.jsonl")
	put(t, f, `{"kind":"verdict","id":"a","judge":"ok","verdict":true}
{"kind":"verdict","id":"b","judge":"bad\u001b]52;c;aGk=\u0007","verdict":false}
{"kind":"verdict","id":"c","judge":"two\nlines","verdict":false}
{"kind":"verdict","id":"d","judge":"\u202eevil","verdict":false}
`)
	if got := complete(t, "report", f, "--judge", ""); !slices.Equal(got, []string{"ok"}) {
		t.Errorf("completions %q, want only \"ok\"", got)
	}
}
