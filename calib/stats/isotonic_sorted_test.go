package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestIsotonicAtSortedBits: on random sorted inputs with flat runs,
// decreasing stretches, repeated y values and integer weights (the shapes
// CalibraEval's g* gives), IsotonicAtSorted equals FitIsotonic followed by
// PredictSorted at the same x bit for bit; inputs it must not take (a tie
// in x, a zero weight, a non-finite value, x out of order) give ok false.
func TestIsotonicAtSortedBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		n := 1 + rng.IntN(2000)
		x, y, w := make([]float64, n), make([]float64, n), make([]float64, n)
		v := rng.Float64()
		for i := range x {
			x[i] = float64(i+1) / float64(n+1) * (1 + 1e-3*rng.Float64())
			if i > 0 && x[i] <= x[i-1] {
				x[i] = math.Nextafter(x[i-1], 2) + 1e-12
			}
			switch rng.IntN(4) {
			case 0: // flat
			case 1:
				v += 0.01 * rng.Float64()
			case 2:
				v -= 0.02 * rng.Float64() // a violation
			default:
				v = rng.Float64() / 3
			}
			y[i] = v
			if rng.IntN(50) == 0 {
				y[i] = math.Copysign(0, -1) // −0 keeps its sign through y·w/w
			}
			w[i] = float64(1 + rng.IntN(7))
		}
		iso, err := FitIsotonic(x, y, w)
		if err != nil {
			t.Fatal(err)
		}
		want := iso.PredictSorted(x, nil)
		got, ok := IsotonicAtSorted(x, y, w, nil)
		if !ok {
			t.Fatalf("trial %d: refused a valid input", trial)
		}
		for i := range want {
			if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
				t.Fatalf("trial %d, i %d: %v, FitIsotonic gives %v", trial, i, got[i], want[i])
			}
		}
	}
	for name, in := range map[string][3][]float64{
		"tie in x":    {{0.1, 0.1 + 1e-16, 0.5}, {0.2, 0.1, 0.3}, {1, 1, 1}},
		"zero weight": {{0.1, 0.2, 0.5}, {0.2, 0.1, 0.3}, {1, 0, 1}},
		"NaN y":       {{0.1, 0.2, 0.5}, {0.2, math.NaN(), 0.3}, {1, 1, 1}},
		"unsorted":    {{0.1, 0.05, 0.5}, {0.2, 0.1, 0.3}, {1, 1, 1}},
		"lengths":     {{0.1, 0.2}, {0.2, 0.1, 0.3}, {1, 1, 1}},
		"empty":       {nil, nil, nil},
	} {
		if _, ok := IsotonicAtSorted(in[0], in[1], in[2], nil); ok {
			t.Errorf("%s: accepted", name)
		}
	}
}
