package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"strings"
	"testing"
)

func ptr[T any](v T) *T { return &v }

// written returns what a Writer writes for one record.
func written(t *testing.T, write func(w *Writer) error) string {
	t.Helper()
	var b bytes.Buffer
	w := NewWriter(&b)
	if err := write(w); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestWriteOrder: keys come in the documented order, whatever the order of
// maps; optional empty fields are left out.
func TestWriteOrder(t *testing.T) {
	p := &Pair{
		ID: "q1", Judge: "j", Group: "g",
		Has: [4]bool{true, false, true, true}, S: [4]float64{0.1, 0, 1, 1e-7}, Source: SourceProb,
		Gold: GoldTie, Prompt: "p", Response2: "r2",
		Truth: TruthFromMap(map[string]float64{"z": 1, "a": -2.5}),
		Extra: Extra{"zz": json.RawMessage(`[1, 2]`), "criterion": json.RawMessage(`"c"`)},
	}
	got := written(t, func(w *Writer) error { return w.WritePair(p) })
	want := `{"kind":"pair","id":"q1","judge":"j","group":"g","p_a":{"x0":0.1,"x2":1,"x3":1e-07},"gold":"tie","prompt":"p","response_2":"r2","truth":{"a":-2.5,"z":1},"criterion":"c","zz":[1, 2]}` + "\n"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}

	s := &Score{
		ID: "s1", Judge: "j", Criterion: "c",
		ScoreProbs: map[string]float64{"10": 0.5, "2": 0.25, "-1": 0, "2.5": 0.25},
		HumanScore: 3, LS: ptr(-12.5), Tokens: ptr(7), Input: "in", Output: "out",
	}
	got = written(t, func(w *Writer) error { return w.WriteScore(s) })
	want = `{"kind":"score","id":"s1","judge":"j","criterion":"c","score_probs":{"-1":0,"2":0.25,"2.5":0.25,"10":0.5},"human_score":3,"ls":-12.5,"tokens":7,"input":"in","output":"out"}` + "\n"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	s = &Score{ID: "s1", Judge: "j", Criterion: "c", JudgeScore: ptr(4.0), HumanScore: 3}
	got = written(t, func(w *Writer) error { return w.WriteScore(s) })
	want = `{"kind":"score","id":"s1","judge":"j","criterion":"c","judge_score":4,"human_score":3}` + "\n"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}

	v := &Verdict{ID: "v", Judge: "j", Verdict: true, Truth: TruthFromMap(map[string]float64{"correct": 1})}
	got = written(t, func(w *Writer) error { return w.WriteVerdict(v) })
	want = `{"kind":"verdict","id":"v","judge":"j","verdict":true,"human":null,"truth":{"correct":1}}` + "\n"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	v.Human = ptr(false)
	got = written(t, func(w *Writer) error { return w.WriteVerdict(v) })
	if !strings.Contains(got, `"verdict":true,"human":false,`) {
		t.Errorf("got %s", got)
	}
}

// TestWriteSources: a pair is written from the source it was read from.
func TestWriteSources(t *testing.T) {
	inf := math.Inf(-1)
	p := &Pair{
		ID: "q", Judge: "j", Source: SourceLogprob,
		Has:      [4]bool{true, true, true, false},
		Logprobs: [4][2]float64{{-0.5, -1}, {inf, -0.25}, {-3, inf}},
	}
	for a := range 3 {
		p.S[a] = probA(p.Logprobs[a][0], p.Logprobs[a][1])
	}
	got := written(t, func(w *Writer) error { return w.WritePair(p) })
	want := `{"kind":"pair","id":"q","judge":"j","logprobs":{"x0":{"A":-0.5,"B":-1},"x1":{"B":-0.25},"x2":{"A":-3}}}` + "\n"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	c := &Pair{ID: "q", Judge: "j", Source: SourceChoice, Has: [4]bool{true, true, false, true}, S: [4]float64{1, 0, 0, 0.5}}
	got = written(t, func(w *Writer) error { return w.WritePair(c) })
	want = `{"kind":"pair","id":"q","judge":"j","choice":{"x0":"A","x1":"B","x3":"tie"}}` + "\n"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestWriteStrings: JSON escaping of text and keys, and compaction of
// multi-line Extra values.
func TestWriteStrings(t *testing.T) {
	p := &Pair{
		ID: "a\"b\\c\n\r\t\b\f\x01\x1f\u2028\u2029é😀", Judge: "bad\xffutf8", Has: [4]bool{true}, S: [4]float64{0.5},
		Extra: Extra{"k\"ey\n": json.RawMessage("{\n  \"a\": [1,\r\n 2]\n}")},
	}
	got := written(t, func(w *Writer) error { return w.WritePair(p) })
	want := `{"kind":"pair","id":"a\"b\\c\n\r\t\b\f\u0001\u001f\u2028\u2029é😀","judge":"bad\ufffdutf8","p_a":{"x0":0.5},"k\"ey\n":{"a":[1,2]}}` + "\n"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(got), &m); err != nil || m["id"] != p.ID {
		t.Errorf("encoding/json reads %v, %v", m["id"], err)
	}
}

