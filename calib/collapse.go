package calib

import (
	"fmt"
	"math"
	"slices"

	"github.com/plumb-eval/plumb/model"
)

// TieTolerance is how close to 0.5 a preference must be to count as a tie:
// |r − 0.5| < TieTolerance is a tie everywhere a choice is read from a
// preference (Choice, the metrics, BPC, discard, the reporting engine's
// pair verdicts, the TUI). A calibration map that sends P(A) to (nearly)
// 0.5 gives preferences such as 0.5 ± 1e-16 whose side is decided by
// floating-point round-off, not by the judge; 1e-9 is far above the
// round-off of arithmetic on numbers in [0, 1] (≈ 1e-16 per operation, a
// few thousand operations at most) and far below any difference a judge's
// probabilities express (log-probabilities are reported to ≈ 1e-6).
const TieTolerance = 1e-9

// IsTie reports whether the preference r is a tie: |r − 0.5| < TieTolerance
// (NaN is a tie too, so a failed number never decides a choice).
func IsTie(r float64) bool {
	return !(r >= 0.5+TieTolerance || r <= 0.5-TieTolerance)
}

// Thresholds of Collapsed.
const (
	// CollapseSD is the standard deviation of g*(s) over a judge's data
	// below which g* counts as constant: a map whose values on the data
	// vary by less than ±0.05 around their mean carries almost no
	// information from the judge's P(A). It applies only when the spread
	// also shrank to below half the raw spread (CollapseShrink), so a judge
	// whose own P(A) hardly varies is not flagged for a map that keeps it.
	CollapseSD = 0.05
	// CollapseShrink is the largest share of the raw spread of P(A) that a
	// constant g* keeps (see CollapseSD).
	CollapseShrink = 0.5
	// CollapseTieShare is the share of calibrated preferences within
	// TieTolerance of 0.5 from which a result counts as decided by
	// round-off — when it is also at least twice the raw share of such
	// ties (a hard-verdict-like judge that ties often is not flagged for
	// keeping its ties).
	CollapseTieShare = 0.5
	// CollapseLevelShare is the share of g*(s) values within
	// CollapseLevelWidth of one level from which g* counts as constant but for outliers —
	// when the share off that level also shrank to at most CollapseShrink
	// times the raw share off any level (see Collapsed). At 0.9 at most
	// one value in ten carries anything from the judge. On 100 simulated
	// x0+x1 fits (TestCollapseSweep in calib/selection) it flags 86 of the
	// 87 whose calibrated accuracy kept at most ¼ of the raw accuracy's
	// margin over chance (the one missed has 89% of its values at one
	// level) and none of the 13 that kept more; healthy 3- and
	// 4-arrangement fits put at most 63% of their values at one level
	// (β ≤ 2.5, τ ≤ 2.5).
	CollapseLevelShare = 0.9
	// CollapseLevelWidth is how close to a level a value of g*(s) must be
	// to count as on it (see CollapseLevelShare): ±0.05, the spread
	// CollapseSD allows.
	CollapseLevelWidth = 0.05
)

// Collapsed reports whether a calibration result says nothing about the
// judge, and why. It is CollapsedMap for g*: collapsed when any of four
// tests holds — the three below, and "one response" (CollapsedMap) — each
// read over every item and arrangement of calibrated (g*(s) = r for x0,
// x1 and 1 − r for x2, x3):
//
//   - round-off decides its choices: at least CollapseTieShare of the
//     calibrated preferences lie within TieTolerance of 0.5, and at least
//     twice the raw share do;
//   - g* is nearly constant: the standard deviation of g*(s) is below
//     CollapseSD and below CollapseShrink times that of the raw P(A);
//   - g* is constant but for outliers: at least CollapseLevelShare of the
//     g*(s) lie within CollapseLevelWidth of one level, and the share off that
//     level is at most CollapseShrink times the raw P(A)'s share off its
//     own most crowded level (so a judge whose P(A) already sits at one
//     value is not flagged for a map that keeps it).
//
// The third test exists because the second is not robust: a map that
// sends 99% of the data to 1 and the lowest 1% to 0 has a standard
// deviation of √(0.99·0.01) ≈ 0.1 and passes it, while every choice but
// 1% is the same response (consistency and κ 1.000, accuracy at chance).
// That is what a converged CalibraEval fit on x0 and x1 alone approaches:
// eq. 20's optimum −λ/4 is reached by g ≡ 0 or 1, and local minima keep a
// few low P(A) at 0. Collapse is tested on the map's values on the data,
// not on the fit's objective at the constant-map optimum, for three
// reasons: the metrics read only those values, so the share off the level
// bounds how much of any metric can come from the judge; the objective's
// optimum does not tell a constant from an informative map (on x0+x1
// every step whose threshold no item's two P(A) straddle attains −λ/4
// too, as a judge that is never inconsistent would show), and a fit
// stopped short of it is just as collapsed; and the test holds for every
// method that maps P(A), not only CalibraEval's objective.
//
// raw and calibrated are the same items' preferences before and after
// the map. c is the map; the test reads only the preferences (c may be
// nil), so methods with and without a curve share one call. Any method
// that maps P(A) may use it.
//
// A collapsed result's agreement metrics are perfect or undefined for a
// reason that has nothing to do with bias (every choice is the same, or a
// tie), so they must never be shown as a gain.
func Collapsed(raw, calibrated Prefs, c *Curve) (bool, string) {
	return CollapsedMap(raw, calibrated, "g*")
}

