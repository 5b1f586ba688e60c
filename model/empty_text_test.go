package model

import (
	"bytes"
	"strings"
	"testing"
)

// TestEmptyTextKept: a text given as "" is a value: read, it has length 0
// (a left-out text has none), and written back it is still "", so a round
// trip keeps the length measures' n.
func TestEmptyTextKept(t *testing.T) {
	const line = `{"kind":"pair","id":"a","judge":"j","p_a":{"x0":0.5},"prompt":"","response_1":"xyz","response_2":""}`
	lg, err := Read(strings.NewReader(line+"\n"), "e.jsonl", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p := &lg.Pairs[0]
	if n, ok := p.Length(2); !ok || n != 0 {
		t.Errorf("Length(2) = %d, %v; want 0, true", n, ok)
	}
	if n, ok := p.Length(1); !ok || n != 3 {
		t.Errorf("Length(1) = %d, %v; want 3, true", n, ok)
	}
	var b bytes.Buffer
	if err := WriteLog(&b, lg); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{`"prompt":""`, `"response_2":""`} {
		if !strings.Contains(b.String(), f) {
			t.Errorf("written %s, want it to hold %s", b.String(), f)
		}
	}
	left, err := Read(strings.NewReader(`{"kind":"pair","id":"a","judge":"j","p_a":{"x0":0.5}}`+"\n"), "l.jsonl", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := left.Pairs[0].Length(2); ok {
		t.Error("a left-out response has a length")
	}
	b.Reset()
	if err := WriteLog(&b, left); err != nil || strings.Contains(b.String(), "response") {
		t.Errorf("left-out texts written back: %s (%v)", b.String(), err)
	}
}

// TestLengthsDiffer: a len_k unlike the length of the response_k given
// beside it is marked (and counted), texts read or skipped; Length uses
// len_k.
func TestLengthsDiffer(t *testing.T) {
	const in = `{"kind":"pair","id":"a","judge":"j","p_a":{"x0":0.5},"response_1":"a\u00e9c","len_1":3,"response_2":"","len_2":0}
{"kind":"pair","id":"b","judge":"j","p_a":{"x0":0.5},"response_1":"abc","len_1":5,"response_2":"","len_2":1}
{"kind":"pair","id":"c","judge":"j","p_a":{"x0":0.5},"len_1":5}
`
	for _, skip := range []bool{false, true} {
		lg, err := Read(strings.NewReader(in), "d.jsonl", ReadOptions{SkipText: skip})
		if err != nil {
			t.Fatal(err)
		}
		if got := []uint8{lg.Pairs[0].LenDiffers, lg.Pairs[1].LenDiffers, lg.Pairs[2].LenDiffers}; got[0] != 0 || got[1] != 3 || got[2] != 0 {
			t.Errorf("skip %v: LenDiffers %v, want [0 3 0]", skip, got)
		}
		if n := LengthsDiffer(lg.Pairs); n != 1 {
			t.Errorf("skip %v: LengthsDiffer %d, want 1", skip, n)
		}
		if n, ok := lg.Pairs[1].Length(1); !ok || n != 5 {
			t.Errorf("skip %v: Length(1) = %d, %v; want len_1's 5", skip, n, ok)
		}
	}
}
