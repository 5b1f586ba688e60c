package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// TestEveryFrameHasStatusRow: every frame View draws fills the terminal,
// and its second-last row is the status line, in every state a knob key
// passes through (numbers current, a recompute running, a stale result
// dropped, a preview with its exact fit running, the items' calibrated
// columns pending), on every pane and at 80×24, 120×40 and 200×50. One app
// goes through the states; in each, its frame is drawn at every size (a
// resize only draws again: it starts no work).
func TestEveryFrameHasStatusRow(t *testing.T) {
	frameTest(t)
	t.Parallel()
	sizes := [][2]int{{80, 24}, {120, 40}, {200, 50}}
	m := newTestModel(t, demoLog(t), sizes[0][0], sizes[0][1])
	m.c.eng.SetPreviewMinKnots(0) // a λ step gets a preview on the demo too
	check := func(state string) {
		t.Helper()
		for _, sz := range sizes {
			w, h := sz[0], sz[1]
			if _, cmd := m.Update(tea.WindowSizeMsg{Width: w, Height: h}); cmd != nil {
				t.Fatalf("%d×%d pane %d, %s: the resize started a command", w, h, m.pane, state)
			}
			f := m.frame()
			lines := strings.Split(f, "\n")
			if len(lines) != h {
				t.Fatalf("%d×%d pane %d, %s: %d lines, want %d", w, h, m.pane, state, len(lines), h)
			}
			got := ansi.Strip(lines[h-2])
			if want := ansi.Strip(m.statusLine(m.c.contentWidth())); got != want || !strings.Contains(got, "λ ") {
				t.Fatalf("%d×%d pane %d, %s: second-last row %q, want the status line %q", w, h, m.pane, state, got, want)
			}
		}
	}
	for _, pane := range []string{"1", "2", "3", "4", "5"} {
		press(t, m, pane)
		check("current")
		// Step a knob of the pane (or λ from the Selection pane's
		// knobs, which every pane's status line shows).
		k := "l"
		if pane == "1" || pane == "5" {
			press(t, m, "2")
			_, cmd := m.Update(keyMsg("l"))
			press(t, m, pane)
			check("computing")
			run(t, m, cmd)
			check("after the result")
			continue
		}
		if pane == "3" {
			press(t, m, "j") // from the criterion (a display knob) to k
		}
		_, cmd := m.Update(keyMsg(k))
		check("computing")
		if cmd == nil {
			t.Fatalf("pane %s: the knob key started no recompute", pane)
		}
		stale := cmd()
		_, c := m.Update(keyMsg(k))
		if c != nil {
			t.Fatal("a key during a recompute started another")
		}
		check("queued")
		_, next := m.Update(stale)
		check("stale result dropped")
		// Apply the follow-up's preview (a λ step has one) and its
		// exact result alone, then the background work.
		var bg tea.Cmd
		previews := 0
		for bg == nil && next != nil {
			msgs := []tea.Msg{next()}
			if b, ok := msgs[0].(tea.BatchMsg); ok {
				msgs = nil
				for _, c := range b {
					if c != nil {
						msgs = append(msgs, c())
					}
				}
			}
			next = nil
			for _, msg := range msgs {
				switch msg := msg.(type) {
				case previewMsg:
					_, next = m.Update(msg)
					check("preview on screen, exact fit running")
					previews++
				case resultMsg:
					_, bg = m.Update(msg)
				}
			}
		}
		if pane == "2" && previews == 0 {
			t.Error("a λ step got no preview")
		}
		check("new numbers, background work pending")
		run(t, m, bg)
		check("after the background work")
	}
}
