package model

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadNotALog: the v1 reader (plumb fewshot, --from v1, collect's
// output) names a file that is plainly no log, as the importers'
// detection does; a PNG said "invalid JSON at column 1: invalid UTF-8".
func TestReadNotALog(t *testing.T) {
	dir := t.TempDir()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("## Notes\n\ntext\n"))
	zw.Close()
	for name, c := range map[string]struct{ content, want string }{
		"plot.png":    {"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not a judgment log (it looks like a PNG image)"},
		"notes.md":    {"# Notes\n\nSome text.\n", "not a judgment log (it looks like a Markdown document)"},
		"notes.md.gz": {gz.String(), "not a judgment log (it looks like a Markdown document)"},
		"run.zip":     {"PK\x03\x04\x14\x00", "not a judgment log (it looks like a zip archive): unpack it"},
	} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(c.content), 0o644)
		for _, skip := range []bool{false, true} {
			_, err := ReadFiles([]string{path}, ReadOptions{SkipBad: skip})
			if err == nil || !strings.HasPrefix(err.Error(), path+": "+c.want) {
				t.Errorf("%s (skip bad %v): %v, want %q", name, skip, err, c.want)
			}
		}
	}
	// A log after a byte-order mark and blank lines is a log.
	path := filepath.Join(dir, "ok.jsonl")
	os.WriteFile(path, []byte("\xef\xbb\xbf\n\n"+`{"kind":"verdict","id":"v1","judge":"j","verdict":true}`+"\n"), 0o644)
	if lg, err := ReadFiles([]string{path}, ReadOptions{}); err != nil || len(lg.Verdicts) != 1 {
		t.Errorf("a log: %v", err)
	}
}

// TestWatchNotALog: plumb --watch on a file that is plainly no log says
// what it looks like (it said "invalid JSON at column 1: invalid UTF-8").
func TestWatchNotALog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "plot.png")
	os.WriteFile(path, []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), 0o644)
	_, _, err := NewWatcher([]string{path}, ReadOptions{}).Poll()
	if err == nil || err.Error() != path+": not a judgment log (it looks like a PNG image)" {
		t.Errorf("%v", err)
	}
}