// CollapsedMap is Collapsed for any method that maps the judge's P(A)
// (what names its map in the reason: "g*" for CalibraEval, "Pride's map"),
// with a fourth test besides Collapsed's three:
//
//   - one response: every calibrated choice that is not a tie picks the
//     same response (all response_1, or all response_2), while the raw
//     choices picked both. A constant decision ("always response_1") would
//     score the same consistency, κ and ICC, so they say nothing about the
//     judge (CalibraEval on five items can end there).
func CollapsedMap(raw, calibrated Prefs, what string) (bool, string) {
	_, rawSD := Spread(raw)
	mean, sd := Spread(calibrated)
	rawTie, n := tieShare(raw)
	calTie, _ := tieShare(calibrated)
	if n == 0 {
		return false, ""
	}
	if calTie >= CollapseTieShare && calTie >= 2*rawTie {
		return true, fmt.Sprintf("%s of the calibrated preferences are within %g of 0.5 (raw: %s), "+
			"so round-off, not the judge, would decide the choices", pctNoRoundUp(calTie), TieTolerance, pctNoRoundUp(rawTie))
	}
	if sd < CollapseSD && sd < CollapseShrink*rawSD {
		return true, fmt.Sprintf("%s is nearly constant on this judge's P(A): %s of its values are within 0.05 of %.3f "+
			"(sd %.4f; raw P(A) sd %.3f)", what, pctNoRoundUp(nearShare(calibrated, mean, 0.05)), mean, sd, rawSD)
	}
	// The sorts of levelShare only when the O(n) bound says the share can
	// reach CollapseLevelShare (it does not on a healthy fit), and the raw
	// one only when the calibrated share does: the same answers, without
	// two sorts of every preference on every fit.
	if levelShareBound(calibrated, CollapseLevelWidth) >= CollapseLevelShare {
		if share, level := levelShare(calibrated, CollapseLevelWidth); share >= CollapseLevelShare {
			if rawShare, _ := levelShare(raw, CollapseLevelWidth); 1-share < CollapseShrink*(1-rawShare) {
				return true, fmt.Sprintf("%s is constant on this judge's P(A) but for outliers: %s of its values are within %g of %.3f "+
					"(raw P(A): at most %s within %g of one level)", what, pctNoRoundUp(share), CollapseLevelWidth, level, pctNoRoundUp(rawShare), CollapseLevelWidth)
			}
		}
	}
	cal, rw := responseCounts(calibrated), responseCounts(raw)
	if one := oneResponse(cal); one > 0 && rw[0] > 0 && rw[1] > 0 {
		return true, fmt.Sprintf("every calibrated choice that is not a tie picks response_%d (%d of %d choices; raw: %d pick response_1, %d response_2), "+
			"so its agreement is that of a constant decision", one, cal[one-1], cal[0]+cal[1]+cal[2], rw[0], rw[1])
	}
	return false, ""
}

// TiesOnly says, when every choice of calibrated is a tie while raw made
// some other choice, how many there are ("" otherwise): a result of ties
// only scores perfect consistency and a recall imbalance of 0 for no
// reason to do with the judge.
func TiesOnly(raw, calibrated Prefs) string {
	cal, rw := responseCounts(calibrated), responseCounts(raw)
	if cal[2] == 0 || cal[0]+cal[1] > 0 || rw[0]+rw[1] == 0 {
		return ""
	}
	return fmt.Sprintf("%d of %d; raw: %d of %d choices are ties", cal[2], cal[2], rw[2], rw[0]+rw[1]+rw[2])
}

// responseCounts counts the choices of p over every item and arrangement:
// response_1, response_2 and ties.
func responseCounts(p Prefs) [3]int {
	var n [3]int
	for i := range p.R {
		for _, a := range model.Arrangements {
			if !p.Has[i][a] {
				continue
			}
			switch r := p.R[i][a]; {
			case IsTie(r):
				n[2]++
			case r > 0.5:
				n[0]++
			default:
				n[1]++
			}
		}
	}
	return n
}

// oneResponse is the response (1 or 2) every non-tie choice of counts n
// picks, or 0 when both are picked or none is.
func oneResponse(n [3]int) int {
	switch {
	case n[0] > 0 && n[1] == 0:
		return 1
	case n[1] > 0 && n[0] == 0:
		return 2
	}
	return 0
}

