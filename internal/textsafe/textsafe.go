// Package textsafe makes strings that came from users, logs or servers safe
// to show on a terminal or in Markdown: every byte or character that could
// drive a terminal or reorder what is shown is replaced by a visible escape.
//
// What is escaped, and how:
//
//   - C0 controls U+0000–U+001F and DEL U+007F: \xNN (so ESC, the start of
//     every CSI, OSC, OSC 8 link and DCS sequence, is shown as \x1b and the
//     rest of the sequence is plain text the terminal does not act on; BEL
//     and ST are escaped likewise). Line keeps no control at all; Text keeps
//     newline and tab, the two a multi-line text needs. A carriage return is
//     escaped in both: it would let later text overwrite earlier text.
//   - C1 controls U+0080–U+009F (including the one-character CSI U+009B and
//     OSC U+009D): \u00NN.
//   - Bidirectional overrides, embeddings and isolates U+202A–U+202E and
//     U+2066–U+2069, and the marks U+200E, U+200F and U+061C: \uNNNN, so
//     text cannot be shown in an order other than its bytes'.
//   - The line and paragraph separators U+2028 and U+2029: \uNNNN.
//   - Bytes that are not valid UTF-8: \xNN (a terminal in another encoding
//     could read a lone 0x9B as CSI).
//
// Everything else, including a backslash, is kept as it is: the escapes are
// for reading, not for parsing back. Strings without anything to escape are
// returned unchanged without allocating.
package textsafe

import (
	"strings"
	"unicode/utf8"
)

// Line returns s for one line of a terminal: every control character,
// newline and tab included, is a visible escape (see the package doc).
func Line(s string) string { return clean(s, false) }

// Text returns s for a multi-line terminal text: as Line, but newlines and
// tabs are kept.
func Text(s string) string { return clean(s, true) }

// Needs reports whether Line would change s.
func Needs(s string) bool { return firstUnsafe(s, false) >= 0 }

// Unsafe reports whether r, a character of valid UTF-8, is one Line
// escapes: a control character (newline and tab included), DEL, a C1
// control, a bidi control or a line or paragraph separator. It is the one
// list of what must never reach a terminal, a clipboard or a pasted
// command raw (internal/shellarg uses it for the words it quotes).
func Unsafe(r rune) bool { return unsafeRune(r, false) }

// Lines applies Line to every string of ss, in place, and returns ss.
func Lines(ss []string) []string {
	for i, s := range ss {
		ss[i] = Line(s)
	}
	return ss
}

const hexDigits = "0123456789abcdef"

// unsafeRune reports whether r (decoded from valid UTF-8) must be escaped.
func unsafeRune(r rune, multiline bool) bool {
	switch {
	case r < 0x20:
		return !(multiline && (r == '\n' || r == '\t'))
	case r == 0x7f:
		return true
	case r < 0x80:
		return false
	case r <= 0x9f: // C1
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069,
		r == 0x200e, r == 0x200f, r == 0x061c, r == 0x2028, r == 0x2029:
		return true
	}
	return false
}

// firstUnsafe returns the byte offset of the first thing to escape, or −1.
func firstUnsafe(s string, multiline bool) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if unsafeRune(rune(c), multiline) {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || unsafeRune(r, multiline) {
			return i
		}
		i += n
	}
	return -1
}

func clean(s string, multiline bool) string {
	i := firstUnsafe(s, multiline)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	b.WriteString(s[:i])
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if unsafeRune(rune(c), multiline) {
				b.WriteString(`\x`)
				b.WriteByte(hexDigits[c>>4])
				b.WriteByte(hexDigits[c&15])
			} else {
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\x`)
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&15])
		case unsafeRune(r, multiline):
			b.WriteString(`\u`)
			for shift := 12; shift >= 0; shift -= 4 {
				b.WriteByte(hexDigits[(r>>shift)&15])
			}
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}
