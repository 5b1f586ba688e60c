// Package jsonscan is a small strict JSON scanner (RFC 8259) over one
// record's bytes, shared by the log reader (package model) and the
// importers (model/importer). It validates syntax and finds value
// boundaries without building a generic representation, so a parser can
// decode only the fields it knows and skip long texts at memory speed.
// Every error names what was expected; end, in the functions that take it,
// names what the bytes are ("line", "the record") for "unexpected end of …".
package jsonscan

import (
	"encoding/binary"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxDepth bounds the nesting of arrays and objects in a record, so that
// hostile input cannot exhaust the stack.
const MaxDepth = 200

// Error is a JSON syntax error at byte offset Off of a record. Path is
// the field the error is inside ("" at the top level), dot-separated.
type Error struct {
	Off  int
	Msg  string
	Path string
}

// In records that e happened inside the value of key.
func (e *Error) In(key string) *Error {
	if e.Path == "" {
		e.Path = key
	} else {
		e.Path = key + "." + e.Path
	}
	return e
}

// strPlain[c] is true for bytes that need no attention inside a string.
var strPlain = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func IsDigit(c byte) bool { return '0' <= c && c <= '9' }

// SkipSpace returns the offset of the first non-whitespace byte at or after i.
func SkipSpace(b []byte, i int) int {
	for i < len(b) && IsSpace(b[i]) {
		i++
	}
	return i
}

// EndError is the error for input b that ends where more was expected:
// "unexpected end of " + what.
func EndError(b []byte, what string) *Error {
	return &Error{Off: len(b), Msg: "unexpected end of " + what}
}

// Unexpected describes the character at b[i] for an error message.
func Unexpected(b []byte, i int) string {
	r, _ := utf8.DecodeRune(b[i:])
	return "unexpected " + quoteRune(r)
}

// quoteRune quotes r for a message: 'x', or "'" for a single quote.
func quoteRune(r rune) string {
	if r == '\'' {
		return `"'"`
	}
	return strconv.QuoteRune(r)
}

// SkipValue validates the JSON value starting at b[i] (no leading space) and
// returns the offset just after it. end names what the bytes are ("line").
func SkipValue(b []byte, i, depth int, end string) (int, *Error) {
	if i >= len(b) {
		return i, EndError(b, end+"; expected a value")
	}
	switch c := b[i]; c {
	case '"':
		j, _, err := SkipString(b, i, end)
		return j, err
	case '{':
		return SkipObject(b, i, depth+1, end)
	case '[':
		return SkipArray(b, i, depth+1, end)
	case 't':
		return skipLiteral(b, i, "true")
	case 'f':
		return skipLiteral(b, i, "false")
	case 'n':
		return skipLiteral(b, i, "null")
	case 'N', 'I', '+':
		return i, badNumber(b, i)
	default:
		if c == '-' || IsDigit(c) {
			return SkipNumber(b, i)
		}
		return i, &Error{Off: i, Msg: Unexpected(b, i) + "; expected a value"}
	}
}

// word returns the bare token starting at b[i], up to a delimiter, for
// messages (at most 24 bytes).
func word(b []byte, i int) string {
	j := i
	for j < len(b) && j-i < 24 {
		c := b[j]
		if IsSpace(c) || c == ',' || c == '}' || c == ']' || c == ':' || c == '"' {
			break
		}
		j++
	}
	if j == i {
		j = i + 1
	}
	for j < len(b) && !utf8.RuneStart(b[j]) {
		j++
	}
	return string(b[i:j])
}

// badNumber explains an invalid number token at b[i].
func badNumber(b []byte, i int) *Error {
	w := word(b, i)
	switch strings.ToLower(strings.TrimLeft(w, "+-")) {
	case "nan", "inf", "infinity":
		return &Error{Off: i, Msg: w + " is not a JSON number (JSON has no NaN or Infinity)"}
	}
	return &Error{Off: i, Msg: w + " is not a valid JSON number"}
}

func skipLiteral(b []byte, i int, lit string) (int, *Error) {
	if len(b)-i >= len(lit) && string(b[i:i+len(lit)]) == lit {
		j := i + len(lit)
		if j < len(b) && (b[j] >= 'a' && b[j] <= 'z' || b[j] >= 'A' && b[j] <= 'Z' || IsDigit(b[j])) {
			return j, &Error{Off: i, Msg: "unexpected " + strconv.Quote(word(b, i)) + "; expected a value"}
		}
		return j, nil
	}
	if w := word(b, i); w != "nan" {
		return i, &Error{Off: i, Msg: "unexpected " + strconv.Quote(w) + "; expected a value"}
	}
	return i, badNumber(b, i)
}

// SkipNumber validates a JSON number at b[i].
func SkipNumber(b []byte, i int) (int, *Error) {
	start := i
	if b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && IsDigit(b[i]):
		for i < len(b) && IsDigit(b[i]) {
			i++
		}
	default:
		return start, badNumber(b, start)
	}
	if i < len(b) && b[i] == '.' {
		i++
		if i >= len(b) || !IsDigit(b[i]) {
			return start, badNumber(b, start)
		}
		for i < len(b) && IsDigit(b[i]) {
			i++
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= len(b) || !IsDigit(b[i]) {
			return start, badNumber(b, start)
		}
		for i < len(b) && IsDigit(b[i]) {
			i++
		}
	}
	if i < len(b) {
		if c := b[i]; IsDigit(c) || c == '.' || c == '+' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			return start, badNumber(b, start)
		}
	}
	return i, nil
}

