package model

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"
	"time"
)

// syntheticPairs returns a JSON Lines log of pair records of at least size
// bytes, as the simulator writes them: four arrangements with
// full-precision probabilities, gold, group and truth.
func syntheticPairs(tb testing.TB, size int) ([]byte, int) {
	tb.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	var buf bytes.Buffer
	buf.Grow(size + 1024)
	w := NewWriter(&buf)
	judges := []string{"gpt-4o", "llama-3-8b", "claude-3-haiku"}
	groups := []string{"writing", "math", "coding", "reasoning", "roleplay"}
	n := 0
	for buf.Len() < size {
		p := &Pair{
			ID:     "item-" + itoa(n/len(judges)),
			Judge:  judges[n%len(judges)],
			Group:  groups[n%len(groups)],
			Has:    [4]bool{true, true, true, true},
			Source: SourceProb,
			Gold:   Gold(1 + rng.IntN(3)),
			Truth:  NewTruth(TruthEntry{Key: "r", Value: rng.Float64()}, TruthEntry{Key: "bias", Value: rng.Float64() - 0.5}),
		}
		for a := range p.S {
			p.S[a] = rng.Float64()
		}
		if err := w.WritePair(p); err != nil {
			tb.Fatal(err)
		}
		n++
		if n%1024 == 0 {
			if err := w.Flush(); err != nil {
				tb.Fatal(err)
			}
		}
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes(), n
}

// ReportCPU reports the process CPU time (all goroutines, GC included)
// since cpu per operation as cpu-ns/op: on the shared 2-core machine it
// varies far less than ns/op.
func ReportCPU(b *testing.B, cpu time.Duration) {
	if now := ProcessCPU(); now > 0 {
		b.ReportMetric(float64(now-cpu)/float64(b.N), "cpu-ns/op")
	}
}

func itoa(i int) string { return string(appendInt(nil, i)) }

// BenchmarkReadPairs reads a ~100 MB JSON Lines log of pair records.
//
//	go test -run XXX -bench ReadPairs -benchtime 3x ./model
func BenchmarkReadPairs(b *testing.B) {
	data, n := syntheticPairs(b, 100<<20)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	cpu := ProcessCPU()
	for range b.N {
		l, err := Read(bytes.NewReader(data), "bench.jsonl", ReadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if len(l.Pairs) != n {
			b.Fatalf("%d pairs, want %d", len(l.Pairs), n)
		}
	}
	ReportCPU(b, cpu)
	b.ReportMetric(float64(n), "records")
}

// BenchmarkParseLine parses one typical pair line.
func BenchmarkParseLine(b *testing.B) {
	data, _ := syntheticPairs(b, 1)
	line := data[:bytes.IndexByte(data, '\n')]
	b.SetBytes(int64(len(line)))
	b.ReportAllocs()
	for range b.N {
		if _, err := ParseLine(line, Pos{File: "x", Line: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWritePair writes typical pair records.
func BenchmarkWritePair(b *testing.B) {
	p := &Pair{ID: "item-123456", Judge: "gpt-4o", Group: "writing", Has: [4]bool{true, true, true, true},
		S: [4]float64{0.7312345678901234, 0.123, 0.98765432101, 0.5}, Gold: Gold1, Truth: NewTruth(TruthEntry{Key: "r", Value: 0.61}, TruthEntry{Key: "bias", Value: -0.05})}
	w := NewWriter(io.Discard)
	b.ReportAllocs()
	for range b.N {
		if err := w.WritePair(p); err != nil {
			b.Fatal(err)
		}
	}
}
