package model

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// watchLog is a small log of every kind, with multi-byte text (é, 😀,
// 日本語) so that chunks can end inside a UTF-8 rune, a Windows line end,
// a blank line and a record without a final newline.
func watchLog() string {
	return strings.Join([]string{
		`{"kind":"pair","id":"p1","judge":"a","p_a":{"x0":0.8,"x1":0.3},"gold":"1","prompt":"café 😀 ok"}`,
		`{"kind":"pair","id":"p2","judge":"a","logprobs":{"x0":{"A":-0.1,"B":-2.3}},"response_2":"日本語のテキスト"}` + "\r",
		``,
		`{"kind":"score","id":"s1","judge":"a","criterion":"fluency","judge_score":4,"human_score":3.5,"ls":-41.7,"tokens":52}`,
		`{"kind":"verdict","id":"v1","judge":"b","verdict":true,"human":null,"latency_ms":812}`,
		`{"kind":"pair","id":"p3","judge":"b","choice":{"x0":"A","x1":"tie"},"gold":"2","output":"naïve résumé"}`,
		`{"kind":"verdict","id":"v2","judge":"b","verdict":false,"human":false,"truth":{"z":0}}`,
	}, "\n")
}

// appendTo appends data to the file at path.
func appendTo(t testing.TB, path string, data []byte) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func mustPoll(t *testing.T, w *Watcher) *Log {
	t.Helper()
	lg, changed, err := w.Poll()
	if err != nil {
		t.Fatalf("Poll: %v", err)
	}
	if !changed || lg == nil {
		t.Fatalf("Poll: changed = %v, log %v; want a new log", changed, lg)
	}
	return lg
}

// sameLog fails unless got has the records, files and skip counts of want.
func sameLog(t *testing.T, got, want *Log) {
	t.Helper()
	if !reflect.DeepEqual(got.Pairs, want.Pairs) {
		t.Errorf("pairs differ:\n got %+v\nwant %+v", got.Pairs, want.Pairs)
	}
	if !reflect.DeepEqual(got.Scores, want.Scores) {
		t.Errorf("scores differ:\n got %+v\nwant %+v", got.Scores, want.Scores)
	}
	if !reflect.DeepEqual(got.Verdicts, want.Verdicts) {
		t.Errorf("verdicts differ:\n got %+v\nwant %+v", got.Verdicts, want.Verdicts)
	}
	if !reflect.DeepEqual(got.Files, want.Files) {
		t.Errorf("files %+v, want %+v", got.Files, want.Files)
	}
	if got.Skipped != want.Skipped || !reflect.DeepEqual(got.SkipReasons, want.SkipReasons) {
		t.Errorf("skipped %d %q, want %d %q", got.Skipped, got.SkipReasons, want.Skipped, want.SkipReasons)
	}
}

func readAll(t *testing.T, names []string, opt ReadOptions) *Log {
	t.Helper()
	lg, err := ReadFiles(names, opt)
	if err != nil {
		t.Fatal(err)
	}
	return lg
}

