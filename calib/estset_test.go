package calib

import (
	"slices"
	"testing"
)

func TestEstimationSetSizes(t *testing.T) {
	for _, c := range []struct {
		n    int
		frac float64
		want int
	}{
		{30, 0.1, 3},   // 0.1·30 = 3.0000000000000004 in floating point: still 3
		{10, 0.25, 3},  // ⌈2.5⌉
		{7, 1, 7},      // all
		{1, 0.01, 1},   // at least one
		{100, 0.5, 50}, // exact
		{3, 0.34, 2},   // ⌈1.02⌉
	} {
		est, held, err := EstimationSet(c.n, c.frac, 42)
		if err != nil {
			t.Fatal(err)
		}
		if len(est) != c.want || len(held) != c.n-c.want {
			t.Errorf("n=%d f=%v: %d estimation, %d held out; want %d, %d", c.n, c.frac, len(est), len(held), c.want, c.n-c.want)
		}
		if !slices.IsSorted(est) || !slices.IsSorted(held) {
			t.Errorf("n=%d f=%v: not sorted", c.n, c.frac)
		}
		all := slices.Sorted(slices.Values(append(slices.Clone(est), held...)))
		for i, v := range all {
			if v != i {
				t.Fatalf("n=%d f=%v: estimation ∪ held-out is not 0..n−1 exactly once: %v", c.n, c.frac, all)
			}
		}
	}
}

func TestEstimationSetSeeded(t *testing.T) {
	a, _, _ := EstimationSet(1000, 0.3, 7)
	b, _, _ := EstimationSet(1000, 0.3, 7)
	c, _, _ := EstimationSet(1000, 0.3, 8)
	if !slices.Equal(a, b) {
		t.Error("same seed, different sets")
	}
	if slices.Equal(a, c) {
		t.Error("different seeds, same set")
	}
	// Every index is equally likely: over 4000 seeds each of 20 indices is
	// drawn 4000·0.25 = 1000 times on average (sd ≈ 27).
	count := make([]int, 20)
	for seed := range uint64(4000) {
		est, _, _ := EstimationSet(20, 0.25, seed)
		for _, i := range est {
			count[i]++
		}
	}
	for i, c := range count {
		if c < 880 || c > 1120 {
			t.Errorf("index %d drawn %d times, want about 1000", i, c)
		}
	}
}

func TestEstimationSetErrors(t *testing.T) {
	for _, c := range []struct {
		n    int
		frac float64
	}{{0, 0.5}, {-1, 0.5}, {10, 0}, {10, -0.1}, {10, 1.5}} {
		if _, _, err := EstimationSet(c.n, c.frac, 1); err == nil {
			t.Errorf("EstimationSet(%d, %v) gave no error", c.n, c.frac)
		}
	}
	nan := 0.0
	nan /= nan
	if _, _, err := EstimationSet(10, nan, 1); err == nil {
		t.Error("NaN fraction gave no error")
	}
}
