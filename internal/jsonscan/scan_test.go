package jsonscan

import (
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestSpecial8 checks the 8-byte test against the byte table, for every
// byte value in every position and for random words.
func TestSpecial8(t *testing.T) {
	check := func(w [8]byte) {
		want := false
		for _, c := range w {
			want = want || !strPlain[c]
		}
		if got := special8(binary.LittleEndian.Uint64(w[:])) != 0; got != want {
			t.Fatalf("special8(%q) = %v, want %v", w, got, want)
		}
	}
	for pos := range 8 {
		for c := range 256 {
			w := [8]byte{'a', 'b', 0x80, 0xff, 'z', ' ', '!', '#'}
			w[pos] = byte(c)
			check(w)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		var w [8]byte
		binary.LittleEndian.PutUint64(w[:], rng.Uint64())
		check(w)
	}
}

// TestWalk: the walkers see every field and element with its raw value,
// an error inside a value names its path, and fn's error stops the walk.
func TestWalk(t *testing.T) {
	b := []byte(`{"a": 1, "b\u0021": [true, {"c": "x"}], "d": null}`)
	var got []string
	end, err := WalkObject(b, 0, 0, "line", func(key []byte, esc bool, val []byte) *Error {
		got = append(got, KeyString(key, esc)+"="+string(val))
		return nil
	})
	want := []string{`a=1`, `b!=[true, {"c": "x"}]`, `d=null`}
	if err != nil || end != len(b) || len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("WalkObject: %v, end %d, fields %q", err, end, got)
	}
	var elems []string
	if _, err := WalkArray([]byte(`[1, "two", [3]]`), 0, 0, "line", func(n int, val []byte) *Error {
		elems = append(elems, string(val))
		return nil
	}); err != nil || len(elems) != 3 || elems[2] != "[3]" {
		t.Fatalf("WalkArray: %v, %q", err, elems)
	}
	_, err = SkipValue([]byte(`{"a": {"b": [1, tru]}}`), 0, 0, "line")
	if err == nil || err.Path != "a.b.1" || err.Msg != `unexpected "tru"; expected a value` {
		t.Fatalf("error inside a value: %+v", err)
	}
	_, err = SkipValue([]byte(`{"a": [1, 2`), 0, 0, "the record")
	if err == nil || err.Msg != "unexpected end of the record; expected ',' or ']'" {
		t.Fatalf("end of input: %+v", err)
	}
	stop := &Error{Msg: "stop"}
	off, err := WalkObject([]byte(`{"a": 1, "b": 2}`), 0, 0, "line", func(key []byte, _ bool, _ []byte) *Error {
		if string(key) == "b" {
			return stop
		}
		return nil
	})
	if err != stop || off != 14 {
		t.Fatalf("fn's error: %v at %d, want stop at 14", err, off)
	}
}

// TestUnescapeTruncated: a body cut inside an escape decodes to U+FFFD
// instead of reading past its end (found by FuzzSniff).
func TestUnescapeTruncated(t *testing.T) {
	for _, s := range []string{`ab\`, `\u12`, `x\u`, `\ud83d\ude`} {
		got := string(Unescape(nil, []byte(s)))
		if !strings.HasSuffix(got, "\uFFFD") {
			t.Errorf("Unescape(%q) = %q, want a trailing U+FFFD", s, got)
		}
	}
	if got := string(Unescape(nil, []byte(`a\"b\u00e9\n`))); got != "a\"bé\n" {
		t.Errorf("valid body: %q", got)
	}
}