// TestWatchChunks writes a log in chunks, some ending inside a line and
// inside a UTF-8 rune, and checks every Poll against ReadFiles of the
// complete lines written so far: the same records and positions, with the
// half-written rest pending.
func TestWatchChunks(t *testing.T) {
	data := []byte(watchLog())
	// Cut points: inside the 😀 of line 1, just before line 2's "\r", just
	// after it (before "\n"), inside 日, at the start of the blank line,
	// inside "human":null, and every 37 bytes.
	emoji := bytes.Index(data, []byte("😀")) + 2
	kanji := bytes.Index(data, []byte("日")) + 1
	cr := bytes.IndexByte(data, '\r')
	cuts := []int{emoji, cr, cr + 1, kanji, cr + 2, bytes.Index(data, []byte(`"human":nu`)) + 9}
	for c := 37; c < len(data); c += 37 {
		cuts = append(cuts, c)
	}
	cuts = append(cuts, len(data))
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)

	path := filepath.Join(t.TempDir(), "run.jsonl")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	w := NewWatcher([]string{path}, ReadOptions{})
	if lg := mustPoll(t, w); len(lg.Pairs)+len(lg.Scores)+len(lg.Verdicts) != 0 || lg.Pending != 0 || len(lg.Files) != 1 {
		t.Fatalf("empty file: %+v", lg)
	}
	prev := 0
	for _, c := range cuts {
		appendTo(t, path, data[prev:c])
		prev = c
		lg := mustPoll(t, w)
		// What ReadFiles gives for the complete lines written so far,
		// plus the last one when it already parses.
		done := data[:c]
		tail := done[bytes.LastIndexByte(done, '\n')+1:]
		pending := len(tail)
		if _, err := ParseLine(tail, Pos{}); err == nil {
			pending = 0
		} else {
			done = done[:len(done)-len(tail)]
		}
		ref := filepath.Join(t.TempDir(), "run.jsonl")
		if err := os.WriteFile(ref, done, 0o644); err != nil {
			t.Fatal(err)
		}
		want := readAll(t, []string{ref}, ReadOptions{})
		for i := range want.Pairs {
			want.Pairs[i].Pos.File = path
		}
		for i := range want.Scores {
			want.Scores[i].Pos.File = path
		}
		for i := range want.Verdicts {
			want.Verdicts[i].Pos.File = path
		}
		want.Files[0].Name = path
		sameLog(t, lg, want)
		if lg.Pending != pending {
			t.Errorf("after %d bytes: pending %d, want %d", c, lg.Pending, pending)
		}
		if c == emoji && lg.Pending == 0 {
			t.Errorf("a line cut inside a rune is not pending")
		}
	}
	if lg, changed, err := w.Poll(); lg != nil || changed || err != nil {
		t.Errorf("Poll without change: %v, %v, %v", lg, changed, err)
	}
	sameLog(t, mustPollAfterTouch(t, w, path), readAll(t, []string{path}, ReadOptions{}))
}

// mustPollAfterTouch changes the file's modification time only: Poll reads
// nothing new but returns the same log.
func mustPollAfterTouch(t *testing.T, w *Watcher, path string) *Log {
	t.Helper()
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
	return mustPoll(t, w)
}

