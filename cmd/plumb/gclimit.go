package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// softMemoryLimit is plumb's soft memory limit while the live heap is
// small: the 998,400-record report (docs/performance.md) peaks at about 360 MiB
// live with the compact record stores, and under this limit its peak RSS
// is about 470 MiB for the CPU it takes under 900 MiB.
const softMemoryLimit = 450 << 20

// limitKnee is the live heap above which the limit grows: from there it
// is 2 × live − limitKnee·2 + softMemoryLimit, continuous at the knee and
// tending to Go's default trade (a heap of twice the live one) on large
// heaps. A fixed limit near the live heap makes the collector run without
// pause (a 700 MB live heap under a fixed 500 MiB limit doubled a report's
// CPU, and 1.25 × live still cost half again).
const limitKnee = 360 << 20

// memoryLimitFor is the soft memory limit for a live heap of live bytes.
func memoryLimitFor(live uint64) int64 {
	return max(softMemoryLimit, 2*int64(live)-2*limitKnee+softMemoryLimit)
}

// followLiveHeap sets the soft memory limit and re-sets it after every
// garbage collection from the live heap then (a finalizer runs once per
// cycle and re-arms itself), so the limit bounds memory on ordinary logs
// and grows with a log that needs more.
func followLiveHeap() {
	debug.SetMemoryLimit(softMemoryLimit)
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var arm func()
	arm = func() {
		sentinel := new([32]byte)
		runtime.SetFinalizer(sentinel, func(*[32]byte) {
			metrics.Read(sample)
			if sample[0].Value.Kind() == metrics.KindUint64 {
				debug.SetMemoryLimit(memoryLimitFor(sample[0].Value.Uint64()))
			}
			arm()
		})
	}
	arm()
}
