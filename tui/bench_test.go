package tui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/model"
)

// BenchmarkKnobToFrame measures, at 3,000 pair items (one demo judge in
// x0..x3), what stands between the last knob key and the frame with the
// new numbers: the key's Update, the recompute (a cold CalibraEval fit
// for a λ not seen before, every method's metrics, the items), applying
// the result (charts rendered once) and View. There is no debounce: the
// key's Update returns the recompute. Goal: ≤ 50 ms in all.
func BenchmarkKnobToFrame(b *testing.B) {
	m := newTestModel(b, demoLog(b), 120, 40)
	press(b, m, "2")
	for b.Loop() {
		if m.c.knobs.opt.Selection.Lambda >= 4.9 {
			b.StopTimer()
			m = newTestModel(b, demoLog(b), 120, 40)
			press(b, m, "2")
			b.StartTimer()
		}
		_, cmd := m.Update(keyMsg("l")) // a λ never fitted before
		res := cmd().(resultMsg)
		m.Update(res)
		_ = m.View()
		if m.pipe.computing() {
			b.Fatal("still computing")
		}
	}
}

// BenchmarkView measures View alone on the selection pane at 200×60: it
// joins cached strings (charts are rendered once per result). Goal ≤ 2 ms.
func BenchmarkView(b *testing.B) {
	m := newTestModel(b, demoLog(b), 200, 60)
	for _, p := range []string{"1", "2", "3", "4", "5"} {
		press(b, m, p)
		b.Run("pane"+p, func(b *testing.B) {
			for b.Loop() {
				_ = m.View()
			}
		})
	}
}

// BenchmarkKeyDuringRecompute100k measures how long the UI takes to
// answer a knob key (Update and View) at 100,000 pair items while a
// recompute is running: the recompute is a tea.Cmd on another goroutine,
// so this is the whole cost on the UI goroutine. Goal: within one frame
// (≤ 16 ms).
func BenchmarkKeyDuringRecompute100k(b *testing.B) {
	m := newTestModel(b, sim100kLog(b), 200, 60)
	if m.c.cur == nil || m.c.cur.ja.Pairs != 100000 {
		b.Fatal("no analysis of 100,000 items")
	}
	for _, pane := range []string{"2", "5"} {
		press(b, m, pane)
		b.Run("pane"+pane, func(b *testing.B) {
			var pending []tea.Cmd
			for b.Loop() {
				_, cmd := m.Update(keyMsg("l"))
				pending = append(pending, cmd)
				_ = m.View()
			}
			b.StopTimer()
			_ = pending // the recomputes are never run: the UI must not wait for them
		})
	}
	_ = model.NumArrangements
}