// TestWriteInvalid: records that would not read back are refused with the
// reader's kind of message.
func TestWriteInvalid(t *testing.T) {
	good := func() *Pair {
		return &Pair{ID: "q", Judge: "j", Has: [4]bool{true, true}, S: [4]float64{0.5, 0.5}, Pos: Pos{"in.jsonl", 3}}
	}
	for _, tc := range []struct {
		edit func(p *Pair)
		want string
	}{
		{func(p *Pair) { p.ID = "" }, `model: cannot write pair "" of judge "j": in.jsonl:3: id is empty`},
		{func(p *Pair) { p.Has[X0] = false }, `model: cannot write pair "q" of judge "j": in.jsonl:3: p_a.x0 is missing (x0, the default arrangement, is required)`},
		{func(p *Pair) { p.S[X1] = math.NaN() }, `model: cannot write pair "q" of judge "j": in.jsonl:3: p_a.x1 = NaN is not a probability in [0, 1]`},
		{func(p *Pair) { p.S[X1] = 1.5 }, `model: cannot write pair "q" of judge "j": in.jsonl:3: p_a.x1 = 1.5 is not a probability in [0, 1]`},
		{func(p *Pair) { p.Source = SourceChoice; p.S[X1] = 0.3 }, `model: cannot write pair "q" of judge "j": in.jsonl:3: choice.x1 = 0.3 is not A (1), B (0) or tie (0.5)`},
		{func(p *Pair) { p.Source = SourceLogprob; p.Logprobs[X0] = [2]float64{math.Inf(-1), math.Inf(-1)} }, `model: cannot write pair "q" of judge "j": in.jsonl:3: logprobs.x0 has neither A nor B (both log-probabilities are -Inf)`},
		{func(p *Pair) { p.Source = SourceLogprob; p.S[X1] = 0.25 }, `model: cannot write pair "q" of judge "j": in.jsonl:3: logprobs.x1 gives P(A) = 0.5, not S = 0.25`},
		{func(p *Pair) { p.Source = SourceLogprob; p.Logprobs[X0] = [2]float64{0.1, 0} }, `model: cannot write pair "q" of judge "j": in.jsonl:3: logprobs.x0.A = 0.1 is not a log-probability (it must be ≤ 0)`},
		{func(p *Pair) { p.Source = 7 }, `model: cannot write pair "q" of judge "j": in.jsonl:3: source = 7 is not p_a, logprobs or choice`},
		{func(p *Pair) { p.Gold = 9 }, `model: cannot write pair "q" of judge "j": in.jsonl:3: gold = 9 is not 1, 2 or "tie"`},
		{func(p *Pair) { p.Truth = TruthFromMap(map[string]float64{"b": 1, "a": math.Inf(1), "c": math.NaN()}) }, `model: cannot write pair "q" of judge "j": in.jsonl:3: truth.a = +Inf is not a finite number`},
		{func(p *Pair) { p.Extra = Extra{"gold": json.RawMessage(`"1"`)} }, `model: cannot write pair "q" of judge "j": in.jsonl:3: gold is a field of the record and cannot be kept in Extra`},
		{func(p *Pair) { p.Extra = Extra{"x": json.RawMessage(`{`)} }, `model: cannot write pair "q" of judge "j": in.jsonl:3: x = { is not valid JSON`},
	} {
		p := good()
		tc.edit(p)
		err := NewWriter(io.Discard).WritePair(p)
		if err == nil || err.Error() != tc.want {
			t.Errorf("got  %v\nwant %s", err, tc.want)
		}
	}

	for _, tc := range []struct {
		s    *Score
		want string
	}{
		{&Score{ID: "s", Judge: "j", HumanScore: 1, JudgeScore: ptr(1.0)}, `criterion is empty`},
		{&Score{ID: "s", Judge: "j", Criterion: "c", HumanScore: 1}, `judge_score is missing (a score record needs exactly one of judge_score, score_probs)`},
		{&Score{ID: "s", Judge: "j", Criterion: "c", HumanScore: 1, JudgeScore: ptr(1.0), ScoreProbs: map[string]float64{"1": 1}}, `score_probs is given together with judge_score (a score record needs exactly one of judge_score, score_probs)`},
		{&Score{ID: "s", Judge: "j", Criterion: "c", HumanScore: math.NaN(), JudgeScore: ptr(1.0)}, `human_score = NaN is not a finite number`},
		{&Score{ID: "s", Judge: "j", Criterion: "c", HumanScore: 1, JudgeScore: ptr(math.Inf(-1))}, `judge_score = -Inf is not a finite number`},
		{&Score{ID: "s", Judge: "j", Criterion: "c", HumanScore: 1, JudgeScore: ptr(1.0), LS: ptr(math.NaN())}, `ls = NaN is not a finite number`},
		{&Score{ID: "s", Judge: "j", Criterion: "c", HumanScore: 1, JudgeScore: ptr(1.0), LS: ptr(5.0)}, `ls = 5 is not a log-likelihood (a sum of token log-probabilities, it must be ≤ 0)`},
		{&Score{ID: "s", Judge: "j", Criterion: "c", HumanScore: 1, JudgeScore: ptr(1.0), Tokens: ptr(0)}, `tokens = 0 is not a positive integer`},
		{&Score{ID: "s", Judge: "j", Criterion: "c", HumanScore: 1, ScoreProbs: map[string]float64{}}, `score_probs has no positive probability (the probabilities must have a positive sum)`},
		{&Score{ID: "s", Judge: "j", Criterion: "c", HumanScore: 1, ScoreProbs: map[string]float64{"1": 0, "2": 0}}, `score_probs has no positive probability (the probabilities must have a positive sum)`},
		{&Score{ID: "s", Judge: "j", Criterion: "c", HumanScore: 1, ScoreProbs: map[string]float64{"x": 1, "b": 1, "1": 1}}, `score_probs.b is not a rating: the keys of score_probs must be numbers`},
		{&Score{ID: "s", Judge: "j", Criterion: "c", HumanScore: 1, ScoreProbs: map[string]float64{"1e0": 0.5, "1": 0.5, "01": 1}}, `score_probs.01 is not a rating: the keys of score_probs must be numbers`},
		{&Score{ID: "s", Judge: "j", Criterion: "c", HumanScore: 1, ScoreProbs: map[string]float64{"1e0": 0.5, "1": 0.5}}, `score_probs.1e0 is the same rating as score_probs.1`},
		{&Score{ID: "s", Judge: "j", Criterion: "c", HumanScore: 1, ScoreProbs: map[string]float64{"1": 0.5, "2": -0.5}}, `score_probs.2 = -0.5 is not a probability in [0, 1]`},
	} {
		err := tc.s.Validate()
		if err == nil || err.Error() != tc.want || !errors.Is(err, ErrBadInput) {
			t.Errorf("got  %v\nwant %s", err, tc.want)
		}
		if err := NewWriter(io.Discard).WriteScore(tc.s); err == nil || !strings.HasSuffix(err.Error(), tc.want) {
			t.Errorf("writer: got %v", err)
		}
	}

	v := &Verdict{ID: "v", Judge: "", Verdict: true}
	if err := NewWriter(io.Discard).WriteVerdict(v); err == nil || err.Error() != `model: cannot write verdict "v" of judge "": judge is empty` {
		t.Errorf("got %v", err)
	}
}

