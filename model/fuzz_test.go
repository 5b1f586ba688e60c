package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"github.com/plumb-eval/plumb/internal/jsonscan"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// seedLines returns every line of the example, round-trip and bad-case
// files, as fuzz seeds.
func seedLines(f *testing.F) [][]byte {
	var out [][]byte
	paths, _ := filepath.Glob(filepath.Join("testdata", "examples", "*.jsonl"))
	paths = append(paths, filepath.Join("testdata", "roundtrip.jsonl"), filepath.Join("testdata", "generators.jsonl"),
		filepath.Join("testdata", "bad", "cases.txt"))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		for _, line := range bytes.Split(data, []byte("\n")) {
			if len(line) > 0 && line[0] == '{' {
				out = append(out, line)
			}
		}
	}
	return out
}

// compactExtra returns e with every value compacted, for comparisons.
func compactExtra(t *testing.T, e Extra) Extra {
	if e == nil {
		return nil
	}
	c := make(Extra, len(e))
	for k, v := range e {
		var b bytes.Buffer
		if err := json.Compact(&b, v); err != nil {
			t.Fatalf("extra %q = %q is not valid JSON: %v", k, v, err)
		}
		c[k] = b.Bytes()
	}
	return c
}

// checkRecord asserts the invariants of an accepted record and that it
// survives a write and a read.
func checkRecord(t *testing.T, rec Record, pos Pos) {
	t.Helper()
	var line bytes.Buffer
	w := NewWriter(&line)
	var err error
	switch rec.Kind {
	case KindPair:
		p := rec.Pair
		if !p.Has[X0] {
			t.Fatal("accepted a pair without x0")
		}
		for a := range NumArrangements {
			if s := p.S[a]; !(s >= 0 && s <= 1) || (!p.Has[a] && s != 0) {
				t.Fatalf("S[%d] = %v", a, s)
			}
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("accepted an invalid pair: %v", err)
		}
		err = w.WritePair(p)
	case KindScore:
		s := rec.Score
		if (s.JudgeScore == nil) == (s.ScoreProbs == nil) || math.IsNaN(s.HumanScore) {
			t.Fatalf("bad score %+v", s)
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("accepted an invalid score: %v", err)
		}
		err = w.WriteScore(s)
	case KindVerdict:
		if err := rec.Verdict.Validate(); err != nil {
			t.Fatalf("accepted an invalid verdict: %v", err)
		}
		err = w.WriteVerdict(rec.Verdict)
	case KindProbe:
		if err := rec.Probe.Validate(); err != nil || !rec.Probe.Has[X0] {
			t.Fatalf("accepted an invalid probe: %v", err)
		}
		err = w.WriteProbe(rec.Probe)
	default:
		return
	}
	if err != nil {
		t.Fatalf("cannot write an accepted record: %v", err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	out := bytes.TrimSuffix(line.Bytes(), []byte("\n"))
	if bytes.IndexByte(out, '\n') >= 0 {
		t.Fatalf("written record spans lines: %q", out)
	}
	back, err := ParseLine(out, pos)
	if err != nil {
		t.Fatalf("written record %s does not read back: %v", out, err)
	}
	normalize := func(r Record) Record {
		switch {
		case r.Pair != nil:
			p := *r.Pair
			p.Extra = compactExtra(t, p.Extra)
			r.Pair = &p
		case r.Score != nil:
			s := *r.Score
			s.Extra = compactExtra(t, s.Extra)
			r.Score = &s
		case r.Verdict != nil:
			v := *r.Verdict
			v.Extra = compactExtra(t, v.Extra)
			r.Verdict = &v
		case r.Probe != nil:
			pr := *r.Probe
			pr.Extra = compactExtra(t, pr.Extra)
			if pr.Condition != nil {
				var c bytes.Buffer
				if err := json.Compact(&c, pr.Condition); err != nil {
					t.Fatal(err)
				}
				pr.Condition = c.Bytes()
			}
			r.Probe = &pr
		}
		return r
	}
	if a, b := normalize(rec), normalize(back); !reflect.DeepEqual(a, b) {
		t.Fatalf("round trip through %s changed the record:\n%#v\n%#v", out, a, b)
	}
}

// FuzzParseLine: the line parser never panics, agrees with encoding/json
// on what is valid JSON, and every record it accepts is valid and
// survives a write and a read.
func FuzzParseLine(f *testing.F) {
	for _, l := range seedLines(f) {
		f.Add(l)
	}
	f.Add([]byte(`{"kind":"pair","id":"a","judge":"b","p_a":{"x0":1e-400}}`))
	for _, l := range sampleLines {
		f.Add([]byte(l))
	}
	f.Add([]byte(`{"kind":"pair","id":"\ud800","judge":"\u00","p_a":{"x0":0}}`))
	f.Add([]byte(`{"kind":"probe","probe":"cc","id":"c1","judge":"j","p_a":{"x0":0.6,"x3":null},"condition":{ "ids" : "A/B" },"truth":{"prior_x0":0.6}}`))
	f.Add([]byte(`{"kind":"probe","probe":"dc","id":"d1","judge":"j","p_a":{"x0":0.4},"extra":[1]}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		pos := Pos{File: "f.jsonl", Line: 3}
		rec, err := ParseLine(line, pos)
		if err != nil {
			var le *LineError
			if !errors.As(err, &le) || !errors.Is(err, ErrBadInput) || le.File != "f.jsonl" || le.Line != 3 {
				t.Fatalf("error %#v is not a located LineError", err)
			}
			// encoding/json accepts invalid UTF-8 and lone surrogate
			// escapes (as U+FFFD); the log format does not.
			if strings.HasPrefix(le.Msg, "invalid JSON") && json.Valid(line) && utf8.Valid(line) &&
				!strings.Contains(le.Msg, "nested too deeply") && !strings.Contains(le.Msg, "lone UTF-16 surrogate") {
				t.Fatalf("valid JSON %q rejected as invalid: %v", line, err)
			}
			return
		}
		if rec.Kind != "" && !json.Valid(line) {
			t.Fatalf("accepted invalid JSON %q", line)
		}
		checkRecord(t, rec, pos)
	})
}

// refRead is a simple reference reader for JSON Lines input: line by line
// with ParseLine, then duplicates, stopping at the first error.
func refRead(data []byte, name string) (*Log, error) {
	data = bytes.TrimPrefix(data, bom)
	l := &Log{Files: []FileInfo{{Name: name}}}
	seen := map[dupKey]Pos{}
	lines := bytes.Split(data, []byte("\n"))
	for i, line := range lines {
		pos := Pos{File: name, Line: i + 1}
		rec, err := ParseLine(line, pos)
		if err != nil {
			if i == len(lines)-1 { // the last line, without a newline: a record cut off there is a torn write
				return nil, tornLast(err)
			}
			return nil, err
		}
		var k dupKey
		switch rec.Kind {
		case KindPair:
			k = dupKey{KindPair, rec.Pair.Judge, rec.Pair.ID, "", ConditionKey(rec.Pair.Condition)}
		case KindScore:
			k = dupKey{KindScore, rec.Score.Judge, rec.Score.ID, rec.Score.Criterion, ConditionKey(rec.Score.Condition)}
		case KindVerdict:
			k = dupKey{KindVerdict, rec.Verdict.Judge, rec.Verdict.ID, "", ""}
		case KindProbe:
			k = dupKey{KindProbe, rec.Probe.Judge, rec.Probe.ID, string(rec.Probe.Probe), ConditionKey(rec.Probe.Condition)}
		default:
			continue
		}
		if first, dup := seen[k]; dup {
			return nil, dupErr(k, first, pos)
		}
		seen[k] = pos
		switch rec.Kind {
		case KindPair:
			l.Pairs = append(l.Pairs, *rec.Pair)
			l.Files[0].Pairs++
		case KindScore:
			l.Scores = append(l.Scores, *rec.Score)
			l.Files[0].Scores++
		case KindVerdict:
			l.Verdicts = append(l.Verdicts, *rec.Verdict)
			l.Files[0].Verdicts++
		case KindProbe:
			l.Probes = append(l.Probes, *rec.Probe)
			l.Files[0].Probes++
		}
	}
	return l, nil
}

// tornLast is the reference's reading of an error in the file's last line
// when that line has no newline: a record that ends inside it was cut off
// by a write, and the message says how to repair it.
func tornLast(err error) error {
	const oneLine = "; each record must be one JSON object on one line"
	msg := err.Error()
	if !strings.HasSuffix(msg, oneLine) {
		return err
	}
	return errors.New(strings.TrimSuffix(msg, oneLine) + "; the file's last line has no newline and ends inside a record: " +
		"a write was cut off (a plumb collect stopped or out of disk space); re-running the same plumb collect command " +
		"repairs it (it cuts that line off and asks its item again)")
}

// FuzzRead: reading arbitrary bytes never panics; the result is
// consistent (counts add up, records are valid, no duplicates) and, for
// JSON Lines input, equals the line-by-line reference reader's.
func FuzzRead(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "examples", "*.jsonl"))
	paths = append(paths, filepath.Join("testdata", "roundtrip.jsonl"), filepath.Join("testdata", "roundtrip_array.json"),
		filepath.Join("testdata", "generators.jsonl"))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, false)
		f.Add(data, true)
	}
	f.Add([]byte("[\n{\"kind\":\"verdict\",\"id\":\"a\",\"judge\":\"j\",\"verdict\":true},\n 1, {\"x\":\"]\"}\n]"), true)
	f.Add([]byte("\uFEFF"+pairLine("a", 0.5)+"\r\n"+pairLine("a", 0.5)), false)
	probes := `{"kind":"probe","probe":"cc","id":"c","judge":"j","p_a":{"x0":0.6}}` + "\n" + pairLine("c", 0.5) + "\n" +
		`{"kind":"probe","probe":"dc","id":"c","judge":"j","p_a":{"x0":0.6}}` + "\n" + `{"kind":"probe","probe":"cc","id":"c","judge":"j","p_a":{"x0":0.1}}`
	f.Add([]byte(probes), false)
	f.Add([]byte(probes), true)
	f.Fuzz(func(t *testing.T, data []byte, skipBad bool) {
		l, err := Read(bytes.NewReader(data), "f", ReadOptions{SkipBad: skipBad})
		if err != nil {
			if !errors.Is(err, ErrBadInput) {
				t.Fatalf("error %v is not ErrBadInput", err)
			}
			if l != nil {
				t.Fatal("log returned with an error")
			}
		} else {
			fi := l.Files[0]
			if len(l.Files) != 1 || fi.Pairs != len(l.Pairs) || fi.Scores != len(l.Scores) || fi.Verdicts != len(l.Verdicts) || fi.Probes != len(l.Probes) || fi.Skipped != l.Skipped {
				t.Fatalf("counts do not add up: %+v", l)
			}
			if !skipBad && l.Skipped != 0 {
				t.Fatal("skipped without SkipBad")
			}
			if len(l.SkipReasons) != min(l.Skipped, 5) {
				t.Fatalf("%d reasons for %d skipped", len(l.SkipReasons), l.Skipped)
			}
			seen := map[dupKey]bool{}
			for i := range l.Pairs {
				p := &l.Pairs[i]
				checkRecord(t, Record{Kind: KindPair, Pair: p}, p.Pos)
				k := dupKey{KindPair, p.Judge, p.ID, "", ConditionKey(p.Condition)}
				if seen[k] {
					t.Fatalf("duplicate %v accepted", k)
				}
				seen[k] = true
			}
			for i := range l.Scores {
				checkRecord(t, Record{Kind: KindScore, Score: &l.Scores[i]}, l.Scores[i].Pos)
			}
			for i := range l.Verdicts {
				checkRecord(t, Record{Kind: KindVerdict, Verdict: &l.Verdicts[i]}, l.Verdicts[i].Pos)
			}
		}
		trimmed := bytes.TrimPrefix(data, bom)
		if skipBad || (len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b) {
			return
		}
		if i := jsonscan.SkipSpace(trimmed, 0); i < len(trimmed) && trimmed[i] == '[' {
			return
		}
		if what, hint, ok := ContentKind(data[:min(len(data), KindSample)]); ok { // plainly no log: said so, not line by line
			if err == nil || err.Error() != "f: "+NotALog(what, hint) {
				t.Fatalf("%s: %v", what, err)
			}
			return
		}
		want, werr := refRead(data, "f")
		switch {
		case (err == nil) != (werr == nil):
			t.Fatalf("reader: %v; reference: %v", err, werr)
		case err != nil && err.Error() != werr.Error():
			t.Fatalf("reader: %v\nreference: %v", err, werr)
		case err == nil && !reflect.DeepEqual(l, want):
			t.Fatalf("reader and reference differ:\n%+v\n%+v", l, want)
		}
	})
}
