package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"
)

// TestPagerShowsRecord runs the real program (teatest): o on the Items
// pane hands the selected item's record to $PAGER through
// tea.ExecProcess — here a script that copies it — and the program
// resumes, saying so, with the temporary file removed.
func TestPagerShowsRecord(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "shown")
	t.Setenv("PAGER", "cat >"+out)
	tm, waitFor := startTeatest(t)
	waitFor("flips its choice")
	tm.Send(keyMsg("5"))
	waitFor("pair items:")
	tm.Send(keyMsg("j")) // the second item, p0002
	tm.Send(keyMsg("o"))
	waitFor("closed the record ($PAGER)")
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("the pager got nothing: %v", err)
	}
	for _, want := range []string{`"id": "p0002"`, `"judge": "judge-fair"`} {
		if !strings.Contains(string(got), want) {
			t.Errorf("the record the pager got lacks %s:\n%s", want, got)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(os.TempDir(), "plumb-item-*.json")); len(left) > 0 {
		for _, f := range left {
			if b, _ := os.ReadFile(f); strings.Contains(string(b), `"p0002"`) {
				t.Errorf("the temporary record %s was not removed", f)
			}
		}
	}
	t.Setenv("PAGER", "exit 3;")
	tm.Send(keyMsg("o"))
	waitFor("$PAGER failed: exit status 3")
	tm.Send(keyMsg("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
}
