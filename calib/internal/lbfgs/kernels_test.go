package lbfgs

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/plumb-eval/plumb/calib/internal/asm"
)

// TestLBFGSKernelsBits checks every fused kernel against the unfused
// operations Minimise used before (floats.Dot, floats.AddScaled, dot3,
// centre, normInf) bit for bit, on random vectors of every length mod 4
// with values over many magnitudes (so that rounding differs between
// orders of summation).
func TestLBFGSKernelsBits(t *testing.T) {
	if !asm.KernelsMatchGonum {
		t.Skip("gonum's floats.Dot sums in order on this build; the kernels follow its amd64 assembly")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	vec := func(n int) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = rng.NormFloat64() * math.Exp(6*rng.NormFloat64())
		}
		return v
	}
	pos := func(n int) []float64 {
		v := vec(n)
		for i := range v {
			v[i] = math.Abs(v[i])
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
			x, y, q, g, h := vec(n), vec(n), vec(n), vec(n), pos(n)
			alpha, gamma := rng.NormFloat64(), math.Abs(rng.NormFloat64())

			// axpyToDot, into a new vector and in place.
			want := append([]float64(nil), y...)
			axpy(alpha, x, want)
			wd := dot(q, want)
			got := make([]float64, n)
			same("axpyToDot", n, asm.AxpyToDot(alpha, x, y, got, q), wd)
			sameVec("axpyToDot p", n, got, want)
			// (axpyToDotGo, its Go version: asm's TestAxpyToDotBits.)
			got = append([]float64(nil), y...)
			same("axpyToDot in place", n, asm.AxpyToDot(alpha, x, got, got, q), wd)
			sameVec("axpyToDot in place p", n, got, want)

			// axpyScaleDot and scaleTo: axpy, then p *= gamma·h.
			for i := range want {
				want[i] *= gamma * h[i]
			}
			got = make([]float64, n)
			same("axpyScaleDot", n, axpyScaleDot(alpha, x, y, got, gamma, h, q), dot(q, want))
			sameVec("axpyScaleDot p", n, got, want)
			want = append(want[:0], y...)
			for i := range want {
				want[i] *= gamma * h[i]
			}
			got = make([]float64, n)
			same("axpyScaleDot nil", n, axpyScaleDot(0, nil, y, got, gamma, h, q), dot(q, want))
			sameVec("axpyScaleDot nil p", n, got, want)
			scaleTo(y, got, gamma, h)
			sameVec("scaleTo", n, got, want)

			// axpyNegSum + shiftDotInf: axpy, negate, centre, dot, normInf.
			want = append(want[:0], y...)
			axpy(alpha, x, want)
			for i := range want {
				want[i] = -want[i]
			}
			centred := append([]float64(nil), want...)
			if n > 0 {
				Centre(centred)
			}
			got = append(got[:0], y...)
			sum := axpyNegSum(alpha, x, got)
			sameVec("axpyNegSum", n, got, want)
			if n > 0 {
				dp, inf := shiftDotInf(got, true, sum/float64(n), g)
				sameVec("shiftDotInf", n, got, centred)
				same("shiftDotInf dot", n, dp, dot(g, centred))
				same("shiftDotInf inf", n, inf, normInf(centred))
			}
			got = append(got[:0], y...)
			axpyNegSum(0, nil, got)
			for i := range got {
				if math.Float64bits(got[i]) != math.Float64bits(-y[i]) {
					t.Fatalf("n=%d axpyNegSum nil", n)
				}
			}
			dp, inf := shiftDotInf(got, false, 123, g)
			same("shiftDotInf no shift", n, dp, dot(g, got))
			same("shiftDotInf no shift inf", n, inf, normInf(got))

			// historyUpdate.
			xn, gn := vec(n), vec(n)
			s, yy := make([]float64, n), make([]float64, n)
			w, floor := pos(n), 0.5
			for i := range w {
				if i%3 == 0 {
					w[i] = 0
				}
			}
			pc := DiagPrecond{W: w, Floor: floor}
			hn := make([]float64, n)
			sy, yhy, gg := historyUpdate(s, yy, x, xn, g, gn, hn, pc)
			h = make([]float64, n)
			pc.fill(h)
			sameVec("historyUpdate h", n, hn, h)
			ws, wy := make([]float64, n), make([]float64, n)
			for i := range ws {
				ws[i] = xn[i] - x[i]
				wy[i] = gn[i] - g[i]
			}
			sameVec("historyUpdate s", n, s, ws)
			sameVec("historyUpdate y", n, yy, wy)
			same("historyUpdate sy", n, sy, dot(ws, wy))
			same("historyUpdate yhy", n, yhy, dot3(wy, h, wy))
			same("historyUpdate gg", n, gg, dot(gn, gn))
		}
	}
}
