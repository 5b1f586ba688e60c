package model

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

func readString(s string, opt ReadOptions) (*Log, error) {
	return Read(strings.NewReader(s), "t.jsonl", opt)
}

func pairLine(id string, s float64) string {
	return fmt.Sprintf(`{"kind":"pair","id":%q,"judge":"j","p_a":{"x0":%v}}`, id, s)
}

func ids(l *Log) []string {
	var out []string
	for _, p := range l.Pairs {
		out = append(out, p.ID)
	}
	return out
}

func lines(l *Log) []int {
	var out []int
	for _, p := range l.Pairs {
		out = append(out, p.Pos.Line)
	}
	return out
}

// TestReadLayout: BOM, CRLF, blank lines, surrounding space and a last line
// without newline are all accepted, and line numbers count every line.
func TestReadLayout(t *testing.T) {
	in := "\uFEFF" + pairLine("a", 0.1) + "\r\n" +
		"\r\n" +
		"   \t\n" +
		"  " + pairLine("b", 0.2) + "  \r\n" +
		"\n" +
		pairLine("c", 0.3) // no final newline
	l, err := readString(in, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(l); !reflect.DeepEqual(got, []string{"a", "b", "c"}) {
		t.Errorf("ids %v", got)
	}
	if got := lines(l); !reflect.DeepEqual(got, []int{1, 4, 6}) {
		t.Errorf("lines %v", got)
	}
	if l.Pairs[0].Pos.File != "t.jsonl" {
		t.Errorf("file %q", l.Pairs[0].Pos.File)
	}
	want := []FileInfo{{Name: "t.jsonl", Pairs: 3}}
	if !reflect.DeepEqual(l.Files, want) {
		t.Errorf("files %+v", l.Files)
	}
}

// TestReadEmpty: empty and blank files, and an empty array, give no records.
func TestReadEmpty(t *testing.T) {
	for _, in := range []string{"", "\n\n", "\uFEFF", " \r\n\t", "[]", " [\n ]\n", "\uFEFF[]"} {
		l, err := readString(in, ReadOptions{})
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if len(l.Pairs)+len(l.Scores)+len(l.Verdicts) != 0 || len(l.Files) != 1 {
			t.Errorf("%q: %+v", in, l)
		}
	}
}

// TestReadMixed: one file may mix kinds and judges; records keep file
// order within each kind and the per-file counts add up.
func TestReadMixed(t *testing.T) {
	in := strings.Join([]string{
		pairLine("p1", 0.4),
		`{"kind":"verdict","id":"v1","judge":"j","verdict":true}`,
		`{"kind":"score","id":"s1","judge":"j","criterion":"c","judge_score":1,"human_score":2}`,
		`{"kind":"pair","id":"p1","judge":"k","p_a":{"x0":0.5}}`,   // same id, other judge
		`{"kind":"verdict","id":"p1","judge":"j","verdict":false}`, // same id and judge, other kind
		`{"kind":"score","id":"s1","judge":"j","criterion":"d","judge_score":1,"human_score":2}`,
	}, "\n")
	l, err := readString(in, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Pairs) != 2 || len(l.Verdicts) != 2 || len(l.Scores) != 2 {
		t.Fatalf("%d pairs, %d verdicts, %d scores", len(l.Pairs), len(l.Verdicts), len(l.Scores))
	}
	if l.Pairs[1].Judge != "k" || l.Verdicts[1].ID != "p1" || l.Scores[1].Criterion != "d" || l.Scores[1].Pos.Line != 6 {
		t.Errorf("unexpected records %+v", l)
	}
	if want := (FileInfo{Name: "t.jsonl", Pairs: 2, Scores: 2, Verdicts: 2}); l.Files[0] != want {
		t.Errorf("file info %+v", l.Files[0])
	}
}

// TestReadLongLine: a 5 MB line (longer than the reader's buffer) is read
// whole, and the lines after it keep their numbers.
func TestReadLongLine(t *testing.T) {
	long := strings.Repeat("x", 5<<20)
	in := pairLine("a", 0.1) + "\n" +
		`{"kind":"pair","id":"b","judge":"j","p_a":{"x0":0.2},"prompt":"` + long + `"}` + "\n" +
		pairLine("c", 0.3) + "\n"
	l, err := readString(in, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Pairs) != 3 || l.Pairs[1].Prompt != long || l.Pairs[2].Pos.Line != 3 {
		t.Errorf("got %d pairs, prompt length %d, lines %v", len(l.Pairs), len(l.Pairs[1].Prompt), lines(l))
	}
	// The same in a JSON array, one element per line.
	arr := "[\n" + strings.ReplaceAll(strings.TrimSpace(in), "\n", ",\n") + "\n]"
	l, err = readString(arr, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Pairs) != 3 || l.Pairs[1].Prompt != long || !reflect.DeepEqual(lines(l), []int{2, 3, 4}) {
		t.Errorf("array: got %d pairs, lines %v", len(l.Pairs), lines(l))
	}
}

// bigLog returns n pair lines (several reader batches when n is large),
// with blank and CRLF lines mixed in, and the line number of each record.
func bigLog(n int) (string, []int) {
	var b strings.Builder
	line := 0
	var at []int
	for i := range n {
		if i%97 == 0 {
			b.WriteString("\n")
			line++
		}
		sep := "\n"
		if i%5 == 0 {
			sep = "\r\n"
		}
		fmt.Fprintf(&b, `{"kind":"pair","id":"q%d","judge":"judge-%d","p_a":{"x0":%v,"x1":0.5},"prompt":"%s"}%s`,
			i, i%3, float64(i%1000)/1000, strings.Repeat("p", i%300), sep)
		line++
		at = append(at, line)
	}
	return b.String(), at
}

// TestReadManyBatches: a log of several batches is reassembled in order,
// with the right line numbers, as JSON Lines and as a JSON array.
func TestReadManyBatches(t *testing.T) {
	n := 30000
	if testing.Short() {
		n = 8000
	}
	in, at := bigLog(n)
	if len(in) < 3*batchSize && !testing.Short() {
		t.Fatalf("log of %d bytes is not several batches", len(in))
	}
	l, err := readString(in, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Pairs) != n {
		t.Fatalf("%d pairs, want %d", len(l.Pairs), n)
	}
	for i, p := range l.Pairs {
		if p.ID != fmt.Sprintf("q%d", i) || p.Pos.Line != at[i] || p.S[X0] != float64(i%1000)/1000 {
			t.Fatalf("record %d: %s at %v, s %v", i, p.ID, p.Pos, p.S[X0])
		}
	}

	// As an array: elements cross buffer boundaries.
	recs := strings.Fields(strings.ReplaceAll(in, "\r", ""))
	arr := "[" + strings.Join(recs, ",\n ") + "]"
	l, err = readString(arr, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Pairs) != n {
		t.Fatalf("array: %d pairs, want %d", len(l.Pairs), n)
	}
	for i, p := range l.Pairs {
		if p.ID != fmt.Sprintf("q%d", i) || p.Pos.Line != i+1 {
			t.Fatalf("array record %d: %s at %v", i, p.ID, p.Pos)
		}
	}
}

// TestReadEarliestError: with bad lines in several batches, the error is
// always the earliest one, whichever worker finishes first; duplicates
// (found by the collector) and parse errors (found by workers) interleave.
func TestReadEarliestError(t *testing.T) {
	in, at := bigLog(20000)
	recs := strings.Split(in, "\n")
	n := len(recs)
	recs[n-10] = pairLine("late", 7)
	recs[n/2] = "{oops"
	wantOops := fmt.Sprintf(`t.jsonl:%d: invalid JSON at column 2: unexpected 'o'; expected a field name in double quotes`, n/2+1)
	for range 3 {
		if _, err := readString(strings.Join(recs, "\n"), ReadOptions{}); err == nil || err.Error() != wantOops {
			t.Fatalf("got  %v\nwant %s", err, wantOops)
		}
	}
	recs[n/3] = `{"kind":"pair","id":"q3","judge":"judge-0","p_a":{"x0":0.5}}`
	wantDup := fmt.Sprintf(`t.jsonl:%d: duplicate pair record (judge "judge-0", id "q3"): first seen at t.jsonl:%d`, n/3+1, at[3])
	for range 3 {
		if _, err := readString(strings.Join(recs, "\n"), ReadOptions{}); err == nil || err.Error() != wantDup {
			t.Fatalf("got  %v\nwant %s", err, wantDup)
		}
	}
}

// TestSkipBad: under SkipBad every bad line is counted, per file and in
// total, and the first MaxReasons reasons are kept.
func TestSkipBad(t *testing.T) {
	in := strings.Join([]string{
		pairLine("a", 0.1),
		pairLine("b", 1.5),
		"not json",
		pairLine("c", 0.2),
		pairLine("a", 0.3),
		`{"kind":"verdict","id":"v","judge":"j","verdict":true}`,
		`{"kind":"vote"}`,
	}, "\n")
	wantReasons := []string{
		"t.jsonl:2: p_a.x0 = 1.5 is not a probability in [0, 1]",
		`t.jsonl:3: invalid JSON at column 1: unexpected "not"; expected a value`,
		`t.jsonl:5: duplicate pair record (judge "j", id "a"): first seen at t.jsonl:1`,
		`t.jsonl:7: kind = "vote" is not a record kind (expected "pair", "score", "verdict" or "probe")`,
	}
	for _, tc := range []struct {
		max  int
		want []string
	}{{0, wantReasons}, {2, wantReasons[:2]}, {-1, nil}} {
		l, err := readString(in, ReadOptions{SkipBad: true, MaxReasons: tc.max})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(ids(l), []string{"a", "c"}) || len(l.Verdicts) != 1 {
			t.Errorf("kept %v and %d verdicts", ids(l), len(l.Verdicts))
		}
		if l.Skipped != 4 || l.Files[0].Skipped != 4 || l.Files[0].Pairs != 2 || l.Files[0].Verdicts != 1 {
			t.Errorf("skipped %d, files %+v", l.Skipped, l.Files)
		}
		if !reflect.DeepEqual(l.SkipReasons, tc.want) {
			t.Errorf("MaxReasons %d: reasons\n%q\nwant\n%q", tc.max, l.SkipReasons, tc.want)
		}
	}
	// Without SkipBad, the first bad line stops the load.
	if _, err := readString(in, ReadOptions{}); err == nil || err.Error() != wantReasons[0] {
		t.Errorf("got %v", err)
	}
}

// TestSkipBadManyBatches: every skipped line is counted, across batches.
func TestSkipBadManyBatches(t *testing.T) {
	in, _ := bigLog(20000)
	recs := strings.Split(in, "\n")
	nbad := 0
	for i := 3; i < len(recs); i += 101 {
		recs[i] = `{"kind":"pair","id":"x","judge":"j","p_a":{"x0":2}}`
		nbad++
	}
	l, err := readString(strings.Join(recs, "\n"), ReadOptions{SkipBad: true})
	if err != nil {
		t.Fatal(err)
	}
	if l.Skipped != nbad || len(l.SkipReasons) != 5 {
		t.Errorf("skipped %d, want %d; %d reasons", l.Skipped, nbad, len(l.SkipReasons))
	}
	if !strings.HasPrefix(l.SkipReasons[0], "t.jsonl:4: ") {
		t.Errorf("first reason %q", l.SkipReasons[0])
	}
}

func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestReadFilesDuplicates: a record repeated in a later file is an error
// naming the first occurrence; under SkipBad it is counted for that file.
func TestReadFilesDuplicates(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.jsonl", []byte(pairLine("q1", 0.1)+"\n"+pairLine("q2", 0.2)+"\n"))
	b := writeFile(t, dir, "b.jsonl", []byte(pairLine("q3", 0.3)+"\n"+pairLine("q2", 0.4)+"\n"))
	_, err := ReadFiles([]string{a, b}, ReadOptions{})
	want := b + `:2: duplicate pair record (judge "j", id "q2"): first seen at ` + a + ":2"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
	l, err := ReadFiles([]string{a, b}, ReadOptions{SkipBad: true})
	if err != nil {
		t.Fatal(err)
	}
	wantFiles := []FileInfo{{Name: a, Pairs: 2}, {Name: b, Pairs: 1, Skipped: 1}}
	if !reflect.DeepEqual(l.Files, wantFiles) || l.Skipped != 1 || !reflect.DeepEqual(l.SkipReasons, []string{want}) {
		t.Errorf("files %+v, skipped %d, reasons %q", l.Files, l.Skipped, l.SkipReasons)
	}
	if !reflect.DeepEqual(ids(l), []string{"q1", "q2", "q3"}) || l.Pairs[2].Pos != (Pos{b, 1}) {
		t.Errorf("ids %v, %v", ids(l), l.Pairs[2].Pos)
	}
}

// TestReadFilesErrors: files that cannot be opened are input errors.
func TestReadFilesErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nope.jsonl")
	_, err := ReadFiles([]string{missing}, ReadOptions{SkipBad: true})
	if err == nil || err.Error() != missing+": cannot open: no such file or directory" || !errors.Is(err, ErrBadInput) {
		t.Errorf("got %v", err)
	}
	_, err = ReadFiles([]string{dir}, ReadOptions{})
	if err == nil || !strings.HasPrefix(err.Error(), dir+": cannot read: ") || !errors.Is(err, ErrBadInput) {
		t.Errorf("directory: got %v", err)
	}
	if l, err := ReadFiles(nil, ReadOptions{}); err != nil || len(l.Files) != 0 {
		t.Errorf("no files: %v %+v", err, l)
	}
}

