package likelihood

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestBiasRankerBits: the counting ranker gives BiasScoreBootstrap's
// statistic bit for bit as the direct computation (normalise, stats.Ranks
// and rankCorr on the resample, sortedBiasStat), on random points with
// many ties in LS, in S_m and S_h and hence in US (integer scores, LS on a
// coarse grid, ±0), with continuous values, and on resamples drawn from
// few points (constant S_m: undefined, NaN on both).
func TestBiasRankerBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 26))
	for trial := range 300 {
		n := 3 + rng.IntN(60)
		pts := make([]Point, n)
		for i := range pts {
			switch trial % 3 {
			case 0: // heavy ties
				pts[i] = Point{LS: float64(rng.IntN(4)) - 2, Sm: float64(1 + rng.IntN(5)), Sh: float64(1 + rng.IntN(3))}
				if rng.IntN(5) == 0 {
					pts[i].LS = math.Copysign(0, -1)
				}
			case 1: // continuous judge scores, tied human scores
				pts[i] = Point{LS: rng.NormFloat64(), Sm: rng.Float64() * 5, Sh: float64(rng.IntN(2))}
			default: // scores on a fine grid: distinct pairs with equal US
				pts[i] = Point{LS: math.Round(rng.NormFloat64()*4) / 4, Sm: float64(rng.IntN(10)) / 4, Sh: float64(rng.IntN(10)) / 4}
			}
		}
		r := newBiasRanker(pts)
		if r == nil {
			t.Fatal("no ranker for finite points")
		}
		want := sortedBiasStat(pts)
		for range 20 {
			idx := make([]int, n)
			pool := 1 + rng.IntN(n) // sometimes few distinct points
			for k := range idx {
				idx[k] = rng.IntN(pool)
			}
			a, b := r.stat(idx)[0], want(idx)[0]
			if math.Float64bits(a) != math.Float64bits(b) {
				t.Fatalf("trial %d, idx %v: ranker %v (%x), direct %v (%x)", trial, idx, a, math.Float64bits(a), b, math.Float64bits(b))
			}
		}
	}
	if newBiasRanker([]Point{{LS: math.NaN()}, {}, {}}) != nil {
		t.Error("a NaN likelihood should fall back to sorting")
	}
}
