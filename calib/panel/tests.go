package panel

import (
	"math"
	"slices"
)

// McNemarExact returns the two-sided exact McNemar p-value of the
// discordant counts b and c: min(1, 2·P(Bin(b + c, ½) ≤ min(b, c))), as
// statsmodels' mcnemar(table, exact=True). With no discordant item it is
// 1 (statsmodels' value: nothing tells the two apart).
func McNemarExact(b, c int) float64 {
	n, k := b+c, min(b, c)
	if n == 0 {
		return 1
	}
	// P(X ≤ k) = Σ_{i ≤ k} C(n, i)/2ⁿ; the terms grow with i (k ≤ n/2),
	// so they are summed relative to the last, largest one.
	logTerm := func(i int) float64 {
		ln, _ := math.Lgamma(float64(n + 1))
		li, _ := math.Lgamma(float64(i + 1))
		lr, _ := math.Lgamma(float64(n - i + 1))
		return ln - li - lr - float64(n)*math.Ln2
	}
	top := logTerm(k)
	var s float64
	for i := k; i >= 0; i-- {
		t := math.Exp(logTerm(i) - top)
		s += t
		if t < 1e-18*s {
			break
		}
	}
	return math.Min(1, 2*math.Exp(top)*s)
}

// Holm returns Holm's step-down adjusted p-values of p, in p's order:
// with p sorted ascending, p̃_(k) = max_{l ≤ k} min(1, (m − l + 1)·p_(l))
// (statsmodels multipletests(method="holm")). Equal p-values keep their
// order.
func Holm(p []float64) []float64 {
	m := len(p)
	order := make([]int, m)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case p[a] < p[b]:
			return -1
		case p[a] > p[b]:
			return 1
		}
		return 0
	})
	out := make([]float64, m)
	run := 0.0
	for k, i := range order {
		run = math.Max(run, math.Min(1, float64(m-k)*p[i]))
		out[i] = run
	}
	return out
}
