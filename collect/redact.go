package collect

import (
	"bytes"
	"encoding/base64"
	"net/url"
	"strings"
	"unicode/utf8"
)

// Redactor hides the API key and the credentials of the base URL in any
// text collect shows or writes: server messages, answer texts, failure
// records, progress lines, errors, the endpoint it names. It is built once
// per client (NewRedactor) and is the one function every such text goes
// through.
//
// A server can echo a secret in another spelling, so a secret is found not
// only in the raw text but also in the text with its escapes decoded —
// JSON's \/, \", \\, \b, \f, \n, \r, \t and \uXXXX (surrogate pairs too)
// and URL's %XX — decoded up to six times over (an escaped JSON body
// inside a JSON string inside a URL, or a key escaped again and again).
// A secret of 8 bytes or more is also found in each of those texts
// normalised: default-ignorable characters (zero-width spaces, soft
// hyphens) and white space removed, then NFKC (fullwidth forms are
// ASCII), so a key split by a newline or spelled with a zero-width space
// inside is found; and in its hexadecimal and base64 forms (standard and
// URL alphabets, padded or not, at any offset). Whatever raw bytes spell
// the secret are replaced. Secrets of 8 bytes or more are matched
// ignoring ASCII case anywhere; shorter ones ("EMPTY", "x": placeholders local servers take)
// only where they stand as a whole word, case-sensitively, so that a word
// like "empty" in a message stays readable. A Redactor is safe for
// concurrent use (it is not changed after NewRedactor).
type Redactor struct {
	secrets []secret
	longest int // bytes of the longest secret
}

type secret struct {
	s     []byte // lower-cased (ASCII) when long
	long  bool
	label string
}

// minLongSecret is the length from which a secret is matched anywhere,
// ignoring case.
const minLongSecret = 8

// NewRedactor returns the redactor of an API key and a base URL: the key,
// the base URL's password, its user name (when there is no password, or it
// is 8 bytes or longer), and the values of its query parameters whose name
// says key, token, secret, password, auth or sig. The user name and
// password are also found as an HTTP Basic Authorization header spells
// them (base64 of "user:password").
func NewRedactor(key, baseURL string) *Redactor {
	r := &Redactor{}
	r.add(key, "[API key]")
	r.addEncodings(key, "[API key]")
	if u, err := url.Parse(baseURL); err == nil {
		if u.User != nil {
			pw, hasPW := u.User.Password()
			name := u.User.Username()
			r.add(pw, "[credentials]")
			r.addEncodings(pw, "[credentials]")
			if !hasPW || pw == "" || len(name) >= minLongSecret {
				r.add(name, "[credentials]")
			}
			// The userinfo as an HTTP Basic Authorization header spells it.
			basic := base64.StdEncoding.EncodeToString([]byte(name + ":" + pw))
			r.add(strings.TrimRight(basic, "="), "[credentials]")
		}
		for k, vs := range u.Query() {
			lk := strings.ToLower(k)
			for _, w := range []string{"key", "token", "secret", "password", "auth", "sig"} {
				if strings.Contains(lk, w) {
					for _, v := range vs {
						r.add(v, "[credentials]")
					}
					break
				}
			}
		}
	}
	return r
}

func (r *Redactor) add(s, label string) {
	if s == "" {
		return
	}
	for _, o := range r.secrets {
		if string(o.s) == s || (o.long && string(o.s) == lowerASCII(s)) {
			return
		}
	}
	sc := secret{s: []byte(s), long: len(s) >= minLongSecret, label: label}
	if sc.long {
		sc.s = []byte(lowerASCII(s))
	}
	r.secrets = append(r.secrets, sc)
	r.longest = max(r.longest, len(s))
}

// String returns s with every secret replaced by its label ("[API key]",
// "[credentials]").
func (r *Redactor) String(s string) string {
	if r == nil || len(r.secrets) == 0 || s == "" {
		return s
	}
	spans := r.find([]byte(s))
	if len(spans) == 0 {
		return s
	}
	var b strings.Builder
	at := 0
	for _, sp := range spans {
		b.WriteString(s[at:sp.start])
		b.WriteString(sp.label)
		at = sp.end
	}
	b.WriteString(s[at:])
	return b.String()
}

// Bytes is String for a byte slice.
func (r *Redactor) Bytes(b []byte) []byte {
	if r == nil || len(r.secrets) == 0 {
		return b
	}
	return []byte(r.String(string(b)))
}

// span is a range of the raw text to replace.
type span struct {
	start, end int
	label      string
}

// view is a decoding of the raw text: text[i] came from raw[start[i]:end[i]]
// (start and end nil: the raw text itself).
type view struct {
	text       []byte
	start, end []int32
}

// from and to return the raw range text[i] came from.
func (v *view) from(i int) int32 {
	if v.start == nil {
		return int32(i)
	}
	return v.start[i]
}

func (v *view) to(i int) int32 {
	if v.end == nil {
		return int32(i + 1)
	}
	return v.end[i]
}

// maxDecodes is how many times over escapes are decoded.
const maxDecodes = 6

// window is how many bytes of a long text are searched at a time: the
// decoded views cost 16 bytes per byte and level, so a 32 MiB body is
// searched in overlapping windows rather than at once.
const window = 256 << 10

