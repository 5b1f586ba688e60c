package calib

import (
	"fmt"
	"math"

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
)

// Collapsed reports whether a calibration result says nothing about the
// judge, and why: either g* is (nearly) constant on the judge's observed
// P(A) — the standard deviation of g*(s) over every item and arrangement
// of calibrated is below CollapseSD and below CollapseShrink times that of
// the raw P(A) — or its choices are decided by round-off: at least
// CollapseTieShare of the calibrated preferences lie within TieTolerance
// of 0.5 and at least twice the raw share do. raw and calibrated are the
// same items' preferences before and after the map. c is the map; the
// test reads only the preferences (c may be nil), so methods with and
// without a curve share one call. Any method that maps P(A) may use it.
//
// A collapsed result's agreement metrics are perfect or undefined for a
// reason that has nothing to do with bias (every choice is the same, or a
// tie), so they must never be shown as a gain.
func Collapsed(raw, calibrated Prefs, c *Curve) (bool, string) {
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
		return true, fmt.Sprintf("g* is nearly constant on this judge's P(A): %s of its values are within 0.05 of %.3f "+
			"(sd %.4f; raw P(A) sd %.3f)", pctNoRoundUp(nearShare(calibrated, mean, 0.05)), mean, sd, rawSD)
	}
	return false, ""
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
