package tui

import (
	"strings"
	"testing"
)

// TestItemsFilterPlaceholderWhole: at 80×24 the Items filter row shows its
// whole placeholder (the grammar's examples), not its first character.
func TestItemsFilterPlaceholderWhole(t *testing.T) {
	t.Parallel()
	m := newDemoModelNoCompare(t, 80, 24)
	press(t, m, "5", "/")
	if f := frameText(m); !strings.Contains(f, "/text, cons:no, gold:1, shift>0.2") {
		t.Errorf("the filter row lacks its placeholder:\n%s", f)
	}
}
