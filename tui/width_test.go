package tui

import (
	"math/rand/v2"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// TestCellWidthIsLipglossWidth: cellWidth counts every character of
// narrowRanges as one cell that is its own grapheme cluster (alone, twice,
// after and before an ASCII letter: a character that joins a cluster, as
// a combining mark, a Hangul jamo or a regional indicator does, fails one
// of these), and on random lines of ASCII, those characters, others it
// leaves to lipgloss (wide, combining, emoji, controls, invalid bytes),
// SGR and other escape sequences and line breaks it equals
// lipgloss.Width.
func TestCellWidthIsLipglossWidth(t *testing.T) {
	t.Parallel()
	var narrows []string
	for _, g := range narrowRanges {
		for r := g[0]; r <= g[1]; r++ {
			s := string(r)
			narrows = append(narrows, s)
			if ansi.StringWidth(s) != 1 || ansi.StringWidth(s+s) != 2 || ansi.StringWidth("a"+s) != 2 || ansi.StringWidth(s+"a") != 2 {
				t.Errorf("%U: %q is %d cells, doubled %d, after a %d, before a %d", r, s,
					ansi.StringWidth(s), ansi.StringWidth(s+s), ansi.StringWidth("a"+s), ansi.StringWidth(s+"a"))
			}
		}
	}
	// narrow's early exit needs the ranges in order.
	for r := rune(0); r < 0x3000; r++ { // past the last range narrow is false
		if narrow(r) != inRanges(r) {
			t.Fatalf("narrow(%U) = %v, the ranges say %v", r, narrow(r), inRanges(r))
		}
	}
	others := []string{"表", "😀", "\u0301", "\u200d", "\ufe0f", "\U0001f1e6", "\u1100", "\u1161", "\t", "\r", "\x00", "\x7f",
		"\u0085", "\xff", "\xe2\x94", "\x1b]8;;x\x1b\\", "\x1b[2J", "\x1b", "\u00ad", "⚠"}
	sgrs := []string{"\x1b[0m", "\x1b[1;38;5;12m", "\x1b[38:2::1:2:3m", "\x1b[m"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		var b strings.Builder
		for range rng.IntN(40) {
			switch k := rng.IntN(20); {
			case k < 8:
				b.WriteByte(byte(0x20 + rng.IntN(0x5f)))
			case k < 14:
				b.WriteString(narrows[rng.IntN(len(narrows))])
			case k < 16:
				b.WriteString(sgrs[rng.IntN(len(sgrs))])
			case k < 17:
				b.WriteByte('\n')
			case k < 18 && rng.IntN(4) == 0:
				b.WriteString(others[rng.IntN(len(others))])
			}
		}
		if s := b.String(); cellWidth(s) != lipgloss.Width(s) {
			t.Errorf("cellWidth(%q) = %d, lipgloss.Width %d", s, cellWidth(s), lipgloss.Width(s))
		}
	}
}

// inRanges reports whether r is in narrowRanges, read directly.
func inRanges(r rune) bool {
	for _, g := range narrowRanges {
		if g[0] <= r && r <= g[1] {
			return true
		}
	}
	return false
}
