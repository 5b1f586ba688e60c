package stats

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mathext"
)

// Ranks returns the 1-based ranks of x, giving tied values the mean of the
// ranks they span (mid-ranks, as scipy.stats.rankdata's "average" method).
// NaNs compare equal to each other and below every number (cmp.Compare).
func Ranks(x []float64) []float64 {
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(x[a], x[b]) })
	r := make([]float64, len(x))
	for i := 0; i < len(idx); {
		j := i + 1
		for j < len(idx) && cmp.Compare(x[idx[j]], x[idx[i]]) == 0 {
			j++
		}
		// Positions i..j-1 (0-based) hold ranks i+1..j; their mean:
		mid := float64(i+1+j) / 2
		for _, p := range idx[i:j] {
			r[p] = mid
		}
		i = j
	}
	return r
}

// Pearson returns the Pearson correlation of x and y, computed from the
// centred values and clipped to [−1, 1] (as numpy's corrcoef).
//
// It returns an *UndefinedError when a variable is constant (the correlation
// is 0/0), and other errors for mismatched lengths, fewer than 2 pairs, or a
// non-finite value.
func Pearson(x, y []float64) (float64, error) {
	if err := checkPairs(x, y, 2); err != nil {
		return 0, fmt.Errorf("Pearson correlation: %w", err)
	}
	r, err := pearson(x, y)
	if err != nil && !IsUndefined(err) {
		return 0, fmt.Errorf("Pearson correlation: %w", err)
	}
	return r, err
}

func pearson(x, y []float64) (float64, error) {
	n := float64(len(x))
	var sx, sy float64
	for i := range x {
		sx += x[i]
		sy += y[i]
	}
	mx, my := sx/n, sy/n
	var sxx, syy, sxy float64
	for i := range x {
		dx, dy := x[i]-mx, y[i]-my
		sxx += dx * dx
		syy += dy * dy
		sxy += dx * dy
	}
	switch {
	case sxx == 0:
		return 0, undefined("x is constant, so the correlation is 0/0")
	case syy == 0:
		return 0, undefined("y is constant, so the correlation is 0/0")
	}
	r := sxy / math.Sqrt(sxx) / math.Sqrt(syy)
	if !isFinite(r) {
		return 0, errors.New("values too large: the sums of squares overflow float64")
	}
	return max(-1, min(1, r)), nil
}

// Spearman returns Spearman's ρ of x and y (the Pearson correlation of their
// mid-ranks) and its two-sided p-value from Student's t with n−2 degrees of
// freedom, t = ρ·sqrt((n−2)/(1−ρ²)), as scipy.stats.spearmanr. docs/methods.md §6.
//
// It returns an *UndefinedError when a variable is constant, and other errors
// for mismatched lengths, fewer than 3 pairs, or a non-finite value. When
// |ρ| = 1 the p-value is 0.
func Spearman(x, y []float64) (rho, p float64, err error) {
	if err := checkPairs(x, y, 3); err != nil {
		return 0, 0, fmt.Errorf("Spearman correlation: %w", err)
	}
	rho, err = pearson(Ranks(x), Ranks(y))
	if err != nil {
		if !IsUndefined(err) {
			err = fmt.Errorf("Spearman correlation: %w", err)
		}
		return 0, 0, err
	}
	return rho, tTestP(rho, len(x)-2), nil
}

// tTestP is the two-sided p-value of a correlation r on df degrees of
// freedom: 2·P(T > |t|) = I_{df/(df+t²)}(df/2, 1/2) with df/(df+t²) = 1 − r².
func tTestP(r float64, df int) float64 {
	z := (1 - r) * (1 + r) // 1 − r², without cancellation near |r| = 1
	if z <= 0 {
		return 0
	}
	return min(1, mathext.RegIncBeta(float64(df)/2, 0.5, z))
}

// checkPairs validates paired samples: equal lengths, at least minN pairs,
// all values finite.
func checkPairs(x, y []float64, minN int) error {
	if len(x) != len(y) {
		return fmt.Errorf("x has %d values but y has %d", len(x), len(y))
	}
	if len(x) < minN {
		return fmt.Errorf("need at least %d pairs, got %d", minN, len(x))
	}
	for i := range x {
		if !isFinite(x[i]) {
			return fmt.Errorf("x[%d] = %v is not finite", i, x[i])
		}
		if !isFinite(y[i]) {
			return fmt.Errorf("y[%d] = %v is not finite", i, y[i])
		}
	}
	return nil
}
