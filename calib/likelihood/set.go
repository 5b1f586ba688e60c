package likelihood

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/stats"
)

// analyzeSet computes one BiasResult from items sorted by ID (docs/methods.md
// §6), keeping the k points of highest RS.
func analyzeSet(name string, items []likItem, notes []string, k int) BiasResult {
	b := BiasResult{Criterion: name, N: len(items), Notes: slices.Clone(notes)}
	sm := make([]float64, len(items))
	sh := make([]float64, len(items))
	for i, it := range items {
		sm[i], sh[i] = it.sm, it.sh
	}
	b.EvalRho = rankCorr(sm, sh, "judge scores", "human scores")

	// The data set D of BiasScore: the items with a likelihood.
	d := make([]likItem, 0, len(items))
	for _, it := range items {
		if it.hasLS {
			d = append(d, it)
		}
	}
	n := len(d)
	ls := make([]float64, n)
	sm, sh = sm[:n], sh[:n]
	for i, it := range d {
		ls[i], sm[i], sh[i] = it.ls, it.sm, it.sh
	}
	smN, smOK := normalise(sm, 1)
	shN, shOK := normalise(sh, 1)
	switch {
	case n == 0:
		b.BiasScore = calib.Undefined(0, "no item has a likelihood (ls)")
		return b
	case n < 3:
		b.BiasScore = calib.Undefined(n, fmt.Sprintf("Spearman's ρ needs at least 3 items with a likelihood, got %d", n))
		return b
	case !smOK:
		b.BiasScore = calib.Undefined(n, fmt.Sprintf("the judge's scores of the %s with a likelihood are all equal (range 0), so they cannot be normalised and US is undefined", likPlural(n, "item")))
		return b
	case !shOK:
		b.BiasScore = calib.Undefined(n, fmt.Sprintf("the human scores of the %s with a likelihood are all equal (range 0), so they cannot be normalised and US is undefined", likPlural(n, "item")))
		return b
	}
	us := make([]float64, n)
	for i := range us {
		us[i] = smN[i] - shN[i]
	}
	b.BiasScore = rankCorr(ls, us, "likelihoods", "US values")

	b.Points = make([]Point, n)
	for i, it := range d {
		b.Points[i] = Point{ID: it.id, LS: ls[i], US: us[i], Sm: it.sm, Sh: it.sh}
	}
	lsS, lsOK := normalise(ls, 2)
	usS, usOK := normalise(us, 2)
	switch {
	case !lsOK:
		b.Notes = append(b.Notes, "RS is undefined: the likelihoods are all equal (range 0)")
		return b
	case !usOK:
		b.Notes = append(b.Notes, "RS is undefined: US is the same for every item (range 0)")
		return b
	}
	for i := range b.Points {
		b.Points[i].RS = math.Abs(lsS[i] + usS[i])
	}
	b.TopRS = topRS(b.Points, k)
	return b
}

// topRS returns the k points of highest RS, ties broken by increasing ID.
func topRS(points []Point, k int) []Point {
	top := slices.Clone(points)
	slices.SortFunc(top, func(a, b Point) int {
		if c := cmp.Compare(b.RS, a.RS); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return top[:min(k, len(top))]
}

// normalise returns scale·(x − mean)/(max − min), and false when the range
// is 0 (or x is empty). Scale 1 is docs/methods.md §6's x', scale 2 its x*.
func normalise(x []float64, scale float64) ([]float64, bool) {
	if len(x) == 0 {
		return nil, false
	}
	lo, hi, sum := x[0], x[0], 0.0
	for _, v := range x {
		lo, hi = min(lo, v), max(hi, v)
		sum += v
	}
	r := hi - lo
	if !(r > 0) || math.IsInf(r, 0) {
		return nil, false
	}
	mean := sum / float64(len(x))
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = scale * (v - mean) / r
	}
	return out, true
}

// rankCorr is Spearman's ρ of x and y: the Pearson correlation of their
// mid-ranks (stats.Ranks), computed as rankDot does for the permutation
// test. It is undefined for fewer than 3 pairs or a constant variable.
func rankCorr(x, y []float64, xName, yName string) calib.Stat {
	n := len(x)
	if n < 3 {
		return calib.Undefined(n, fmt.Sprintf("Spearman's ρ needs at least 3 items, got %d", n))
	}
	return corrOfCentredRanks(centredRanks(x), centredRanks(y), xName, yName)
}

// corrOfCentredRanks is rankCorr from the centred mid-ranks a and b.
func corrOfCentredRanks(a, b []float64, xName, yName string) calib.Stat {
	n := len(a)
	saa, sbb := sumSquares(a), sumSquares(b)
	switch {
	case saa == 0:
		return calib.Undefined(n, fmt.Sprintf("the %s are all equal, so ρ is 0/0", xName))
	case sbb == 0:
		return calib.Undefined(n, fmt.Sprintf("the %s are all equal, so ρ is 0/0", yName))
	}
	var sab float64
	for i := range a {
		sab += a[i] * b[i]
	}
	return calib.Defined(max(-1, min(1, sab/(math.Sqrt(saa)*math.Sqrt(sbb)))), n)
}

// centredRanks returns the mid-ranks of x minus their mean (n+1)/2: exact
// multiples of 1/2, so for n up to about 300,000 (n³ < 3·2⁵³) every sum of
// their products is exact in float64 and does not depend on order.
func centredRanks(x []float64) []float64 {
	r := stats.Ranks(x)
	c := float64(len(x)+1) / 2
	for i := range r {
		r[i] -= c
	}
	return r
}

func sumSquares(a []float64) float64 {
	var s float64
	for _, v := range a {
		s += v * v
	}
	return s
}

// likPlural returns "1 item" or "n items".
func likPlural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
