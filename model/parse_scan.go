package model

import (
	"encoding/binary"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// This file is a small strict JSON scanner over one record's bytes. It
// validates syntax (RFC 8259) and finds value boundaries without building any
// generic representation, so the record parser can decode only the fields it
// knows.

// maxDepth bounds the nesting of arrays and objects in a record, so that
// hostile input cannot exhaust the stack.
const maxDepth = 200

// syntaxError is a JSON syntax error at byte offset off of a record. path is
// the field the error is inside ("" at the top level).
type syntaxError struct {
	off  int
	msg  string
	path string
}

// inField records that e happened inside the value of key.
func (e *syntaxError) inField(key string) *syntaxError {
	if e.path == "" {
		e.path = key
	} else {
		e.path = key + "." + e.path
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

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// skipSpace returns the offset of the first non-whitespace byte at or after i.
func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

// endErr is the error for input that ends where more was expected.
func endErr(b []byte, what string) *syntaxError {
	return &syntaxError{off: len(b), msg: "unexpected end of " + what}
}

// unexpected describes the character at b[i] for an error message.
func unexpected(b []byte, i int) string {
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

// skipValue validates the JSON value starting at b[i] (no leading space) and
// returns the offset just after it. end names what the bytes are ("line").
func skipValue(b []byte, i, depth int, end string) (int, *syntaxError) {
	if i >= len(b) {
		return i, endErr(b, end+"; expected a value")
	}
	switch c := b[i]; c {
	case '"':
		j, _, err := skipString(b, i, end)
		return j, err
	case '{':
		return skipObject(b, i, depth+1, end)
	case '[':
		return skipArray(b, i, depth+1, end)
	case 't':
		return skipLiteral(b, i, "true")
	case 'f':
		return skipLiteral(b, i, "false")
	case 'n':
		return skipLiteral(b, i, "null")
	case 'N', 'I', '+':
		return i, badNumber(b, i)
	default:
		if c == '-' || isDigit(c) {
			return skipNumber(b, i)
		}
		return i, &syntaxError{off: i, msg: unexpected(b, i) + "; expected a value"}
	}
}

// word returns the bare token starting at b[i], up to a delimiter, for
// messages (at most 24 bytes).
func word(b []byte, i int) string {
	j := i
	for j < len(b) && j-i < 24 {
		c := b[j]
		if isSpace(c) || c == ',' || c == '}' || c == ']' || c == ':' || c == '"' {
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
func badNumber(b []byte, i int) *syntaxError {
	w := word(b, i)
	switch strings.ToLower(strings.TrimLeft(w, "+-")) {
	case "nan", "inf", "infinity":
		return &syntaxError{off: i, msg: w + " is not a JSON number (JSON has no NaN or Infinity)"}
	}
	return &syntaxError{off: i, msg: w + " is not a valid JSON number"}
}

func skipLiteral(b []byte, i int, lit string) (int, *syntaxError) {
	if len(b)-i >= len(lit) && string(b[i:i+len(lit)]) == lit {
		j := i + len(lit)
		if j < len(b) && (b[j] >= 'a' && b[j] <= 'z' || b[j] >= 'A' && b[j] <= 'Z' || isDigit(b[j])) {
			return j, &syntaxError{off: i, msg: "unexpected " + strconv.Quote(word(b, i)) + "; expected a value"}
		}
		return j, nil
	}
	if w := word(b, i); w != "nan" {
		return i, &syntaxError{off: i, msg: "unexpected " + strconv.Quote(w) + "; expected a value"}
	}
	return i, badNumber(b, i)
}

// skipNumber validates a JSON number at b[i].
func skipNumber(b []byte, i int) (int, *syntaxError) {
	start := i
	if b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && isDigit(b[i]):
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	default:
		return start, badNumber(b, start)
	}
	if i < len(b) && b[i] == '.' {
		i++
		if i >= len(b) || !isDigit(b[i]) {
			return start, badNumber(b, start)
		}
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= len(b) || !isDigit(b[i]) {
			return start, badNumber(b, start)
		}
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	}
	if i < len(b) {
		if c := b[i]; isDigit(c) || c == '.' || c == '+' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			return start, badNumber(b, start)
		}
	}
	return i, nil
}

// isNumber reports whether s is exactly one JSON number.
func isNumber(s []byte) bool {
	if len(s) == 0 || !(s[0] == '-' || isDigit(s[0])) {
		return false
	}
	j, err := skipNumber(s, 0)
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

// skipString validates the string starting at the quote b[i] and returns the
// offset after its closing quote and whether it contains escapes.
func skipString(b []byte, i int, end string) (int, bool, *syntaxError) {
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
			return j, esc, endErr(b, end+" inside a string")
		}
		switch c := b[j]; {
		case c == '"':
			return j + 1, esc, nil
		case c == '\\':
			esc = true
			if j+1 >= len(b) {
				return j, esc, endErr(b, end+" inside a string")
			}
			switch b[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
			case 'u':
				if j+6 > len(b) || hex4(b[j+2:j+6]) < 0 {
					return j, esc, &syntaxError{off: j, msg: `invalid \u escape in a string (expected 4 hex digits)`}
				}
				j += 6
			default:
				r, _ := utf8.DecodeRune(b[j+1:])
				what := `\` + string(r)
				if !unicode.IsPrint(r) {
					what = `\ followed by ` + strconv.QuoteRune(r)
				}
				return j, esc, &syntaxError{off: j, msg: "invalid escape " + what + " in a string"}
			}
		default: // control character
			return j, esc, &syntaxError{off: j, msg: "control character " + strconv.QuoteRune(rune(c)) + " in a string (it must be escaped)"}
		}
	}
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

// skipObject validates the object starting at b[i] == '{'.
func skipObject(b []byte, i, depth int, end string) (int, *syntaxError) {
	if depth > maxDepth {
		return i, &syntaxError{off: i, msg: "objects and arrays nested too deeply"}
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return i + 1, nil
	}
	for {
		if i >= len(b) {
			return i, endErr(b, end+"; expected a field name")
		}
		if b[i] != '"' {
			return i, &syntaxError{off: i, msg: unexpected(b, i) + "; expected a field name in double quotes"}
		}
		ks := i
		j, esc, err := skipString(b, i, end)
		if err != nil {
			return j, err
		}
		key := b[ks+1 : j-1]
		i = skipSpace(b, j)
		if i >= len(b) {
			return i, endErr(b, end+"; expected ':'")
		}
		if b[i] != ':' {
			return i, &syntaxError{off: i, msg: unexpected(b, i) + "; expected ':' after a field name"}
		}
		i = skipSpace(b, i+1)
		i, err = skipValue(b, i, depth, end)
		if err != nil {
			return i, err.inField(keyString(key, esc))
		}
		i = skipSpace(b, i)
		if i >= len(b) {
			return i, endErr(b, end+"; expected ',' or '}'")
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return i + 1, nil
		default:
			return i, &syntaxError{off: i, msg: unexpected(b, i) + "; expected ',' or '}' after a field value"}
		}
	}
}

// skipArray validates the array starting at b[i] == '['.
func skipArray(b []byte, i, depth int, end string) (int, *syntaxError) {
	if depth > maxDepth {
		return i, &syntaxError{off: i, msg: "objects and arrays nested too deeply"}
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return i + 1, nil
	}
	for n := 0; ; n++ {
		var err *syntaxError
		i, err = skipValue(b, i, depth, end)
		if err != nil {
			return i, err.inField(strconv.Itoa(n))
		}
		i = skipSpace(b, i)
		if i >= len(b) {
			return i, endErr(b, end+"; expected ',' or ']'")
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case ']':
			return i + 1, nil
		default:
			return i, &syntaxError{off: i, msg: unexpected(b, i) + "; expected ',' or ']' after an array element"}
		}
	}
}

// keyString returns a field name for messages and maps: the unquoted key.
func keyString(key []byte, esc bool) string {
	if !esc {
		return string(key)
	}
	return string(unescape(nil, key))
}

// unescape appends the decoded form of the valid JSON string body s to dst.
// Invalid surrogates decode to U+FFFD, as in encoding/json.
func unescape(dst, s []byte) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' {
			dst = append(dst, c)
			i++
			continue
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
