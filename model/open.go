package model

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"

	"github.com/plumb-eval/plumb/internal/textsafe"
)

// Stdin is the input name that means standard input.
const Stdin = "-"

// maxReplay is how much of a pipe an Opener keeps so that it can be opened
// again: enough for format detection to look at the start of the stream
// (even gzip-compressed) before it is read in full.
const maxReplay = 32 << 20

// DetectWindow is how much of a stream format detection may read: well
// under what an Opener keeps, so that detection never reads a stream past
// what the reader can replay, however long the first record or the
// blank lines before it.
const DetectWindow = 16 << 20

// Opener opens the inputs of one load. It reads "-" as standard input and
// reads a pipe, FIFO or other stream only once: what was read of it is
// kept (up to maxReplay bytes) and replayed when it is opened again, as
// format detection and the reader do one after the other. It counts the
// bytes read of every input, and reports every file it opens to Opened
// (the CLI records their identities, to never write over an input). Its
// methods are safe for concurrent use.
type Opener struct {
	// Stdin is read for "-" (nil: os.Stdin).
	Stdin io.Reader
	// Opened, when set, is called with every file opened.
	Opened func(name string, f *os.File)

	mu      sync.Mutex
	streams map[string]*stream
	bytes   map[string]int64
}

// stream is a non-seekable input opened once and replayed.
type stream struct {
	r    io.Reader
	head []byte // what was read of r, while under maxReplay
	read int64  // bytes read of r
	lost bool   // more than maxReplay was read: it cannot be replayed
}

// IsStream reports whether name is standard input or a file that can be
// read only once (a pipe, FIFO, character device or socket).
func IsStream(name string) bool {
	if name == Stdin {
		return true
	}
	fi, err := os.Stat(name)
	return err == nil && !fi.IsDir() && !fi.Mode().IsRegular()
}

// Open opens name for reading.
func (o *Opener) Open(name string) (io.ReadCloser, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if s, ok := o.streams[name]; ok {
		if s.lost {
			return nil, fmt.Errorf("is a stream and was already read")
		}
		return &streamReader{o: o, name: name, s: s}, nil
	}
	var r io.Reader
	if name == Stdin {
		r = o.Stdin
		if r == nil {
			r = os.Stdin
		}
		if f, ok := r.(*os.File); ok && o.Opened != nil {
			o.Opened(name, f)
		}
	} else {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		if o.Opened != nil {
			o.Opened(name, f)
		}
		fi, err := f.Stat()
		if err != nil || fi.Mode().IsRegular() || fi.IsDir() { // a folder fails on read
			return &countingFile{File: f, o: o, name: name}, err
		}
		r = f // a stream; it stays open until the process ends
	}
	if o.streams == nil {
		o.streams = map[string]*stream{}
	}
	s := &stream{r: r}
	o.streams[name] = s
	return &streamReader{o: o, name: name, s: s}, nil
}

// Bytes returns how many bytes were read of name (counting a replayed
// stream once).
func (o *Opener) Bytes(name string) int64 {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.bytes[name]
}

// Total returns how many bytes were read of all inputs.
func (o *Opener) Total() int64 {
	o.mu.Lock()
	defer o.mu.Unlock()
	var n int64
	for _, b := range o.bytes {
		n += b
	}
	return n
}

// count adds n bytes read of name.
func (o *Opener) count(name string, n int) {
	if n == 0 {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.bytes == nil {
		o.bytes = map[string]int64{}
	}
	o.bytes[name] += int64(n)
}

// countingFile is a regular file that counts the bytes read of it; bytes
// of a file opened again are counted again, so Bytes is only used as
// "anything at all".
type countingFile struct {
	*os.File
	o    *Opener
	name string
}

func (f *countingFile) Read(p []byte) (int, error) {
	n, err := f.File.Read(p)
	f.o.count(f.name, n)
	return n, err
}

// streamReader replays a stream's kept head, then reads on.
type streamReader struct {
	o    *Opener
	name string
	s    *stream
	pos  int64 // bytes of the stream this reader has returned
}

func (r *streamReader) Read(p []byte) (int, error) {
	r.o.mu.Lock()
	defer r.o.mu.Unlock()
	s := r.s
	if !s.lost && r.pos < int64(len(s.head)) {
		n := copy(p, s.head[r.pos:])
		r.pos += int64(n)
		return n, nil
	}
	if r.pos != s.read {
		return 0, fmt.Errorf("%s is a stream and was read past what could be kept", textsafe.Line(r.name))
	}
	n, err := s.r.Read(p)
	if n > 0 {
		r.pos += int64(n)
		s.read += int64(n)
		if r.o.bytes == nil {
			r.o.bytes = map[string]int64{}
		}
		r.o.bytes[r.name] += int64(n)
		if !s.lost && len(s.head)+n <= maxReplay {
			s.head = append(s.head, p[:n]...)
		} else {
			s.lost, s.head = true, nil
		}
	}
	return n, err
}

// Close leaves the stream open for a later Open.
func (r *streamReader) Close() error { return nil }

// opener returns the Opener of opt, or a new one.
func (o ReadOptions) opener() *Opener {
	if o.Opener != nil {
		return o.Opener
	}
	return &Opener{}
}

// openErr is the error for a file that cannot be opened.
func openErr(name string, err error) *LineError {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fileErr(name, "cannot open: "+err.Error())
}
