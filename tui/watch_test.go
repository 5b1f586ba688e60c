package tui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/model"
)

// pollOnce runs one poll of the watched files through Update.
func pollOnce(t *testing.T, m *Model) {
	t.Helper()
	m.Update(m.pollCmd()())
}

// TestWatchErrorStays (issue 10, item 5): the error of a bad line, a
// deleted file or a file with no records left stays on screen over later
// unchanged polls (it was cleared by the next poll after ~1 s), and clears
// once the file is readable again.
func TestWatchErrorStays(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	name := filepath.Join(dir, "run.jsonl")
	good := `{"kind":"verdict","id":"v1","judge":"j","verdict":true,"human":true}` + "\n"
	if err := os.WriteFile(name, []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	w := model.NewWatcher([]string{name}, model.ReadOptions{})
	lg, _, err := w.Poll()
	if err != nil {
		t.Fatal(err)
	}
	m := New(Options{Log: lg, Start: startOptions(), Dark: true, NoColor: true, Poll: w.Poll, PollEvery: time.Millisecond, Files: []string{name}})
	run(t, m, m.Init())
	run(t, m, func() tea.Msg { return tea.WindowSizeMsg{Width: 120, Height: 40} })

	appendLine := func(s string) {
		f, err := os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(s)
		f.Close()
	}
	appendLine("{not json\n")
	pollOnce(t, m)
	if m.watchErr == nil {
		t.Fatal("a bad line gave no watch error")
	}
	for range 3 {
		pollOnce(t, m) // unchanged file
		if m.watchErr == nil {
			t.Fatal("an unchanged poll cleared the watch error")
		}
	}
	// Rewritten without the bad line: readable again, the error clears.
	os.WriteFile(name, []byte(good+`{"kind":"verdict","id":"v2","judge":"j","verdict":false,"human":true}`+"\n"), 0o644)
	pollOnce(t, m)
	if m.watchErr != nil {
		t.Fatalf("error after the file was fixed: %v", m.watchErr)
	}
	// Deleted: said so, and it stays.
	os.Remove(name)
	pollOnce(t, m)
	pollOnce(t, m)
	if m.watchErr == nil || !strings.Contains(m.watchErr.Error(), "deleted") {
		t.Fatalf("deleted file: %v", m.watchErr)
	}
	if !strings.Contains(m.View().Content, "deleted") {
		t.Error("the screen does not say the file was deleted")
	}
	// Back, then truncated to nothing: said so.
	os.WriteFile(name, []byte(good), 0o644)
	pollOnce(t, m)
	if m.watchErr != nil {
		t.Fatalf("error after the file came back: %v", m.watchErr)
	}
	os.WriteFile(name, nil, 0o644)
	pollOnce(t, m)
	pollOnce(t, m)
	if m.watchErr == nil || !strings.Contains(m.watchErr.Error(), "no records") {
		t.Fatalf("truncated file: %v", m.watchErr)
	}
}

// TestWatchWaitsForFile (issue 17, item 13): plumb --watch started before
// the run that writes its file shows "waiting for FILE to appear" from the
// first frame (in the status colour, not as an error), then "waiting for
// the first record" once the file exists but is empty, and the numbers
// once records arrive (the missing file was an error that stopped plumb).
func TestWatchWaitsForFile(t *testing.T) {
	t.Parallel()
	name := filepath.Join(t.TempDir(), "run.jsonl")
	w := model.NewWatcher([]string{name}, model.ReadOptions{})
	lg, _, err := w.Poll()
	var wait *model.WaitingError
	if !errors.As(err, &wait) || lg == nil {
		t.Fatalf("first poll: %v, %v", lg, err)
	}
	m := New(Options{Log: lg, Start: startOptions(), Dark: true, NoColor: true, Poll: w.Poll, PollEvery: time.Millisecond, Files: []string{name}})
	run(t, m, m.Init())
	run(t, m, func() tea.Msg { return tea.WindowSizeMsg{Width: 120, Height: 40} })
	if s := screen(m); !strings.Contains(s, "waiting for "+name+" to appear") || strings.Contains(s, "watch:") {
		t.Fatalf("the first frame does not say it waits for the file:\n%s", s)
	}
	if !strings.Contains(m.View().Content, "waiting for") {
		t.Fatal("View does not show the waiting state")
	}
	pollOnce(t, m)
	if !errors.As(m.watchErr, &wait) {
		t.Fatalf("an unchanged poll dropped the waiting state: %v", m.watchErr)
	}
	if err := os.WriteFile(name, nil, 0o644); err != nil { // the run opened its output
		t.Fatal(err)
	}
	pollOnce(t, m)
	if s := screen(m); !strings.Contains(s, "waiting for the first record in "+name) || strings.Contains(s, "truncated") {
		t.Fatalf("an empty new file:\n%s", s)
	}
	f, err := os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"kind":"verdict","id":"v1","judge":"j","verdict":true,"human":true}` + "\n")
	f.Close()
	pollOnce(t, m)
	if m.watchErr != nil || len(m.c.judges) != 1 || strings.Contains(screen(m), "waiting") {
		t.Fatalf("after the first record: err %v, %d judges\n%s", m.watchErr, len(m.c.judges), screen(m))
	}
}

// TestWatchBodyWaits: at 80×24 the body of plumb --watch FILE, FILE not
// there yet, says it waits for FILE and reads it when it appears; it said
// "The input holds no records". Then, the file empty, it waits for the
// first record.
func TestWatchBodyWaits(t *testing.T) {
	t.Parallel()
	name := filepath.Join(t.TempDir(), "run.jsonl")
	w := model.NewWatcher([]string{name}, model.ReadOptions{})
	lg, _, _ := w.Poll()
	m := New(Options{Log: lg, Start: startOptions(), Dark: true, NoColor: true, Poll: w.Poll, PollEvery: time.Millisecond, Files: []string{name}})
	run(t, m, m.Init())
	run(t, m, func() tea.Msg { return tea.WindowSizeMsg{Width: 80, Height: 24} })
	pollOnce(t, m)
	s := screen(m)
	words := strings.Join(strings.Fields(s), " ") // the path wraps at 80 columns
	if strings.Contains(s, "holds no records") || !strings.Contains(words, "⟳ waiting for "+name+" to appear") ||
		!strings.Contains(words, "plumb reads it as soon as it appears and follows it as it grows") {
		t.Fatalf("the body does not say it waits for the file:\n%s", s)
	}
	if err := os.WriteFile(name, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	pollOnce(t, m)
	s = screen(m)
	if strings.Contains(s, "holds no records") || !strings.Contains(strings.Join(strings.Fields(s), " "), "⟳ waiting for the first record in "+name) {
		t.Fatalf("an empty file:\n%s", s)
	}
}
