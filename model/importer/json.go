package importer

import (
	"encoding/binary"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// A small strict JSON scanner (RFC 8259) over one record's bytes. It finds
// value boundaries and validates syntax without building a generic
// representation, so each importer decodes only the fields it reads and
// skips long texts at memory speed.

// maxDepth bounds the nesting of arrays and objects, so hostile input
// cannot exhaust the stack.
const maxDepth = 200

// syntaxErr is a JSON syntax error at byte offset off of a record; path is
// the field it is inside ("" at the top level).
type syntaxErr struct {
	off  int
	msg  string
	path string
}

// in records that e happened inside the value of key.
func (e *syntaxErr) in(key string) *syntaxErr {
	if e.path == "" {
		e.path = key
	} else {
		e.path = key + "." + e.path
	}
	return e
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// skipSpace returns the offset of the first non-space byte at or after i.
func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

// unexpected describes the character at b[i] for a message.
func unexpected(b []byte, i int) string {
	if i >= len(b) {
		return "unexpected end of the record"
	}
	r, _ := utf8.DecodeRune(b[i:])
	return "unexpected " + strconv.QuoteRune(r)
}

// skipValue validates the JSON value at b[i] (no leading space) and returns
// the offset just after it.
func skipValue(b []byte, i, depth int) (int, *syntaxErr) {
	if i >= len(b) {
		return i, &syntaxErr{off: i, msg: "unexpected end of the record; expected a value"}
	}
	switch c := b[i]; {
	case c == '"':
		j, _, err := skipString(b, i)
		return j, err
	case c == '{':
		return skipObject(b, i, depth+1)
	case c == '[':
		return skipArray(b, i, depth+1)
	case c == 't':
		return skipLiteral(b, i, "true")
	case c == 'f':
		return skipLiteral(b, i, "false")
	case c == 'n':
		return skipLiteral(b, i, "null")
	case c == '-' || isDigit(c):
		return skipNumber(b, i)
	}
	if w := word(b, i); isNaNWord(w) {
		return i, &syntaxErr{off: i, msg: w + " is not a JSON number (JSON has no NaN or Infinity)"}
	}
	return i, &syntaxErr{off: i, msg: unexpected(b, i) + "; expected a value"}
}

// isNaNWord reports whether w is a NaN or infinity spelling.
func isNaNWord(w string) bool {
	switch strings.ToLower(strings.TrimLeft(w, "+-")) {
	case "nan", "inf", "infinity":
		return true
	}
	return false
}

// word returns the bare token at b[i], for messages (at most 24 bytes).
func word(b []byte, i int) string {
	j := i
	for j < len(b) && j-i < 24 {
		c := b[j]
		if isSpace(c) || c == ',' || c == '}' || c == ']' || c == ':' || c == '"' {
			break
		}
		j++
	}
	if j == i && j < len(b) {
		j++
	}
	for j < len(b) && !utf8.RuneStart(b[j]) {
		j++
	}
	return string(b[i:j])
}

func skipLiteral(b []byte, i int, lit string) (int, *syntaxErr) {
	j := i + len(lit)
	if j <= len(b) && string(b[i:j]) == lit && (j == len(b) || !isWordByte(b[j])) {
		return j, nil
	}
	if w := word(b, i); isNaNWord(w) {
		return i, &syntaxErr{off: i, msg: w + " is not a JSON number (JSON has no NaN or Infinity)"}
	}
	return i, &syntaxErr{off: i, msg: "unexpected " + strconv.Quote(word(b, i)) + "; expected a value"}
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || c == '.' || c == '+' || c == '-'
}

// skipNumber validates the JSON number at b[i].
func skipNumber(b []byte, i int) (int, *syntaxErr) {
	start := i
	bad := func() (int, *syntaxErr) {
		return start, &syntaxErr{off: start, msg: strconv.Quote(word(b, start)) + " is not a valid JSON number"}
	}
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
		return bad()
	}
	if i < len(b) && b[i] == '.' {
		i++
		if i >= len(b) || !isDigit(b[i]) {
			return bad()
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
			return bad()
		}
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	}
	if i < len(b) && isWordByte(b[i]) {
		return bad()
	}
	return i, nil
}

// Masks for testing 8 bytes at a time.
const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// special8 is non-zero when one of the 8 bytes of x is a control character,
// a quote or a backslash: the bytes a string scan must stop at.
func special8(x uint64) uint64 {
	q := x ^ (lsb * '"')
	bs := x ^ (lsb * '\\')
	return ((x-lsb*0x20)&^x | (q-lsb)&^q | (bs-lsb)&^bs) & msb
}

// skipString validates the string at the quote b[i] and returns the offset
// after its closing quote and whether it has escapes.
func skipString(b []byte, i int) (int, bool, *syntaxErr) {
	esc := false
	j := i + 1
	for {
		for j+8 <= len(b) && special8(binary.LittleEndian.Uint64(b[j:])) == 0 {
			j += 8
		}
		for j < len(b) && b[j] >= 0x20 && b[j] != '"' && b[j] != '\\' {
			j++
		}
		if j >= len(b) {
			return j, esc, &syntaxErr{off: i, msg: "unexpected end of the record inside a string (a missing closing quote?)"}
		}
		switch c := b[j]; c {
		case '"':
			return j + 1, esc, nil
		case '\\':
			esc = true
			if j+1 >= len(b) {
				return j, esc, &syntaxErr{off: j, msg: "unexpected end of the record inside a string"}
			}
			switch b[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
			case 'u':
				if j+6 > len(b) || hex4(b[j+2:j+6]) < 0 {
					return j, esc, &syntaxErr{off: j, msg: `invalid \u escape in a string (expected 4 hex digits)`}
				}
				j += 6
			default:
				r, _ := utf8.DecodeRune(b[j+1:])
				return j, esc, &syntaxErr{off: j, msg: "invalid escape \\" + strconv.QuoteRune(r) + " in a string"}
			}
		default:
			return j, esc, &syntaxErr{off: j, msg: "control character " + strconv.QuoteRune(rune(c)) + " in a string (it must be escaped)"}
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

// skipObject validates the object at b[i] == '{'.
func skipObject(b []byte, i, depth int) (int, *syntaxErr) {
	return walkObject(b, i, depth, nil)
}

// walkObject validates the object at b[i] == '{' and calls fn, when not
// nil, with each field's raw key body (escapes undecoded), whether the key
// has escapes, and its raw value. fn's error stops the walk.
func walkObject(b []byte, i, depth int, fn func(key []byte, esc bool, val []byte) *syntaxErr) (int, *syntaxErr) {
	if depth > maxDepth {
		return i, &syntaxErr{off: i, msg: "objects and arrays nested too deeply"}
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return i + 1, nil
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return i, &syntaxErr{off: i, msg: unexpected(b, i) + "; expected a field name in double quotes"}
		}
		ks := i
		j, esc, err := skipString(b, i)
		if err != nil {
			return j, err
		}
		key := b[ks+1 : j-1]
		i = skipSpace(b, j)
		if i >= len(b) || b[i] != ':' {
			return i, &syntaxErr{off: i, msg: unexpected(b, i) + "; expected ':' after a field name"}
		}
		i = skipSpace(b, i+1)
		vs := i
		i, err = skipValue(b, i, depth)
		if err != nil {
			return i, err.in(keyString(key, esc))
		}
		if fn != nil {
			if err := fn(key, esc, b[vs:i]); err != nil {
				return vs, err
			}
		}
		i = skipSpace(b, i)
		if i >= len(b) {
			return i, &syntaxErr{off: i, msg: "unexpected end of the record; expected ',' or '}'"}
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return i + 1, nil
		default:
			return i, &syntaxErr{off: i, msg: unexpected(b, i) + "; expected ',' or '}' after a field value"}
		}
	}
}

// skipArray validates the array at b[i] == '['.
func skipArray(b []byte, i, depth int) (int, *syntaxErr) {
	return walkArray(b, i, depth, nil)
}

// walkArray validates the array at b[i] == '[' and calls fn, when not nil,
// with each element's index and raw value.
func walkArray(b []byte, i, depth int, fn func(n int, val []byte) *syntaxErr) (int, *syntaxErr) {
	if depth > maxDepth {
		return i, &syntaxErr{off: i, msg: "objects and arrays nested too deeply"}
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return i + 1, nil
	}
	for n := 0; ; n++ {
		vs := i
		var err *syntaxErr
		i, err = skipValue(b, i, depth)
		if err != nil {
			return i, err.in(strconv.Itoa(n))
		}
		if fn != nil {
			if err := fn(n, b[vs:i]); err != nil {
				return vs, err
			}
		}
		i = skipSpace(b, i)
		if i >= len(b) {
			return i, &syntaxErr{off: i, msg: "unexpected end of the record; expected ',' or ']'"}
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case ']':
			return i + 1, nil
		default:
			return i, &syntaxErr{off: i, msg: unexpected(b, i) + "; expected ',' or ']' after an array element"}
		}
	}
}

// keyString returns a field name, unescaped.
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

// Kinds of a raw JSON value, by its first byte.
func isString(raw []byte) bool { return len(raw) > 0 && raw[0] == '"' }
func isNull(raw []byte) bool   { return len(raw) > 0 && raw[0] == 'n' }
func isNumber(raw []byte) bool { return len(raw) > 0 && (raw[0] == '-' || isDigit(raw[0])) }
func isObject(raw []byte) bool { return len(raw) > 0 && raw[0] == '{' }
func isArray(raw []byte) bool  { return len(raw) > 0 && raw[0] == '[' }

// typeName names the JSON type of a valid raw value.
func typeName(raw []byte) string {
	if len(raw) == 0 {
		return "missing"
	}
	switch raw[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// strBytes returns the decoded body of the valid JSON string raw, without
// copying when it has no escapes.
func strBytes(raw []byte) []byte {
	body := raw[1 : len(raw)-1]
	for _, c := range body {
		if c == '\\' {
			return unescape(make([]byte, 0, len(body)), body)
		}
	}
	return body
}

// str decodes the valid JSON string raw as valid UTF-8 (invalid bytes
// become U+FFFD, as the log writer would write them).
func str(raw []byte) string {
	b := strBytes(raw)
	if !utf8.Valid(b) {
		return strings.ToValidUTF8(string(b), "\uFFFD")
	}
	return string(b)
}

// num decodes the valid JSON number raw; ok is false when it overflows.
func num(raw []byte) (float64, bool) {
	v, err := strconv.ParseFloat(string(raw), 64)
	return v, err == nil && !math.IsInf(v, 0)
}

// maxShow is how many bytes of a value a message shows.
const maxShow = 40

// show renders a raw JSON value for a message: at most maxShow bytes, on
// one line.
func show(raw []byte) string {
	cut := len(raw) > maxShow
	if cut {
		n := maxShow - 3
		for n > 0 && !utf8.RuneStart(raw[n]) {
			n--
		}
		raw = raw[:n]
	}
	var b strings.Builder
	for _, c := range raw {
		switch c {
		case '\n', '\r', '\t':
			c = ' '
		}
		b.WriteByte(c)
	}
	if cut {
		b.WriteString("...")
	}
	return b.String()
}
