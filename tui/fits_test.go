package tui

import (
	"testing"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
)

// TestFitsIsWidthAtMost: fits(l, w) is lipgloss.Width(l) <= w, though it
// measures only lines of more than w bytes. That rests on no line being
// wider in cells than in bytes: checked here for every character of one or
// two bytes (U+0000–U+07FF, each at most one cell) and for invalid bytes;
// a character of three or four bytes takes at most two cells.
func TestFitsIsWidthAtMost(t *testing.T) {
	t.Parallel()
	for r := rune(0); r < 0x800; r++ {
		s := string(r)
		if w := lipgloss.Width(s); w > utf8.RuneLen(r) {
			t.Errorf("%U is %d cells wide in %d bytes", r, w, len(s))
		}
	}
	for _, s := range []string{"\xff", "\xc3", "\xe2\x94", "\r\n", "a\u0301", "\u00e9\u0301"} {
		if w := lipgloss.Width(s); w > len(s) {
			t.Errorf("%q is %d cells wide in %d bytes", s, w, len(s))
		}
	}
	lines := []string{"", "plain", "λ 0.55 · k ‹8›", "──────────", "表示幅", "😀 emoji", "\x1b[1mbold\x1b[0m",
		"e\u0301\u0301\u0301", "ab\ncdefgh", "a\tb"}
	for _, l := range lines {
		for w := range 24 {
			if got, want := fits(l, w), lipgloss.Width(l) <= w; got != want {
				t.Errorf("fits(%q, %d) = %v, lipgloss.Width %d", l, w, got, lipgloss.Width(l))
			}
		}
	}
}
