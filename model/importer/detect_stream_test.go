package importer

import (
	"runtime"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// fastChatRecord is one FastChat pairwise judgment whose g1_user_prompt is
// prompt.
func fastChatRecord(prompt string) string {
	return `{"question_id": 81, "model_1": "vicuna-13b", "model_2": "llama-13b", "g1_user_prompt": "` + prompt +
		`", "g1_winner": "model_1", "g2_winner": "model_2", "judge": ["gpt-4", "pair-v2"], "turn": 1}`
}

// TestDetectPastBlankLines: a file that starts with 4 MiB of blank lines
// (more than detection once read) is still a FastChat log, and its record
// is located on its real line.
func TestDetectPastBlankLines(t *testing.T) {
	const blank = 4<<20 + 10
	content := strings.Repeat("\n", blank) + fastChatRecord("hi") + "\n"
	path := writeFile(t, "late.jsonl", content)
	if f, err := Detect(path); err != nil || f != FormatFastChat {
		t.Fatalf("Detect = %q, %v; want fastchat", f, err)
	}
	lg := load(t, path)
	if len(lg.Pairs) != 1 || lg.Pairs[0].Pos.Line != blank+1 {
		t.Fatalf("pairs %+v, want one on line %d", lg.Pairs, blank+1)
	}
	// A JSON array opened after the blank lines, and spaces instead of newlines.
	arr := writeFile(t, "late.json", strings.Repeat(" \r\n\t", 1<<20)+"[\n"+strings.Repeat(" ", 5<<20)+fastChatRecord("x")+"]")
	if f, err := Detect(arr); err != nil || f != FormatFastChat {
		t.Errorf("array after 9 MiB of space: %q, %v", f, err)
	}
	if _, err := Detect(writeFile(t, "blank.jsonl", strings.Repeat("\n", 5<<20))); err == nil || !strings.Contains(err.Error(), "holds no records") {
		t.Errorf("only blank lines: %v, want holds no records", err)
	}
}

// TestDetectHugeFirstRecord: a first record whose prompt is 5 MB (before
// the fields that name the format, and with escapes and braces inside the
// string) is detected, gzipped or not.
func TestDetectHugeFirstRecord(t *testing.T) {
	prompt := strings.Repeat(`a \"quoted\" {brace} [bracket] \\ `, 5<<20/32)
	path := writeFile(t, "huge.jsonl", fastChatRecord(prompt)+"\n")
	for _, p := range []string{path, gzipCopy(t, path)} {
		if f, err := Detect(p); err != nil || f != FormatFastChat {
			t.Errorf("Detect(%s) = %q, %v; want fastchat", p, f, err)
		}
	}
	if lg := load(t, path); len(lg.Pairs) != 1 {
		t.Errorf("%d pairs, want 1", len(lg.Pairs))
	}
	// An unknown format still lists every field of the huge first record.
	odd := writeFile(t, "odd.jsonl", `{"who": "`+strings.Repeat("x", 5<<20)+`", "what": {"n": [1, {"m": "}"}]}, "when": 3}`)
	if _, err := Detect(odd); err == nil || !strings.Contains(err.Error(), "the first record has the fields: who, what, when)") {
		t.Errorf("unknown huge record: %v", err)
	}
}

// TestDetectStreams: detecting a file with a 20 MB first record allocates
// a small fraction of it (the record is skipped a buffer at a time, not
// read into memory).
func TestDetectStreams(t *testing.T) {
	path := writeFile(t, "big.jsonl", fastChatRecord(strings.Repeat("word ", 4<<20))+"\n")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if f, err := Detect(path); err != nil || f != FormatFastChat {
		t.Fatalf("Detect = %q, %v", f, err)
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("detection allocated %d bytes for a 20 MB record, want < 1 MiB", got)
	}
}

// TestColumnsAfterBlankLines: a column-mapped JSON Lines file after 1 MiB
// of blank lines is read as JSON (not as CSV), on the right lines; a CSV
// after blank lines takes its separator from its real header.
func TestColumnsAfterBlankLines(t *testing.T) {
	const blank = 1 << 20
	path := writeFile(t, "late.jsonl", strings.Repeat("\n", blank)+`{"id":"q","p":0.25}`+"\n")
	lg, err := loadMap(t, path, "id=id", "judge-name=j", "p_a.x0=p")
	if err != nil {
		t.Fatal(err)
	}
	if p := pairOf(t, lg, "j", "q"); p.S[model.X0] != 0.25 || p.Pos.Line != blank+1 {
		t.Errorf("pair %+v", p)
	}
	tsv := writeFile(t, "late.txt", strings.Repeat("\n", 70000)+"id\tp\nq\t0.5\n")
	lg, err = loadMap(t, tsv, "id=id", "judge-name=j", "p_a.x0=p")
	if err != nil {
		t.Fatal(err)
	}
	if p := pairOf(t, lg, "j", "q"); p.S[model.X0] != 0.5 || p.Pos.Line != 70002 {
		t.Errorf("pair %+v", p)
	}
}

// TestColumnsHeaderOnly: a CSV with a header and no rows is an error, as
// an empty JSON file is, instead of an empty log that every later command
// rejects.
func TestColumnsHeaderOnly(t *testing.T) {
	for name, content := range map[string]string{
		"h.csv": "id,p\n", "h2.csv": "id,p\n\n\n", "e.jsonl": "\n \n", "a.json": "[ ]",
	} {
		path := writeFile(t, name, content)
		_, err := loadMap(t, path, "id=id", "judge-name=j", "p_a.x0=p")
		want := path + ": holds no records"
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %v, want %q", name, err, want)
		}
	}
}
