package tui

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// TestTeatestSmoke runs the real Bubble Tea program (teatest): start,
// visit every pane, move λ, quit. It waits on the frames View draws (the
// renderer writes only changed cells, so the output stream does not hold
// whole words).
func TestTeatestSmoke(t *testing.T) {
	t.Parallel()
	tm, waitFor := startTeatest(t)
	waitFor("flips its choice")
	for _, p := range []struct{ key, text string }{
		{"2", "Learned map g*"}, {"3", "LS–US scatter"}, {"4", "Verdict rate"}, {"5", "pair items:"}, {"2", "λ ‹0.5›"},
	} {
		tm.Send(keyMsg(p.key))
		waitFor(p.text)
	}
	tm.Send(keyMsg("l"))
	waitFor("λ ‹0.55›")
	waitFor("✓")
	tm.Send(keyMsg("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	fm := tm.FinalModel(t).(*Model)
	if fm.c.knobs.opt.Selection.Lambda != 0.55 || fm.c.cur.opt.Selection.Lambda != 0.55 {
		t.Errorf("final λ: knob %v, numbers %v; want 0.55", fm.c.knobs.opt.Selection.Lambda, fm.c.cur.opt.Selection.Lambda)
	}
	if fm.pane != paneSelection {
		t.Errorf("final pane %d", fm.pane)
	}
}

// startTeatest runs the app on the demo log as a real Bubble Tea program
// (teatest) at 120×40 and returns it with waitFor, which waits (20 s at
// most) for a frame View drew to hold a text, failing the test with the
// last frame when none does.
func startTeatest(t *testing.T) (tm *teatest.TestModel, waitFor func(what string)) {
	t.Helper()
	m := New(Options{Log: demoLog(t), Start: startOptions(), NoColor: true, Dark: true})
	var mu sync.Mutex
	last := ""
	m.onFrame = func(f string) {
		mu.Lock()
		last = ansi.Strip(f)
		mu.Unlock()
	}
	tm = teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40))
	waitFor = func(what string) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for time.Now().Before(deadline) {
			mu.Lock()
			ok := strings.Contains(last, what)
			mu.Unlock()
			if ok {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		mu.Lock()
		defer mu.Unlock()
		t.Fatalf("no frame showed %q; the last one:\n%s", what, last)
	}
	return tm, waitFor
}
