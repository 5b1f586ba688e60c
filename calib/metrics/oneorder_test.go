package metrics

import (
	"slices"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// TestOneOrderFirstPositionRate reproduces issue 19 item 5 on an x0-only
// log (PandaLM's): each item is seen one way round, so the first-position
// rate is the share of picks of response_1 — how good the responses
// shown first are — and was reported as a position bias without a word.
// It is still given, with OneOrder set and a note saying what it
// measures; a log with an item shown both ways round has no such note.
func TestOneOrderFirstPositionRate(t *testing.T) {
	build := func(arrs ...[]model.Arrangement) calib.Prefs {
		var p calib.Prefs
		for i, as := range arrs {
			var r [model.NumArrangements]float64
			var h [model.NumArrangements]bool
			for _, a := range as {
				r[a], h[a] = 0.2+0.6*float64(i%2), true
			}
			p.R, p.Has, p.Gold = append(p.R, r), append(p.Has, h), append(p.Gold, model.Gold1)
		}
		return p
	}
	x0 := []model.Arrangement{model.X0}
	note := "first_position_rate: " + OneOrderNote
	m := Compute(build(x0, x0, x0, []model.Arrangement{model.X0, model.X3}))
	if !m.FirstPositionRate.OK() || !m.OneOrder || !slices.Contains(m.Notes, note) {
		t.Errorf("x0 (and x0+x3) only: rate %v, OneOrder %v, notes %q", m.FirstPositionRate, m.OneOrder, m.Notes)
	}
	m = Compute(build(x0, x0, []model.Arrangement{model.X0, model.X2}))
	if m.OneOrder || slices.Contains(m.Notes, note) {
		t.Errorf("an item shown both ways round: OneOrder %v, notes %q", m.OneOrder, m.Notes)
	}
}
