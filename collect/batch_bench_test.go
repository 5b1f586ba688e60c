package collect

import (
	"os"
	"runtime"
	"testing"
)

// BenchmarkBatchOut checks that the batch writer streams: the largest live
// heap (after a collection, every 50,000 requests) seen while it writes
// 10,000 and 1,000,000 requests (rendered from 100 simulated items by the
// live run's own request builder, to /dev/null) is reported as
// peak-heap-MB above the heap before, which should be the same for both
// sizes.
//
//	go test -run '^$' -bench BatchOut -benchtime 1x ./collect
func BenchmarkBatchOut(b *testing.B) {
	c := simConfig(b, 100)
	cfg := testConfig(b, "http://127.0.0.1:1", "judge-first", "calibraeval", simItems(b, c))
	n := len(cfg.Arrangements)
	for _, total := range []int{10_000, 1_000_000} {
		b.Run(itoa(total), func(b *testing.B) {
			var peak uint64
			for b.Loop() {
				runtime.GC()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				base := ms.HeapAlloc
				line := func(buf []byte, i int) ([]byte, error) {
					if i%50_000 == 0 {
						runtime.GC() // what the writer holds, not garbage awaiting collection
						runtime.ReadMemStats(&ms)
						if ms.HeapAlloc > base {
							peak = max(peak, ms.HeapAlloc-base)
						}
					}
					return cfg.batchLine(buf, task{(i / n) % len(cfg.Items), cfg.Arrangements[i%n]})
				}
				if _, err := writeBatchLines(os.DevNull, total, func(i int) int { return i + n }, BatchLimits{Lines: BatchMaxLines, Bytes: BatchMaxBytes}, line, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
			b.ReportMetric(float64(total), "requests")
		})
	}
}
