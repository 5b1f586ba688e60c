package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestLateNoteKeepsNewerMessage: a λ step's note for the status line
// comes when its exact fit lands, which may be after the user has typed
// on. A message set after the step was asked for (here the did-you-mean
// of a mistyped command) stays; the note does not replace it. The fit is
// held back and delivered after the typo, as a slow fit lands in the app.
func TestLateNoteKeepsNewerMessage(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 80, 24)
	press(t, m, "2")
	_, cmd := m.Update(keyMsg("l")) // the λ step of TestLambdaStepSaysWhenShownColumnsStay
	_, held := runHolding(t, m, cmd, func(msg tea.Msg) bool {
		r, ok := msg.(resultMsg)
		return ok && !r.r.preview
	})
	if len(held) != 1 {
		t.Fatalf("the λ step's exact fit: %d results held, want 1", len(held))
	}
	typeLine(t, m, "lamda 1")
	press(t, m, "enter")
	const want = "did you mean --lambda?"
	if !strings.Contains(m.c.flash, want) {
		t.Fatalf("the typo's status %q, want %q", m.c.flash, want)
	}
	run(t, m, func() tea.Msg { return held[0] })
	if m.c.cur == nil || m.c.cur.preview || m.c.cur.opt.Selection.Lambda != 0.55 {
		t.Fatalf("the exact fit of λ 0.55 is not on screen")
	}
	if !strings.Contains(m.c.flash, want) {
		t.Errorf("the λ step's note replaced the message typed after the step: status %q, want %q", m.c.flash, want)
	}
	// A note whose step came after every message still shows.
	press(t, m, "l")
	if !strings.HasPrefix(m.c.flash, "λ 0.6") {
		t.Errorf("the next λ step's note: status %q, want λ 0.6's", m.c.flash)
	}
}

// TestLatePathKeepsNewerMessage: the fit path, which lands after the
// exact fit, gives the Selection pane a copy of its result; the λ step's
// note, shown once when the fit landed, did not come again over the
// did-you-mean typed meanwhile (scripts/tui-smoke.sh's command-line
// scenario in its natural order), nor after a key cleared it.
func TestLatePathKeepsNewerMessage(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := New(Options{Log: demoLog(t), Start: startOptions(), Dark: true, NoColor: true})
	m.pipe.noCompare = true
	startTestModel(t, m, 80, 24)
	press(t, m, "2")
	isPath := func(msg tea.Msg) bool { _, ok := msg.(pathMsg); return ok }
	for _, typo := range []bool{true, false} {
		_, cmd := m.Update(keyMsg("l"))
		_, held := runHolding(t, m, cmd, isPath)
		if len(held) == 0 {
			t.Fatal("the λ step asked for no fit path")
		}
		if !strings.HasPrefix(m.c.flash, "λ ") {
			t.Fatalf("the λ step's note is not in the status line: %q", m.c.flash)
		}
		want := ""
		if typo {
			typeLine(t, m, "lamda 1")
			press(t, m, "enter")
			want = m.c.flash
		} else {
			press(t, m, "down", "up") // keys that set no message clear the note
		}
		for _, msg := range held {
			run(t, m, func() tea.Msg { return msg })
		}
		if m.c.cur.ja.Selection.Path == nil {
			t.Fatal("the fit path did not land")
		}
		if m.c.flash != want {
			t.Errorf("typo %v: after the fit path landed the status is %q, want %q", typo, m.c.flash, want)
		}
	}
}
