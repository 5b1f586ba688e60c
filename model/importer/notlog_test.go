package importer

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/internal/shellarg"
	"github.com/plumb-eval/plumb/model"
)

// gz returns b gzip-compressed.
func gz(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	w.Write(b)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestNotALog: a file that is plainly no log is named for what it looks
// like; a PNG, a Markdown file or a binary got the CSV hint ("is not
// JSON; for a CSV or TSV file give a column mapping").
func TestNotALog(t *testing.T) {
	var tarBuf bytes.Buffer
	tw := tar.NewWriter(&tarBuf)
	tw.WriteHeader(&tar.Header{Name: "runs.jsonl", Mode: 0o644, Size: 2})
	tw.Write([]byte("{}"))
	tw.Close()
	noise := make([]byte, 4096)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range noise {
		noise[i] = byte(r.UintN(256))
	}
	md := []byte("# Judge notes\n\nThe *first* run.\n\n| a | b |\n|---|---|\n")
	for _, c := range []struct {
		name    string
		content []byte
		want    string
	}{
		{"plot.png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00"), "a PNG image"},
		{"photo.jpg", []byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00"), "a JPEG image"},
		{"paper.pdf", []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n"), "a PDF document"},
		{"logs.zip", []byte("PK\x03\x04\x14\x00\x00\x00\x08\x00"), "a zip archive): unpack it and give plumb the log inside"},
		{"logs.tar", tarBuf.Bytes(), "a tar archive"},
		{"notes.md", md, "a Markdown document"},
		{"notes.md.gz", gz(t, md), "a Markdown document"}, // gzip is read through
		{"twice.jsonl.gz", gz(t, gz(t, []byte(`{"kind":"pair"}`))), "gzip data compressed twice"},
		{"README", []byte("---\ntitle: x\n---\nbody\n"), "a Markdown document"},
		{"page.html", []byte("\n<!DOCTYPE html>\n<html><body>log</body></html>\n"), "an HTML page"},
		{"data.parquet", []byte("PAR1\x15\x04\x15\x00"), "a Parquet file"},
		{"excel.csv", []byte("\xff\xfei\x00d\x00,\x00j\x00"), "UTF-16 text): save it as UTF-8"},
		{"noise.bin", noise, "binary data"},
		{"a.out", []byte("\x7fELF\x02\x01\x01\x00"), "an executable (ELF)"},
	} {
		path := writeFile(t, c.name, string(c.content))
		_, err := Load([]string{path}, "", model.ReadOptions{}, Options{})
		want := path + ": not a judgment log (it looks like " + c.want
		if err == nil || !strings.HasPrefix(err.Error(), want) || !errors.Is(err, model.ErrBadInput) {
			t.Errorf("%s: %v\nwant %s…", c.name, err, want)
		}
		if _, err := Load([]string{path}, "columns", model.ReadOptions{}, Options{Map: []string{"judge-columns=a"}}); err == nil ||
			!strings.Contains(err.Error(), "not a judgment log (it looks like") {
			t.Errorf("%s with --from columns: %v", c.name, err)
		}
	}
}

// TestNotBinary: text that is not a log stays a table or text — a
// Latin-1 cell, escape sequences in names — and is read (or refused) by
// the reader, with its line; a log starting with blank lines is a log.
func TestNotBinary(t *testing.T) {
	for _, s := range []string{"id,j\nq1,caf\xe9\n", "id,j\x1b[31m\nq1,true\n", "\n\n\n{\"kind\":\"pair\"}\n", "a,b\n1,2\n"} {
		if what, _, ok := model.ContentKind([]byte(s)); ok {
			t.Errorf("%q: %s", s, what)
		}
	}
}

// suggested returns the flags a table error suggests (nil when none).
func suggested(t *testing.T, msg string) []string {
	t.Helper()
	_, rest, ok := strings.Cut(msg, "read it with ")
	if !ok {
		return nil
	}
	line, _, _ := strings.Cut(rest, " (docs/importing.md)")
	args, err := shellarg.Split(line)
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	return args
}

// TestTableSuggestsMap: a table given without --map gets its columns and
// a --map line; that line, split as a shell reads it, loads the file.
func TestTableSuggestsMap(t *testing.T) {
	for _, c := range []struct {
		name, content, flags string
		verdicts             int
	}{
		{"wide.csv", "id,gpt4,claude,human\nq1,true,false,true\nq2,1,0,0\nq3,yes,no,\n",
			"--from columns --map id=id --map judge-columns=gpt4,claude --map human=human", 6},
		{"long.tsv", "item_id\tjudge\tverdict\thuman_label\nq1\tgpt4\ttrue\tfalse\nq1\tclaude\tfalse\tfalse\nq2\tgpt4\tTrue\ttrue\n",
			"--from columns --map id=item_id --map judge=judge --map verdict=verdict --map human=human_label", 3},
		{"spaces.csv", "\xef\xbb\xbf\r\n\"Item ID\",\"GPT 4\",\"it's right\",Human Label\r\na,1,0,1\r\nb,0,0,1\r\n",
			`--from columns --map 'id=Item ID' --map 'judge-columns=GPT 4,it'\''s right' --map 'human=Human Label'`, 4},
		// An id that repeats for a judge is not the id (each row is an item then).
		{"repeat.csv", "id,model,ok\nq1,m,true\nq1,m,false\n", "--from columns --map judge=model --map verdict=ok", 2},
		{"testdata", "", "--from columns --map id=id --map judge-columns=gpt4_correct,llama_correct --map human=human_correct", 0},
	} {
		path := "testdata/columns/verdicts.csv"
		if c.content != "" {
			path = writeFile(t, c.name, c.content)
		}
		_, err := Load([]string{path}, "", model.ReadOptions{}, Options{})
		if err == nil || !errors.Is(err, model.ErrBadInput) || !strings.HasPrefix(err.Error(), path+":") {
			t.Fatalf("%s: %v", c.name, err)
		}
		flags := suggested(t, err.Error())
		if got := shellJoin(flags); got != c.flags {
			t.Errorf("%s: %s\nsuggests %s\nwant     %s", c.name, err, got, c.flags)
		}
		if len(flags) < 2 || flags[0] != "--from" {
			continue
		}
		lg, err := Load([]string{path}, flags[1], model.ReadOptions{}, Options{Map: mapArgs(flags)})
		if err != nil {
			t.Errorf("%s: the suggested line does not load it: %v", c.name, err)
			continue
		}
		if c.verdicts > 0 && len(lg.Verdicts) != c.verdicts {
			t.Errorf("%s: %d verdicts, want %d", c.name, len(lg.Verdicts), c.verdicts)
		}
	}
}

// shellJoin quotes args as the error prints them.
func shellJoin(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = shellarg.Quote(a)
	}
	return strings.Join(q, " ")
}

// TestTableWithoutVerdicts: a table none of whose columns plumb can place
// lists them (quoted as a shell would need) and says what a mapping needs;
// a text of one column is no table.
func TestTableWithoutVerdicts(t *testing.T) {
	path := writeFile(t, "scores.csv", "\n\nprompt,score a,score\x1b[2Jb\nhi,0.3,0.9\n")
	_, err := Load([]string{path}, "", model.ReadOptions{}, Options{})
	want := path + `:3: a table whose columns plumb cannot place by itself (it has: prompt, 'score a', $'score\x1b[2Jb'); none holds true/false verdicts`
	if err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "--from columns --map id=COL --map judge-columns=A,B") {
		t.Errorf("got  %v\nwant %s…", err, want)
	}
	path = writeFile(t, "hello.txt", "hello world\n")
	if _, err := Load([]string{path}, "", model.ReadOptions{}, Options{}); err == nil || !strings.Contains(err.Error(), "hello.txt:1: not a judgment log: neither JSON nor a table") {
		t.Errorf("plain text: %v", err)
	}
}

