package jsonscan

import (
	"strings"
	"unicode/utf8"
)

// TypeName names the JSON type of a valid JSON value by its first byte.
func TypeName(raw []byte) string {
	if len(raw) == 0 {
		return "empty"
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

// MaxShow is how many bytes of a value an error message shows.
const MaxShow = 40

// Show renders a raw JSON value for an error message: at most MaxShow bytes,
// on one line.
func Show(raw []byte) string {
	cut := len(raw) > MaxShow
	if cut {
		n := MaxShow - 3
		for n > 0 && !utf8.RuneStart(raw[n]) {
			n--
		}
		raw = raw[:n]
	}
	var b strings.Builder
	b.Grow(len(raw) + 3)
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
