package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// softMemoryLimit is plumb's soft memory limit while the live heap is
// small: the 998,400-record report (README "Speed") peaks at about 360 MB
// live, and under this limit its peak RSS is about 460 MiB for 1% more CPU
// than under 900 MiB.
const softMemoryLimit = 450 << 20

// limitHeadroom is how far above the live heap the limit is kept once the
// live heap outgrows softMemoryLimit/limitHeadroom: a fixed limit below
// the live heap would make the collector run without pause (a 700 MB live
// heap under a 500 MiB limit doubled a report's CPU time).
const limitHeadroom = 1.25

// memoryLimitFor is the soft memory limit for a live heap of live bytes.
func memoryLimitFor(live uint64) int64 {
	return max(softMemoryLimit, int64(float64(live)*limitHeadroom))
}

// followLiveHeap sets the soft memory limit and re-sets it after every
// garbage collection from the live heap then (a finalizer runs once per
// cycle and re-arms itself), so the limit bounds memory on ordinary logs
// and grows, like GOGC=25, with a log that needs more.
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
