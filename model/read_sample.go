package model

import (
	"bytes"
	"io"
	"os"

	"github.com/plumb-eval/plumb/internal/jsonscan"
)

// Before reading a file it can seek in, the loader estimates how many
// records of each kind it holds from a sample: sampleWindows windows of
// sampleWindow bytes, evenly spread, in which it counts the "kind" members
// naming a record kind. The stores are then allocated once with a little
// more than that (read_store.go). The estimate only sizes memory: when it
// is too small, the records beyond it are kept in chunks and copied once
// at the end, as without an estimate.
const (
	sampleWindows = 1024
	sampleWindow  = 2 << 10
	// sampleMargin is the share added to an estimate: windows that
	// straddle a change of record kind, and "kind" members cut by a
	// window's edge, make the estimate off by a percent or so.
	sampleMargin = 0.03
)

// kindCounts are numbers of records of each kind: pairs, scores, verdicts.
type kindCounts [3]int

func (k *kindCounts) add(o kindCounts) {
	for i := range k {
		k[i] += o[i]
	}
}

// total returns the number of records.
func (k kindCounts) total() int { return k[0] + k[1] + k[2] }

// sampleKinds estimates the records of each kind in the size bytes of ra
// from off. It reads all of them when they are few. ok is false when it
// cannot tell: the bytes are gzip-compressed or unreadable, or no window
// shows a record kind.
func sampleKinds(ra io.ReaderAt, off, size int64) (_ kindCounts, ok bool) {
	var head [2]byte
	if size < int64(len(head)) {
		return kindCounts{}, false
	}
	if _, err := ra.ReadAt(head[:], off); err != nil || string(head[:]) == string(gzipMagic) {
		return kindCounts{}, false
	}
	if size <= sampleWindows*sampleWindow {
		buf := make([]byte, size)
		if n, err := ra.ReadAt(buf, off); n < len(buf) && err != nil {
			return kindCounts{}, false
		}
		k := countKinds(buf)
		return k, k.total() > 0
	}
	var k kindCounts
	buf := make([]byte, sampleWindow)
	stride := float64(size) / sampleWindows
	for i := range sampleWindows {
		at := off + int64((float64(i)+0.5)*stride) - sampleWindow/2
		if _, err := ra.ReadAt(buf, at); err != nil {
			return kindCounts{}, false
		}
		k.add(countKinds(buf))
	}
	if k.total() == 0 {
		return kindCounts{}, false
	}
	// A member of n bytes is seen only when it starts in the first
	// sampleWindow − n + 1 bytes of a window.
	scale := float64(size) / sampleWindows
	for i, n := range [...]int{len(`"kind":"pair"`), len(`"kind":"score"`), len(`"kind":"verdict"`)} {
		k[i] = int(float64(k[i]) * scale / float64(sampleWindow-n+1))
	}
	return k, true
}

// kindKey is the member that names a record's kind.
var kindKey = []byte(`"kind"`)

// countKinds counts the "kind" members in b whose value is "pair",
// "score" or "verdict", wherever they are (a nested object's count too;
// that only makes the estimate larger).
func countKinds(b []byte) kindCounts {
	var k kindCounts
	for {
		i := bytes.Index(b, kindKey)
		if i < 0 {
			return k
		}
		b = b[i+len(kindKey):]
		j := jsonscan.SkipSpace(b, 0)
		if j >= len(b) || b[j] != ':' {
			continue
		}
		j = jsonscan.SkipSpace(b, j+1)
		switch v := b[j:]; {
		case bytes.HasPrefix(v, []byte(`"pair"`)):
			k[0]++
		case bytes.HasPrefix(v, []byte(`"score"`)):
			k[1]++
		case bytes.HasPrefix(v, []byte(`"verdict"`)):
			k[2]++
		}
	}
}

// withMargin returns n plus the sampling margin.
func withMargin(n int) int {
	if n == 0 {
		return 0
	}
	return int(float64(n)*(1+sampleMargin)) + 64
}

// sampleFile samples the file at path as sampleKinds does.
func sampleFile(path string) (kindCounts, bool) {
	f, err := os.Open(path)
	if err != nil {
		return kindCounts{}, false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return kindCounts{}, false
	}
	return sampleKinds(f, 0, fi.Size())
}

// sampleReader samples what remains of r when r can read at offsets and
// tells its position and size (an *os.File of a regular file, a
// *bytes.Reader, an *io.SectionReader, a *strings.Reader).
func sampleReader(r io.Reader) (kindCounts, bool) {
	ra, ok := r.(io.ReaderAt)
	if !ok {
		return kindCounts{}, false
	}
	var off, size int64
	switch r := r.(type) {
	case *os.File:
		fi, err := r.Stat()
		if err != nil || !fi.Mode().IsRegular() {
			return kindCounts{}, false
		}
		if off, err = r.Seek(0, io.SeekCurrent); err != nil {
			return kindCounts{}, false
		}
		size = fi.Size()
	case interface {
		Size() int64
		Len() int
	}:
		size = r.Size()
		off = size - int64(r.Len())
	case interface {
		Size() int64
		Seek(int64, int) (int64, error)
	}:
		var err error
		if off, err = r.Seek(0, io.SeekCurrent); err != nil {
			return kindCounts{}, false
		}
		size = r.Size()
	default:
		return kindCounts{}, false
	}
	return sampleKinds(ra, off, size-off)
}

// reserve sizes the stores and the duplicate index for the estimated
// records k.
func (ld *loader) reserve(k kindCounts) {
	ld.pairs.reserve(withMargin(k[0]))
	ld.scores.reserve(withMargin(k[1]))
	ld.verdicts.reserve(withMargin(k[2]))
	ld.dups.reserve(withMargin(k.total()))
	ld.sized = true
}
