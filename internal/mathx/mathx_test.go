package mathx

import (
	"math"
	"testing"
)

// TestSigmoid: σ is 1/(1 + e^−x) on both branches, saturates without
// overflow, and Logit inverts it.
func TestSigmoid(t *testing.T) {
	for _, x := range []float64{-30, -2.5, -1e-9, 0, 1e-9, 0.7, 4, 30} {
		want := 1 / (1 + math.Exp(-x))
		if got := Sigmoid(x); math.Abs(got-want) > 1e-15 {
			t.Errorf("Sigmoid(%g) = %v, want %v", x, got, want)
		}
		if got := LogSigmoid(x); math.Abs(got-math.Log(want)) > 1e-12 {
			t.Errorf("LogSigmoid(%g) = %v, want %v", x, got, math.Log(want))
		}
		if math.Abs(x) < 20 {
			if got := Logit(Sigmoid(x)); math.Abs(got-x) > 1e-9 {
				t.Errorf("Logit(Sigmoid(%g)) = %v", x, got)
			}
		}
	}
	if Sigmoid(-1000) != 0 || Sigmoid(1000) != 1 || Sigmoid(0) != 0.5 {
		t.Errorf("Sigmoid(±1000, 0) = %v, %v, %v", Sigmoid(-1000), Sigmoid(1000), Sigmoid(0))
	}
	if got := LogSigmoid(-1000); got != -1000 {
		t.Errorf("LogSigmoid(-1000) = %v", got)
	}
}

// TestSplitMix64: the reference outputs of SplitMix64's finaliser for
// the first states of a generator seeded with 0 (x, x + γ, …).
func TestSplitMix64(t *testing.T) {
	want := []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}
	var x uint64
	for i, w := range want {
		if got := SplitMix64(x); got != w {
			t.Errorf("SplitMix64 step %d = %#x, want %#x", i, got, w)
		}
		x += 0x9e3779b97f4a7c15
	}
}

func TestMaxOf(t *testing.T) {
	if got := MaxOf(nil); !math.IsInf(got, -1) {
		t.Errorf("MaxOf(nil) = %v", got)
	}
	if got := MaxOf([]float64{1, math.NaN(), 3, -2}); got != 3 {
		t.Errorf("MaxOf = %v, want 3", got)
	}
}
