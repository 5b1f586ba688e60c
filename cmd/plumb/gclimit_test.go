package main

import "testing"

// TestMemoryLimitFor: the limit is softMemoryLimit until the live heap
// needs more, then 1.25× the live heap.
func TestMemoryLimitFor(t *testing.T) {
	for _, c := range []struct {
		live uint64
		want int64
	}{{0, softMemoryLimit}, {300 << 20, softMemoryLimit}, {360 << 20, softMemoryLimit}, {400 << 20, 500 << 20}, {2 << 30, 5 << 29}} {
		if got := memoryLimitFor(c.live); got != c.want {
			t.Errorf("live %d: limit %d, want %d", c.live, got, c.want)
		}
	}
}
