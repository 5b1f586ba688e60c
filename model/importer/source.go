package importer

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"github.com/plumb-eval/plumb/internal/jsonscan"
	"io"
	"io/fs"
	"strconv"

	"github.com/plumb-eval/plumb/model"
)

// Reading the records of a file: the elements of one top-level JSON array,
// or the non-blank lines of JSON Lines, either optionally gzip-compressed
// (told apart by content, not by name). JSON Lines are streamed line by
// line; an array is read whole (such files are the small ones: LLMBar,
// AlpacaEval, PandaLM).

// gzipMagic starts every gzip stream.
var gzipMagic = []byte{0x1f, 0x8b}

// utf8BOM is skipped at the start of a file.
var utf8BOM = []byte{0xef, 0xbb, 0xbf}

// fileError is an error about a whole file.
func fileError(name, msg string) *model.LineError { return &model.LineError{File: name, Msg: msg} }

// openFile opens path through op and returns its content, decompressed
// when it is gzip. The caller closes the returned closer.
func openFile(path string, op *model.Opener) (*bufio.Reader, io.Closer, error) {
	f, err := op.Open(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, nil, fileError(path, "cannot open: "+err.Error())
	}
	br, closer, err := decompress(f, path)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if closer == nil {
		closer = f
	} else {
		closer = multiCloser{closer, f}
	}
	return br, closer, nil
}

type multiCloser [2]io.Closer

func (m multiCloser) Close() error {
	err := m[0].Close()
	if e := m[1].Close(); err == nil {
		err = e
	}
	return err
}

// decompress wraps r in a buffered reader, through gzip when r starts with
// the gzip magic bytes. The closer, when not nil, closes the gzip reader.
func decompress(r io.Reader, name string) (*bufio.Reader, io.Closer, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	magic, err := br.Peek(len(gzipMagic))
	if err != nil && err != io.EOF {
		return nil, nil, readError(name, err)
	}
	if !bytes.Equal(magic, gzipMagic) {
		return br, nil, nil
	}
	gz, err := gzip.NewReader(br)
	if err != nil {
		return nil, nil, readError(name, err)
	}
	return bufio.NewReaderSize(gz, 64<<10), gz, nil
}

// readError is the error for a file that cannot be read to its end.
func readError(name string, err error) *model.LineError {
	msg := err.Error()
	if errors.Is(err, io.ErrUnexpectedEOF) {
		msg += " (the file is truncated)"
	}
	return fileError(name, "cannot read: "+msg)
}

// recordFunc handles one record that starts on line: raw has no
// surrounding space; from an array it is one valid JSON value, from JSON
// Lines a line to be validated. A returned error stops the read.
type recordFunc func(line int, raw []byte) error

// eachRecord calls fn for every record in r: the elements of a top-level
// JSON array, or the non-blank lines of JSON Lines. A line is passed as
// read (trimmed), for fn to validate; a broken array stops the read, since
// the next element cannot be found.
func eachRecord(r *bufio.Reader, name string, fn recordFunc) error {
	return eachRecordMax(r, name, limits{line: model.MaxRecordBytes, array: MaxArrayBytes}, fn)
}

// MaxArrayBytes is the largest top-level JSON array an importer reads:
// it is read whole, so an input that never closes its array (a stream)
// is refused at this size rather than read without bound.
const MaxArrayBytes int64 = 4 << 30

// lineCapped reads r and fails once a line runs past max bytes (a CSV
// file from a stream that never ends a line).
type lineCapped struct {
	r        io.Reader
	run, max int // bytes since the last newline; the most allowed
}

func (l *lineCapped) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	if i := bytes.LastIndexByte(p[:n], '\n'); i >= 0 {
		l.run = n - i - 1
	} else {
		l.run += n
	}
	if l.run > l.max {
		return n, fmt.Errorf("a line over %d MiB (no end of line within it): plumb reads records up to %d MiB and stopped here", l.max>>20, l.max>>20)
	}
	return n, err
}

// limits bound what eachRecordMax reads: a line, a whole array.
type limits struct {
	line  int
	array int64
}

// overLimit is the error for a record (or array) that starts on line and
// runs past limit bytes.
func overLimit(name string, line int, what string, limit int64) error {
	return &model.LineError{File: name, Line: line, Msg: fmt.Sprintf("%s over %d MiB: plumb reads up to %d MiB of it and stopped here", what, limit>>20, limit>>20)}
}

