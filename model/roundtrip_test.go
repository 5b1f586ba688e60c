package model

import (
	"bytes"
	"math"
	"path/filepath"
	"reflect"
	"testing"
)

// withoutPos returns a copy of l with every record's Pos cleared and the
// file list dropped, for comparing logs read from different files.
func withoutPos(l *Log) *Log {
	c := &Log{Skipped: l.Skipped, SkipReasons: l.SkipReasons}
	for _, p := range l.Pairs {
		p.Pos = Pos{}
		c.Pairs = append(c.Pairs, p)
	}
	for _, s := range l.Scores {
		s.Pos = Pos{}
		c.Scores = append(c.Scores, s)
	}
	for _, v := range l.Verdicts {
		v.Pos = Pos{}
		c.Verdicts = append(c.Verdicts, v)
	}
	return c
}

func mustReadFile(t *testing.T, path string) *Log {
	t.Helper()
	l, err := ReadFiles([]string{path}, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func writeLog(t *testing.T, l *Log) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteLog(&b, l); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestRoundTrip reads a log that uses every feature of the format (escapes,
// nulls, numeric gold, Extra of every JSON type, Truth booleans, missing
// tokens, extreme log-probabilities, score_probs), writes it and reads it
// again: the records must be identical, and writing is deterministic.
func TestRoundTrip(t *testing.T) {
	l := mustReadFile(t, filepath.Join("testdata", "roundtrip.jsonl"))
	if len(l.Pairs) != 4 || len(l.Scores) != 2 || len(l.Verdicts) != 2 {
		t.Fatalf("read %d pairs, %d scores, %d verdicts", len(l.Pairs), len(l.Scores), len(l.Verdicts))
	}
	out := writeLog(t, l)
	l2, err := Read(bytes.NewReader(out), "written", ReadOptions{})
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if a, b := withoutPos(l), withoutPos(l2); !reflect.DeepEqual(a, b) {
		t.Errorf("round trip changed the records:\n%+v\n%+v", a, b)
	}
	if out2 := writeLog(t, l2); !bytes.Equal(out, out2) {
		t.Errorf("writing is not stable:\n%s\n%s", out, out2)
	}
	for i := 0; i < 5; i++ { // map order must not matter
		if again := writeLog(t, l); !bytes.Equal(out, again) {
			t.Fatalf("writing is not deterministic:\n%s\n%s", out, again)
		}
	}
}

// TestRoundTripArray reads the same records from a pretty-printed JSON
// array: they must equal the JSON Lines ones, and positions must name the
// line each element starts on.
func TestRoundTripArray(t *testing.T) {
	lines := mustReadFile(t, filepath.Join("testdata", "roundtrip.jsonl"))
	arr := mustReadFile(t, filepath.Join("testdata", "roundtrip_array.json"))
	if a, b := withoutPos(lines), withoutPos(arr); !reflect.DeepEqual(a, b) {
		t.Errorf("array and JSON Lines differ:\n%+v\n%+v", a, b)
	}
	wantLines := []int{2, 3, 4, 14}
	for i, p := range arr.Pairs {
		if p.Pos.Line != wantLines[i] {
			t.Errorf("pair %s at line %d, want %d", p.ID, p.Pos.Line, wantLines[i])
		}
	}
	if got := arr.Verdicts[1].Pos; got.Line != 18 || got.File != filepath.Join("testdata", "roundtrip_array.json") {
		t.Errorf("last verdict at %v", got)
	}
}

// TestRoundTripValues checks decoded values of the round-trip file.
func TestRoundTripValues(t *testing.T) {
	l := mustReadFile(t, filepath.Join("testdata", "roundtrip.jsonl"))
	r1 := l.Pairs[0]
	if r1.Prompt != "café \"quoted\" back\\slash\ttab\nnewline 😀 \u2028 end" {
		t.Errorf("prompt %q", r1.Prompt)
	}
	if r1.Gold != Gold1 || l.Pairs[1].Gold != Gold2 || l.Pairs[2].Gold != GoldTie || l.Pairs[3].Gold != GoldNone {
		t.Errorf("gold labels %v %v %v %v", r1.Gold, l.Pairs[1].Gold, l.Pairs[2].Gold, l.Pairs[3].Gold)
	}
	if r1.Has != [4]bool{true, true, true, true} || r1.S != [4]float64{1, 1.0 / 3, 0, 0.25} {
		t.Errorf("r1 has %v s %v", r1.Has, r1.S)
	}
	if !r1.Truth.Equal(TruthFromMap(map[string]float64{"r": 0.75, "consistent": 1, "flipped": 0})) {
		t.Errorf("truth %v", r1.Truth)
	}
	if string(r1.Extra["meta"]) != `{"seed":7,"tags":["a","b"]}` || string(r1.Extra["criterion"]) != `"kept in extra"` || len(r1.Extra) != 2 {
		t.Errorf("extra %s", r1.Extra)
	}
	if r2 := l.Pairs[1]; !r2.Has[X0] || r2.S[X0] != 0.5 || string(r2.Extra["big"]) != "1E+300" || string(r2.Extra["note"]) != "null" {
		t.Errorf("r2 %+v", r2)
	}

	// Log-probabilities: a missing token is −Inf and has probability 0;
	// s = exp(lA)/(exp(lA)+exp(lB)) even where the exponentials underflow.
	r3 := l.Pairs[2]
	if r3.Source != SourceLogprob || !math.IsInf(r3.Logprobs[X0][0], -1) || r3.S[X0] != 0 {
		t.Errorf("x0 %v s %v", r3.Logprobs[X0], r3.S[X0])
	}
	if want := 1 / (1 + math.Exp(1000-0.001)); r3.S[X1] != want {
		t.Errorf("x1 s = %v, want %v", r3.S[X1], want)
	}
	// exp(-745.5) underflows to 0 in float64; the ratio is exp(-745.5+1e-300).
	if want := math.Exp(-745.5); r3.S[X2] != want {
		t.Errorf("x2 s = %v, want %v", r3.S[X2], want)
	}
	if r3.S[X3] != 0.5 {
		t.Errorf("x3 s = %v, want 0.5", r3.S[X3])
	}
	r4 := l.Pairs[3]
	if r4.Source != SourceChoice || r4.Has != [4]bool{true, false, true, true} || r4.S != [4]float64{0, 0, 0.5, 1} {
		t.Errorf("r4 %v %v", r4.Has, r4.S)
	}

	s1 := l.Scores[0]
	if s1.JudgeScore != nil || !reflect.DeepEqual(s1.ScoreProbs, map[string]float64{"10": 0.1, "1.5": 0.2, "2": 0, "-1": 0.7}) {
		t.Errorf("score_probs %v", s1.ScoreProbs)
	}
	if s1.HumanScore != -3.25e-7 || *s1.LS != -123.456 || *s1.Tokens != 1000 {
		t.Errorf("s1 %v %v %v", s1.HumanScore, *s1.LS, *s1.Tokens)
	}
	s2 := l.Scores[1]
	if *s2.JudgeScore != 7 || s2.LS != nil || s2.Tokens != nil || string(s2.Extra["human"]) != "true" {
		t.Errorf("s2 %+v", s2)
	}
	if v := l.Verdicts[0]; v.Verdict || v.Human != nil {
		t.Errorf("v1 %+v", v)
	}
	if v := l.Verdicts[1]; !v.Verdict || v.Human == nil || *v.Human || string(v.Extra["x"]) != `[{"y":"}"}]` {
		t.Errorf("v2 %+v", v)
	}
}
