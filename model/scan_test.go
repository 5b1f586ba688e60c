package model

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestSmallDecimal compares the fast number path with strconv on numbers
// written in every common way, including the shortest forms of random
// doubles (16–17 digits), where the fast path must give up or be exact.
func TestSmallDecimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	nums := []string{"0", "-0", "1", "0.5", "-12.25", "0.1", "0.3", "0.30000000000000004", "9007199254740993",
		"9007199254740992", "0.9007199254740993", "1234567890123456789", "12345678901234567890",
		"0.0000000000000000000001", "0.00000000000000000000001", "123.456e7", "1E+400"}
	for range 20000 {
		x := rng.Float64()
		switch rng.IntN(3) {
		case 0:
			x = -x * 1000
		case 1:
			x = float64(rng.IntN(100000)) / 10000
		}
		nums = append(nums, string(appendFloat(nil, x)), strconv.FormatFloat(x, 'f', rng.IntN(20), 64))
	}
	fast := 0
	for _, s := range nums {
		want, _ := strconv.ParseFloat(s, 64)
		got, code := number([]byte(s))
		if math.IsInf(want, 0) {
			if code != numOverflow {
				t.Errorf("%s: code %d, want overflow", s, code)
			}
			continue
		}
		if code != numOK || math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("%s: got %v (code %d), want %v", s, got, code, want)
		}
		if _, ok := smallDecimal([]byte(s)); ok {
			fast++
		}
	}
	if fast < len(nums)/2 {
		t.Errorf("fast path taken for only %d of %d numbers", fast, len(nums))
	}
}