// find returns the raw spans that spell a secret, sorted and merged. A
// long text is searched in windows that overlap by more than any spelling
// of a secret can take (each byte escaped, again and again, or followed
// by zero-width characters).
func (r *Redactor) find(raw []byte) []span {
	overlap := 160*r.longest + 64
	size := max(window, 4*overlap)
	if len(raw) <= size {
		return r.findIn(raw)
	}
	var spans []span
	for at := 0; ; at += size - overlap {
		end := min(at+size, len(raw))
		for _, sp := range r.findIn(raw[at:end]) {
			sp.start += at
			sp.end += at
			spans = append(spans, sp)
		}
		if end == len(raw) {
			break
		}
	}
	return merge(spans)
}

// findIn returns the raw spans of raw that spell a secret, merged.
func (r *Redactor) findIn(raw []byte) []span {
	v := view{text: raw}
	var spans []span
	for level := 0; ; level++ {
		spans = r.match(&v, spans, false)
		if r.inNormalized(v.text) {
			nv, _ := normalize(&v)
			spans = r.match(&nv, spans, true)
		}
		if level == maxDecodes || bytes.IndexByte(v.text, '\\') < 0 && bytes.IndexByte(v.text, '%') < 0 {
			break
		}
		next, changed := decode(&v)
		if !changed {
			break
		}
		v = next
	}
	return merge(spans)
}

// match appends the raw spans of the secrets found in v (only the long
// ones when longOnly).
func (r *Redactor) match(v *view, spans []span, longOnly bool) []span {
	var lower []byte
	for _, sc := range r.secrets {
		if longOnly && !sc.long {
			continue
		}
		hay := v.text
		if sc.long {
			if lower == nil {
				lower = []byte(lowerASCII(string(v.text)))
			}
			hay = lower
		}
		for off := 0; ; {
			i := bytes.Index(hay[off:], sc.s)
			if i < 0 {
				break
			}
			i += off
			j := i + len(sc.s)
			off = i + 1
			if !sc.long && (i > 0 && wordByte(hay[i-1]) || j < len(hay) && wordByte(hay[j])) {
				continue
			}
			spans = append(spans, span{int(v.from(i)), int(v.to(j - 1)), sc.label})
		}
	}
	return spans
}

func wordByte(c byte) bool {
	return c == '_' || c == '-' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= utf8.RuneSelf
}

// merge sorts spans and joins those that overlap.
func merge(spans []span) []span {
	if len(spans) < 2 {
		return spans
	}
	for i := 1; i < len(spans); i++ { // insertion sort: few spans
		for j := i; j > 0 && spans[j].start < spans[j-1].start; j-- {
			spans[j], spans[j-1] = spans[j-1], spans[j]
		}
	}
	out := spans[:1]
	for _, s := range spans[1:] {
		last := &out[len(out)-1]
		if s.start < last.end {
			last.end = max(last.end, s.end)
			continue
		}
		out = append(out, s)
	}
	return out
}

// decode decodes the JSON and URL escapes of v once.
func decode(v *view) (view, bool) {
	t := v.text
	out := view{text: make([]byte, 0, len(t)), start: make([]int32, 0, len(t)), end: make([]int32, 0, len(t))}
	changed := false
	emit := func(bs []byte, from, to int) {
		for _, c := range bs {
			out.text = append(out.text, c)
			out.start = append(out.start, v.from(from))
			out.end = append(out.end, v.to(to-1))
		}
	}
	for i := 0; i < len(t); {
		c := t[i]
		switch {
		case c == '%' && i+2 < len(t) && isHex(t[i+1]) && isHex(t[i+2]):
			emit([]byte{unhex(t[i+1])<<4 | unhex(t[i+2])}, i, i+3)
			i += 3
			changed = true
			continue
		case c == '\\' && i+1 < len(t):
			if d, ok := simpleEscape(t[i+1]); ok {
				emit([]byte{d}, i, i+2)
				i += 2
				changed = true
				continue
			}
			if t[i+1] == 'u' {
				if r, n := unicodeEscape(t[i:]); n > 0 {
					emit(utf8.AppendRune(nil, r), i, i+n)
					i += n
					changed = true
					continue
				}
			}
		}
		emit(t[i:i+1], i, i+1)
		i++
	}
	return out, changed
}

func simpleEscape(c byte) (byte, bool) {
	switch c {
	case '"', '\\', '/', '\'':
		return c, true
	case 'b':
		return '\b', true
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	}
	return 0, false
}

// unicodeEscape decodes \uXXXX (and a following low surrogate) at the
// start of t; n is 0 when there is none.
func unicodeEscape(t []byte) (r rune, n int) {
	hex4 := func(t []byte) (rune, bool) {
		if len(t) < 6 || t[0] != '\\' || t[1] != 'u' {
			return 0, false
		}
		var v rune
		for _, c := range t[2:6] {
			if !isHex(c) {
				return 0, false
			}
			v = v<<4 | rune(unhex(c))
		}
		return v, true
	}
	r, ok := hex4(t)
	if !ok {
		return 0, 0
	}
	if r >= 0xd800 && r < 0xdc00 {
		if lo, ok := hex4(t[6:]); ok && lo >= 0xdc00 && lo < 0xe000 {
			return (r-0xd800)<<10 | (lo - 0xdc00) + 0x10000, 12
		}
		return utf8.RuneError, 6
	}
	return r, 6
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// lowerASCII lower-cases ASCII letters only, keeping every byte's place.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
