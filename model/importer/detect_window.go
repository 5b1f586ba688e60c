package importer

import (
	"errors"
	"io"
	"io/fs"

	"github.com/plumb-eval/plumb/model"
)

// window reads at most left bytes of r, then reports the end of the
// input; hit records that it stopped there.
type window struct {
	r    io.Reader
	left int64
	hit  bool
}

func (w *window) Read(p []byte) (int, error) {
	if w.left <= 0 {
		w.hit = true
		return 0, io.EOF
	}
	if int64(len(p)) > w.left {
		p = p[:w.left]
	}
	n, err := w.r.Read(p)
	w.left -= int64(n)
	return n, err
}

// sniffWindow classifies a stream from at most model.DetectWindow bytes
// of it, so that detection never reads past what the Opener replays to
// the reader: the bytes detection read and the rest of the stream are
// then read once, in order. When the window ends before the first
// record's field names do (blank lines or a value longer than the
// window), the fields seen decide; with none that names a format, the
// stream is read as log format v1, whose reader names any line that is
// not a v1 record.
func sniffWindow(path string, op *model.Opener) (sniffed, error) {
	f, err := op.Open(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return sniffed{}, fileError(path, "cannot open: "+err.Error())
	}
	defer f.Close()
	w := &window{r: f, left: model.DetectWindow}
	br, closer, err := decompress(w, path)
	if err != nil && !w.hit {
		return sniffed{}, err
	}
	var s sniffed
	if err == nil {
		if closer != nil {
			defer closer.Close()
		}
		s, err = sniffStream(br)
	}
	switch {
	case w.hit && (s.role == roleEmpty || s.role == roleUnknown):
		return sniffed{format: FormatV1, role: roleJudgments, keys: s.keys}, nil
	case w.hit:
		return s, nil
	case err != nil:
		return sniffed{}, readError(path, err)
	}
	return s, nil
}
