package model

import (
	"io"
	"strings"
	"testing"
)

// endless is a stream that never ends a line (as /dev/zero, or a pipe
// from a program stuck writing one value).
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}

// TestRecordLimit (issue 32 item 6): a record past ReadOptions.MaxRecord —
// a line that never ends, an array element that never closes — stops the
// load with an error naming its line and the limit, instead of reading
// without bound; a record under the limit loads.
func TestRecordLimit(t *testing.T) {
	opt := ReadOptions{MaxRecord: 4 << 20}
	head := `{"kind":"pair","id":"a","judge":"j","p_a":{"x0":0.6,"x1":0.4}}` + "\n"
	for _, c := range []struct {
		name, want string
		src        io.Reader
	}{
		{"line", "in.jsonl:2: a record over 4 MiB", io.MultiReader(strings.NewReader(head+`{"kind":"pair","prompt":"`), endless{})},
		{"element", "in.jsonl:3: a record over 4 MiB", io.MultiReader(strings.NewReader("[\n"+strings.TrimSpace(head)+",\n"+`{"prompt":"`), endless{})},
	} {
		_, err := Read(c.src, "in.jsonl", opt)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	long := `{"kind":"pair","id":"b","judge":"j","prompt":"` + strings.Repeat("y", 3<<20) + `","p_a":{"x0":0.6,"x1":0.4}}` + "\n"
	if lg, err := Read(strings.NewReader(head+long), "in.jsonl", opt); err != nil || len(lg.Pairs) != 2 {
		t.Errorf("a 3 MiB record under the limit: %v", err)
	}
	if (ReadOptions{}).maxRecord() != MaxRecordBytes {
		t.Error("default limit")
	}
}
