// Package atomicfile writes files atomically (a temporary file renamed
// into place) and guards input files from being overwritten. Both the CLI
// and the TUI's export write through it.
package atomicfile

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Write writes a file through fill (gzip-compressed when name ends in
// .gz): to a temporary file next to name,
// renamed over name only when everything succeeded.
func Write(name string, fill func(io.Writer) error) (err error) {
	dir, base := filepath.Split(name)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return fmt.Errorf("creating %s: %w", name, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriterSize(tmp, 1<<16)
	var w io.Writer = bw
	var zw *gzip.Writer
	if strings.HasSuffix(strings.ToLower(name), ".gz") {
		zw = gzip.NewWriter(bw)
		w = zw
	}
	if err := fill(w); err != nil {
		return err
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			return fmt.Errorf("writing %s: %w", name, err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return nil
}

// IsInput reports whether path names the same file as one of inputs.
func IsInput(path string, inputs []string) bool {
	st, err := os.Stat(path)
	if err != nil {
		return false
	}
	for _, in := range inputs {
		if ist, err := os.Stat(in); err == nil && os.SameFile(st, ist) {
			return true
		}
	}
	return false
}