// eachRecordMax is eachRecord within lim.
func eachRecordMax(r *bufio.Reader, name string, lim limits, fn recordFunc) error {
	if head, _ := r.Peek(len(utf8BOM)); bytes.Equal(head, utf8BOM) {
		r.Discard(len(utf8BOM))
	}
	line := 1
	for {
		c, err := r.ReadByte()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return readError(name, err)
		}
		if c == '\n' {
			line++
			continue
		}
		if jsonscan.IsSpace(c) {
			continue
		}
		r.UnreadByte()
		if c == '[' {
			return eachElement(r, name, line, lim.array, fn)
		}
		return eachLine(r, name, line, lim.line, fn)
	}
}

// eachLine calls fn for each non-blank line, starting at line first.
func eachLine(r *bufio.Reader, name string, first, max int, fn recordFunc) error {
	var long []byte // a line longer than the buffer
	for line := first; ; line++ {
		b, err := r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			long = append(long[:0], b...)
			for err == bufio.ErrBufferFull {
				b, err = r.ReadSlice('\n')
				long = append(long, b...)
				if len(long) > max {
					return overLimit(name, line, "a record (no end of line within it)", int64(max))
				}
			}
			b = long
		}
		if err != nil && err != io.EOF {
			return readError(name, err)
		}
		if rec := bytes.TrimSpace(b); len(rec) > 0 {
			if e := fn(line, rec); e != nil {
				return e
			}
		}
		if err == io.EOF {
			return nil
		}
	}
}

// eachElement reads the whole array (whose '[' is next in r, on line
// first), at most max bytes, and calls fn for each element.
func eachElement(r *bufio.Reader, name string, first int, max int64, fn recordFunc) error {
	b, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return readError(name, err)
	}
	if int64(len(b)) > max {
		return overLimit(name, first, "a JSON array", max)
	}
	line, last := first, 0
	lineAt := func(off int) int {
		line += bytes.Count(b[last:off], []byte{'\n'})
		last = off
		return line
	}
	i := jsonscan.SkipSpace(b, 1)
	if i < len(b) && b[i] == ']' {
		return trailing(b, i+1, name, lineAt)
	}
	for {
		start := i
		end, se := jsonscan.SkipValue(b, i, 1, end)
		if se != nil {
			le := synError(b[start:], &jsonscan.Error{Off: se.Off - start, Msg: se.Msg, Path: se.Path})
			return at(le, name, lineAt(start))
		}
		if e := fn(lineAt(start), b[start:end]); e != nil {
			return e
		}
		i = jsonscan.SkipSpace(b, end)
		if i >= len(b) {
			return at(&model.LineError{Msg: "the JSON array is not closed (expected ',' or ']')"}, name, lineAt(i))
		}
		switch b[i] {
		case ',':
			i = jsonscan.SkipSpace(b, i+1)
		case ']':
			return trailing(b, i+1, name, lineAt)
		default:
			return at(&model.LineError{Msg: jsonscan.Unexpected(b, i) + "; expected ',' or ']' after an array element"}, name, lineAt(i))
		}
	}
}

// trailing checks that nothing but space follows the array's ']' at b[i-1].
func trailing(b []byte, i int, name string, lineAt func(int) int) error {
	if j := jsonscan.SkipSpace(b, i); j < len(b) {
		return at(&model.LineError{Msg: jsonscan.Unexpected(b, j) + " after the JSON array"}, name, lineAt(j))
	}
	return nil
}

// synError turns a syntax error in record b into a LineError whose Line
// is relative to the record's first line (0 = that line).
func synError(b []byte, se *jsonscan.Error) *model.LineError {
	off := min(max(se.Off, 0), len(b))
	rel := bytes.Count(b[:off], []byte{'\n'})
	msg := "is not valid JSON: " + se.Msg
	if se.Path == "" {
		msg = "not valid JSON: " + se.Msg
	}
	return &model.LineError{Line: rel, Field: se.Path, Msg: msg}
}

// at locates e, whose Line is relative to a record starting on line, in
// file name.
func at(e *model.LineError, name string, line int) *model.LineError {
	e.File = name
	e.Line += line
	return e
}

// itoa is strconv.Itoa, short.
func itoa(n int) string { return strconv.Itoa(n) }
