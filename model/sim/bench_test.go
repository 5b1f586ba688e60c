package sim

import (
	"io"
	"testing"
)

// millionConfig gives 1,000,000 records: 3 judges × (200,000 pairs +
// 20,000 score items × 3 criteria + 73,333 verdicts) + 1 ≈ 1.0M.
func millionConfig() Config {
	c := DefaultConfig()
	c.Pairs, c.Scores, c.Verdicts = 200000, 20000, 73334
	return c
}

// BenchmarkWrite1M streams about a million records as JSON Lines to
// io.Discard (run with -benchtime=1x).
func BenchmarkWrite1M(b *testing.B) {
	c := millionConfig()
	b.ReportMetric(float64(c.Records()), "records/op")
	for b.Loop() {
		if err := Write(io.Discard, c); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGeneratePairs measures generation alone, without JSON.
func BenchmarkGeneratePairs(b *testing.B) {
	c := DefaultConfig()
	c.Pairs, c.Scores, c.Verdicts = 10000, 0, 0
	for b.Loop() {
		if err := Generate(c, discard{}); err != nil {
			b.Fatal(err)
		}
	}
}
