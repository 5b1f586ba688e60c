package model

import (
	"strings"
	"testing"
)

// TestReaderRefusesSilentChanges: a lone UTF-16 surrogate escape would be
// read as U+FFFD (two different ids, "a\ud800" and "a\udbff", would become
// duplicates) and a number that overflows in an unknown field would be
// kept as written though the same number in a known field is refused:
// both are errors naming the file, line and field. A surrogate pair is a
// character and reads as one.
func TestReaderRefusesSilentChanges(t *testing.T) {
	const pair = `{"kind":"pair","judge":"j","p_a":{"x0":0.5},`
	pos := Pos{File: "f.jsonl", Line: 7}
	for _, c := range []struct{ line, want string }{
		{pair + `"id":"a\ud800"}`, `f.jsonl:7: invalid JSON at column 52 (in id): lone UTF-16 surrogate \ud800`},
		{pair + `"id":"\udc00b"}`, `(in id): lone UTF-16 surrogate \udc00`},
		{pair + `"id":"a\ud800\u0041"}`, `(in id): lone UTF-16 surrogate \ud800`},
		{pair + `"id":"a","note":{"k":"\ud800"}}`, `(in note.k): lone UTF-16 surrogate \ud800`},
		{pair + `"id":"a","x":1e999}`, `f.jsonl:7: x = 1e999 is out of range (it overflows to infinity)`},
		{pair + `"id":"a","x":{"y":[1,-2e400]}}`, `f.jsonl:7: x holds -2e400, which is out of range (it overflows to infinity)`},
	} {
		_, err := ParseLine([]byte(c.line), pos)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to hold %q", c.line, err, c.want)
		}
	}
	for _, c := range []struct{ line, id string }{
		{pair + `"id":"a\ud83d\ude42"}`, "a🙂"},
		{pair + `"id":"a","x":{"s":"1e999","n":1e308}}`, "a"},
	} {
		rec, err := ParseLine([]byte(c.line), pos)
		if err != nil || rec.Pair == nil || rec.Pair.ID != c.id {
			t.Errorf("%s: %v, want id %q", c.line, err, c.id)
		}
	}
}
