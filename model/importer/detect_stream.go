package importer

import (
	"bufio"
	"bytes"
	"io"

	"github.com/plumb-eval/plumb/internal/jsonscan"
	"github.com/plumb-eval/plumb/model"
)

// Streaming detection: the first record is found however far into the
// file it starts (past any number of blank lines) and its top-level field
// names are read however long its values are (a 5 MB prompt), without
// holding the file, or even the record, in memory: values are skipped a
// buffer at a time. Detection does not validate JSON; the importer does,
// with file, line and field.

// maxKeyLen caps a field name kept for classification; longer names are
// cut (no known format has one).
const maxKeyLen = 1 << 10

// maxHeaderLen caps the first line kept of a tabular file (for the
// separator guess).
const maxHeaderLen = 64 << 10

// sniffStream reads past the start of r, a buffered reader positioned at
// the start of the (decompressed) content, and classifies the file. Only a
// read error is returned; bad JSON is left for the importer to report.
func sniffStream(r *bufio.Reader) (sniffed, error) {
	st := stream{r: r}
	if b, _ := r.Peek(len(utf8BOM)); bytes.Equal(b, utf8BOM) {
		r.Discard(len(utf8BOM))
	}
	c, ok := st.skipSpace()
	switch {
	case !ok:
		return sniffed{role: roleEmpty}, st.err
	case c == '[':
		st.i++
		if c, ok = st.skipSpace(); !ok || c == ']' {
			return sniffed{role: roleEmpty}, st.err
		}
	}
	if c != '{' {
		sample := st.sample(maxSample, maxSampleRows)
		if what, hint, ok := model.ContentKind(sample[:min(len(sample), model.KindSample)]); ok {
			return sniffed{role: roleNotLog, what: what, hint: hint}, st.err
		}
		header, _, _ := bytes.Cut(sample, []byte("\n"))
		return sniffed{role: roleTabular, header: header[:min(len(header), maxHeaderLen)], sample: sample, line: 1 + st.newlines}, st.err
	}
	st.i++
	keys := st.keys()
	return classify(keys), st.err
}

// maxSample and maxSampleRows bound the start of a tabular file kept for
// the column-mapping suggestion (suggest.go): its first lines, header
// included.
const (
	maxSample     = 64 << 10
	maxSampleRows = 50
)

// sample returns the lines from the current position, up to max bytes
// and rows lines (more lines while it holds fewer than model.KindSample bytes,
// for model.ContentKind), consuming them. A line begun is taken whole (up
// to max), however the reader's buffer cuts it.
func (s *stream) sample(max, rows int) []byte {
	var out []byte
	midLine := func() bool { return len(out) > 0 && out[len(out)-1] != '\n' }
	for s.fill() && len(out) < max && (rows > 0 || len(out) < model.KindSample || midLine()) {
		rest := s.buf[s.i:]
		j := bytes.IndexByte(rest, '\n')
		if j >= 0 {
			rest = rest[:j+1]
			rows--
		}
		rest = rest[:min(len(rest), max-len(out))]
		out = append(out, rest...)
		s.i += len(rest)
	}
	return out
}

// stream reads r a buffer at a time: buf is the unread part that r has
// buffered (Peek'd, not yet discarded), i the position in it.
type stream struct {
	r   *bufio.Reader
	buf []byte
	i   int
	err error // a read error other than EOF
	// newlines counts the line ends skipSpace passed (before a table's
	// header: the blank lines, for the header's line number).
	newlines int
}

// fill makes s.buf[s.i] readable, discarding what was read; false at the
// end of the input.
func (s *stream) fill() bool {
	if s.i < len(s.buf) {
		return true
	}
	s.r.Discard(len(s.buf))
	s.buf, s.i = nil, 0
	b, err := s.r.Peek(s.r.Size())
	if len(b) == 0 {
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			s.err = err
		}
		return false
	}
	s.buf = b
	return true
}

// skipSpace skips JSON whitespace and returns the next byte (not consumed).
func (s *stream) skipSpace() (byte, bool) {
	for s.fill() {
		for ; s.i < len(s.buf); s.i++ {
			if !jsonscan.IsSpace(s.buf[s.i]) {
				return s.buf[s.i], true
			}
			if s.buf[s.i] == '\n' {
				s.newlines++
			}
		}
	}
	return 0, false
}

// str reads a JSON string whose opening quote was consumed, keeping up to
// keep bytes of its raw content (escapes as written); it reports whether
// the content has escapes and whether the closing quote was found.
func (s *stream) str(keep int) (raw []byte, esc, ok bool) {
	for s.fill() {
		rest := s.buf[s.i:]
		j := bytes.IndexAny(rest, `"\`)
		if j < 0 {
			raw = append(raw, rest[:min(len(rest), max(0, keep-len(raw)))]...)
			s.i = len(s.buf)
			continue
		}
		raw = append(raw, rest[:min(j, max(0, keep-len(raw)))]...)
		s.i += j + 1
		if rest[j] == '"' {
			return raw, esc, true
		}
		esc = true // a backslash: keep it and the byte it escapes
		if len(raw) < keep {
			raw = append(raw, '\\')
		}
		if !s.fill() {
			return raw, esc, false
		}
		if len(raw) < keep {
			raw = append(raw, s.buf[s.i])
		}
		s.i++
	}
	return raw, esc, false
}

// skipValue skips one JSON value (not validated): a string, an object or
// array with everything nested in it, or a scalar up to the next
// delimiter. It reports whether the value ended before the input did.
func (s *stream) skipValue() bool {
	depth := 0
	for s.fill() {
		c := s.buf[s.i]
		switch {
		case c == '"':
			s.i++
			if _, _, ok := s.str(0); !ok {
				return false
			}
		case c == '{' || c == '[':
			depth++
			s.i++
		case c == '}' || c == ']':
			if depth == 0 {
				return true // the end of the enclosing object: a missing value
			}
			depth--
			s.i++
		case depth == 0 && (c == ',' || jsonscan.IsSpace(c)):
			return true
		default:
			s.i++
		}
		if depth == 0 && c != '{' && c != '[' && (c == '"' || c == '}' || c == ']') {
			return true
		}
	}
	return false
}

// keys lists the top-level field names of the object whose '{' was just
// consumed, stopping at its end or at anything that is not JSON.
func (s *stream) keys() []string {
	var keys []string
	for {
		c, ok := s.skipSpace()
		if !ok || c != '"' {
			return keys
		}
		s.i++
		raw, esc, ok := s.str(maxKeyLen)
		if !ok {
			return keys
		}
		keys = append(keys, jsonscan.KeyString(raw, esc))
		if c, ok = s.skipSpace(); !ok || c != ':' {
			return keys
		}
		s.i++
		if _, ok = s.skipSpace(); !ok || !s.skipValue() {
			return keys
		}
		if c, ok = s.skipSpace(); !ok || c != ',' {
			return keys
		}
		s.i++
	}
}
