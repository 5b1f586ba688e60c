package model

import (
	"io"
	"strings"
	"testing"
)

// TestOpenerReplaysStdin: standard input opened twice (format detection,
// then the read) gives the whole stream both times, and counts its bytes
// once.
func TestOpenerReplaysStdin(t *testing.T) {
	data := strings.Repeat(pairLine("q", 0.3)+"\n", 3)
	op := &Opener{Stdin: strings.NewReader(data)}
	r, err := op.Open(Stdin)
	if err != nil {
		t.Fatal(err)
	}
	head := make([]byte, 10)
	io.ReadFull(r, head)
	r.Close()
	r, _ = op.Open(Stdin)
	all, err := io.ReadAll(r)
	if err != nil || string(all) != data {
		t.Fatalf("second open read %q, %v", all, err)
	}
	if op.Total() != int64(len(data)) {
		t.Errorf("Total %d, want %d", op.Total(), len(data))
	}
	lg, err := ReadFiles([]string{Stdin}, ReadOptions{Opener: &Opener{Stdin: strings.NewReader(data)}, SkipBad: true})
	if err != nil || lg.Skipped != 2 || len(lg.Pairs) != 1 {
		t.Fatalf("ReadFiles(-): %v, %d pairs, %d skipped", err, len(lg.Pairs), lg.Skipped)
	}
}