// IsNumber reports whether s is exactly one JSON number.
func IsNumber(s []byte) bool {
	if len(s) == 0 || !(s[0] == '-' || IsDigit(s[0])) {
		return false
	}
	j, err := SkipNumber(s, 0)
	return err == nil && j == len(s)
}

// Masks for testing 8 bytes at a time.
const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// special8 is non-zero when one of the 8 bytes of x is a control
// character, a quote or a backslash: the bytes a string scan must stop at.
// (The usual "has a byte less than n" and "has a zero byte" bit tricks.)
func special8(x uint64) uint64 {
	q := x ^ (lsb * '"')
	bs := x ^ (lsb * '\\')
	return ((x-lsb*0x20)&^x | (q-lsb)&^q | (bs-lsb)&^bs) & msb
}

// SkipString validates the string starting at the quote b[i] and returns the
// offset after its closing quote and whether it contains escapes.
func SkipString(b []byte, i int, end string) (int, bool, *Error) {
	esc := false
	j := i + 1
	for {
		for j+8 <= len(b) && special8(binary.LittleEndian.Uint64(b[j:])) == 0 {
			j += 8
		}
		for j < len(b) && strPlain[b[j]] {
			j++
		}
		if j >= len(b) {
			return j, esc, EndError(b, end+" inside a string")
		}
		switch c := b[j]; {
		case c == '"':
			return j + 1, esc, nil
		case c == '\\':
			esc = true
			if j+1 >= len(b) {
				return j, esc, EndError(b, end+" inside a string")
			}
			switch b[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
			case 'u':
				if j+6 > len(b) || hex4(b[j+2:j+6]) < 0 {
					return j, esc, &Error{Off: j, Msg: `invalid \u escape in a string (expected 4 hex digits)`}
				}
				n, err := surrogates(b, j)
				if err != nil {
					return j, esc, err
				}
				j += n
			default:
				r, _ := utf8.DecodeRune(b[j+1:])
				what := `\` + string(r)
				if !unicode.IsPrint(r) {
					what = `\ followed by ` + strconv.QuoteRune(r)
				}
				return j, esc, &Error{Off: j, Msg: "invalid escape " + what + " in a string"}
			}
		default: // control character
			return j, esc, &Error{Off: j, Msg: "control character " + strconv.QuoteRune(rune(c)) + " in a string (it must be escaped)"}
		}
	}
}

// surrogates returns the length of the \u escape at b[j] (6, or 12 for a
// surrogate pair), or an error for a lone UTF-16 surrogate: it stands for
// no character, and decoding it as U+FFFD would make two different
// strings (`"a\ud800"`, `"a\udbff"`) one.
func surrogates(b []byte, j int) (int, *Error) {
	r := hex4(b[j+2 : j+6])
	if !utf16.IsSurrogate(r) {
		return 6, nil
	}
	if r < 0xdc00 && j+12 <= len(b) && b[j+6] == '\\' && b[j+7] == 'u' {
		if r2 := hex4(b[j+8 : j+12]); r2 >= 0xdc00 && r2 <= 0xdfff {
			return 12, nil
		}
	}
	return 0, &Error{Off: j, Msg: "lone UTF-16 surrogate " + string(b[j:j+6]) + " in a string (half of a pair, no character: " +
		"it would read as U+FFFD and make different strings equal)"}
}

// hex4 decodes 4 hex digits, or returns -1.
func hex4(h []byte) rune {
	var r rune
	for _, c := range h {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r<<4 | rune(c)
	}
	return r
}

// SkipObject validates the object starting at b[i] == '{'.
func SkipObject(b []byte, i, depth int, end string) (int, *Error) {
	return WalkObject(b, i, depth, end, nil)
}

// WalkObject validates the object starting at b[i] == '{' and calls fn,
// when not nil, with each field's raw key body (escapes undecoded), whether
// the key has escapes, and its raw value. An error from fn stops the walk
// and is returned at the value's offset.
func WalkObject(b []byte, i, depth int, end string, fn func(key []byte, esc bool, val []byte) *Error) (int, *Error) {
	if depth > MaxDepth {
		return i, &Error{Off: i, Msg: "objects and arrays nested too deeply"}
	}
	i = SkipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return i + 1, nil
	}
	for {
		if i >= len(b) {
			return i, EndError(b, end+"; expected a field name")
		}
		if b[i] != '"' {
			return i, &Error{Off: i, Msg: Unexpected(b, i) + "; expected a field name in double quotes"}
		}
		ks := i
		j, esc, err := SkipString(b, i, end)
		if err != nil {
			return j, err
		}
		key := b[ks+1 : j-1]
		i = SkipSpace(b, j)
		if i >= len(b) {
			return i, EndError(b, end+"; expected ':'")
		}
		if b[i] != ':' {
			return i, &Error{Off: i, Msg: Unexpected(b, i) + "; expected ':' after a field name"}
		}
		i = SkipSpace(b, i+1)
		vs := i
		i, err = SkipValue(b, i, depth, end)
		if err != nil {
			return i, err.In(KeyString(key, esc))
		}
		if fn != nil {
			if err := fn(key, esc, b[vs:i]); err != nil {
				return vs, err
			}
		}
		i = SkipSpace(b, i)
		if i >= len(b) {
			return i, EndError(b, end+"; expected ',' or '}'")
		}
		switch b[i] {
		case ',':
			i = SkipSpace(b, i+1)
		case '}':
			return i + 1, nil
		default:
			return i, &Error{Off: i, Msg: Unexpected(b, i) + "; expected ',' or '}' after a field value"}
		}
	}
}

// SkipArray validates the array starting at b[i] == '['.
func SkipArray(b []byte, i, depth int, end string) (int, *Error) {
	return WalkArray(b, i, depth, end, nil)
}

// WalkArray validates the array starting at b[i] == '[' and calls fn, when
// not nil, with each element's index and raw value. An error from fn stops
// the walk and is returned at the element's offset.
func WalkArray(b []byte, i, depth int, end string, fn func(n int, val []byte) *Error) (int, *Error) {
	if depth > MaxDepth {
		return i, &Error{Off: i, Msg: "objects and arrays nested too deeply"}
	}
	i = SkipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return i + 1, nil
	}
	for n := 0; ; n++ {
		vs := i
		var err *Error
		i, err = SkipValue(b, i, depth, end)
		if err != nil {
			return i, err.In(strconv.Itoa(n))
		}
		if fn != nil {
			if err := fn(n, b[vs:i]); err != nil {
				return vs, err
			}
		}
		i = SkipSpace(b, i)
		if i >= len(b) {
			return i, EndError(b, end+"; expected ',' or ']'")
		}
		switch b[i] {
		case ',':
			i = SkipSpace(b, i+1)
		case ']':
			return i + 1, nil
		default:
			return i, &Error{Off: i, Msg: Unexpected(b, i) + "; expected ',' or ']' after an array element"}
		}
	}
}

// KeyString returns a field name for messages and maps: the unquoted key.
func KeyString(key []byte, esc bool) string {
	if !esc {
		return string(key)
	}
	return string(Unescape(nil, key))
}

// Unescape appends the decoded form of the JSON string body s to dst.
// Invalid surrogates decode to U+FFFD, as in encoding/json. s should be a
// valid body; a truncated escape at its end (as a sniffer that stops early
// may pass) decodes to U+FFFD rather than panicking.
func Unescape(dst, s []byte) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' {
			dst = append(dst, c)
			i++
			continue
		}
		if i+1 >= len(s) || s[i+1] == 'u' && i+6 > len(s) {
			return utf8.AppendRune(dst, utf8.RuneError)
		}
		switch s[i+1] {
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r := hex4(s[i+2 : i+6])
			i += 6
			if utf16.IsSurrogate(r) {
				r2 := rune(-1)
				if i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
					r2 = hex4(s[i+2 : i+6])
				}
				if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
					r = d
					i += 6
				} else {
					r = utf8.RuneError
				}
			}
			dst = utf8.AppendRune(dst, r)
			continue
		default: // '"', '\\', '/'
			dst = append(dst, s[i+1])
		}
		i += 2
	}
	return dst
}
