package tui

import (
	"strings"
	"testing"
)

// TestItemsSortedFilteredFrame: the 80×24 frame of the pair items sorted
// by shift and filtered to inconsistent items with a large shift; then a
// bad filter, which filters nothing and says why; then the glossary key.
func TestItemsSortedFilteredFrame(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 80, 24)
	press(t, m, "5")
	for m.items.sort[0].col != pcShift {
		press(t, m, "s")
	}
	press(t, m, "/")
	press(t, m, strings.Split("cons:no shift>0.2", "")...)
	press(t, m, "enter")
	s := screen(m)
	for _, want := range []string{"sorted by shift ▼", "shift▼", "/cons:no shift>0.2", "r = preference for response 1"} {
		if !strings.Contains(s, want) {
			t.Errorf("the frame lacks %q:\n%s", want, s)
		}
	}
	d, p := m.c.cur.items, m.items
	if len(p.rows) == 0 || len(p.rows) == len(d.Pairs) {
		t.Fatalf("cons:no shift>0.2 kept %d of %d items", len(p.rows), len(d.Pairs))
	}
	for k, i := range p.rows {
		if d.Consistent[i] != 0 || d.shift[i] <= 0.2 {
			t.Fatalf("row %d: consistent %d, shift %.3f", k, d.Consistent[i], d.shift[i])
		}
		if k > 0 && d.shift[p.rows[k-1]] < d.shift[i] {
			t.Fatalf("rows %d, %d not by shift, largest first", k-1, k)
		}
	}
	row := strings.Split(s, "\n")[5] // tabs, heading, filter, header, legend, first row
	if !strings.Contains(row, "▸ "+d.Pairs[p.rows[0]].ID) || !strings.Contains(row, "NO") {
		t.Errorf("the first row %q is not item %s, inconsistent", row, d.Pairs[p.rows[0]].ID)
	}
	press(t, m, "esc", "/", "x", "9", ">", "1", "enter")
	if s := screen(m); len(p.rows) != len(d.Pairs) || !strings.Contains(m.c.flash, `no field "x9"`) || !strings.Contains(s, `no field "x9"`) {
		t.Errorf("a bad filter kept %d of %d items, or did not say why:\n%s", len(p.rows), len(d.Pairs), s)
	}
	press(t, m, "esc", "i")
	if s := screen(m); !strings.Contains(s, "calibration shift") || !strings.Contains(s, "inactive knob (⊘)") {
		t.Errorf("i does not show the Items pane's and the status line's glossary entries:\n%s", s)
	}
	press(t, m, "i")
	if m.showGloss {
		t.Error("i did not close the glossary")
	}
}