// TestFlatJSONSuggestsMap: flat JSON records of no known format are rows;
// the unknown-format error gives the flags that read them (nested fields
// are left out), and those flags load the file. A lone 1 is no verdict.
func TestFlatJSONSuggestsMap(t *testing.T) {
	for _, c := range []struct{ name, content, flags string }{
		{"flat.jsonl", `{"id":"q1","gpt4":true,"meta":{"t":1},"claude":"no","human":1}` + "\n" +
			`{"id":"q2","gpt4":false,"meta":{"t":2},"claude":"yes","human":null}` + "\n",
			"--from columns --map id=id --map judge-columns=gpt4,claude --map human=human"},
		{"array.json", `[{"item_id":7,"judge":"a","verdict":true},{"item_id":7,"judge":"b","verdict":false}]`,
			"--from columns --map id=item_id --map judge=judge --map verdict=verdict"},
		{"odd.jsonl", `{"who": 1, "what": 2}`, ""},
	} {
		path := writeFile(t, c.name, c.content)
		_, err := Load([]string{path}, "", model.ReadOptions{}, Options{})
		if err == nil || !errors.Is(err, model.ErrBadInput) || !strings.Contains(err.Error(), "unknown judge-log format") {
			t.Fatalf("%s: %v", c.name, err)
		}
		_, rest, _ := strings.Cut(err.Error(), "read its records as rows with ")
		line, _, _ := strings.Cut(rest, " (docs/importing.md)")
		if line != c.flags {
			t.Errorf("%s: %v\nsuggests %q, want %q", c.name, err, line, c.flags)
		}
		if c.flags == "" {
			continue
		}
		args, _ := shellarg.Split(line)
		if lg, err := Load([]string{path}, args[1], model.ReadOptions{}, Options{Map: mapArgs(args)}); err != nil || len(lg.Verdicts) == 0 {
			t.Errorf("%s: the suggested line does not load it: %v", c.name, err)
		}
	}
}

// FuzzSuggestMap: a table's sample of any bytes never panics the
// suggestion, and a suggested line always parses as a mapping.
func FuzzSuggestMap(f *testing.F) {
	f.Add([]byte("id,gpt4,claude,human\nq1,true,false,true\nq2,1,0,0\n"))
	f.Add([]byte("item_id\tjudge\tverdict\nq1\tgpt4\ttrue\nq1\tclaude\tno\n"))
	f.Add([]byte("\"a,b\",c\n\"1\",\"\"\"\"\n"))
	f.Fuzz(func(t *testing.T, sample []byte) {
		err := tableError("f.csv", sample, 1)
		var te *TableError
		if errors.As(err, &te) && te.Flags != nil {
			if _, perr := ParseMapping(mapArgs(te.Flags)); perr != nil {
				t.Fatalf("%v: %v", te.Flags, perr)
			}
		}
	})
}
