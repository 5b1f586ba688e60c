package stats

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
)

// tieResolution is the x spacing below which two samples count as the same
// point, as numpy's float64 resolution used by scikit-learn's isotonic fit.
const tieResolution = 1e-15

// Isotonic is a fitted non-decreasing step-linear function: the knots (X, Y)
// with X strictly increasing and Y non-decreasing. Between knots it
// interpolates linearly; outside [X[0], X[len(X)-1]] it holds the end values.
//
// As in scikit-learn, knots in the middle of a flat run are dropped, so X is
// not necessarily every distinct training x; predictions are unaffected.
type Isotonic struct {
	X, Y []float64
}

// FitIsotonic fits the increasing isotonic regression of y on x with weights
// w (nil means unit weights) by the pool-adjacent-violators algorithm, with
// scikit-learn's semantics (IsotonicRegression(increasing=True,
// out_of_bounds="clip")): samples whose x differ by less than 1e-15 are first
// merged into one point with the weighted mean of their y and the sum of
// their weights, and zero-weight samples are dropped.
//
// It returns an error for mismatched lengths, empty input, a non-finite x or
// y, a negative or non-finite weight, all-zero weights, or sums too large for
// float64.
func FitIsotonic(x, y, w []float64) (*Isotonic, error) {
	if len(x) != len(y) {
		return nil, fmt.Errorf("isotonic fit: x has %d values but y has %d", len(x), len(y))
	}
	if w != nil && len(w) != len(x) {
		return nil, fmt.Errorf("isotonic fit: x has %d values but w has %d", len(x), len(w))
	}
	if len(x) == 0 {
		return nil, errors.New("isotonic fit: no data")
	}
	pts := make([]isoPoint, 0, len(x))
	for i := range x {
		wi := 1.0
		if w != nil {
			wi = w[i]
		}
		switch {
		case !isFinite(x[i]):
			return nil, fmt.Errorf("isotonic fit: x[%d] = %v is not finite", i, x[i])
		case !isFinite(y[i]):
			return nil, fmt.Errorf("isotonic fit: y[%d] = %v is not finite", i, y[i])
		case !isFinite(wi) || wi < 0:
			return nil, fmt.Errorf("isotonic fit: weight w[%d] = %v is not a finite non-negative number", i, wi)
		case wi == 0:
			continue
		}
		pts = append(pts, isoPoint{x[i], y[i], wi})
	}
	if len(pts) == 0 {
		return nil, errors.New("isotonic fit: every weight is zero")
	}
	// Sort by x, then y (numpy lexsort((y, x)) in scikit-learn), so merged
	// sums accumulate in the same order.
	slices.SortFunc(pts, func(a, b isoPoint) int {
		if a.x != b.x {
			if a.x < b.x {
				return -1
			}
			return 1
		}
		if a.y < b.y {
			return -1
		}
		if a.y > b.y {
			return 1
		}
		return 0
	})
	ux, uy, uw := mergeTies(pts)
	pava(uy, uw)
	kx, ky := trimFlat(ux, uy)
	for i, v := range ky {
		if !isFinite(v) {
			return nil, fmt.Errorf("isotonic fit: the fitted value at x = %v overflows float64 (inputs too large)", kx[i])
		}
	}
	return &Isotonic{X: kx, Y: ky}, nil
}

type isoPoint struct{ x, y, w float64 }

// mergeTies collapses sorted points whose x lies within tieResolution of the
// first x of its group into one point (weighted mean y, summed weight). The
// returned slices share one backing array.
func mergeTies(pts []isoPoint) (x, y, w []float64) {
	buf := make([]float64, 3*len(pts))
	x, y, w = buf[:0:len(pts)], buf[len(pts):len(pts):2*len(pts)], buf[2*len(pts):2*len(pts)]
	cx, cwy, cw := pts[0].x, 0.0, 0.0
	for _, p := range pts {
		if p.x-cx >= tieResolution {
			x, y, w = append(x, cx), append(y, cwy/cw), append(w, cw)
			cx, cwy, cw = p.x, p.y*p.w, p.w
			continue
		}
		cwy += p.y * p.w
		cw += p.w
	}
	return append(x, cx), append(y, cwy/cw), append(w, cw)
}

