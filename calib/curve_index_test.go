package calib

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestApplierMatchesApply: the indexed applier gives Apply's bits on a
// large curve with clustered and repeated knots, at knots, between them,
// next to them, at and beyond the ends, and at NaN.
func TestApplierMatchesApply(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n = 50_000
	z := make([]float64, n)
	for i := range z {
		z[i] = math.Pow(rng.Float64(), 3) // clustered near 0
	}
	z[0], z[n-1] = 0, 1
	slices.Sort(z)
	for i := 100; i < 110; i++ {
		z[i] = z[99] // repeated knots
	}
	g := make([]float64, n)
	for i := range g {
		g[i] = 0.2 + 0.6*z[i] + 0.01*math.Sin(float64(i))
	}
	c := &Curve{Z: z, G: g}
	f := c.Applier()
	check := func(s float64) {
		if a, b := c.Apply(s), f(s); math.Float64bits(a) != math.Float64bits(b) && !(math.IsNaN(a) && math.IsNaN(b)) {
			t.Fatalf("s = %v: applier %v, Apply %v", s, b, a)
		}
	}
	for _, s := range []float64{math.NaN(), -1, 0, 1, 2, math.SmallestNonzeroFloat64, math.Nextafter(1, 0)} {
		check(s)
	}
	for i := 0; i < n; i += 7 {
		check(z[i])
		check(math.Nextafter(z[i], 0))
		check(math.Nextafter(z[i], 2))
	}
	for range 200_000 {
		check(rng.Float64())
	}
}

// BenchmarkApply450k applies a 450,000-knot curve (the 1M log's fits) to
// 512,000 values, as CalibratedPrefs does for one judge: Apply's binary
// search over every knot, then the indexed applier.
func BenchmarkApply450k(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 450_000
	z, g := make([]float64, n), make([]float64, n)
	for i := range z {
		z[i] = rng.Float64()
	}
	slices.Sort(z)
	for i := range g {
		g[i] = z[i] * z[i]
	}
	c := &Curve{Z: z, G: g}
	s := make([]float64, 512_000)
	for i := range s {
		s[i] = rng.Float64()
	}
	for _, m := range []struct {
		name string
		f    func() func(float64) float64
	}{{"search", func() func(float64) float64 { return c.Apply }}, {"indexed", c.Applier}} {
		b.Run(m.name, func(b *testing.B) {
			for b.Loop() {
				f := m.f()
				for _, v := range s {
					f(v)
				}
			}
		})
	}
}
