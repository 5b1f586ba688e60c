package collect

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/plumb-eval/plumb/model"
)

// Prior is what an earlier run left in the output log.
type Prior struct {
	Done      map[string][model.NumArrangements]bool // the judge's pair records already in the log: id → arrangements present
	Records   int                                    // records of any kind and judge in the log
	TornBytes int                                    // bytes of a torn last line removed
}

// prepareOutput makes the output log ready to append to: a torn last line
// (a line without its newline that is not a whole JSON object, left by a
// killed run) is cut off, a whole last record without its newline gets
// one, and the
// records already there are read, so that items the judge already has are
// skipped. A log that does not read as log format v1 is an error: plumb
// never appends to a file it cannot read.
func prepareOutput(name, judge string) (Prior, error) {
	p := Prior{Done: map[string][model.NumArrangements]bool{}}
	f, err := os.OpenFile(name, os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return p, nil
	}
	if err != nil {
		return p, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return p, err
	}
	size := st.Size()
	if size == 0 {
		return p, nil
	}
	// Find the last newline, reading backwards in blocks.
	keep := int64(0)
	buf := make([]byte, 64<<10)
	for end := size; end > 0; {
		start := max(end-int64(len(buf)), 0)
		n, err := f.ReadAt(buf[:end-start], start)
		if err != nil && err != io.EOF {
			return p, err
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			keep = start + int64(i) + 1
			break
		}
		end = start
	}
	if keep < size && size-keep <= 64<<20 {
		// A last line without its newline that is a whole JSON value was
		// written complete (by a tool that ends files without a newline):
		// give it its newline rather than cut it.
		tail := make([]byte, size-keep)
		if _, err := f.ReadAt(tail, keep); err != nil && err != io.EOF {
			return p, err
		}
		if t := bytes.TrimSpace(tail); len(t) > 0 && t[0] == '{' && json.Valid(t) {
			if _, err := f.WriteAt([]byte("\n"), size); err != nil {
				return p, err
			}
			keep, size = size+1, size+1
		}
	}
	if keep < size {
		if err := f.Truncate(keep); err != nil {
			return p, fmt.Errorf("cutting the torn last line of %s: %w", name, err)
		}
		if err := f.Sync(); err != nil {
			return p, err
		}
		p.TornBytes = int(size - keep)
	}
	if keep == 0 {
		return p, nil
	}
	lg, err := model.ReadFiles([]string{name}, model.ReadOptions{SkipText: true})
	if err != nil {
		return p, fmt.Errorf("the output log cannot be appended to: %w", err)
	}
	p.Records = len(lg.Pairs) + len(lg.Scores) + len(lg.Verdicts)
	for i := range lg.Pairs {
		if lg.Pairs[i].Judge == judge {
			p.Done[lg.Pairs[i].ID] = lg.Pairs[i].Has
		}
	}
	return p, nil
}
