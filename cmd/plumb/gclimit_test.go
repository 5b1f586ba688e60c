package main

import "testing"

// TestMemoryLimitFor: the limit is softMemoryLimit up to a live heap of
// limitKnee, then grows twice as fast as the live heap.
func TestMemoryLimitFor(t *testing.T) {
	t.Parallel()
	const mib = 1 << 20
	for _, c := range []struct {
		live uint64
		want int64
	}{{0, 450 * mib}, {300 * mib, 450 * mib}, {360 * mib, 450 * mib}, {400 * mib, 530 * mib}, {700 * mib, 1130 * mib}, {2048 * mib, 3826 * mib}} {
		if got := memoryLimitFor(c.live); got != c.want {
			t.Errorf("live %d MiB: limit %d MiB, want %d MiB", c.live/mib, got/mib, c.want/mib)
		}
	}
}
