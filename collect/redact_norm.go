package collect

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// addEncodings adds the spellings of a long secret that are not a
// decoding of it: its hexadecimal bytes and its base64 in the standard
// and URL alphabets, with or without padding, at each of the three
// offsets it can start at inside a longer encoded text (the characters
// that depend only on the secret's own bytes).
func (r *Redactor) addEncodings(s, label string) {
	if len(s) < minLongSecret {
		return
	}
	r.add(hex.EncodeToString([]byte(s)), label)
	for shift := range 3 {
		core := base64Core([]byte(s), shift)
		r.add(core, label)
		r.add(urlAlphabet(core), label)
	}
}

// base64Core returns the base64 characters of s placed shift bytes after
// a 3-byte boundary that depend on s's bytes alone: what any base64 text
// holding s at that offset contains, whatever surrounds it.
func base64Core(s []byte, shift int) string {
	b := append(make([]byte, shift), s...)
	enc := base64.StdEncoding.EncodeToString(b)
	from := (8*shift + 5) / 6 // first character without a bit of the prefix
	to := 8 * len(b) / 6      // characters whose bits all come from b
	return enc[from:to]
}

// urlAlphabet turns standard base64 into the URL alphabet.
func urlAlphabet(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch c {
		case '+':
			b[i] = '-'
		case '/':
			b[i] = '_'
		}
	}
	return string(b)
}

// normalize returns v without default-ignorable characters (zero-width
// spaces and joiners, soft hyphens, variation selectors, format
// characters) and white space, in Unicode normalization form NFKC (a
// fullwidth ｓ is s), each byte still mapped to the raw range it came
// from. changed is false when that is v itself.
func normalize(v *view) (view, bool) {
	t := v.text
	out := view{text: make([]byte, 0, len(t)), start: make([]int32, 0, len(t)), end: make([]int32, 0, len(t))}
	changed := false
	for i := 0; i < len(t); {
		if b := t[i]; b < utf8.RuneSelf { // ASCII: the common case, kept fast
			if b == ' ' || '\t' <= b && b <= '\r' {
				changed = true
			} else {
				out.text = append(out.text, b)
				out.start = append(out.start, v.from(i))
				out.end = append(out.end, v.to(i))
			}
			i++
			continue
		}
		c, n := utf8.DecodeRune(t[i:])
		if c == utf8.RuneError && n == 1 || !ignorable(c) {
			for k := range n {
				out.text = append(out.text, t[i+k])
				out.start = append(out.start, v.from(i))
				out.end = append(out.end, v.to(i+n-1))
			}
		} else {
			changed = true
		}
		i += n
	}
	if norm.NFKC.IsNormal(out.text) {
		return out, changed
	}
	nf := view{text: make([]byte, 0, len(out.text)), start: make([]int32, 0, len(out.text)), end: make([]int32, 0, len(out.text))}
	var it norm.Iter
	it.Init(norm.NFKC, out.text)
	for !it.Done() {
		p := it.Pos()
		seg := it.Next()
		q := it.Pos()
		if q <= p { // a decomposition handed out in parts ("¾" → "3", "⁄4"): the part maps to the rune at p
			_, n := utf8.DecodeRune(out.text[min(p, len(out.text)):])
			q = min(p+max(n, 1), len(out.text))
		}
		p = min(p, q-1)
		for _, c := range seg {
			nf.text = append(nf.text, c)
			nf.start = append(nf.start, out.from(p))
			nf.end = append(nf.end, out.to(q-1))
		}
	}
	return nf, true
}

// inNormalized reports whether text, normalised as normalize does it,
// holds a long secret: a cheap test (the normalised text alone, without
// the map back to the raw bytes) before the view is built.
func (r *Redactor) inNormalized(text []byte) bool {
	nt := make([]byte, 0, len(text))
	ascii := true
	for i := 0; i < len(text); {
		if b := text[i]; b < utf8.RuneSelf {
			if !(b == ' ' || '\t' <= b && b <= '\r') {
				nt = append(nt, b)
			}
			i++
			continue
		}
		ascii = false
		c, n := utf8.DecodeRune(text[i:])
		if c == utf8.RuneError && n == 1 || !ignorable(c) {
			nt = append(nt, text[i:i+n]...)
		}
		i += n
	}
	if ascii && len(nt) == len(text) {
		return false // nothing removed and all ASCII: the view is text itself
	}
	if !ascii {
		nt = norm.NFKC.Bytes(nt)
	}
	nt = []byte(lowerASCII(string(nt)))
	for _, sc := range r.secrets {
		if sc.long && bytes.Contains(nt, sc.s) {
			return true
		}
	}
	return false
}

// ignorable reports whether c is white space or a default-ignorable code
// point (Unicode's Default_Ignorable_Code_Point: Other_Default_Ignorable,
// the format characters Cf and the variation selectors; the few other
// format characters it holds are dropped too, which only ever widens a
// match).
func ignorable(c rune) bool {
	if c < utf8.RuneSelf {
		return c == ' ' || '\t' <= c && c <= '\r'
	}
	return unicode.IsSpace(c) || unicode.In(c, unicode.Cf, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector)
}
