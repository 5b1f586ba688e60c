package plot

import (
	"strings"
	"testing"
	"unicode"
)

// checkBlock asserts the chart invariants: exactly h lines (when h > 0), none
// wider than w cells, no trailing newline, no control characters or escape
// sequences (output is plain text).
func checkBlock(t *testing.T, name, s string, w, h int) {
	t.Helper()
	lines := strings.Split(s, "\n")
	if h > 0 && len(lines) != h {
		t.Fatalf("%s: %d lines, want %d:\n%s", name, len(lines), h, s)
	}
	for i, l := range lines {
		if cw := cells(l); cw > w {
			t.Fatalf("%s: line %d is %d cells wide, max %d:\n%s", name, i, cw, w, s)
		}
		if strings.ContainsFunc(l, unicode.IsControl) {
			t.Fatalf("%s: line %d has a control character: %q", name, i, l)
		}
	}
}

// sizes returns the widths and heights the invariant sweeps try: every small
// size (where layouts degrade), then a stride up to 220×40.
func sizes() (ws, hs []int) {
	for w := 1; w <= 220; w++ {
		if w <= 32 || w%11 == 0 || w == 220 {
			ws = append(ws, w)
		}
	}
	for h := 1; h <= 40; h++ {
		if h <= 20 || h%4 == 0 || h == 37 {
			hs = append(hs, h)
		}
	}
	return ws, hs
}

// column returns the cell index of the first occurrence of r in line, or -1.
func column(line string, r rune) int {
	i := strings.IndexRune(line, r)
	if i < 0 {
		return -1
	}
	return cells(line[:i])
}

// lastColumn returns the cell index of the last occurrence of r in line, or -1.
func lastColumn(line string, r rune) int {
	i := strings.LastIndex(line, string(r))
	if i < 0 {
		return -1
	}
	return cells(line[:i])
}

// runeAt returns the rune at cell col of line (all one-cell runes), or 0.
func runeAt(line string, col int) rune {
	for i, r := range []rune(line) {
		if i == col {
			return r
		}
	}
	return 0
}
