package panel

import (
	"strings"
	"testing"
)

// TestTwinNotes: two judges with the same choice on all 25 items they share
// are named with the count; a pair that differs on one item, and a pair
// that agrees on fewer than minTwinItems items, are not.
func TestTwinNotes(t *testing.T) {
	const n = 25
	tb := Table{V: make([][]float64, n), Has: make([][]bool, n)}
	for i := range tb.V {
		c := float64(1 + i%2)
		// a and b agree everywhere; c differs from a on item 3; d judged
		// only 10 items, agreeing with a on each.
		other := c
		if i == 3 {
			other = 3 - c
		}
		tb.V[i] = []float64{c, c, other, c}
		tb.Has[i] = []bool{true, true, true, i < 10}
	}
	notes := twinNotes([]string{"a", "b", "c", "d"}, tb)
	if len(notes) != 1 || !strings.HasPrefix(notes[0], "a and b make the same choice on every one of the 25 items both judged") {
		t.Fatalf("notes %q", notes)
	}
}
