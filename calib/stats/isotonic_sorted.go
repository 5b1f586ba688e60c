package stats

import "slices"

// IsotonicAtSorted returns FitIsotonic(x, y, w).PredictSorted(x), bit for
// bit, without its sort and copies, when the input needs neither: x
// strictly increasing in steps of at least the tie resolution (1e-15; no
// samples to merge), every weight finite and > 0, every x and y finite.
// ok is false when that does not hold (the caller then uses FitIsotonic).
// It writes the result into out (grown as needed) and returns it.
//
// With nothing to merge or drop, FitIsotonic's merge step leaves each
// sample alone except for y·w/w (kept here, as it can round), its PAVA
// is the same function, and the fitted step-linear function evaluated at
// its own x is the pooled value there: at a knot it returns the knot's
// value, and a point dropped from the middle of a flat run lies between
// two knots of equal value.
func IsotonicAtSorted(x, y, w, out []float64) (_ []float64, ok bool) {
	return IsotonicAtSortedBuf(x, y, w, out, nil, nil)
}

// IsotonicAtSortedBuf is IsotonicAtSorted with its work arrays given, for
// callers that reuse memory: wbuf (floats) and target (ints) are used when
// they have room for len(x) values and allocated otherwise. Their contents
// are overwritten before they are read, so they never change the result,
// and are undefined on return; neither is kept.
func IsotonicAtSortedBuf(x, y, w, out, wbuf []float64, target []int) (_ []float64, ok bool) {
	n := len(x)
	if n == 0 || len(y) != n || len(w) != n {
		return nil, false
	}
	out = slices.Grow(out[:0], n)[:n]
	if cap(wbuf) < n {
		wbuf = make([]float64, n)
	}
	if cap(target) < n {
		target = make([]int, n)
	}
	ws := wbuf[:n]
	for i := range x {
		wi := w[i]
		if !isFinite(x[i]) || !isFinite(y[i]) || !isFinite(wi) || !(wi > 0) {
			return nil, false
		}
		if i > 0 && !(x[i]-x[i-1] >= tieResolution) {
			return nil, false
		}
		// mergeTies of a one-sample group: its sums start at 0 for the
		// first group and at the sample's own terms for later ones.
		if i == 0 {
			out[i], ws[i] = (0+y[i]*wi)/(0+wi), 0+wi
		} else {
			out[i], ws[i] = (y[i]*wi)/wi, wi
		}
	}
	pavaBuf(out, ws, target[:n])
	for _, v := range out {
		if !isFinite(v) {
			return nil, false
		}
	}
	return out, true
}
