package model

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"testing"
)

// storeTestLog returns a JSON Lines log of about 3 MB (several batches)
// of pairs, then scores, then verdicts, with repeats of records read long
// before (in main, in an earlier chunk or in the same batch) and bad lines.
func storeTestLog() []byte {
	var b bytes.Buffer
	line := 0
	emit := func(format string, args ...any) {
		fmt.Fprintf(&b, format+"\n", args...)
		line++
		switch {
		case line%997 == 0: // a repeat of a record far back
			fmt.Fprintf(&b, `{"kind":"pair","id":"p%d","judge":"j","p_a":{"x0":0.5}}`+"\n", line/3%1000)
			line++
		case line%1499 == 0: // a repeat of the line before
			b.Write(bytes.Clone(b.Bytes()[bytes.LastIndexByte(b.Bytes()[:b.Len()-1], '\n')+1:]))
			line++
		case line%2003 == 0:
			b.WriteString("{not json\n")
			line++
		}
	}
	for i := range 6000 {
		emit(`{"kind":"pair","id":"p%d","judge":"j","p_a":{"x0":0.%03d,"x1":0.5},"prompt":"%0100d","truth":{"p1":0.%d}}`, i, i%1000, i, i)
	}
	for i := range 6000 {
		emit(`{"kind":"score","id":"s%d","judge":"j","criterion":"c","judge_score":%d,"human_score":3,"ls":-1.5,"output":"%0200d"}`, i, i%5, i)
	}
	for i := range 30000 {
		emit(`{"kind":"verdict","id":"v%d","judge":"j","verdict":%v,"truth":{"z":%d}}`, i, i%2 == 0, i%2)
	}
	return b.Bytes()
}

// plainReader hides every method of a reader but Read, so the loader
// cannot sample it.
type plainReader struct{ io.Reader }

// TestStoreEstimates reads one log with store estimates that are exact,
// too small, too large, missing for some kinds or absent: the records,
// counts and errors must not depend on them.
func TestStoreEstimates(t *testing.T) {
	data := storeTestLog()
	read := func(est *kindCounts, skip bool) (*Log, error) {
		ld := newLoader(ReadOptions{SkipBad: skip, MaxReasons: 1000})
		if est != nil {
			ld.reserve(*est)
		}
		if err := ld.read(plainReader{bytes.NewReader(data)}, "f"); err != nil {
			return nil, err
		}
		return ld.finish(), nil
	}
	want, err := read(nil, true)
	if err != nil {
		t.Fatal(err)
	}
	exact := kindCounts{len(want.Pairs), len(want.Scores), len(want.Verdicts)}
	if want.Skipped < 30 || exact[0] < 5000 || exact[1] < 5000 || exact[2] < 20000 {
		t.Fatalf("test log: %d skipped, %v records", want.Skipped, exact)
	}
	_, wantErr := read(nil, false)
	if wantErr == nil {
		t.Fatal("no error without SkipBad")
	}
	sampled, ok := sampleKinds(bytes.NewReader(data), 0, int64(len(data)))
	if !ok {
		t.Fatal("the log could not be sampled")
	}
	for _, est := range []kindCounts{
		exact, sampled, {1, 1, 1}, {exact[0] / 2, exact[1] / 3, exact[2] - 1},
		{3 * exact[0], 2 * exact[1], exact[2] + 5000}, {exact[0], 0, 0}, {0, 0, exact[2]},
	} {
		got, err := read(&est, true)
		if err != nil {
			t.Fatalf("estimate %v: %v", est, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("estimate %v: the log differs (%d/%d/%d records, %d skipped)", est,
				len(got.Pairs), len(got.Scores), len(got.Verdicts), got.Skipped)
		}
		if _, err := read(&est, false); err == nil || err.Error() != wantErr.Error() {
			t.Errorf("estimate %v: error %v, want %v", est, err, wantErr)
		}
	}
	// Read samples a bytes.Reader and must give the same log.
	got, err := Read(bytes.NewReader(data), "f", ReadOptions{SkipBad: true, MaxReasons: 1000})
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("Read: %v", err)
	}
}

// TestSampleKinds checks the estimate of records per kind on a large and
// a small input, JSON Lines and a JSON array, and that gzip input is not
// sampled.
func TestSampleKinds(t *testing.T) {
	data := storeTestLog() // > sampleWindows × sampleWindow: windows
	var lines int
	for _, ln := range bytes.Split(data, []byte("\n")) {
		if bytes.HasPrefix(ln, []byte(`{"kind"`)) {
			lines++
		}
	}
	k, ok := sampleKinds(bytes.NewReader(data), 0, int64(len(data)))
	if !ok {
		t.Fatal("not sampled")
	}
	// 6,000 + 6,000 + 30,000 records and ~70 repeats; the windows give the
	// counts within the margin.
	for i, want := range []int{6000, 6000, 30000} {
		if d := float64(k[i]-want) / float64(want); d < -sampleMargin || d > sampleMargin+0.01 {
			t.Errorf("kind %d: estimate %d, want ≈ %d", i, k[i], want)
		}
	}
	small := []byte("[\n {\"kind\" : \"pair\"},\n {\"kind\":\"verdict\", \"x\": {\"kind\": \"other\"}},\n {\"kind\":\"verdict\"}\n]")
	if k, ok := sampleKinds(bytes.NewReader(small), 0, int64(len(small))); !ok || k != (kindCounts{1, 0, 2}) {
		t.Errorf("small array: %v %v", k, ok)
	}
	if _, ok := sampleKinds(bytes.NewReader([]byte("\x1f\x8b\x08rest")), 0, 7); ok {
		t.Error("gzip sampled")
	}
	if _, ok := sampleKinds(bytes.NewReader([]byte(`{"id":1}`)), 0, 8); ok {
		t.Error("no kinds, but sampled")
	}
	// sampleReader starts at the reader's position.
	r := bytes.NewReader(append([]byte(`{"kind":"pair"}`+"\n"), small...))
	if _, err := r.Seek(16, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	if k, ok := sampleReader(r); !ok || k != (kindCounts{1, 0, 2}) {
		t.Errorf("sampleReader after the first line: %v %v", k, ok)
	}
	if _, ok := sampleReader(plainReader{r}); ok {
		t.Error("a plain reader was sampled")
	}
}
