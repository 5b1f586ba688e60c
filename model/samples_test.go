package model

import (
	"bytes"
	"strings"
	"testing"
)

// sampleLines are pair records with samples, read and written back
// unchanged (the fuzz seeds use them too).
var sampleLines = []string{
	`{"kind":"pair","id":"q1","judge":"j","p_a":{"x0":0.8333333333333334,"x2":0},"samples":{"x0":[{"scores":[8,6],"text":"Evaluation evidence: …\nScore of the Assistant 1: 8\nScore of the Assistant 2: 6"},{"scores":[7,7]},{"scores":[9,2.5]},{"text":"no scores here"}],"x2":[{"scores":[6,8]}]},"gold":"1"}`,
	`{"kind":"pair","id":"q2","judge":"j","p_a":{"x0":0.5,"x1":1},"samples":{"x0":[{"choice":"A"},{"choice":"B"},{"choice":"tie"},{"choice":"tie"}],"x1":[{"scores":[3,9]}]}}`,
}

func TestSamplesRoundTrip(t *testing.T) {
	for _, line := range sampleLines {
		rec, err := ParseLine([]byte(line), Pos{File: "s.jsonl", Line: 1})
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		var buf bytes.Buffer
		w := NewWriter(&buf)
		if err := w.WritePair(rec.Pair); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSuffix(buf.String(), "\n"); got != line {
			t.Errorf("written back as\n%s\nnot\n%s", got, line)
		}
	}
}

// TestSampleShare counts by hand: x0 of the first line has scores 8–6 (A
// wins), 7–7 (½), 9–2.5 (A) and one unread sample: 2.5 / 3. In x1 the
// answer shown first is B, so scores [3, 9] are a win for A.
func TestSampleShare(t *testing.T) {
	rec, err := ParseLine([]byte(sampleLines[0]), Pos{})
	if err != nil {
		t.Fatal(err)
	}
	p := rec.Pair
	if share, n := SampleShare(p.Samples[X0], X0); share != 2.5/3 || n != 3 || p.SampleCount(X0) != 3 {
		t.Errorf("x0: share %v of %d, want 2.5/3 of 3", share, n)
	}
	if p.Samples[X0][3].Kind != SampleUnread || p.Samples[X0][3].Text != "no scores here" {
		t.Errorf("the unread sample is %+v", p.Samples[X0][3])
	}
	if p.SampleCount(X1) != 0 || p.SampleCount(X2) != 1 {
		t.Errorf("counts x1 %d x2 %d, want 0 and 1", p.SampleCount(X1), p.SampleCount(X2))
	}
	rec, err = ParseLine([]byte(sampleLines[1]), Pos{})
	if err != nil {
		t.Fatal(err)
	}
	if share, n := SampleShare(rec.Pair.Samples[X1], X1); share != 1 || n != 1 {
		t.Errorf("x1: share %v of %d, want 1 of 1 (B shown first)", share, n)
	}
}

func TestSamplesErrors(t *testing.T) {
	base := `{"kind":"pair","id":"q","judge":"j",`
	for _, c := range []struct{ rest, want string }{
		{`"p_a":{"x0":0.5},"samples":{"x0":[{"scores":[8,6]}]}}`, "p_a.x0 is 0.5, not 1, the share of A among the 1 read samples of samples.x0"},
		{`"p_a":{"x0":1},"samples":{"x0":[{"scores":[8,6]}],"x1":[{"scores":[1,2]}]}}`, "p_a.x1"},
		{`"p_a":{"x0":1},"samples":{"x0":[{"scores":[8,6]}],"x1":[{"text":"?"}]}}`, ""},
		{`"p_a":{"x0":1,"x1":0.5},"samples":{"x0":[{"scores":[8,6]}],"x1":[]}}`, "none of samples.x1 was read"},
		{`"choice":{"x0":"A"},"samples":{"x0":[{"choice":"A"}]}}`, "samples need p_a"},
		{`"p_a":{"x0":1},"samples":{"x0":[{"scores":[8]}]}}`, "does not have two scores"},
		{`"p_a":{"x0":1},"samples":{"x0":[{"scores":[8,6,1]}]}}`, "more than two scores"},
		{`"p_a":{"x0":1},"samples":{"x0":[{"scores":[8,"6"]}]}}`, "samples.x0[0].scores[1]"},
		{`"p_a":{"x0":1},"samples":{"x0":[{"scores":[8,6],"choice":"A"}]}}`, "together with scores"},
		{`"p_a":{"x0":1},"samples":{"x0":[{"score":[8,6]}]}}`, "not a sample field"},
		{`"p_a":{"x0":1},"samples":{"x0":[{"choice":"C"}]}}`, `is not "A", "B" or "tie"`},
		{`"p_a":{"x0":1},"samples":{"x0":{"choice":"A"}}}`, "an array of samples"},
		{`"p_a":{"x0":1},"samples":{"x4":[]}}`, "not an arrangement"},
		{`"p_a":{"x0":1},"samples":{"x0":[{"scores":[1e400,6]}]}}`, "out of range"},
		{`"p_a":{"x0":1},"samples":{"x0":[{"text":7,"scores":[8,6]}]}}`, "samples.x0[0].text"},
	} {
		_, err := ParseLine([]byte(base+c.rest), Pos{File: "f", Line: 1})
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.rest, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want %q", c.rest, err, c.want)
		}
	}
}

// TestSamplesSkipText: reading without texts leaves the samples' texts out
// and keeps their scores.
func TestSamplesSkipText(t *testing.T) {
	log, err := Read(strings.NewReader(sampleLines[0]+"\n"), "s.jsonl", ReadOptions{SkipText: true})
	if err != nil {
		t.Fatal(err)
	}
	s := log.Pairs[0].Samples[X0]
	if len(s) != 4 || s[0].Text != "" || s[0].Scores != [2]float64{8, 6} || s[3].Kind != SampleUnread {
		t.Errorf("samples %+v", s)
	}
}
