package stats

import (
	"errors"
	"fmt"
)

// FleissKappa returns Fleiss' κ for a count table: counts is row-major,
// N subjects × nCat categories, counts[i*nCat+c] = how many raters put
// subject i in category c. Every row must sum to the same r ≥ 2.
//
// With T = N·r, P_i = (Σ_c n_ic² − r)/(r(r−1)), P̄ = mean P_i, p_c = Σ_i n_ic/T
// and P̄e = Σ_c p_c², κ = (P̄ − P̄e)/(1 − P̄e) (docs/methods.md §2; statsmodels
// fleiss_kappa(method="fleiss")). It is evaluated as the single fraction
// [T(S − T) − (r−1)C] / [(r−1)(T² − C)] with S = Σ n_ic² and C = Σ_c (T p_c)²,
// whose integer parts are exact.
//
// It returns an *UndefinedError when every rating falls in one category
// (P̄e = 1, κ = 0/0), and other errors for malformed tables (nCat < 1, a
// length that is not a multiple of nCat, no subjects, negative or huge
// counts, unequal or < 2 ratings per subject).
// maxCount bounds each cell so that the integer sums cannot overflow.
const maxCount = 1 << 24

func FleissKappa(counts []int, nCat int) (float64, error) {
	if nCat < 1 {
		return 0, fmt.Errorf("Fleiss' κ: need at least one category, got %d", nCat)
	}
	if len(counts) == 0 {
		return 0, errors.New("Fleiss' κ: no subjects")
	}
	if len(counts)%nCat != 0 {
		return 0, fmt.Errorf("Fleiss' κ: %d counts do not form rows of %d categories", len(counts), nCat)
	}
	nSub := len(counts) / nCat
	colSum := make([]int64, nCat)
	var r, sumSq int64
	for i := 0; i < nSub; i++ {
		var rowSum int64
		for c, v := range counts[i*nCat : (i+1)*nCat] {
			if v < 0 || v > maxCount {
				return 0, fmt.Errorf("Fleiss' κ: subject %d has count %d in category %d (want 0..%d)", i+1, v, c+1, maxCount)
			}
			n := int64(v)
			rowSum += n
			sumSq += n * n
			colSum[c] += n
		}
		if i == 0 {
			r = rowSum
		}
		if rowSum != r {
			return 0, fmt.Errorf("Fleiss' κ: subject %d has %d ratings but subject 1 has %d (every subject needs the same number of raters)", i+1, rowSum, r)
		}
	}
	return FleissKappaSums(nSub, r, sumSq, colSum)
}

// FleissKappaSums is FleissKappa from the sums its formula reads: nSub
// subjects rated r times each, sumSq = Σ_i Σ_c n_ic² and colSum[c] = Σ_i
// n_ic (FleissKappa computes them from the table and then calls this). A
// caller that knows the sums without the table (the same rows counted
// once per distinct row and multiplied) gets FleissKappa's value bit for
// bit. It fails, as FleissKappa does, when r < 2 or every rating falls in
// one category.
func FleissKappaSums(nSub int, r, sumSq int64, colSum []int64) (float64, error) {
	if r < 2 {
		return 0, fmt.Errorf("Fleiss' κ: need at least 2 ratings per subject, got %d", r)
	}
	t := float64(r) * float64(nSub)
	var colSq float64
	used := 0
	for _, s := range colSum {
		colSq += float64(s) * float64(s)
		if s > 0 {
			used++
		}
	}
	if used == 1 {
		return 0, undefined("every rating falls in one category, so κ is 0/0")
	}
	rm1 := float64(r - 1)
	num := t*(float64(sumSq)-t) - rm1*colSq
	den := rm1 * (t*t - colSq)
	return num / den, nil
}
