package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/internal/shellarg"
)

// TestNotALogMessage: a PNG or a Markdown file given as a log is named for
// what it is, by every command that reads logs (it got the CSV hint).
func TestNotALogMessage(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, content := range map[string]string{"plot.png": "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "README.md": "# plumb\n\nRead me.\n"} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(content), 0o644)
		want := map[string]string{"plot.png": "a PNG image", "README.md": "a Markdown document"}[name]
		for _, args := range [][]string{{"report", path}, {path}, {"calibrate", path, "-o", filepath.Join(dir, "out.jsonl")}} {
			_, _, err := executeStderr(t, args...)
			if err == nil || exitCode(err) != exitBadInput || err.Error() != path+": not a judgment log (it looks like "+want+")" {
				t.Errorf("%v: %v (exit %d)", args, err, exitCode(err))
			}
		}
	}
}

// TestTableMapLineRuns: the --map line printed for a CSV whose columns
// plumb cannot place, pasted after the same command, reads the file.
func TestTableMapLineRuns(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "judges.csv")
	os.WriteFile(path, []byte("question_id,gpt-4,claude 3,human\n81,true,false,true\n82,false,false,true\n83,true,true,false\n"), 0o644)
	_, _, err := executeStderr(t, "report", path)
	if err == nil || exitCode(err) != exitBadInput || !strings.Contains(err.Error(), "(it has: question_id, gpt-4, 'claude 3', human)") {
		t.Fatalf("%v (exit %d)", err, exitCode(err))
	}
	_, rest, _ := strings.Cut(err.Error(), "read it with ")
	line, _, ok := strings.Cut(rest, " (docs/importing.md)")
	if !ok {
		t.Fatalf("no --map line in %q", err)
	}
	args, err := shellarg.Split(line)
	if err != nil {
		t.Fatal(err)
	}
	out, stderr, err := executeStderr(t, append([]string{"report", path}, args...)...)
	if err != nil || !strings.Contains(out, "6 verdict records; 2 judges") {
		t.Errorf("plumb report %s %s: %v\n%s\n%s", path, line, err, stderr, out)
	}
}
