package model

import (
	"bytes"
	"strings"
	"testing"
)

// TestReadConditions: pair and score records keep their condition object
// verbatim, write it back compact before truth, and the same item may be
// judged once per condition (the condition is part of the duplicate key,
// compared in canonical form).
func TestReadConditions(t *testing.T) {
	in := strings.Join([]string{
		`{"kind":"pair","id":"q1","judge":"j","p_a":{"x0":0.4},"condition":{"template":"t", "ids":"A/B","shots":0},"truth":{"q":1}}`,
		`{"kind":"pair","id":"q1","judge":"j","p_a":{"x0":0.6},"condition":{"template":"t","ids":"a/b","shots":0}}`,
		`{"kind":"pair","id":"q1","judge":"j","p_a":{"x0":0.5}}`,
		`{"kind":"score","id":"s1","judge":"j","criterion":"c","judge_score":3,"human_score":4,"condition":{"shots":2}}`,
		`{"kind":"score","id":"s1","judge":"j","criterion":"c","judge_score":3,"human_score":4}`,
	}, "\n")
	l, err := readString(in, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Pairs) != 3 || len(l.Scores) != 2 {
		t.Fatalf("%d pairs, %d scores", len(l.Pairs), len(l.Scores))
	}
	if got := string(l.Pairs[0].Condition); got != `{"template":"t", "ids":"A/B","shots":0}` {
		t.Errorf("pair condition %q, want it verbatim", got)
	}
	if l.Pairs[2].Condition != nil || l.Scores[1].Condition != nil {
		t.Errorf("records without condition: %q, %q", l.Pairs[2].Condition, l.Scores[1].Condition)
	}
	var buf bytes.Buffer
	if err := WriteLog(&buf, l); err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		`{"kind":"pair","id":"q1","judge":"j","p_a":{"x0":0.4},"condition":{"template":"t","ids":"A/B","shots":0},"truth":{"q":1}}`,
		`{"kind":"pair","id":"q1","judge":"j","p_a":{"x0":0.6},"condition":{"template":"t","ids":"a/b","shots":0}}`,
		`{"kind":"pair","id":"q1","judge":"j","p_a":{"x0":0.5}}`,
		`{"kind":"score","id":"s1","judge":"j","criterion":"c","judge_score":3,"human_score":4,"condition":{"shots":2}}`,
		`{"kind":"score","id":"s1","judge":"j","criterion":"c","judge_score":3,"human_score":4}`,
	}, "\n") + "\n"
	if buf.String() != want {
		t.Errorf("written:\n%s\nwant:\n%s", buf.String(), want)
	}
}

// TestReadConditionErrors: a condition that is not an object, and the
// same item twice in one condition (whatever the key order), are errors
// naming file, line and field.
func TestReadConditionErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"condition":"A/B"}`,
			`t.jsonl:1: condition = "A/B" is a string, expected an object`},
		{`{"kind":"score","id":"s","judge":"j","criterion":"c","judge_score":1,"human_score":1,"condition":[1]}`,
			`t.jsonl:1: condition = [1] is an array, expected an object`},
		{`{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"condition":{"ids":"A/B","shots":1}}` + "\n" +
			`{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.4},"condition":{"shots":1, "ids":"A/B"}}`,
			`t.jsonl:2: duplicate pair record (judge "j", id "q", condition "{\"ids\":\"A/B\",\"shots\":1}"): first seen at t.jsonl:1`},
	} {
		_, err := readString(tc.in, ReadOptions{})
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s:\n got %v\nwant %s", tc.in, err, tc.want)
		}
	}
}

// TestConditionNull: a null condition is an absent one.
func TestConditionNull(t *testing.T) {
	l, err := readString(`{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"condition":null}`, ReadOptions{})
	if err != nil || l.Pairs[0].Condition != nil {
		t.Fatalf("%v, %q", err, l.Pairs[0].Condition)
	}
}

// TestValidateCondition: a condition that is not a JSON object is refused
// before it is written.
func TestValidateCondition(t *testing.T) {
	p := Pair{ID: "a", Judge: "j", Has: [NumArrangements]bool{true}, S: [NumArrangements]float64{0.5}, Condition: []byte(`[1]`)}
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), "condition is not a JSON object") {
		t.Errorf("pair: %v", err)
	}
	js := 1.0
	s := Score{ID: "a", Judge: "j", Criterion: "c", JudgeScore: &js, Condition: []byte(`{"a":`)}
	var buf bytes.Buffer
	if err := NewWriter(&buf).WriteScore(&s); err == nil || !strings.Contains(err.Error(), "condition is not a JSON object") {
		t.Errorf("score: %v", err)
	}
}

// TestConditionKey: the canonical form sorts keys at every level and
// keeps numbers as written.
func TestConditionKey(t *testing.T) {
	for in, want := range map[string]string{
		``: ``,
		`{"template":{"name":"t","sha256":"ab"}, "ids":"A/B","shots":0}`: `{"ids":"A/B","shots":0,"template":{"name":"t","sha256":"ab"}}`,
		`{"b":1.50,"a":"<&>"}`: `{"a":"<&>","b":1.50}`,
	} {
		if got := ConditionKey([]byte(in)); got != want {
			t.Errorf("ConditionKey(%s) = %s, want %s", in, got, want)
		}
	}
}
