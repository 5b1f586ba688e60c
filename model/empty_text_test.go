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
