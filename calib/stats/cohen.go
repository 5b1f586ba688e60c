package stats

import (
	"errors"
	"fmt"
	"slices"
)

// CohenKappa returns Cohen's unweighted κ between two raters' labels a and b
// (any integers; the categories are the union of both label sets), as
// sklearn.metrics.cohen_kappa_score: κ = 1 − observed disagreement /
// disagreement expected from the marginals, evaluated as
// (n² − Σ_c a_c·b_c − n·D) / (n² − Σ_c a_c·b_c) with D the number of
// disagreements and a_c, b_c the label counts.
//
// It returns an *UndefinedError when both raters use one and the same label
// throughout (no disagreement is possible, κ is 0/0), and other errors for
// mismatched lengths or no items.
func CohenKappa(a, b []int) (float64, error) {
	if len(a) != len(b) {
		return 0, fmt.Errorf("Cohen's κ: rater a has %d labels but rater b has %d", len(a), len(b))
	}
	if len(a) == 0 {
		return 0, errors.New("Cohen's κ: no items")
	}
	var disagree int64
	for i := range a {
		if a[i] != b[i] {
			disagree++
		}
	}
	n := float64(len(a))
	chance := float64(labelProduct(a, b)) // Σ_c a_c·b_c
	den := n*n - chance
	if den == 0 {
		return 0, undefined("both raters give every item the same single label, so κ is 0/0")
	}
	return (den - n*float64(disagree)) / den, nil
}

// labelProduct returns Σ_c count_a(c)·count_b(c). Labels within a span of
// 64 are counted in a dense array; wider label sets are sorted.
func labelProduct(a, b []int) int64 {
	lo, hi := a[0], a[0]
	for i := range a {
		lo, hi = min(lo, a[i], b[i]), max(hi, a[i], b[i])
	}
	var sum int64
	if uint(hi)-uint(lo) < 64 {
		var ca, cb [64]int64
		for i := range a {
			ca[a[i]-lo]++
			cb[b[i]-lo]++
		}
		for c := range ca {
			sum += ca[c] * cb[c]
		}
		return sum
	}
	sa, sb := slices.Clone(a), slices.Clone(b)
	slices.Sort(sa)
	slices.Sort(sb)
	for i, j := 0, 0; i < len(sa) && j < len(sb); {
		switch {
		case sa[i] < sb[j]:
			i++
		case sa[i] > sb[j]:
			j++
		default:
			v := sa[i]
			var na, nb int64
			for ; i < len(sa) && sa[i] == v; i++ {
				na++
			}
			for ; j < len(sb) && sb[j] == v; j++ {
				nb++
			}
			sum += na * nb
		}
	}
	return sum
}