// pava replaces y in place by its weighted increasing isotonic regression.
// It is scikit-learn's single-pass block algorithm
// (_inplace_contiguous_isotonic_regression): for an active block [i..j],
// target[i] = j and target[j] = i, and y[i], w[i] hold the block's mean and
// weight. w is overwritten.
func pava(y, w []float64) { pavaBuf(y, w, make([]int, len(y))) }

// pavaBuf is pava with its work array target (len(y); overwritten) given.
func pavaBuf(y, w []float64, target []int) {
	n := len(y)
	for i := range target {
		target[i] = i
	}
	i := 0
	for i < n {
		k := target[i] + 1
		if k == n {
			break
		}
		if y[i] < y[k] {
			i = k
			continue
		}
		sumWY, sumW := w[i]*y[i], w[i]
		for {
			// Inside a non-increasing run: absorb block k.
			prevY := y[k]
			sumWY += w[k] * y[k]
			sumW += w[k]
			k = target[k] + 1
			if k == n || prevY < y[k] {
				y[i] = sumWY / sumW
				w[i] = sumW
				target[i] = k - 1
				target[k-1] = i
				if i > 0 {
					// Step back one block: the merge may have broken
					// monotonicity with the previous block.
					i = target[i-1]
				}
				break
			}
		}
	}
	for i := 0; i < n; {
		k := target[i] + 1
		for j := i + 1; j < k; j++ {
			y[j] = y[i]
		}
		i = k
	}
}

// trimFlat drops interior knots whose y equals both neighbours' y, as
// scikit-learn does when it stores X_thresholds_ and y_thresholds_. It works
// in place and returns shortened copies that own their memory.
func trimFlat(x, y []float64) ([]float64, []float64) {
	n := len(y)
	m := 0
	for i := 0; i < n; i++ {
		if i > 0 && i < n-1 && y[i] == y[i-1] && y[i] == y[i+1] {
			continue
		}
		x[m], y[m] = x[i], y[i]
		m++
	}
	return slices.Clip(x[:m]), slices.Clip(y[:m])
}

// Predict evaluates f at q: linear interpolation between knots, the end
// values outside [X[0], X[len(X)-1]]. A NaN q gives NaN, and so does an f
// without knots (FitIsotonic never returns one).
func (f *Isotonic) Predict(q float64) float64 {
	n := len(f.X)
	if n == 0 || math.IsNaN(q) {
		return math.NaN()
	}
	if q <= f.X[0] {
		return f.Y[0]
	}
	if q >= f.X[n-1] {
		return f.Y[n-1]
	}
	// Smallest j with X[j] > q; 1 <= j <= n-1.
	j := sort.Search(n, func(i int) bool { return f.X[i] > q })
	return f.interp(j-1, q)
}

// interp evaluates the segment [X[j], X[j+1]] at q, X[j] <= q < X[j+1].
func (f *Isotonic) interp(j int, q float64) float64 {
	x0, y0, y1 := f.X[j], f.Y[j], f.Y[j+1]
	if q == x0 || y0 == y1 {
		return y0
	}
	t := (q - x0) / (f.X[j+1] - x0)
	if d := y1 - y0; isFinite(d) {
		return y0 + t*d
	}
	return y0*(1-t) + y1*t // y1 - y0 overflowed
}

// PredictSorted appends f(q) for every q in qs to out[:0] and returns it. It
// is fastest, O(len(qs) + len(f.X)), when qs is sorted ascending, but gives
// the same values as Predict for any order.
func (f *Isotonic) PredictSorted(qs, out []float64) []float64 {
	out = out[:0]
	n := len(f.X)
	if n == 0 {
		for range qs {
			out = append(out, math.NaN())
		}
		return out
	}
	j := 0 // current segment: X[j] <= q < X[j+1]
	for _, q := range qs {
		switch {
		case math.IsNaN(q):
			out = append(out, math.NaN())
			continue
		case q <= f.X[0]:
			out = append(out, f.Y[0])
			continue
		case q >= f.X[n-1]:
			out = append(out, f.Y[n-1])
			continue
		}
		if q < f.X[j] {
			j = sort.Search(n, func(i int) bool { return f.X[i] > q }) - 1
		}
		for q >= f.X[j+1] {
			j++
		}
		out = append(out, f.interp(j, q))
	}
	return out
}

func isFinite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
