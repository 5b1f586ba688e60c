package importer

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// pipe hides a reader's other methods, as a pipe on standard input has
// none to seek with.
type pipe struct{ io.Reader }

// TestStreamPastDetectWindow (issue 32 item 6): on standard input, a
// first record longer than the detection window and than the 32 MiB an
// Opener replays, or that many blank lines before it, loads as the same file by name does;
// gzip-compressed too. Before, detection read the whole first record
// (and the lead-in) and the reader then found the stream "already read".
func TestStreamPastDetectWindow(t *testing.T) {
	// Longer than the window and than all an Opener keeps of a stream
	// (32 MiB).
	long := strings.Repeat("x", 2*model.DetectWindow+1<<20)
	rec := func(fields ...any) string {
		var b strings.Builder
		b.WriteByte('{')
		for i := 0; i < len(fields); i += 2 {
			if i > 0 {
				b.WriteByte(',')
			}
			k, _ := json.Marshal(fields[i])
			v, _ := json.Marshal(fields[i+1])
			b.Write(k)
			b.WriteByte(':')
			b.Write(v)
		}
		return b.String() + "}\n"
	}
	second := rec("kind", "pair", "id", "b", "judge", "j", "p_a", map[string]float64{"x0": 0.7, "x1": 0.3})
	cases := map[string]string{
		"first record past the window": rec("kind", "pair", "id", "a", "judge", "j", "prompt", long, "p_a", map[string]float64{"x0": 0.6, "x1": 0.4}) + second,
		"kind after a long value":      rec("id", "a", "judge", "j", "prompt", long, "kind", "pair", "p_a", map[string]float64{"x0": 0.6, "x1": 0.4}) + second,
		"lead-in past the window":      strings.Repeat("\n", 2*model.DetectWindow+10) + strings.Repeat(" ", 1<<20) + second,
	}
	for name, data := range cases {
		plain, want := []byte(data), strings.Count(data, `"kind":"pair"`)
		for _, gz := range []bool{false, true} {
			in := plain
			if gz {
				var b bytes.Buffer
				w, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed) // the level is no matter to the reader
				w.Write(in)
				w.Close()
				in = b.Bytes()
			}
			op := &model.Opener{Stdin: pipe{bytes.NewReader(in)}}
			lg, err := Load([]string{model.Stdin}, "", model.ReadOptions{Opener: op, SkipText: true}, Options{})
			if err != nil {
				t.Errorf("%s (gzip %v): %v", name, gz, err)
				continue
			}
			if n := len(lg.Pairs); n != want {
				t.Errorf("%s (gzip %v): %d pair records", name, gz, n)
			}
		}
	}
}
