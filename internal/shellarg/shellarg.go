// Package shellarg writes and reads the command lines plumb prints for the
// user to run again: the reproduce commands of the TUI's popup, clipboard
// and exports, and the captions of `plumb figures`.
//
// The quoting rule is one for every printed command: letters, digits and
// -_./=,:+@% stay bare (none of them is special in a POSIX shell
// argument); anything else is single-quoted, each single quote inside
// written as
//
//	'\''
//
// A word that holds a character a terminal acts on or that reorders text
// (a C0 control, newline and tab included, DEL, a C1 control, a bidi
// control, U+2028 or U+2029: internal/textsafe's list) or a byte that is
// not UTF-8 is written instead in ANSI-C quotes, with every such byte as
// \xHH and a backslash or single quote escaped:
//
//	$'j\x1b[201~\x15touch /tmp/x\x0d'
//
// so a printed or copied command never holds one raw: pasted into a
// terminal it cannot end a bracketed paste, erase the line or run a
// second command. bash, zsh, ksh and POSIX.1-2024 shells read $'…' back
// as the exact bytes; a shell without it (dash 0.5.12) reads the word as
// plain text, still one word that runs nothing.
//
// A NUL byte is the one thing no command-line argument can carry (argv
// strings end at it): Carries says so, and the callers refuse to print a
// command for such a word rather than print one that selects something
// else. Quote still writes it, as \x00, never raw.
//
// Split reads such a line back as bash would, so tests can run a printed
// command exactly as a user pastes it.
package shellarg

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/internal/textsafe"
)

// Quote returns s as one shell word: bare when every character is a
// letter, a digit or one of -_./=,:+@%, in ANSI-C quotes ($'…') when it
// holds a control or bidi character or a byte that is not UTF-8, and
// single-quoted otherwise (the empty string becomes a pair of single
// quotes, a word of its own). The result never holds a byte that
// textsafe.Line would escape.
func Quote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=,:+@%", r))
	}) < 0 {
		return s
	}
	if needsANSIC(s) {
		return ansiC(s)
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// needsANSIC reports whether s holds a byte that must not be written raw:
// one that is not UTF-8 or starts a character textsafe.Unsafe names.
func needsANSIC(s string) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || textsafe.Unsafe(r) {
			return true
		}
		i += n
	}
	return false
}

const hexDigits = "0123456789abcdef"

// ansiC writes s as $'…': each byte of a character that needs it (see
// needsANSIC) as \xHH (always two digits, so a hex digit after it is never
// read as part of it), backslash and single quote escaped, everything else
// as it is.
func ansiC(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 16)
	b.WriteString("$'")
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1 || textsafe.Unsafe(r):
			for _, c := range []byte(s[i : i+n]) {
				b.WriteString(`\x`)
				b.WriteByte(hexDigits[c>>4])
				b.WriteByte(hexDigits[c&15])
			}
		case r == '\\' || r == '\'':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	b.WriteByte('\'')
	return b.String()
}

// ErrNUL is Carries' error: the word holds a NUL byte.
var ErrNUL = errors.New("holds a NUL byte, which no command-line argument can carry")

// Carries returns ErrNUL when s holds a NUL byte, so that no command line
// can pass it to plumb as it is (the operating system ends an argument
// there), and nil otherwise.
func Carries(s string) error {
	if strings.IndexByte(s, 0) >= 0 {
		return ErrNUL
	}
	return nil
}

// Flag is one --name=value of a command line.
type Flag struct{ Name, Value string }

// Line is the command line words (unquoted, e.g. "plumb figures"), then
// every flag as --name=value in the order of their names (flags of one
// name keep their order), then args, values and args quoted by Quote: the
// form of `plumb figures`' captions, so a line built from the flags a run
// saw is the same whichever order they were given in.
func Line(words string, flags []Flag, args []string) string {
	flags = slices.Clone(flags)
	slices.SortStableFunc(flags, func(a, b Flag) int { return cmp.Compare(a.Name, b.Name) })
	parts := []string{words}
	for _, f := range flags {
		parts = append(parts, "--"+f.Name+"="+Quote(f.Value))
	}
	for _, a := range args {
		parts = append(parts, Quote(a))
	}
	return strings.Join(parts, " ")
}

// Split splits a line written with Quote as bash does: words separated by
// spaces, single-quoted parts taken as they are, $'…' parts with the
// escapes Quote writes (\xHH, \\, \') decoded, a backslash escaping the
// next character. A character the shell would treat specially outside
// quotes (" $ ` * ? ; & | < >), an escape in $'…' that Quote never writes,
// or an unterminated quote, is an error.
func Split(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	in, quoted := false, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case in && c == '\'':
			in = false
		case in:
			cur.WriteByte(c)
		case c == '\'':
			in, quoted = true, true
		case c == '$' && i+1 < len(s) && s[i+1] == '\'':
			n, err := splitANSIC(s[i+2:], &cur)
			if err != nil {
				return nil, fmt.Errorf("%w in the command %q", err, s)
			}
			i += 1 + n
			quoted = true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
		case c == ' ':
			if cur.Len() > 0 || quoted {
				words = append(words, cur.String())
			}
			cur.Reset()
			quoted = false
		case strings.IndexByte("\"$`*?;&|<>", c) >= 0:
			return nil, fmt.Errorf("unquoted %q in the command %q", c, s)
		default:
			cur.WriteByte(c)
		}
	}
	if in {
		return nil, fmt.Errorf("unterminated quote in %q", s)
	}
	if cur.Len() > 0 || quoted {
		words = append(words, cur.String())
	}
	return words, nil
}

// splitANSIC decodes the body of a $'…' word that starts s (after the
// opening quote) into cur and returns how many bytes it read, the closing
// quote included.
func splitANSIC(s string, cur *strings.Builder) (int, error) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\'':
			return i + 1, nil
		case c != '\\':
			cur.WriteByte(c)
		case i+1 < len(s) && (s[i+1] == '\\' || s[i+1] == '\''):
			i++
			cur.WriteByte(s[i])
		case i+3 < len(s) && s[i+1] == 'x':
			b, err := strconv.ParseUint(s[i+2:i+4], 16, 8)
			if err != nil {
				return 0, fmt.Errorf("an escape Quote never writes at %q", s[i:i+4])
			}
			cur.WriteByte(byte(b))
			i += 3
		default:
			return 0, fmt.Errorf("an escape Quote never writes at %q", s[i:min(len(s), i+4)])
		}
	}
	return 0, errors.New("unterminated $'")
}