// TestWatchRandomChunks: many files grown in random chunks, polled after
// each, end with exactly the log ReadFiles reads.
func TestWatchRandomChunks(t *testing.T) {
	data, _ := syntheticPairs(t, 200<<10)
	extra := []byte(watchLog() + "\n")
	dir := t.TempDir()
	names := []string{filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")}
	contents := [][]byte{data, extra}
	rng := rand.New(rand.NewPCG(3, 4))
	w := NewWatcher(names, ReadOptions{})
	written := []int{0, 0}
	var lg *Log
	for written[0] < len(contents[0]) || written[1] < len(contents[1]) {
		for i := range names {
			n := min(len(contents[i])-written[i], rng.IntN(20<<10))
			if i == 1 {
				n = min(len(contents[i])-written[i], rng.IntN(60))
			}
			appendTo(t, names[i], contents[i][written[i]:written[i]+n])
			written[i] += n
		}
		lg = mustPoll(t, w)
	}
	sameLog(t, lg, readAll(t, names, ReadOptions{}))
}

// TestWatchUnterminated: a last line that parses is read at once; lines
// appended after it keep their numbers.
func TestWatchUnterminated(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.jsonl")
	appendTo(t, path, []byte("\uFEFF"+pairLine("a", 0.1)))
	w := NewWatcher([]string{path}, ReadOptions{})
	lg := mustPoll(t, w)
	if got := ids(lg); !reflect.DeepEqual(got, []string{"a"}) || lg.Pending != 0 {
		t.Fatalf("ids %v, pending %d", got, lg.Pending)
	}
	appendTo(t, path, []byte("\r\n\n"+pairLine("b", 0.2)+"\n"+pairLine("c", 0.3)[:10]))
	lg = mustPoll(t, w)
	if got := lines(lg); !reflect.DeepEqual(got, []int{1, 3}) || lg.Pending != 10 {
		t.Fatalf("lines %v, pending %d", got, lg.Pending)
	}
	appendTo(t, path, []byte(pairLine("c", 0.3)[10:]+"\n"))
	lg = mustPoll(t, w)
	if got := lines(lg); !reflect.DeepEqual(got, []int{1, 3, 4}) || lg.Pending != 0 {
		t.Fatalf("lines %v, pending %d", got, lg.Pending)
	}
	sameLog(t, lg, readAll(t, []string{path}, ReadOptions{}))
}

// TestWatchBadLine: a complete bad line is an error naming its line, Poll
// keeps reporting it while the file grows, and a fixed file reads again.
func TestWatchBadLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.jsonl")
	appendTo(t, path, []byte(pairLine("a", 0.1)+"\n"+pairLine("b", 0.2)+"\n"))
	w := NewWatcher([]string{path}, ReadOptions{})
	mustPoll(t, w)
	appendTo(t, path, []byte(pairLine("c", 0.3)+"\n"+pairLine("d", 1.7)+"\n"+pairLine("e", 0.5)[:7]))
	wantErr := path + ":4: p_a.x0 = 1.7 is not a probability in [0, 1]"
	lg, changed, err := w.Poll()
	if err == nil || err.Error() != wantErr || !errors.Is(err, ErrBadInput) || lg != nil || !changed {
		t.Fatalf("Poll = %v, %v, %v; want error %q", lg, changed, err, wantErr)
	}
	if lg, changed, err := w.Poll(); lg != nil || changed || err != nil {
		t.Fatalf("Poll without change after an error: %v, %v, %v", lg, changed, err)
	}
	appendTo(t, path, []byte(pairLine("e", 0.5)[7:]+"\n"))
	if _, _, err := w.Poll(); err == nil || err.Error() != wantErr {
		t.Fatalf("the bad line is still there: got %v", err)
	}
	// A duplicate across polls names the first record's line.
	fixed := pairLine("a", 0.1) + "\n" + pairLine("b", 0.2) + "\n" + pairLine("c", 0.3) + "\n" + pairLine("d", 0.7) + "\n" + pairLine("e", 0.5) + "\n"
	if err := os.WriteFile(path, []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	if lg := mustPoll(t, w); !reflect.DeepEqual(ids(lg), []string{"a", "b", "c", "d", "e"}) {
		t.Fatalf("after the fix: %v", ids(lg))
	}
	appendTo(t, path, []byte(pairLine("f", 0.1)+"\n"+pairLine("b", 0.9)+"\n"))
	wantErr = path + `:7: duplicate pair record (judge "j", id "b"): first seen at ` + path + ":2"
	if _, _, err := w.Poll(); err == nil || err.Error() != wantErr {
		t.Fatalf("duplicate across polls: got %v, want %q", err, wantErr)
	}
}

// TestWatchSkipBad: under SkipBad the skip counts and reasons add up
// across polls to what ReadFiles reports.
func TestWatchSkipBad(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	opt := ReadOptions{SkipBad: true, MaxReasons: 3}
	appendTo(t, a, nil)
	appendTo(t, b, nil)
	w := NewWatcher([]string{a, b}, opt)
	steps := []struct{ file, data string }{
		{a, pairLine("a1", 0.1) + "\n{oops\n"},
		{b, pairLine("b1", 0.1) + "\n" + pairLine("a1", 0.5) + "\n"}, // duplicate of a's line 1
		{a, pairLine("a2", 2) + "\n" + pairLine("a3", 0.3) + "\n"},
		{b, "[1]\n" + pairLine("b2", 0.2) + "\n" + pairLine("b1", 0.2) + "\n"},
	}
	var got *Log
	for _, s := range steps {
		appendTo(t, s.file, []byte(s.data))
		got = mustPoll(t, w)
	}
	// ReadFiles skips b's repeat of a1 too: a comes first.
	want := readAll(t, []string{a, b}, opt)
	if want.Skipped != 5 {
		t.Fatalf("ReadFiles skipped %d, want 5", want.Skipped)
	}
	sameLog(t, got, want)
	if got.Files[0].Skipped != 2 || got.Files[1].Skipped != 3 {
		t.Errorf("per-file skips %+v", got.Files)
	}
}

// TestWatchRewrite: a file truncated, rewritten in place or replaced is
// read again from the start.
func TestWatchRewrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.jsonl")
	write := func(s string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(pairLine("a", 0.1) + "\n" + pairLine("b", 0.2) + "\n" + pairLine("c", 0.3) + "\n")
	w := NewWatcher([]string{path}, ReadOptions{})
	mustPoll(t, w)

	write(pairLine("x", 0.1) + "\n") // shrank
	if lg := mustPoll(t, w); !reflect.DeepEqual(ids(lg), []string{"x"}) {
		t.Fatalf("after truncation: %v", ids(lg))
	}
	// Rewritten in place, longer: the bytes before the offset changed.
	write(pairLine("y", 0.1) + "\n" + pairLine("z", 0.2) + "\n")
	if lg := mustPoll(t, w); !reflect.DeepEqual(ids(lg), []string{"y", "z"}) {
		t.Fatalf("after a rewrite: %v", ids(lg))
	}
	// Replaced by another file (rename over it).
	other := filepath.Join(dir, "new.jsonl")
	if err := os.WriteFile(other, []byte(pairLine("y", 0.1)+"\n"+pairLine("z", 0.2)+"\n"+pairLine("q", 0.4)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(other, path); err != nil {
		t.Fatal(err)
	}
	lg := mustPoll(t, w)
	sameLog(t, lg, readAll(t, []string{path}, ReadOptions{}))
	// Deleted: an error; back again: read.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if _, _, err := w.Poll(); err == nil || !strings.Contains(err.Error(), "cannot open") {
		t.Fatalf("missing file: %v", err)
	}
	write(pairLine("m", 0.1) + "\n")
	if lg := mustPoll(t, w); !reflect.DeepEqual(ids(lg), []string{"m"}) {
		t.Fatalf("after re-creation: %v", ids(lg))
	}
}

// TestWatchGzipAndArray: gzip and JSON array files are read whole, as
// ReadFiles reads them, every time they change.
func TestWatchGzipAndArray(t *testing.T) {
	dir := t.TempDir()
	gz := filepath.Join(dir, "g.jsonl.gz")
	arr := filepath.Join(dir, "a.json")
	lines := pairLine("g1", 0.1) + "\n" + pairLine("g2", 0.2) + "\n"
	if err := os.WriteFile(gz, gzipped(t, []byte(lines)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(arr, []byte("[\n"+pairLine("r1", 0.5)+"\n]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	names := []string{gz, arr}
	w := NewWatcher(names, ReadOptions{})
	sameLog(t, mustPoll(t, w), readAll(t, names, ReadOptions{}))
	if err := os.WriteFile(gz, gzipped(t, []byte(lines+pairLine("g3", 0.3)+"\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	lg := mustPoll(t, w)
	sameLog(t, lg, readAll(t, names, ReadOptions{}))
	if got := ids(lg); !reflect.DeepEqual(got, []string{"g1", "g2", "g3", "r1"}) {
		t.Errorf("ids %v", got)
	}
	// An unfinished array is an error, as in ReadFiles.
	if err := os.WriteFile(arr, []byte("[\n"+pairLine("r1", 0.5)+",\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := w.Poll(); err == nil || !strings.Contains(err.Error(), "expected ']'") {
		t.Errorf("unfinished array: %v", err)
	}
}

// TestWatchLogIsCallers: the caller may reorder the returned slices; the
// next log is unaffected.
func TestWatchLogIsCallers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "o.jsonl")
	appendTo(t, path, []byte(pairLine("a", 0.1)+"\n"+pairLine("b", 0.2)+"\n"))
	w := NewWatcher([]string{path}, ReadOptions{})
	first := mustPoll(t, w)
	slices.Reverse(first.Pairs)
	first.Pairs[0].ID = "changed"
	appendTo(t, path, []byte(pairLine("c", 0.3)+"\n"))
	second := mustPoll(t, w)
	if got := ids(second); !reflect.DeepEqual(got, []string{"a", "b", "c"}) {
		t.Errorf("second log %v", got)
	}
	if got := ids(first); !reflect.DeepEqual(got, []string{"changed", "a"}) {
		t.Errorf("first log changed under the caller: %v", got)
	}
}

// TestWatchNotYetKnown: an empty file, space only, or the first byte of a
// gzip magic waits; so does a file that does not exist yet (issue 17, item
// 13: it was an error, ErrBadInput, which stopped plumb --watch started
// before the run that writes the file).
func TestWatchNotYetKnown(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "later.jsonl")
	w := NewWatcher([]string{path}, ReadOptions{})
	var wait *WaitingError
	if lg, changed, err := w.Poll(); !errors.As(err, &wait) || errors.Is(err, ErrBadInput) || !changed || lg == nil {
		t.Fatalf("missing file: changed %v, log %v, err %v", changed, lg, err)
	}
	appendTo(t, path, []byte("\n  \n"))
	if lg := mustPoll(t, w); lg.Pending != 0 || len(lg.Pairs) != 0 {
		t.Fatalf("space only: %+v", lg)
	}
	appendTo(t, path, []byte(pairLine("a", 0.1)+"\n"))
	if lg := mustPoll(t, w); !reflect.DeepEqual(lines(lg), []int{3}) {
		t.Fatalf("lines %v", lines(lg))
	}

	gz := filepath.Join(dir, "g.gz")
	full := gzipped(t, []byte(pairLine("g", 0.1)+"\n"))
	appendTo(t, gz, full[:1])
	w = NewWatcher([]string{gz}, ReadOptions{})
	if lg := mustPoll(t, w); lg.Pending != 1 {
		t.Fatalf("one byte of gzip magic: pending %d", lg.Pending)
	}
	appendTo(t, gz, full[1:])
	if lg := mustPoll(t, w); !reflect.DeepEqual(ids(lg), []string{"g"}) {
		t.Fatalf("gzip: %v", ids(lg))
	}
}

// TestWatchWaitsForFile (issue 17, item 13): a watched file that does not
// exist yet is waited for while the others are read: Poll returns their
// log with a *WaitingError naming it ("waiting for FILE to appear"), the
// same error on unchanged polls, and reads the file once it appears. A
// file read and then deleted is still an error.
func TestWatchWaitsForFile(t *testing.T) {
	dir := t.TempDir()
	here, later := filepath.Join(dir, "here.jsonl"), filepath.Join(dir, "later.jsonl")
	appendTo(t, here, []byte(pairLine("h", 0.2)+"\n"))
	w := NewWatcher([]string{later, here}, ReadOptions{})
	var wait *WaitingError
	lg, changed, err := w.Poll()
	if !changed || lg == nil || !reflect.DeepEqual(ids(lg), []string{"h"}) || !errors.As(err, &wait) ||
		!reflect.DeepEqual(wait.Files, []string{later}) || err.Error() != "waiting for "+later+" to appear" {
		t.Fatalf("first poll: changed %v, log %v, err %v", changed, lg, err)
	}
	for range 2 {
		if lg, changed, err := w.Poll(); changed || lg != nil || !errors.As(err, &wait) {
			t.Fatalf("unchanged poll: changed %v, log %v, err %v", changed, lg, err)
		}
	}
	appendTo(t, later, []byte(pairLine("l", 0.3)+"\n"))
	lg, changed, err = w.Poll()
	if err != nil || !changed || !reflect.DeepEqual(ids(lg), []string{"l", "h"}) {
		t.Fatalf("after the file appeared: changed %v, log %v, err %v", changed, lg, err)
	}
	sameLog(t, lg, readAll(t, []string{later, here}, ReadOptions{}))
	if lg, changed, err := w.Poll(); err != nil || changed || lg != nil {
		t.Fatalf("unchanged poll after: changed %v, log %v, err %v", changed, lg, err)
	}
	if err := os.Remove(later); err != nil {
		t.Fatal(err)
	}
	if _, _, err := w.Poll(); err == nil || errors.As(err, &wait) || !strings.Contains(err.Error(), "deleted") {
		t.Fatalf("deleted after it was read: %v", err)
	}
}

// TestWatchDupCollision: kept keys whose hashes collide are told apart,
// and a repeat of either is found.
func TestWatchDupCollision(t *testing.T) {
	w := NewWatcher([]string{"f"}, ReadOptions{})
	a := Pair{ID: "a", Judge: "j", Pos: Pos{"f", 1}}
	b := Pair{ID: "b", Judge: "j", Pos: Pos{"f", 2}}
	w.files[0].pairs = []Pair{a, b}
	ka, kb := dupKey{KindPair, "j", "a", "", ""}, dupKey{KindPair, "j", "b", "", ""}
	w.first[42] = watchRef{0, 0, 0}
	w.exact = map[dupKey]Pos{kb: b.Pos}
	for _, tc := range []struct {
		h    uint64
		k    dupKey
		want Pos
		ok   bool
	}{
		{42, ka, a.Pos, true},
		{42, kb, b.Pos, true},
		{7, kb, b.Pos, true},
		{42, dupKey{KindPair, "j", "c", "", ""}, Pos{}, false},
		{42, dupKey{KindScore, "j", "a", "", ""}, Pos{}, false},
	} {
		if pos, ok := w.prior(tc.h, tc.k); pos != tc.want || ok != tc.ok {
			t.Errorf("prior(%d, %v) = %v, %v; want %v, %v", tc.h, tc.k, pos, ok, tc.want, tc.ok)
		}
	}
	// index puts a key whose hash is taken into exact.
	w2 := NewWatcher([]string{"f"}, ReadOptions{})
	w2.files[0].pairs = []Pair{a, b}
	w2.index(ka, a.Pos, watchRef{0, 0, 0})
	w2.first[hashKey(&w2.h, KindPair, "j", "b", "", "")] = watchRef{0, 0, 0} // b's hash taken by a
	w2.index(kb, b.Pos, watchRef{0, 0, 1})
	if w2.exact[kb] != b.Pos {
		t.Errorf("colliding key not kept exactly: %v", w2.exact)
	}
}

func TestLineCounterWindow(t *testing.T) {
	data := []byte(strings.Repeat("abc\ndefgh\n", 40))
	for _, step := range []int{1, 3, 63, 64, 65, 200} {
		c := &lineCounter{r: &chunkReader{data: data, step: step}}
		buf := make([]byte, 4096)
		for {
			if _, err := c.Read(buf); err != nil {
				break
			}
		}
		if c.lines != 80 || !bytes.Equal(c.last[:c.nlast], data[len(data)-windowSize:]) {
			t.Errorf("step %d: %d lines, window %q", step, c.lines, c.last[:c.nlast])
		}
	}
}

// chunkReader returns at most step bytes per Read.
type chunkReader struct {
	data []byte
	step int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), r.step)], r.data)
	r.data = r.data[n:]
	return n, nil
}

// BenchmarkWatchAppend1000 measures a Poll that reads 1,000 pair lines
// appended to a 100,000-line file (the file grows by 1,000 lines per
// iteration) and returns the whole log.
func BenchmarkWatchAppend1000(b *testing.B) {
	lines := bigPairLines(b, 100000+1000*b.N)
	path := filepath.Join(b.TempDir(), "big.jsonl")
	appendTo(b, path, bytes.Join(lines[:100000], nil))
	w := NewWatcher([]string{path}, ReadOptions{SkipText: true})
	if _, _, err := w.Poll(); err != nil {
		b.Fatal(err)
	}
	next := 100000
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		appendTo(b, path, bytes.Join(lines[next:next+1000], nil))
		next += 1000
		b.StartTimer()
		lg, _, err := w.Poll()
		if err != nil || len(lg.Pairs) != next {
			b.Fatalf("%v: %d pairs, want %d", err, len(lg.Pairs), next)
		}
	}
}

// BenchmarkWatchSnapshot100k measures the copy Poll hands out: 100,000
// pairs.
func BenchmarkWatchSnapshot100k(b *testing.B) {
	w := NewWatcher(nil, ReadOptions{})
	w.files = []watchFile{{name: "f", pairs: make([]Pair, 100000)}}
	b.ResetTimer()
	for range b.N {
		if lg := w.snapshot(); len(lg.Pairs) != 100000 {
			b.Fatal(len(lg.Pairs))
		}
	}
}

// bigPairLines returns n pair lines with distinct ids, as the simulator
// writes them.
func bigPairLines(tb testing.TB, n int) [][]byte {
	tb.Helper()
	rng := rand.New(rand.NewPCG(5, 6))
	var buf bytes.Buffer
	w := NewWriter(&buf)
	out := make([][]byte, n)
	for i := range out {
		p := &Pair{ID: "item-" + itoa(i), Judge: "j", Group: "g", Has: [4]bool{true, true, true, true},
			Gold: Gold(1 + rng.IntN(3)), Truth: NewTruth(TruthEntry{Key: "r", Value: rng.Float64()})}
		for a := range p.S {
			p.S[a] = rng.Float64()
		}
		buf.Reset()
		if err := w.WritePair(p); err != nil {
			tb.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			tb.Fatal(err)
		}
		out[i] = bytes.Clone(buf.Bytes())
	}
	return out
}
