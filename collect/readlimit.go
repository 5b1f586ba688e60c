package collect

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
)

// Size limits of the files collect reads whole or a line at a time: a
// file or line past its limit is refused with a message saying so, read
// no further than the limit (a template named /dev/zero is not read
// without end).
const (
	// MaxTemplateBytes is the largest template file (a template is a few KiB).
	MaxTemplateBytes = 1 << 20
	// MaxStateBytes is the largest --batch-state file (batch ids).
	MaxStateBytes = 16 << 20
	// MaxLineBytes is the longest line of a plain items file or of a batch
	// results file: a response body is at most 32 MiB (maxBody), and a
	// line wraps it.
	MaxLineBytes = 64 << 20
)

// TooLargeError is a file, or a line of one, over its size limit.
type TooLargeError struct {
	Name  string // the file, or file:line
	What  string // "template file", "line"
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s: the %s is over %s, the most collect reads (it was not read further)", e.Name, e.What, mib(e.Limit))
}

// mib writes a size in MiB.
func mib(n int64) string { return fmt.Sprintf("%d MiB", n>>20) }

// readLimited reads the file name whole, refusing one over limit bytes
// (what names it in the error) without reading past limit+1 bytes.
func readLimited(name, what string, limit int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, &TooLargeError{Name: name, What: what, Limit: limit}
	}
	return b, nil
}

// readLine reads the next line of br (its newline included; the last
// line may lack one), refusing a line over MaxLineBytes; err is io.EOF
// with the last line.
func readLine(br *bufio.Reader, where string) ([]byte, error) {
	var line []byte
	for {
		b, err := br.ReadSlice('\n')
		line = append(line, b...)
		if len(line) > MaxLineBytes {
			return nil, &TooLargeError{Name: where, What: "line", Limit: MaxLineBytes}
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return line, err
		}
	}
}
