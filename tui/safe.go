package tui

import (
	"strings"

	"github.com/plumb-eval/plumb/internal/textsafe"
)

// What reaches the terminal from the log is made safe in two layers (see
// the package doc):
//
//  1. Where text is laid out: every user-derived string (judge, group,
//     criterion, item id, file name, prompt and response text, and the
//     notes, reasons and errors that quote them) passes clean or cleanText
//     before it is measured, wrapped or styled, so a control character, an
//     escape sequence or a bidi override is shown as a visible escape
//     (\x1b, \u009b, \u202e) and takes the cells the layout gave it. wrap,
//     heading, setFlash and setFlashErr clean their text themselves.
//  2. Where the frame is made: fitLines, through which every frame passes
//     (frame ends in it on every path), runs screenLine on each line: it
//     keeps the SGR sequences lipgloss writes (ESC [ params m) and escapes
//     everything else a terminal would act on. A string a new pane forgets
//     to clean can at worst style text; it can never reach the clipboard
//     (OSC 52), open a link (OSC 8), reset the terminal or reorder text.

// clean shows a user-derived string on one line.
func clean(s string) string { return textsafe.Line(s) }

// tabSpaces replaces a tab of a multi-line text: a tab moves the cursor to
// the terminal's next tab stop, which the layout cannot know.
const tabSpaces = "    "

// cleanText shows a user-derived multi-line text (a prompt, a response):
// its line breaks kept (CRLF as one), tabs as spaces, everything else a
// terminal would act on as a visible escape.
func cleanText(s string) string {
	if strings.ContainsRune(s, '\r') {
		s = strings.ReplaceAll(s, "\r\n", "\n")
	}
	s = textsafe.Text(s)
	if strings.ContainsRune(s, '\t') {
		s = strings.ReplaceAll(s, "\t", tabSpaces)
	}
	return s
}

// screenLine returns a line of the frame with every SGR sequence (ESC [
// digits ; : m, what lipgloss styles with) kept and everything else that
// textsafe.Line would escape, including any other escape sequence, escaped.
// A line without anything to escape is returned as it is.
func screenLine(s string) string {
	if screenSafe(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for s != "" {
		i := strings.IndexByte(s, 0x1b)
		if i < 0 {
			b.WriteString(textsafe.Line(s))
			break
		}
		b.WriteString(textsafe.Line(s[:i]))
		if n := sgrLen(s[i:]); n > 0 {
			b.WriteString(s[i : i+n])
			s = s[i+n:]
			continue
		}
		b.WriteString(`\x1b`)
		s = s[i+1:]
	}
	return b.String()
}

// screenSafe reports whether screenLine would leave s as it is.
func screenSafe(s string) bool {
	for s != "" {
		i := strings.IndexByte(s, 0x1b)
		if i < 0 {
			return !textsafe.Needs(s)
		}
		n := sgrLen(s[i:])
		if n == 0 || textsafe.Needs(s[:i]) {
			return false
		}
		s = s[i+n:]
	}
	return true
}

// sgrLen is the length of the SGR sequence s starts with, or 0.
func sgrLen(s string) int {
	if len(s) < 3 || s[0] != 0x1b || s[1] != '[' {
		return 0
	}
	for i := 2; i < len(s); i++ {
		switch c := s[i]; {
		case c == 'm':
			return i + 1
		case c >= '0' && c <= '9', c == ';', c == ':':
		default:
			return 0
		}
	}
	return 0
}

// cleanAll returns clean of every string of ss, in a new slice.
func cleanAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = clean(s)
	}
	return out
}
