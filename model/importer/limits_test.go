package importer

import (
	"bufio"
	"io"
	"strings"
	"testing"
)

// endless never ends a line, as /dev/zero or a stuck writer.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}

// TestRecordLimits (issue 32 item 6): an importer's input that never ends
// a line or never closes its array is refused at its limit, with the line
// the record or array starts on, instead of read without bound; input
// under the limits is read.
func TestRecordLimits(t *testing.T) {
	lim := limits{line: 1 << 20, array: 2 << 20}
	each := func(r io.Reader) (int, error) {
		n := 0
		err := eachRecordMax(bufio.NewReaderSize(r, 64<<10), "in.json", lim, func(int, []byte) error { n++; return nil })
		return n, err
	}
	for _, c := range []struct {
		name, want string
		src        io.Reader
	}{
		{"line", "in.json:2: a record (no end of line within it) over 1 MiB", io.MultiReader(strings.NewReader("{\"a\":1}\n{\"b\":\""), endless{})},
		{"array", "in.json:2: a JSON array over 2 MiB", io.MultiReader(strings.NewReader("\n[{\"b\":\""), endless{})},
	} {
		if _, err := each(c.src); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	if n, err := each(strings.NewReader(`[{"a":"` + strings.Repeat("y", 1<<20) + `"}, {"b":1}]`)); err != nil || n != 2 {
		t.Errorf("an array under the limit: %d elements, %v", n, err)
	}
}

// TestLineCapped: a CSV stream whose line never ends stops at the cap.
func TestLineCapped(t *testing.T) {
	r := &lineCapped{r: io.MultiReader(strings.NewReader("a,b\n1,"), endless{}), max: 1 << 20}
	n, err := io.Copy(io.Discard, r)
	if err == nil || !strings.Contains(err.Error(), "a line over 1 MiB") || n > 2<<20 {
		t.Errorf("read %d bytes, %v", n, err)
	}
	r = &lineCapped{r: strings.NewReader(strings.Repeat("x,y\n", 1<<20)), max: 16}
	if _, err := io.Copy(io.Discard, r); err != nil {
		t.Errorf("short lines: %v", err)
	}
}