// levelShare returns the largest share of the g*(s) values of p (g = r
// for x0, x1 and 1 − r for x2, x3) that lie within d of one level, and
// that level (the middle of the values it covers). NaN values count in
// the total but near no level. It sorts a copy of the values: O(n log n).
func levelShare(p Prefs, d float64) (share, level float64) {
	v := make([]float64, 0, 2*len(p.R))
	n := 0
	for i := range p.R {
		for _, a := range model.Arrangements {
			if p.Has[i][a] {
				n++
				if g := a.Preference(p.R[i][a]); !math.IsNaN(g) {
					v = append(v, g)
				}
			}
		}
	}
	if n == 0 {
		return 0, 0
	}
	slices.Sort(v)
	best, lo := 0, 0
	for hi := range v {
		for v[hi]-v[lo] > 2*d {
			lo++
		}
		if hi-lo+1 > best {
			best, level = hi-lo+1, v[lo]+(v[hi]-v[lo])/2
		}
	}
	return float64(best) / float64(n), level
}

// levelShareBound returns a number at least levelShare(p, d)'s share, in
// one pass and without sorting: the g*(s) values are counted in bins of
// width 2d, and the largest count of four neighbouring bins bounds the
// count of any window levelShare considers (values whose computed
// difference is at most 2d fall in at most three neighbouring bins, even
// when round-off moves a value across a bin's edge). It returns 1 (no
// bound) for values outside [−1, 2], which preferences never take.
func levelShareBound(p Prefs, d float64) float64 {
	const lo, hi = -1.0, 2.0
	w := 2 * d
	if !(w > 0) {
		return 1
	}
	nb := int((hi-lo)/w) + 2
	if nb > 1<<16 {
		return 1
	}
	bins := make([]int, nb+3)
	n := 0
	for i := range p.R {
		for _, a := range model.Arrangements {
			if !p.Has[i][a] {
				continue
			}
			n++
			g := a.Preference(p.R[i][a])
			if math.IsNaN(g) {
				continue
			}
			if g < lo || g > hi {
				return 1
			}
			bins[min(int((g-lo)/w), nb-1)]++
		}
	}
	if n == 0 {
		return 0
	}
	best := 0
	for k := 0; k < nb; k++ {
		best = max(best, bins[k]+bins[k+1]+bins[k+2]+bins[k+3])
	}
	return float64(best) / float64(n)
}

// CollapseAdvice says what a user can do about a collapsed CalibraEval fit.
const CollapseAdvice = "the objective prefers a constant map when a position bias dominates (no single map of P(A) " +
	"can remove it; BPC averages it out), when there is no content-swapped arrangement (x2) to anchor g, or when λ is " +
	"too small: use BPC, try another λ, or judge in x2 too"

// tieShare returns the share of preferences of p that are ties (IsTie)
// and how many there are.
func tieShare(p Prefs) (float64, int) {
	ties, n := 0, 0
	for i := range p.R {
		for _, a := range model.Arrangements {
			if p.Has[i][a] {
				n++
				ties += oneIf(IsTie(p.R[i][a]))
			}
		}
	}
	if n == 0 {
		return 0, 0
	}
	return float64(ties) / float64(n), n
}

// nearShare is the share of g*(s) values of calibrated preferences p
// (g = r for x0, x1 and 1 − r for x2, x3) within d of c.
func nearShare(p Prefs, c, d float64) float64 {
	near, n := 0, 0
	for i := range p.R {
		for _, a := range model.Arrangements {
			if p.Has[i][a] {
				n++
				near += oneIf(math.Abs(a.Preference(p.R[i][a])-c) <= d)
			}
		}
	}
	if n == 0 {
		return 0
	}
	return float64(near) / float64(n)
}

// pctNoRoundUp formats a share as a percentage with one decimal, never
// rounding a share below 1 up to "100.0%" or one above 0 down to "0.0%".
func pctNoRoundUp(x float64) string {
	switch {
	case x < 1 && x > 0.999:
		return "over 99.9%"
	case x > 0 && x < 0.0005:
		return "under 0.1%"
	}
	return fmt.Sprintf("%.1f%%", 100*x)
}

// Spread returns the mean and population standard deviation of g*(s_j)
// over every item and arrangement of calibrated preferences (g = r for x0,
// x1 and 1 − r for x2, x3).
func Spread(p Prefs) (mean, sd float64) {
	var s, s2 float64
	n := 0
	for i := range p.R {
		for _, a := range model.Arrangements {
			if !p.Has[i][a] {
				continue
			}
			g := a.Preference(p.R[i][a]) // Preference is its own inverse
			s += g
			s2 += g * g
			n++
		}
	}
	if n == 0 {
		return 0, 0
	}
	mean = s / float64(n)
	return mean, math.Sqrt(max(0, s2/float64(n)-mean*mean))
}

// oneIf is 1 if b, else 0.
func oneIf(b bool) int {
	if b {
		return 1
	}
	return 0
}
