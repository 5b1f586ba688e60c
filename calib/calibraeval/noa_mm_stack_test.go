package calibraeval

import (
	"math"
	"math/rand/v2"
	"testing"
)

// mmStepStack is mmStep as it was written before its last block moved into
// variables: every block on one stack (the blocks are written as mmStep
// writes them, writeBlocks). TestMMStepBits holds mmStep to it.
func mmStepStack(g, dg, D []float64, st *pavaStack) {
	m := len(g) - 1
	start, ws, ss := st.start[:m], st.w[:m], st.s[:m]
	n := 0
	for i := 1; i < m; i++ {
		ci, cw := i, D[i]
		cs := cw*g[i] - dg[i]
		for n > 0 && ss[n-1]*cw >= cs*ws[n-1] {
			n--
			ci, cw, cs = start[n], cw+ws[n], cs+ss[n]
		}
		start[n], ws[n], ss[n] = ci, cw, cs
		n++
	}
	writeBlocks(g[:m], start[:n], ws[:n], ss[:n])
}

// TestMMStepBits: mmStep equals the plain-stack PAVA step bit for bit, on
// random points, gradients and weights with ties (equal means pool, as
// ≥ says), long decreasing runs (deep pooling), values outside [0, 1] and
// problems of one to three knots.
func TestMMStepBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 4))
	for trial := range 2000 {
		m := 1 + rng.IntN(60)
		if trial%10 == 0 {
			m = 1 + rng.IntN(3)
		}
		g, dg, D := make([]float64, m+1), make([]float64, m+1), make([]float64, m+1)
		for i := range g {
			switch rng.IntN(4) {
			case 0:
				g[i] = 0.5
			case 1:
				g[i] = 1 - float64(i)/float64(m+1) // decreasing: pools deep
			default:
				g[i] = rng.Float64()*1.4 - 0.2
			}
			dg[i] = rng.NormFloat64() * []float64{0, 1e-3, 1, 10}[rng.IntN(4)]
			D[i] = []float64{4, 8, 1, 4 + 100*rng.Float64()}[rng.IntN(4)]
		}
		want := append([]float64(nil), g...)
		got := append([]float64(nil), g...)
		mmStepStack(want, dg, D, &pavaStack{start: make([]int, m), w: make([]float64, m), s: make([]float64, m)})
		mmStep(got, dg, D, &pavaStack{start: make([]int, m), w: make([]float64, m), s: make([]float64, m)})
		for i := range got {
			if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
				t.Fatalf("trial %d (M %d): g[%d] = %v, want %v", trial, m, i, got[i], want[i])
			}
		}
	}
}
