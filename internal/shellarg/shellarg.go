// Package shellarg writes and reads the command lines plumb prints for the
// user to run again: the reproduce commands of the TUI's popup and
// exports, and the captions of `plumb figures`.
//
// The quoting rule is one for every printed command: letters, digits and
// -_./=,:+@% stay bare (none of them is special in a POSIX shell
// argument); anything else is single-quoted, each single quote inside
// written as
//
//	'\''
//
// Split reads such a line back as a shell would, so tests can run a
// printed command exactly as a user pastes it.
package shellarg

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Quote returns s as one POSIX shell word: bare when every character is a
// letter, a digit or one of -_./=,:+@%, single-quoted otherwise (the
// empty string becomes a pair of single quotes, a word of its own).
func Quote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=,:+@%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
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

// Split splits a line written with Quote as a POSIX shell does: words
// separated by spaces, single-quoted parts taken as they are, a backslash
// escaping the next character. A character the shell would treat
// specially outside quotes (" $ ` * ? ; & | < >), or an unterminated
// quote, is an error: Quote never writes one.
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
