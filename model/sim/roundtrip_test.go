package sim

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// writeLog writes cfg's log to memory.
func writeLog(t *testing.T, cfg Config) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, cfg); err != nil {
		t.Fatalf("Write: %v", err)
	}
	return buf.Bytes()
}

func TestWriteDeterministic(t *testing.T) {
	a, b := writeLog(t, smallConfig()), writeLog(t, smallConfig())
	if !bytes.Equal(a, b) {
		t.Fatal("same config wrote different bytes")
	}
	c := smallConfig()
	c.Seed++
	if bytes.Equal(a, writeLog(t, c)) {
		t.Fatal("different seeds wrote the same bytes")
	}
}

// TestReadBack writes logs in every output mode and reads them back with
// the model reader: every record must come back equal to the generated one.
func TestReadBack(t *testing.T) {
	for _, digits := range []int{0, 6} {
		c := smallConfig()
		c.Digits = digits
		c.ChoiceTie = 0.05
		c.Judges[1].Mode = model.SourceLogprob
		c.Judges[2].Mode = model.SourceChoice
		c.Judges[2].ScoreProbs = true
		want, err := Collect(c)
		if err != nil {
			t.Fatal(err)
		}
		got, err := model.Read(bytes.NewReader(writeLog(t, c)), "sim", model.ReadOptions{})
		if err != nil {
			t.Fatalf("digits %d: reading the simulated log: %v", digits, err)
		}
		if len(got.Pairs) != len(want.Pairs) || len(got.Scores) != len(want.Scores) ||
			len(got.Verdicts) != len(want.Verdicts) {
			t.Fatalf("digits %d: read %d/%d/%d records, generated %d/%d/%d", digits,
				len(got.Pairs), len(got.Scores), len(got.Verdicts),
				len(want.Pairs), len(want.Scores), len(want.Verdicts))
		}
		for i := range want.Pairs {
			g, w := got.Pairs[i], want.Pairs[i]
			g.Pos = model.Pos{}
			if w.Source == model.SourceLogprob {
				// The reader recomputes S from the log-probabilities (same formula).
				for a := range w.S {
					if !w.Has[a] {
						w.Logprobs[a] = g.Logprobs[a]
					}
				}
			}
			if !reflect.DeepEqual(g, w) {
				t.Fatalf("digits %d: pair %d read back as\n%+v\nwant\n%+v", digits, i, g, w)
			}
		}
		for i := range want.Scores {
			g, w := got.Scores[i], want.Scores[i]
			g.Pos = model.Pos{}
			if !reflect.DeepEqual(g, w) {
				t.Fatalf("digits %d: score %d read back as\n%+v\nwant\n%+v", digits, i, g, w)
			}
		}
		for i := range want.Verdicts {
			g, w := got.Verdicts[i], want.Verdicts[i]
			g.Pos = model.Pos{}
			if !reflect.DeepEqual(g, w) {
				t.Fatalf("digits %d: verdict %d read back as\n%+v\nwant\n%+v", digits, i, g, w)
			}
		}
	}
}
