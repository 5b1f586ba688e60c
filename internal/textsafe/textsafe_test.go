package textsafe

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLine(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain", "judge-first", "judge-first"},
		{"unicode kept", "κ Ünïcode 日本 ▲", "κ Ünïcode 日本 ▲"},
		{"backslash kept", `a\b`, `a\b`},
		{"OSC 52 clipboard", "x\x1b]52;c;aGVsbG8=\x07y", `x\x1b]52;c;aGVsbG8=\x07y`},
		{"terminal reset", "\x1bc", `\x1bc`},
		{"CSI colour", "\x1b[31mred\x1b[0m", `\x1b[31mred\x1b[0m`},
		{"OSC 8 link with ST", "\x1b]8;;http://e.x\x1b\\click\x1b]8;;\x1b\\", `\x1b]8;;http://e.x\x1b\click\x1b]8;;\x1b\`},
		{"DCS", "\x1bPq#0\x1b\\", `\x1bPq#0\x1b\`},
		{"C1 CSI", "a\u009b31mb", `a\u009b31mb`},
		{"C1 OSC", "\u009d52;c;x\u009c", `\u009d52;c;x\u009c`},
		{"bidi override", "abc\u202egnp.exe", `abc\u202egnp.exe`},
		{"bidi isolates", "\u2066x\u2069\u2067\u2068", `\u2066x\u2069\u2067\u2068`},
		{"bidi embeddings", "\u202a\u202b\u202c\u202d", `\u202a\u202b\u202c\u202d`},
		{"marks", "\u200e\u200f\u061c", `\u200e\u200f\u061c`},
		{"newline tab CR", "a\nb\tc\rd", `a\x0ab\x09c\x0dd`},
		{"NUL DEL BEL", "\x00\x7f\x07", `\x00\x7f\x07`},
		{"invalid UTF-8", "a\x9bb\xffc", `a\x9bb\xffc`},
		{"separators", "a\u2028b\u2029", `a\u2028b\u2029`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Line(c.in); got != c.want {
				t.Errorf("Line(%q) = %q, want %q", c.in, got, c.want)
			}
			if Needs(c.in) != (c.in != c.want) {
				t.Errorf("Needs(%q) = %v", c.in, Needs(c.in))
			}
		})
	}
}

func TestText(t *testing.T) {
	in := "line 1\n\tline 2\r\x1b[2Jx\u202e"
	want := "line 1\n\tline 2\\x0d\\x1b[2Jx\\u202e"
	if got := Text(in); got != want {
		t.Errorf("Text = %q, want %q", got, want)
	}
}

func TestNoAllocWhenClean(t *testing.T) {
	s := strings.Repeat("clean text κ ", 20)
	if n := testing.AllocsPerRun(100, func() { _ = Line(s) }); n != 0 {
		t.Errorf("Line allocated %v times on a clean string", n)
	}
}

// safe reports whether out holds nothing a terminal acts on.
func safe(out string, multiline bool) bool {
	if !utf8.ValidString(out) {
		return false
	}
	for _, r := range out {
		if unsafeRune(r, multiline) {
			return false
		}
	}
	return true
}

func FuzzLine(f *testing.F) {
	for _, s := range []string{"", "a", "\x1b]52;c;x\x07", "\u009b", "\u202e", "\xff\xfe", "a\nb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, ml := range []bool{false, true} {
			out := clean(s, ml)
			if !safe(out, ml) {
				t.Fatalf("clean(%q, %v) = %q still holds a control", s, ml, out)
			}
			if !Needs(s) && out != s && !ml {
				t.Fatalf("a clean string changed: %q → %q", s, out)
			}
			if clean(out, ml) != out {
				t.Fatalf("not idempotent on %q", s)
			}
		}
	})
}