func gzipped(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestReadGzip: gzip is detected by magic bytes whatever the file name;
// truncated and corrupt streams are input errors.
func TestReadGzip(t *testing.T) {
	plain, err := os.ReadFile(filepath.Join("testdata", "roundtrip.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	want := mustReadFile(t, filepath.Join("testdata", "roundtrip.jsonl"))
	dir := t.TempDir()
	z := gzipped(t, plain)
	path := writeFile(t, dir, "log.jsonl", z) // no .gz suffix
	got := mustReadFile(t, path)
	if !reflect.DeepEqual(withoutPos(got), withoutPos(want)) || got.Pairs[1].Pos != (Pos{path, 2}) {
		t.Errorf("gzip read differs")
	}
	// A plain file named .gz is read as plain text.
	if l := mustReadFile(t, writeFile(t, dir, "plain.jsonl.gz", plain)); len(l.Pairs) != 4 {
		t.Errorf("plain .gz: %d pairs", len(l.Pairs))
	}
	// A gzipped JSON array.
	arr, err := os.ReadFile(filepath.Join("testdata", "roundtrip_array.json"))
	if err != nil {
		t.Fatal(err)
	}
	if l, err := Read(bytes.NewReader(gzipped(t, arr)), "a.json.gz", ReadOptions{}); err != nil || len(l.Pairs) != 4 || l.Pairs[3].Pos.Line != 14 {
		t.Errorf("gzip array: %v", err)
	}
	_, err = Read(bytes.NewReader(z[:len(z)/2]), "cut.gz", ReadOptions{})
	if err == nil || err.Error() != "cut.gz: cannot read: unexpected EOF (the file is truncated)" || !errors.Is(err, ErrBadInput) {
		t.Errorf("truncated: %v", err)
	}
	bad := append([]byte{}, z...)
	bad[len(bad)-5] ^= 0xff // the CRC-32
	if _, err := Read(bytes.NewReader(bad), "crc.gz", ReadOptions{}); err == nil || err.Error() != "crc.gz: cannot read: gzip: invalid checksum" {
		t.Errorf("corrupt: %v", err)
	}
	if _, err := Read(bytes.NewReader([]byte{0x1f, 0x8b, 1}), "hdr.gz", ReadOptions{}); err == nil || !errors.Is(err, ErrBadInput) {
		t.Errorf("bad header: %v", err)
	}
}

// TestReadArrayErrors: errors inside an element name the line the element
// starts on; broken arrays stop the load even under SkipBad.
func TestReadArrayErrors(t *testing.T) {
	elem := `{"kind":"pair","id":"%s","judge":"j","p_a":{"x0":0.5}}`
	for _, tc := range []struct {
		name, in, want string
	}{
		{"bad value in a multi-line element",
			"[\n  " + fmt.Sprintf(elem, "a") + ",\n  {\n    \"kind\": \"pair\", \"id\": \"b\", \"judge\": \"j\",\n    \"p_a\": {\"x0\": 1.5}\n  }\n]\n",
			"t.jsonl:3: p_a.x0 = 1.5 is not a probability in [0, 1]"},
		{"syntax error inside an element",
			"[\n  {\n    \"kind\": \"pair\", \"id\": \"b\", \"judge\": \"j\",\n    \"p_a\": {\"x0\": NaN}\n  }\n]\n",
			"t.jsonl:2: invalid JSON at line 4, column 19 (in p_a.x0): NaN is not a JSON number (JSON has no NaN or Infinity)"},
		{"syntax error on the element's first line",
			"[" + fmt.Sprintf(elem, "a") + ", {\"kind\" \"pair\"}]",
			"t.jsonl:1: invalid JSON at line 1, column 65: unexpected '\"'; expected ':' after a field name"},
		{"missing comma between elements",
			"[\n" + fmt.Sprintf(elem, "a") + "\n" + fmt.Sprintf(elem, "b") + "\n]",
			"t.jsonl:3: invalid JSON at column 1: unexpected '{'; expected ',' or ']' after an array element"},
		{"trailing comma",
			"[" + fmt.Sprintf(elem, "a") + ",\n]",
			"t.jsonl:2: invalid JSON at column 1: unexpected ']'; expected an array element"},
		{"not closed",
			"[" + fmt.Sprintf(elem, "a") + ",\n",
			"t.jsonl:2: invalid JSON at column 1: unexpected end of file; expected ']' to close the array"},
		{"element not closed",
			"[\n" + fmt.Sprintf(elem, "a") + ",\n" + `{"kind":"pair"` + "\n",
			"t.jsonl:3: invalid JSON at line 4, column 1: unexpected end of element; expected ',' or '}'"},
		{"data after the array",
			"[" + fmt.Sprintf(elem, "a") + "]\n" + fmt.Sprintf(elem, "b"),
			"t.jsonl:2: invalid JSON at column 1: unexpected '{' after the array's closing ']'"},
		{"nested array element",
			"[[" + fmt.Sprintf(elem, "a") + "]]",
			"t.jsonl:1: a record must be a JSON object, found an array"},
		{"scalar element",
			"[" + fmt.Sprintf(elem, "a") + ", 17]",
			"t.jsonl:1: a record must be a JSON object, found a number"},
		{"duplicate in an array",
			"[\n" + fmt.Sprintf(elem, "a") + ",\n\n" + fmt.Sprintf(elem, "a") + "]",
			`t.jsonl:4: duplicate pair record (judge "j", id "a"): first seen at t.jsonl:2`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := readString(tc.in, ReadOptions{})
			if err == nil || err.Error() != tc.want {
				t.Errorf("got  %v\nwant %s", err, tc.want)
			}
		})
	}

	// Strings with brackets, braces and escaped quotes do not confuse the
	// element finder.
	tricky := `[{"kind":"pair","id":"]\"},{[","judge":"j","p_a":{"x0":0.5},"note":"\\"}, ` + fmt.Sprintf(elem, "b") + `]`
	l, err := readString(tricky, ReadOptions{})
	if err != nil || !reflect.DeepEqual(ids(l), []string{`]"},{[`, "b"}) {
		t.Errorf("tricky strings: %v %v", err, ids(l))
	}

	// SkipBad skips bad elements but not a broken array.
	in := "[\n" + fmt.Sprintf(elem, "a") + ",\n" + `{"kind":"pair","id":"b","judge":"j","p_a":{"x0":9}}` + ",\n" + fmt.Sprintf(elem, "c") + "\n"
	l, err = readString(in, ReadOptions{SkipBad: true})
	if err == nil || err.Error() != "t.jsonl:5: invalid JSON at column 1: unexpected end of file; expected ']' to close the array" || l != nil {
		t.Errorf("broken array under SkipBad: %v", err)
	}
	l, err = readString(in+"]", ReadOptions{SkipBad: true})
	if err != nil || !reflect.DeepEqual(ids(l), []string{"a", "c"}) || l.Skipped != 1 {
		t.Errorf("SkipBad array: %v %+v", err, l)
	}
}

// TestParseLine: the exported line parser gives the record and position.
func TestParseLine(t *testing.T) {
	pos := Pos{File: "x.jsonl", Line: 12}
	rec, err := ParseLine([]byte(`{"kind":"verdict","id":"v","judge":"j","verdict":true,"human":false}`), pos)
	if err != nil || rec.Kind != KindVerdict || rec.Verdict == nil || rec.Pair != nil || rec.Score != nil {
		t.Fatalf("%+v %v", rec, err)
	}
	if v := rec.Verdict; v.Pos != pos || !v.Verdict || v.Human == nil || *v.Human {
		t.Errorf("%+v", v)
	}
	rec, err = ParseLine([]byte(" \r"), pos)
	if err != nil || rec != (Record{}) {
		t.Errorf("blank line: %+v %v", rec, err)
	}
	_, err = ParseLine([]byte(pairLine("a", 2)), pos)
	var le *LineError
	if !errors.As(err, &le) || *le != (LineError{File: "x.jsonl", Line: 12, Field: "p_a.x0", Msg: "= 2 is not a probability in [0, 1]"}) {
		t.Errorf("%#v", err)
	}
}

// TestInvalidUTF8: text that is not UTF-8 is rejected with its column.
func TestInvalidUTF8(t *testing.T) {
	_, err := readString("{\"kind\":\"pair\",\"id\":\"q\xff\"}", ReadOptions{})
	if err == nil || err.Error() != "t.jsonl:1: invalid JSON at column 23: invalid UTF-8" {
		t.Errorf("got %v", err)
	}
}

// TestLineErrorFormat covers the parts of LineError.Error.
func TestLineErrorFormat(t *testing.T) {
	for _, tc := range []struct {
		e    LineError
		want string
	}{
		{LineError{"runs.jsonl", 1207, "p_a.x1", "= 1.7 is not a probability in [0, 1]"}, "runs.jsonl:1207: p_a.x1 = 1.7 is not a probability in [0, 1]"},
		{LineError{"runs.jsonl", 3, "", "invalid JSON"}, "runs.jsonl:3: invalid JSON"},
		{LineError{"runs.jsonl", 0, "", "cannot open: x"}, "runs.jsonl: cannot open: x"},
		{LineError{"", 0, "id", "is empty"}, "id is empty"},
	} {
		if got := tc.e.Error(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

// TestErrorValueShortened: long values are cut in messages.
func TestErrorValueShortened(t *testing.T) {
	_, err := readString(`{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"gold":"`+strings.Repeat("é", 40)+`"}`, ReadOptions{})
	want := `t.jsonl:1: gold = "` + strings.Repeat("é", 18) + `... is not 1, 2 or "tie"`
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
}

// onlyReader hides the size of a reader, so the loader cannot estimate it.
type onlyReader struct{ r *strings.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

// TestReadStorePaths: the records are the same whether the loader sizes its
// slices from the input size exactly, underestimates it (big records first),
// overestimates it (small records first), or cannot know it; duplicates are
// found across the preallocated part and the later chunks.
func TestReadStorePaths(t *testing.T) {
	var big, small []string
	for i := range 40 { // ~1.2 MB: more than the first batch
		big = append(big, fmt.Sprintf(`{"kind":"pair","id":"b%d","judge":"j","p_a":{"x0":0.5},"prompt":"%s"}`, i, strings.Repeat("t", 30000)))
	}
	for i := range 30000 { // ~1.7 MB
		small = append(small, pairLine(fmt.Sprintf("s%d", i), 0.25))
	}
	under := strings.Join(append(append([]string{}, big...), small...), "\n")
	over := strings.Join(append(append([]string{}, small...), big...), "\n")
	for name, in := range map[string]string{"underestimate": under, "overestimate": over} {
		t.Run(name, func(t *testing.T) {
			sized, err := readString(in, ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			unsized, err := Read(onlyReader{strings.NewReader(in)}, "t.jsonl", ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(sized.Pairs) != 30040 || !reflect.DeepEqual(sized, unsized) {
				t.Errorf("sized and unsized reads differ (%d and %d pairs)", len(sized.Pairs), len(unsized.Pairs))
			}
			if c := cap(sized.Pairs); c > len(sized.Pairs)*9/8+1024 {
				t.Errorf("capacity %d for %d pairs", c, len(sized.Pairs))
			}
			// A repeat at the end of the first record, and of the last one
			// but one, under SkipBad.
			recs := strings.Split(in, "\n")
			dup := in + "\n" + recs[0] + "\n" + recs[len(recs)-2] + "\n" + pairLine("new", 0.5)
			for _, r := range []io.Reader{strings.NewReader(dup), onlyReader{strings.NewReader(dup)}} {
				l, err := Read(r, "t.jsonl", ReadOptions{SkipBad: true})
				if err != nil {
					t.Fatal(err)
				}
				if l.Skipped != 2 || len(l.Pairs) != 30041 || l.Pairs[30040].ID != "new" {
					t.Errorf("skipped %d of %d", l.Skipped, len(l.Pairs))
				}
				want := fmt.Sprintf("t.jsonl:%d: duplicate pair record", len(recs)+1)
				if !strings.HasPrefix(l.SkipReasons[0], want) || !strings.HasSuffix(l.SkipReasons[1], fmt.Sprintf("first seen at t.jsonl:%d", len(recs)-1)) {
					t.Errorf("reasons %q", l.SkipReasons)
				}
			}
		})
	}
}

// TestSkipText: texts are left out but still checked.
func TestSkipText(t *testing.T) {
	path := filepath.Join("testdata", "roundtrip.jsonl")
	full := mustReadFile(t, path)
	l, err := ReadFiles([]string{path}, ReadOptions{SkipText: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := range full.Pairs {
		full.Pairs[i].Prompt, full.Pairs[i].Response1, full.Pairs[i].Response2 = "", "", ""
		full.Pairs[i].Empty = 0 // which texts were "" goes with the texts
	}
	for i := range full.Scores {
		full.Scores[i].Input, full.Scores[i].Output = "", ""
	}
	if !reflect.DeepEqual(l, full) {
		t.Errorf("SkipText changed more than the texts")
	}
	_, err = readString(`{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"prompt":7}`, ReadOptions{SkipText: true})
	if err == nil || err.Error() != "t.jsonl:1: prompt = 7 is a number, expected a string" {
		t.Errorf("got %v", err)
	}
}

// TestReadIOError: a read error ends the load with the file named, after
// the lines before it were checked.
func TestReadIOError(t *testing.T) {
	in := io.MultiReader(strings.NewReader(pairLine("a", 0.5)+"\n"), iotest.ErrReader(errors.New("device gone")))
	_, err := Read(in, "t.jsonl", ReadOptions{SkipBad: true})
	if err == nil || err.Error() != "t.jsonl: cannot read: device gone" || !errors.Is(err, ErrBadInput) {
		t.Errorf("got %v", err)
	}
	in = io.MultiReader(strings.NewReader(pairLine("a", 5)+"\n"), iotest.ErrReader(errors.New("device gone")))
	if _, err := Read(in, "t.jsonl", ReadOptions{}); err == nil || err.Error() != "t.jsonl:1: p_a.x0 = 5 is not a probability in [0, 1]" {
		t.Errorf("got %v", err)
	}
}

// TestReadStopsWorkers: an early error leaves no goroutine behind.
func TestReadStopsWorkers(t *testing.T) {
	in, _ := bigLog(20000)
	bad := "{oops\n" + in
	before := runtime.NumGoroutine()
	for range 5 {
		if _, err := readString(bad, ReadOptions{}); err == nil {
			t.Fatal("no error")
		}
	}
	for range 100 {
		if runtime.NumGoroutine() <= before {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("%d goroutines before, %d after", before, runtime.NumGoroutine())
}

// TestReadIOErrorArray: the same for a JSON array.
func TestReadIOErrorArray(t *testing.T) {
	in := io.MultiReader(strings.NewReader("[\n"+pairLine("a", 5)+",\n"+pairLine("b", 0.5)), iotest.ErrReader(errors.New("device gone")))
	if _, err := Read(in, "t.json", ReadOptions{}); err == nil || err.Error() != "t.json:2: p_a.x0 = 5 is not a probability in [0, 1]" {
		t.Errorf("got %v", err)
	}
	in = io.MultiReader(strings.NewReader("[\n"+pairLine("a", 0.5)+",\n"+pairLine("b", 0.5)), iotest.ErrReader(errors.New("device gone")))
	if _, err := Read(in, "t.json", ReadOptions{}); err == nil || err.Error() != "t.json: cannot read: device gone" {
		t.Errorf("got %v", err)
	}
}

// TestContentSize: plain files report their size, gzip files the size in
// their trailer.
func TestContentSize(t *testing.T) {
	dir := t.TempDir()
	plain := []byte(strings.Repeat(pairLine("a", 0.5)+"\n", 100))
	if got := contentSize(writeFile(t, dir, "p.jsonl", plain)); got != int64(len(plain)) {
		t.Errorf("plain: %d", got)
	}
	if got := contentSize(writeFile(t, dir, "z.jsonl", gzipped(t, plain))); got != int64(len(plain)) {
		t.Errorf("gzip: %d, want %d", got, len(plain))
	}
	if got := contentSize(filepath.Join(dir, "missing")); got != 0 {
		t.Errorf("missing: %d", got)
	}
}

// TestManyFields: records with very many fields are read (duplicate
// checks use maps, not quadratic scans), and a repeated name among them is
// still found.
func TestManyFields(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"kind":"score","id":"s","judge":"j","criterion":"c","human_score":1,"score_probs":{`)
	for i := range 50000 {
		fmt.Fprintf(&b, `"%d":0.00001,`, i)
	}
	b.WriteString(`"0.5":0.1}`)
	for i := range 50000 {
		fmt.Fprintf(&b, `,"f%d":%d`, i, i)
	}
	line := b.String()
	l, err := readString(line+"}", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Scores[0].ScoreProbs) != 50001 || len(l.Scores[0].Extra) != 50000 {
		t.Errorf("%d ratings, %d extra fields", len(l.Scores[0].ScoreProbs), len(l.Scores[0].Extra))
	}
	if _, err := readString(line+`,"f17":1}`, ReadOptions{}); err == nil || err.Error() != "t.jsonl:1: f17 appears twice" {
		t.Errorf("got %v", err)
	}
	dupRating := strings.Replace(line, `"0.5":0.1`, `"17.0":0.1`, 1) + "}"
	if _, err := readString(dupRating, ReadOptions{}); err == nil || err.Error() != "t.jsonl:1: score_probs.17.0 is the same rating as score_probs.17" {
		t.Errorf("got %v", err)
	}
}
