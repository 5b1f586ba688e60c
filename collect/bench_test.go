package collect

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// cpuTime returns the process's user + system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkCollect measures plumb collect's own overhead: -j 64 against the
// simulated judge server on 127.0.0.1 (in the same process, so client and
// server share the machine's cores). Each op is 1,000 items × 4
// arrangements = 4,000 requests; the req/s metric is what counts (README
// "Speed").
func BenchmarkCollect(b *testing.B) {
	const n = 1000
	c := simConfig(b, n)
	_, ts := startSim(b, c, nil)
	items := simItems(b, c)
	var total, cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		cfg := testConfig(b, ts.URL, "judge-tokenA", "calibraeval", items)
		cfg.Jobs = 64
		b.StartTimer()
		start, cpu0 := time.Now(), cpuTime()
		st, _ := run(b, cfg)
		total += time.Since(start)
		cpu += cpuTime() - cpu0
		if st.Written != n {
			b.Fatalf("wrote %d", st.Written)
		}
	}
	reqs := float64(b.N * 4 * n)
	b.ReportMetric(reqs/total.Seconds(), "req/s")
	// CPU per request (client and server together) does not depend on how
	// busy the machine is; 2 cores / cpu-per-request is the capacity.
	b.ReportMetric(float64(cpu.Microseconds())/reqs, "cpu-µs/req")
	b.ReportMetric(2e6/(float64(cpu.Microseconds())/reqs), "req/s-on-2-idle-cores")
}

// BenchmarkCollectMemory runs 100,000 requests (25,000 items × 4) with -j 64
// and samples the live heap: the heap after 90% of the requests must be
// about the heap after 10% (flat memory: results are written as items
// finish and at most -j items are in flight). Run with -benchtime=1x.
func BenchmarkCollectMemory(b *testing.B) {
	const n = 25000
	c := simConfig(b, n)
	_, ts := startSim(b, c, nil)
	items := simItems(b, c)
	for b.Loop() {
		cfg := testConfig(b, ts.URL, "judge-tokenA", "calibraeval", items)
		cfg.Jobs = 64
		var st Stats
		var mu sync.Mutex
		var early, late uint64
		done := make(chan struct{})
		go func() {
			var ms runtime.MemStats
			for {
				select {
				case <-done:
					return
				case <-time.After(20 * time.Millisecond):
				}
				d := atomic.LoadInt64(&st.Done)
				if d < 10000 {
					continue
				}
				runtime.GC()
				runtime.ReadMemStats(&ms)
				mu.Lock()
				switch {
				case d >= 10000 && early == 0:
					early = ms.HeapAlloc
				case d >= 90000 && late == 0:
					late = ms.HeapAlloc
				}
				mu.Unlock()
			}
		}()
		start := time.Now()
		if _, err := Run(context.Background(), cfg, &st); err != nil {
			b.Fatal(err)
		}
		el := time.Since(start)
		close(done)
		if st.Written != n {
			b.Fatalf("wrote %d", st.Written)
		}
		mu.Lock()
		b.ReportMetric(float64(early)/(1<<20), "heapMB@10k")
		b.ReportMetric(float64(late)/(1<<20), "heapMB@90k")
		b.ReportMetric(float64(4*n)/el.Seconds(), "req/s")
		if late > early+early/4+(8<<20) {
			b.Errorf("heap grew from %d MB after 10k requests to %d MB after 90k", early>>20, late>>20)
		}
		mu.Unlock()
	}
}
