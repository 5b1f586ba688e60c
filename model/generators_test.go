package model

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestGenerators reads model_1, model_2, len_1 and len_2 (issue 21), writes
// them back in the canonical form the fixture is in, and reads them again.
func TestGenerators(t *testing.T) {
	path := filepath.Join("testdata", "generators.jsonl")
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l := mustReadFile(t, path)
	if len(l.Pairs) != 4 {
		t.Fatalf("%d pairs, want 4", len(l.Pairs))
	}
	g1, g2, g3, g4 := &l.Pairs[0], &l.Pairs[1], &l.Pairs[2], &l.Pairs[3]
	if g1.Model(1) != "gpt-4" || g1.Model(2) != "vicuna-13b" || g1.Gen.Len1 != nil || g1.Gen.Len2 != nil || len(g1.Extra) != 0 {
		t.Errorf("g1: %+v %+v", g1, g1.Gen)
	}
	if n, ok := g1.Length(1); !ok || n != 20 {
		t.Errorf("g1 length 1 = %d, %v; want 20 (the text's code points)", n, ok)
	}
	if g2.Model(1) != "vicuna-13b" || g2.Model(2) != "" || *g2.Gen.Len1 != 1200 || *g2.Gen.Len2 != 0 {
		t.Errorf("g2: %+v", g2.Gen)
	}
	if n, ok := g2.Length(2); !ok || n != 0 {
		t.Errorf("g2 length 2 = %d, %v; want 0 (len_2 = 0 is a length)", n, ok)
	}
	// "café 😀" is 6 code points (and 10 bytes); len_2 wins over a text.
	if n, ok := g3.Length(1); !ok || n != 6 {
		t.Errorf("g3 length 1 = %d, %v; want 6 code points", n, ok)
	}
	if n, ok := g3.Length(2); !ok || n != 17 {
		t.Errorf("g3 length 2 = %d, %v; want len_2 = 17", n, ok)
	}
	if g4.Gen != nil || g4.Model(1) != "" {
		t.Errorf("g4 names no generator, Gen = %+v", g4.Gen)
	}
	if _, ok := g4.Length(2); ok {
		t.Error("g4 has no response_2 and no len_2: its length is unknown")
	}
	var out bytes.Buffer
	if err := WriteLog(&out, l); err != nil {
		t.Fatal(err)
	}
	if out.String() != string(want) {
		t.Errorf("written back:\n%s\nwant:\n%s", out.String(), want)
	}
	back, err := Read(&out, "back", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(withoutPos(back), withoutPos(l)) {
		t.Errorf("round trip changed the records")
	}
}

// TestGeneratorsInOtherKinds: model_1 on a score is not a score field and
// is kept in Extra, as any field of another kind.
func TestGeneratorsInOtherKinds(t *testing.T) {
	l, err := Read(strings.NewReader(`{"kind":"score","id":"s","judge":"j","criterion":"c","judge_score":3,"human_score":3,"model_1":"m","len_1":4}`+"\n"), "s.jsonl", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if e := l.Scores[0].Extra; string(e["model_1"]) != `"m"` || string(e["len_1"]) != "4" {
		t.Errorf("extra %v", e)
	}
}

// TestTextLengths: with SkipText and TextLengths the reader keeps each
// skipped response's length (escapes decoded, code points counted) unless
// len_k is given; without TextLengths, or without SkipText, nothing is
// added; a record without texts or generators keeps Gen == nil.
func TestTextLengths(t *testing.T) {
	const in = `{"kind":"pair","id":"a","judge":"j","p_a":{"x0":0.5},"response_1":"caf\u00e9\n😀","response_2":"xy","len_2":9}` + "\n" +
		`{"kind":"pair","id":"b","judge":"j","p_a":{"x0":0.5},"model_1":"m"}` + "\n" +
		`{"kind":"pair","id":"c","judge":"j","p_a":{"x0":0.5}}` + "\n"
	read := func(opt ReadOptions) *Log { return mustRead(t, in, opt) }
	l := read(ReadOptions{SkipText: true, TextLengths: true})
	a := &l.Pairs[0]
	if a.Response1 != "" || a.Gen == nil || a.Gen.Len1 == nil || *a.Gen.Len1 != 6 || *a.Gen.Len2 != 9 || a.Gen.Model1 != "" {
		t.Errorf("a: %+v %+v", a, a.Gen)
	}
	if b := l.Pairs[1]; b.Gen == nil || b.Gen.Model1 != "m" || b.Gen.Len1 != nil {
		t.Errorf("b: %+v", b.Gen)
	}
	if c := l.Pairs[2]; c.Gen != nil {
		t.Errorf("c has neither texts nor generators: Gen = %+v", c.Gen)
	}
	if l := read(ReadOptions{SkipText: true}); l.Pairs[0].Gen.Len1 != nil {
		t.Error("SkipText alone must not count the texts")
	}
	l = read(ReadOptions{TextLengths: true})
	if n, ok := l.Pairs[0].Length(1); l.Pairs[0].Gen.Len1 != nil || !ok || n != 6 {
		t.Errorf("texts kept: Len1 %v, Length %d %v", l.Pairs[0].Gen.Len1, n, ok)
	}
}

// TestGenTextLengths: GenTextLengths keeps the skipped texts' lengths of
// the records that name a generator or give a length only: a record with
// texts alone keeps Gen == nil (so a log without generators costs
// nothing), one with model_1 or len_2 gets both lengths; TextLengths wins.
func TestGenTextLengths(t *testing.T) {
	const in = `{"kind":"pair","id":"a","judge":"j","p_a":{"x0":0.5},"response_1":"abc","response_2":"de"}` + "\n" +
		`{"kind":"pair","id":"b","judge":"j","p_a":{"x0":0.5},"model_1":"m","response_1":"abc","response_2":"de"}` + "\n" +
		`{"kind":"pair","id":"c","judge":"j","p_a":{"x0":0.5},"response_1":"caf\u00e9","response_2":"de","len_2":9}` + "\n"
	read := func(opt ReadOptions) *Log { return mustRead(t, in, opt) }
	l := read(ReadOptions{SkipText: true, GenTextLengths: true})
	if a := l.Pairs[0]; a.Gen != nil {
		t.Errorf("a names no generator and gives no length: Gen = %+v", a.Gen)
	}
	if b := l.Pairs[1]; b.Gen == nil || b.Gen.Model1 != "m" || b.Gen.Len1 == nil || *b.Gen.Len1 != 3 || *b.Gen.Len2 != 2 {
		t.Errorf("b: %+v", b.Gen)
	}
	if c := l.Pairs[2]; c.Gen == nil || c.Gen.Len1 == nil || *c.Gen.Len1 != 4 || *c.Gen.Len2 != 9 {
		t.Errorf("c: %+v", c.Gen)
	}
	if a := read(ReadOptions{SkipText: true, GenTextLengths: true, TextLengths: true}).Pairs[0]; a.Gen == nil || *a.Gen.Len1 != 3 {
		t.Errorf("TextLengths wins: %+v", a.Gen)
	}
	if b := read(ReadOptions{GenTextLengths: true}).Pairs[1]; b.Gen.Len1 != nil || b.Response1 != "abc" {
		t.Errorf("texts kept: %+v", b.Gen)
	}
}

// TestValidateGenerators: an empty Generators value and a negative length
// are refused (the first would be written as nothing and read back as nil).
func TestValidateGenerators(t *testing.T) {
	p := Pair{ID: "a", Judge: "j", Has: [NumArrangements]bool{true}, S: [NumArrangements]float64{0.5}, Gen: &Generators{}}
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), "use a nil Gen for none") {
		t.Errorf("empty Generators: %v", err)
	}
	neg := -1
	p.Gen = &Generators{Model1: "m", Len2: &neg}
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), "len_2 = -1 is not a length") {
		t.Errorf("negative length: %v", err)
	}
	p.Gen = &Generators{Model2: "m"}
	if err := p.Validate(); err != nil {
		t.Errorf("one model: %v", err)
	}
	p.Gen, p.Extra = nil, Extra{"model_1": []byte(`"m"`)}
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), "cannot be kept in Extra") {
		t.Errorf("model_1 in Extra: %v", err)
	}
}

// mustRead is readString, failing the test on an error.
func mustRead(t *testing.T, in string, opt ReadOptions) *Log {
	t.Helper()
	l, err := readString(in, opt)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
