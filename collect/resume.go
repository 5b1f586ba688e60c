package collect

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/internal/textsafe"

	"github.com/plumb-eval/plumb/model"
)

// Prior is what an earlier run left in the output log.
type Prior struct {
	// Done holds the judge's records of the run's condition already in
	// the log: key (Item.key: a pair's id, a probe's kind and id) →
	// arrangements present.
	Done      map[string][model.NumArrangements]bool
	Records   int // records of any kind and judge in the log
	TornBytes int // bytes of a torn last line removed
}

// OutputError is an output collect must not append to: a folder, a file
// that cannot be opened, or a file that is not log format v1 (gzip, a JSON
// array, text, a bad record). Nothing in the file was changed. The command
// exits with status 2 (bad input) for it.
type OutputError struct {
	Name string
	Err  error
}

func (e *OutputError) Error() string {
	return fmt.Sprintf("the output log %s cannot be appended to (collect appends only to a JSON Lines log in format v1 or an empty file; it was left unchanged): %v", e.Name, e.Err)
}

func (e *OutputError) Unwrap() error { return e.Err }

// openOutput opens the output log for appending, creating it when missing.
// A folder, FIFO or socket is refused (opening a FIFO would wait for a
// reader, and collect reads the log before it appends); a device such as
// /dev/null is written through.
func openOutput(name string) (*os.File, error) {
	if st, err := os.Stat(name); err == nil {
		switch {
		case st.IsDir():
			return nil, &OutputError{name, errors.New("it is a folder")}
		case st.Mode()&(os.ModeNamedPipe|os.ModeSocket) != 0:
			return nil, &OutputError{name, errors.New("it is a FIFO or socket, and collect reads the log before it appends")}
		}
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, &OutputError{name, err}
	}
	return f, nil
}

// maxTail is the longest last line without a newline that is read to
// tell a whole record from a torn one.
const maxTail = 64 << 20

// prepareOutput makes the output log ready to append to. It first checks,
// reading only, that the whole file is log format v1 as JSON Lines (or
// empty): every line up to the last newline a record, and a last line
// without its newline either a whole record or the start of one (a JSON
// object cut short, as a killed run leaves it). Anything else — text, a
// JSON array, a gzip file, a bad record — is an *OutputError and the file
// is left byte for byte as it was. Only then is a torn last line cut off,
// or a whole last record without its newline given one. The records
// already there are returned, so that items the judge already has are
// skipped.
func prepareOutput(name, judge string, cond json.RawMessage) (Prior, error) {
	p := Prior{Done: map[string][model.NumArrangements]bool{}}
	f, err := os.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return p, nil
	}
	if err != nil {
		return p, &OutputError{name, err}
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return p, &OutputError{name, err}
	}
	switch {
	case st.IsDir():
		return p, &OutputError{name, errors.New("it is a folder")}
	case st.Mode()&os.ModeDevice != 0:
		return p, nil // a device (/dev/null): written through, nothing to resume
	case !st.Mode().IsRegular():
		return p, &OutputError{name, errors.New("it is not a regular file")}
	}
	size := st.Size()
	if size == 0 {
		return p, nil
	}
	if err := checkHead(f); err != nil {
		return p, &OutputError{name, err}
	}
	keep, err := lastNewline(f, size)
	if err != nil {
		return p, &OutputError{name, err}
	}
	// The last line without its newline: a whole record, a torn one, or
	// not a log at all.
	whole, torn := false, false
	if keep < size {
		if size-keep > maxTail {
			return p, &OutputError{name, fmt.Errorf("its last line has no newline and is over %d MiB: not a record cut short", maxTail>>20)}
		}
		tail := make([]byte, size-keep)
		if _, err := f.ReadAt(tail, keep); err != nil && err != io.EOF {
			return p, &OutputError{name, err}
		}
		switch t := bytes.TrimSpace(tail); {
		case len(t) == 0:
			whole = true // blank: it gets its newline
		case t[0] == '{' && json.Valid(t):
			whole = true
		case isTornObject(t):
			torn = true
		default:
			return p, &OutputError{name, fmt.Errorf("line %d: %s is neither a record nor the start of one cut short by an interrupted run",
				lineNumber(f, keep), quoteStart(t))}
		}
	}
	valid := keep
	if whole {
		valid = size
	}
	var lg *model.Log
	if valid > 0 {
		if lg, err = model.Read(io.NewSectionReader(f, 0, valid), name, model.ReadOptions{SkipText: true}); err != nil {
			return p, &OutputError{name, err}
		}
	}
	// The file is a log: now mend its end.
	if whole && keep < size {
		if err := mend(name, func(w *os.File) error { _, err := w.WriteAt([]byte("\n"), size); return err }); err != nil {
			return p, err
		}
	}
	if torn {
		if err := mend(name, func(w *os.File) error { return w.Truncate(keep) }); err != nil {
			return p, fmt.Errorf("cutting the torn last line of %s: %w", name, err)
		}
		p.TornBytes = int(size - keep)
	}
	if lg == nil {
		return p, nil
	}
	p.note(lg, judge, cond)
	return p, nil
}

