package tui

import (
	"unicode/utf8"

	"charm.land/lipgloss/v2"
)

// narrowRanges are the characters beyond ASCII that cellWidth counts as
// one cell each without measuring: Latin, Greek, Cyrillic, general
// punctuation, arrows, mathematical and technical signs, box drawing,
// blocks, shapes, dingbats and Braille (what plumb draws with). Each is
// one cell alone and is its own grapheme cluster beside any of them or
// ASCII (TestCellWidthIsLipglossWidth checks every one).
var narrowRanges = [...][2]rune{
	{0xae, 0x2ff}, {0x370, 0x482}, {0x2010, 0x2027}, {0x202f, 0x205f}, {0x20f1, 0x2319},
	{0x232b, 0x23e8}, {0x23f4, 0x25fc}, {0x270c, 0x2727}, {0x27c0, 0x2b1a},
}

// narrow reports whether r is in narrowRanges.
func narrow(r rune) bool {
	for _, g := range narrowRanges {
		if r < g[0] {
			return false
		}
		if r <= g[1] {
			return true
		}
	}
	return false
}

// cellWidth is lipgloss.Width(s), the cells of s's widest line. A frame's
// line is printable ASCII, narrowRanges and SGR sequences (lipgloss's
// styles) almost always: those it counts itself, a cell per character,
// in about a tenth of the time grapheme segmentation takes; anything
// else (a wide or combining character, a control, another escape) it
// leaves to lipgloss.Width.
func cellWidth(s string) int {
	w, widest := 0, 0
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c >= 0x20 && c < 0x7f:
			w++
			i++
		case c == '\n':
			widest, w = max(widest, w), 0
			i++
		case c == 0x1b:
			n := sgrLen(s[i:])
			if n == 0 {
				return lipgloss.Width(s)
			}
			i += n
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(s[i:])
			if !narrow(r) {
				return lipgloss.Width(s)
			}
			w++
			i += n
		default:
			return lipgloss.Width(s)
		}
	}
	return max(widest, w)
}
