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