// checkHead refuses the formats the reader takes but a log cannot be
// appended to: gzip and a JSON array.
func checkHead(f *os.File) error {
	head := make([]byte, 4096)
	n, err := f.ReadAt(head, 0)
	if err != nil && err != io.EOF {
		return err
	}
	head = head[:n]
	if bytes.HasPrefix(head, []byte{0x1f, 0x8b}) {
		return errors.New("it is gzip-compressed, and collect appends plain JSON Lines")
	}
	if t := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n"); len(t) > 0 && t[0] == '[' {
		return errors.New("it holds a JSON array, and collect appends JSON Lines (one record a line)")
	}
	if what, hint, ok := model.ContentKind(head[:min(len(head), model.KindSample)]); ok {
		return errors.New(model.NotALog(what, hint))
	}
	return nil
}

// CheckOutput makes the quick checks Run makes of an output log before it
// appends — a folder, a FIFO or socket, gzip, a JSON array, a file that
// is plainly no log (model.ContentKind) — reading only the file's first
// bytes, so that a command says so before it contacts the server. A
// missing file is fine (Run creates it); Run still checks the whole file.
func CheckOutput(name string) error {
	st, err := os.Stat(name)
	switch {
	case err != nil:
		return nil // missing, or an error Run reports
	case st.IsDir():
		return &OutputError{name, errors.New("it is a folder")}
	case st.Mode()&(os.ModeNamedPipe|os.ModeSocket) != 0:
		return &OutputError{name, errors.New("it is a FIFO or socket, and collect reads the log before it appends")}
	case !st.Mode().IsRegular():
		return nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	if err := checkHead(f); err != nil {
		return &OutputError{name, err}
	}
	return nil
}

// lastNewline returns the offset just after the last newline of f (0 when
// there is none), reading backwards in blocks.
func lastNewline(f *os.File, size int64) (int64, error) {
	buf := make([]byte, 64<<10)
	for end := size; end > 0; {
		start := max(end-int64(len(buf)), 0)
		n, err := f.ReadAt(buf[:end-start], start)
		if err != nil && err != io.EOF {
			return 0, err
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			return start + int64(i) + 1, nil
		}
		end = start
	}
	return 0, nil
}

// isTornObject reports whether t is a JSON object cut short: what a run
// killed while writing a record leaves.
func isTornObject(t []byte) bool {
	if len(t) == 0 || t[0] != '{' {
		return false
	}
	var v json.RawMessage
	return errors.Is(json.NewDecoder(bytes.NewReader(t)).Decode(&v), io.ErrUnexpectedEOF)
}

// lineNumber returns the number of the line starting at offset off.
func lineNumber(f *os.File, off int64) int {
	n := 1
	buf := make([]byte, 64<<10)
	for at := int64(0); at < off; {
		m, err := f.ReadAt(buf[:min(int64(len(buf)), off-at)], at)
		n += bytes.Count(buf[:m], []byte("\n"))
		at += int64(m)
		if err != nil || m == 0 {
			break
		}
	}
	return n
}

// quoteStart returns the start of t, quoted and safe for a terminal.
func quoteStart(t []byte) string {
	const most = 40
	s, more := t, ""
	if len(s) > most {
		cut := most
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s, more = s[:cut], "…"
	}
	return `"` + textsafe.Line(string(s)) + more + `"`
}

// mend opens name for writing (not appending) and applies fix, synced.
func mend(name string, fix func(*os.File) error) error {
	w, err := os.OpenFile(name, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	if err := fix(w); err != nil {
		w.Close()
		return err
	}
	if err := w.Sync(); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}
