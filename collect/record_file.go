package collect

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"

	"github.com/plumb-eval/plumb/internal/vocab"
)

// outFile is what the output log is written through: an *os.File, or in
// tests a wrapper that fails as a full disk does.
type outFile interface {
	io.Writer
	Truncate(size int64) error
}

// recordFile appends whole records to the output log. A write that fails
// — a full disk part way through a record — is cut back at once to the
// end of the last whole record, so the log never keeps a torn line.
type recordFile struct {
	f    outFile
	size int64 // bytes of whole records in the file
}

// newRecordFile returns the record writer of out, an output log ready to
// append to (prepareOutput has run). wrap, when not nil, wraps the file
// (tests inject failing writes with it).
func newRecordFile(out *os.File, wrap func(outFile) outFile) (*recordFile, error) {
	st, err := out.Stat()
	if err != nil {
		return nil, err
	}
	w := &recordFile{f: out, size: st.Size()}
	if wrap != nil {
		w.f = wrap(out)
	}
	return w, nil
}

// Write appends b, one or more whole records. On a failed or short write
// the file is truncated back to where b started, and the error says so.
func (w *recordFile) Write(b []byte) (int, error) {
	n, err := w.f.Write(b)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite
	}
	if err != nil {
		if n > 0 { // nothing to cut back when nothing was written
			if terr := w.f.Truncate(w.size); terr != nil {
				return 0, &tornError{err: err, n: n, cut: terr}
			}
		}
		return 0, err
	}
	w.size += int64(n)
	return n, nil
}

// tornError is a failed write whose part written could not be cut back:
// the log ends in a torn line until the next run cuts it off.
type tornError struct {
	err error
	n   int
	cut error
}

func (e *tornError) Error() string {
	return fmt.Sprintf("%v; cutting the %d bytes written back to the last whole record failed too (%v): the next run cuts them off", e.err, e.n, e.cut)
}

func (e *tornError) Unwrap() error { return e.err }

// DiskFullError is a run stopped because the output log's disk is full.
// The record being written was cut back (unless Err says that failed
// too): every record in the log is whole, and a re-run continues with the
// items not written.
type DiskFullError struct {
	Name    string // the output log
	Written int64  // items written by this run
	Err     error
}

func (e *DiskFullError) Error() string {
	return fmt.Sprintf("disk full: %s written, re-run to continue (writing %s: %v%s)",
		vocab.Plural(int(e.Written), "item"), e.Name, e.Err, wholeNote(e.Err))
}

// wholeNote is what a failed write left: whole records, unless cutting
// the part written back failed (err says so then).
func wholeNote(err error) string {
	var te *tornError
	if errors.As(err, &te) {
		return ""
	}
	return "; every record in it is whole"
}

func (e *DiskFullError) Unwrap() error { return e.Err }

// writeFailed is the error of a failed write of the output log name after
// written items: a *DiskFullError when the disk is full.
func writeFailed(name string, written int64, err error) error {
	if errors.Is(err, syscall.ENOSPC) {
		return &DiskFullError{Name: name, Written: written, Err: err}
	}
	return fmt.Errorf("writing %s: %w%s", name, err, wholeNote(err))
}
