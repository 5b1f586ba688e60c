package model

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

// TestNullArrangementIsAbsent: README "Validation" says null in an
// optional field means the field is absent; that holds per arrangement
// (p_a, choice, logprobs) and per logprobs token, and such a record is
// written back without them. ls = 0 (a text of probability 1) is a valid
// log-likelihood.
func TestNullArrangementIsAbsent(t *testing.T) {
	in := strings.Join([]string{
		`{"kind":"pair","id":"a","judge":"j","p_a":{"x0":0.7,"x1":null,"x2":0.4,"x3":null}}`,
		`{"kind":"pair","id":"b","judge":"j","choice":{"x0":"A","x2":null}}`,
		`{"kind":"pair","id":"c","judge":"j","logprobs":{"x0":{"A":-0.5,"B":null},"x1":null}}`,
		`{"kind":"score","id":"s","judge":"j","criterion":"c","judge_score":4,"human_score":3,"ls":0}`,
	}, "\n")
	lg, err := Read(strings.NewReader(in), "n.jsonl", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := [][NumArrangements]bool{{true, false, true, false}, {true, false, false, false}, {true, false, false, false}}
	for i, p := range lg.Pairs {
		if p.Has != want[i] {
			t.Errorf("pair %s: has %v, want %v", p.ID, p.Has, want[i])
		}
	}
	if c := lg.Pairs[2]; c.S[X0] != 1 || !math.IsInf(c.Logprobs[X0][1], -1) {
		t.Errorf("null token B: s %v, logprobs %v; want P(A) = 1, B = −Inf", c.S[X0], c.Logprobs[X0])
	}
	var out bytes.Buffer
	if err := WriteLog(&out, lg); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "null") {
		t.Errorf("written back with nulls:\n%s", out.String())
	}
}
