package asm

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
)

// TestExpSumBits checks the two-lane exponential loop against ExpNonPos
// element by element and its sum, bit for bit: over [−750, 0] (below −708
// ExpNonPos gives 0), near −708, at 0, −0, tiny values, NaN and −Inf, and
// lengths odd and even.
func TestExpSumBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	special := []float64{0, math.Copysign(0, -1), -708, math.Nextafter(-708, 0), math.Nextafter(-708, -1000),
		-5e-324, -1e-300, math.NaN(), math.Inf(-1), -745, -700.5, -1e-17, -math.Ln2 / 128, -math.Ln2 / 64}
	for trial := range 400 {
		n := rng.IntN(300)
		if trial == 0 {
			n = 200_000
		}
		d := make([]float64, n)
		for i := range d {
			switch r := rng.Float64(); {
			case r < 0.05:
				d[i] = special[rng.IntN(len(special))]
			case r < 0.5:
				d[i] = -750 * rng.Float64()
			default:
				d[i] = -math.Exp(8 * rng.NormFloat64())
			}
		}
		mx := 0.0
		if trial%3 == 1 {
			mx = rng.Float64() * 3
			for i := range d {
				d[i] += mx
			}
		}
		w, want := make([]float64, n), make([]float64, n)
		s, ws := ExpSum(d, mx, w), expSumGo(d, mx, want)
		if math.Float64bits(s) != math.Float64bits(ws) && !(math.IsNaN(s) && math.IsNaN(ws)) {
			t.Fatalf("trial %d: sum %v, want %v", trial, s, ws)
		}
		for i := range w {
			if math.Float64bits(w[i]) != math.Float64bits(want[i]) && !(math.IsNaN(w[i]) && math.IsNaN(want[i])) {
				t.Fatalf("trial %d: e^%v = %v, want %v", trial, d[i]-mx, w[i], want[i])
			}
		}
	}
}

func TestExpNonPos(t *testing.T) {
	worst := 0.0
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200000; i++ {
		x := -708 * rng.Float64()
		if i < 1000 {
			x = -float64(i) * 1e-3
		}
		got, want := ExpNonPos(x), math.Exp(x)
		worst = max(worst, math.Abs(got-want)/want)
	}
	if worst > 1e-15 {
		t.Errorf("worst relative error %g", worst)
	}
	if ExpNonPos(0) != 1 || ExpNonPos(-800) != 0 || ExpNonPos(math.Inf(-1)) != 0 || !math.IsNaN(ExpNonPos(math.NaN())) {
		t.Error("special values")
	}
}

// TestAxpyToDotBits checks AxpyToDot (the assembly on amd64) against its
// Go loop axpyToDotGo and, where gonum's floats run its amd64 assembly too
// (KernelsMatchGonum), against the unfused floats.AddScaled and floats.Dot,
// bit for bit: into a new vector and in place, on random vectors of every
// length mod 4 with values over many magnitudes (so that rounding differs
// between orders of summation). It moved here from lbfgs's
// TestLBFGSKernelsBits with the kernel.
func TestAxpyToDotBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	vec := func(n int) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = rng.NormFloat64() * math.Exp(6*rng.NormFloat64())
		}
		return v
	}
	same := func(what string, n int, a, b float64) {
		t.Helper()
		if math.Float64bits(a) != math.Float64bits(b) {
			t.Errorf("n=%d %s: %v, want %v", n, what, a, b)
		}
	}
	sameVec := func(what string, n int, a, b []float64) {
		t.Helper()
		for i := range a {
			if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
				t.Errorf("n=%d %s[%d]: %v, want %v", n, what, i, a[i], b[i])
				return
			}
		}
	}
	for _, n := range []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 31, 1001, 9001, 9002, 9003, 9004} {
		for range 3 {
			x, y, q := vec(n), vec(n), vec(n)
			alpha := rng.NormFloat64()

			// The Go loop, the reference of the assembly.
			ref := make([]float64, n)
			rd := axpyToDotGo(alpha, x, y, ref, q)
			got := make([]float64, n)
			same("AxpyToDot vs axpyToDotGo", n, AxpyToDot(alpha, x, y, got, q), rd)
			sameVec("AxpyToDot vs axpyToDotGo p", n, got, ref)
			got = append([]float64(nil), y...)
			same("AxpyToDot in place vs axpyToDotGo", n, AxpyToDot(alpha, x, got, got, q), rd)
			sameVec("AxpyToDot in place vs axpyToDotGo p", n, got, ref)

			if !KernelsMatchGonum {
				continue // gonum's pure-Go floats.Dot sums in order
			}
			// The unfused operations of gonum's amd64 assembly.
			want := append([]float64(nil), y...)
			floats.AddScaled(want, alpha, x)
			wd := floats.Dot(q, want)
			got = make([]float64, n)
			same("axpyToDot", n, AxpyToDot(alpha, x, y, got, q), wd)
			sameVec("axpyToDot p", n, got, want)
			got = make([]float64, n)
			same("axpyToDotGo", n, axpyToDotGo(alpha, x, y, got, q), wd)
			sameVec("axpyToDotGo p", n, got, want)
			got = append([]float64(nil), y...)
			same("axpyToDot in place", n, AxpyToDot(alpha, x, got, got, q), wd)
			sameVec("axpyToDot in place p", n, got, want)
		}
	}
}
