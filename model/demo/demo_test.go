package demo

import (
	"bytes"
	"compress/gzip"
	"io"
	"testing"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// TestEmbeddedMatchesSimulator regenerates the demo from Config and checks
// that the embedded file holds exactly those bytes (after gunzip): the demo
// can never drift from the simulator. If this fails after a deliberate
// change to the simulator, run `go generate ./model/demo`.
func TestEmbeddedMatchesSimulator(t *testing.T) {
	zr, err := gzip.NewReader(bytes.NewReader(demoGz))
	if err != nil {
		t.Fatal(err)
	}
	embedded, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	var fresh bytes.Buffer
	if err := sim.Write(&fresh, Config()); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(embedded, fresh.Bytes()) {
		n := min(len(embedded), fresh.Len())
		i := 0
		for i < n && embedded[i] == fresh.Bytes()[i] {
			i++
		}
		line := bytes.Count(embedded[:i], []byte("\n")) + 1
		t.Fatalf("embedded demo (%d bytes) differs from the simulator's output (%d bytes) from line %d; "+
			"run `go generate ./model/demo`", len(embedded), fresh.Len(), line)
	}
	if len(demoGz) > 2<<20 {
		t.Errorf("embedded demo is %d bytes, want < 2 MB", len(demoGz))
	}
}

func TestLog(t *testing.T) {
	log, err := Log()
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config()
	nj := len(cfg.Judges)
	if len(log.Pairs) != cfg.Pairs*nj || len(log.Scores) != cfg.Scores*len(cfg.Criteria)*nj ||
		len(log.Verdicts) != cfg.Verdicts*nj {
		t.Fatalf("demo has %d pairs, %d scores, %d verdicts", len(log.Pairs), len(log.Scores), len(log.Verdicts))
	}
	if p := log.Pairs[0].Pos; p.File != Name || p.Line != 1 {
		t.Errorf("first record at %v, want %s:1", p, Name)
	}
	for _, p := range log.Pairs {
		if p.NumArrangementsPresent() != model.NumArrangements || p.Source != model.SourceProb {
			t.Fatalf("%s of %s: %d arrangements, source %s", p.ID, p.Judge, p.NumArrangementsPresent(), p.Source)
		}
	}
}

// TestJudgesDiffer checks that the demo shows what it is meant to show: the
// share of choices that pick the first-shown response and the token A.
func TestJudgesDiffer(t *testing.T) {
	log, err := Log()
	if err != nil {
		t.Fatal(err)
	}
	type tally struct{ first, tokA, n float64 }
	tallies := map[string]*tally{}
	for _, p := range log.Pairs {
		tl := tallies[p.Judge]
		if tl == nil {
			tl = &tally{}
			tallies[p.Judge] = tl
		}
		for _, a := range model.Arrangements {
			if p.S[a] == 0.5 {
				continue
			}
			pickedA := p.S[a] > 0.5
			tl.n++
			if pickedA {
				tl.tokA++
			}
			if pickedA != a.PositionSwapped() {
				tl.first++
			}
		}
	}
	rate := func(judge string) (first, tokA float64) {
		tl := tallies[judge]
		if tl == nil {
			t.Fatalf("judge %s missing", judge)
		}
		return tl.first / tl.n, tl.tokA / tl.n
	}
	if f, a := rate("judge-fair"); f > 0.55 || a > 0.55 {
		t.Errorf("judge-fair: first-position rate %.3f, A rate %.3f", f, a)
	}
	if f, _ := rate("judge-first"); f < 0.7 {
		t.Errorf("judge-first: first-position rate %.3f", f)
	}
	if _, a := rate("judge-tokenA"); a < 0.65 {
		t.Errorf("judge-tokenA: A rate %.3f", a)
	}
}

func BenchmarkLog(b *testing.B) {
	for b.Loop() {
		if _, err := Log(); err != nil {
			b.Fatal(err)
		}
	}
}
