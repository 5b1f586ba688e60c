package tui

import "testing"

// TestHardChoicesCountedInUpdate: the status line and the knob bars ask
// for every knob whether it changes anything (common.inactive), and for
// λ that counts the judge's hard-choice pair records (hardChoices). On a
// pane without those knobs (the Overview) nothing in Update asked after a
// judge switch, so the first View made the pass over the judge's records
// and wrote the cache: View must only read precomputed state. The count
// is now taken at the end of Update.
func TestHardChoicesCountedInUpdate(t *testing.T) {
	t.Parallel()
	m := newDemoModelNoCompare(t, 120, 40)
	if len(m.c.judges) < 2 {
		t.Skip("the demo log has one judge")
	}
	press(t, m, "]") // on the Overview; no View in between
	want := hardKey{m.c.eng, m.c.judgeName(), m.c.knobs.opt.Group}
	if m.c.hard.key != want {
		t.Errorf("after Update the hard-choice count is of %+v, want %+v (View would count)", m.c.hard.key, want)
	}
}