// TestWriteAllocs: writing a typical record does not allocate.
func TestWriteAllocs(t *testing.T) {
	w := NewWriter(io.Discard)
	p := &Pair{ID: "q123", Judge: "judge", Group: "g", Has: [4]bool{true, true, true, true},
		S: [4]float64{0.1, 0.25, 0.731, 0.5}, Gold: Gold1, Truth: TruthFromMap(map[string]float64{"r": 0.7, "bias": 0.1})}
	s := &Score{ID: "s", Judge: "j", Criterion: "c", ScoreProbs: map[string]float64{"1": 0.5, "2": 0.5}, HumanScore: 3, LS: ptr(-1.5), Tokens: ptr(12)}
	v := &Verdict{ID: "v", Judge: "j", Verdict: true, Human: ptr(true)}
	if err := w.WritePair(p); err != nil { // warm up the scratch space
		t.Fatal(err)
	}
	if err := w.WriteScore(s); err != nil {
		t.Fatal(err)
	}
	n := testing.AllocsPerRun(200, func() {
		if w.WritePair(p) != nil || w.WriteScore(s) != nil || w.WriteVerdict(v) != nil {
			t.Fatal("write failed")
		}
	})
	if n != 0 {
		t.Errorf("%v allocations per pair+score+verdict", n)
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestWriteIOError: I/O errors reach the caller.
func TestWriteIOError(t *testing.T) {
	l := &Log{Verdicts: []Verdict{{ID: "v", Judge: "j"}}}
	if err := WriteLog(failWriter{}, l); err == nil || err.Error() != "disk full" {
		t.Errorf("got %v", err)
	}
}
