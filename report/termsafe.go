package report

import (
	"io"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/internal/textsafe"
)

// jsonSafeWriter makes the report JSON safe to print on a terminal without
// changing what it means: encoding/json already escapes C0 controls and
// U+2028/U+2029 inside strings, but writes DEL, the C1 controls (U+009B is
// a one-character CSI to many terminals) and the bidirectional overrides
// raw. Those can only occur inside JSON strings, so writing each as its
// \uXXXX escape decodes to the very same string. Which
// characters are escaped is textsafe's decision (textsafe.Needs).
//
// It sits under the stream's buffer, so a write may end inside a UTF-8
// sequence; those bytes wait for the next write (or flush).
type jsonSafeWriter struct {
	w     io.Writer
	carry []byte // an incomplete UTF-8 sequence at the end of the last write
	out   []byte
}

func newJSONSafeWriter(w io.Writer) *jsonSafeWriter { return &jsonSafeWriter{w: w} }

// Write escapes p's unsafe characters and writes the rest as is.
func (j *jsonSafeWriter) Write(p []byte) (int, error) {
	n := len(p)
	if len(j.carry) > 0 {
		p = append(j.carry, p...)
		j.carry = nil
	}
	// Keep back an incomplete sequence at the end.
	if i := lastRuneStart(p); i >= 0 && !utf8.FullRune(p[i:]) {
		j.carry = append([]byte(nil), p[i:]...)
		p = p[:i]
	}
	if !needsJSONEscape(p) {
		if _, err := j.w.Write(p); err != nil {
			return 0, err
		}
		return n, nil
	}
	j.out = j.out[:0]
	for i := 0; i < len(p); {
		c := p[i]
		if c < 0x7f {
			j.out = append(j.out, c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(p[i:])
		if r != utf8.RuneError || size > 1 {
			if textsafe.Needs(string(p[i : i+size])) {
				j.out = append(j.out, '\\', 'u', hexDigits[r>>12&15], hexDigits[r>>8&15], hexDigits[r>>4&15], hexDigits[r&15])
				i += size
				continue
			}
		}
		j.out = append(j.out, p[i:i+size]...)
		i += size
	}
	if _, err := j.w.Write(j.out); err != nil {
		return 0, err
	}
	return n, nil
}

// flush writes what an incomplete last sequence left waiting.
func (j *jsonSafeWriter) flush() error {
	if len(j.carry) == 0 {
		return nil
	}
	_, err := j.w.Write(j.carry)
	j.carry = nil
	return err
}

const hexDigits = "0123456789abcdef"

// lastRuneStart is the index of the last byte of p that starts a UTF-8
// sequence of more than one byte, among p's last 3 bytes, or −1.
func lastRuneStart(p []byte) int {
	for i := len(p) - 1; i >= 0 && i >= len(p)-3; i-- {
		c := p[i]
		if c >= 0xc0 {
			return i
		}
		if c < 0x80 {
			return -1
		}
	}
	return -1
}

// needsJSONEscape is a quick look for DEL or the lead bytes of the
// characters textsafe escapes above U+007F (C1: 0xc2; U+061C: 0xd8;
// U+200E–U+206F: 0xe2).
func needsJSONEscape(p []byte) bool {
	for _, c := range p {
		switch c {
		case 0x7f, 0xc2, 0xd8, 0xe2:
			return true
		}
	}
	return false
}
