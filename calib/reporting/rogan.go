package reporting

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mathext"
)

// ReasonChance is why the Rogan–Gladen estimate is undefined when the judge
// is no better than chance on the calibration set (docs/methods.md §5).
const ReasonChance = "judge is no better than chance on the calibration set (q̂0 + q̂1 ≤ 1)"

// ErrChance is returned by RGPoint and RGInterval when q̂0 + q̂1 ≤ 1. Its
// message is ReasonChance.
var ErrChance = errors.New(ReasonChance)

// ErrSmoothedChance is returned by RGInterval when the smoothed rates have
// q̃0 + q̃1 ≤ 1 although q̂0 + q̂1 > 1: the calibration set is too small to
// tell the judge from chance once the rates are pulled towards 1/2.
var ErrSmoothedChance = errors.New("judge is no better than chance after smoothing the calibration rates " +
	"(q̃0 + q̃1 ≤ 1): too few calibration items to tell it from chance")

// RGPoint is the Rogan–Gladen estimate of θ = P(z = 1) (docs/methods.md §5):
// clip((p + q0 − 1)/(q0 + q1 − 1), 0, 1), where p is the judge's verdict
// rate on the test set, q0 its specificity and q1 its sensitivity. It fails
// with ErrChance when q0 + q1 ≤ 1 and when an input is not a probability.
func RGPoint(p, q0, q1 float64) (float64, error) {
	if err := rgCheckRates(p, q0, q1); err != nil {
		return 0, err
	}
	if q0+q1 <= 1 {
		return 0, ErrChance
	}
	return rgClip((p + q0 - 1) / (q0 + q1 - 1)), nil
}

// RGInterval is the smoothed (1 − alpha) confidence interval for θ of Lee
// et al. (docs/methods.md §5), which accounts for both the test set (n items,
// verdict rate p) and the calibration set (m0 items with z = 0 and
// specificity q0, m1 items with z = 1 and sensitivity q1):
//
//	z = Φ⁻¹(1 − α/2); ñ = n + z²; m̃k = mk + 2
//	p̃ = (n p + z²/2)/ñ; q̃k = (mk qk + 1)/m̃k; θ̃ = (p̃ + q̃0 − 1)/(q̃0 + q̃1 − 1)
//	dθ = 2z²[−(1 − θ̃) q̃0(1 − q̃0)/m̃0 + θ̃ q̃1(1 − q̃1)/m̃1]
//	SE = sqrt(p̃(1 − p̃)/ñ + (1 − θ̃)² q̃0(1 − q̃0)/m̃0 + θ̃² q̃1(1 − q̃1)/m̃1)/(q̃0 + q̃1 − 1)
//	CI = [clip(θ̃ + dθ − z SE), clip(θ̃ + dθ + z SE)]
//
// θ̃ is not clipped; only the ends are. The arithmetic follows the official
// code (UW-Madison-Lee-Lab/LLM-judge-reporting, confidence_interval)
// operation by operation, so results agree with it to the last bits.
//
// It fails (the error's message is the reason) when n, m0 or m1 is below 1,
// alpha is not in (0, 1), a rate is not a probability, q0 + q1 ≤ 1
// (ErrChance: there is no estimate to put an interval around; the official
// code computes anyway and can return lower > upper) or q̃0 + q̃1 ≤ 1
// (ErrSmoothedChance).
func RGInterval(p, q0, q1 float64, n, m0, m1 int, alpha float64) (lo, hi float64, err error) {
	z, err := rgZ(alpha)
	if err != nil {
		return 0, 0, err
	}
	return rgCI(z, p, q0, q1, n, m0, m1)
}

// rgZ returns Φ⁻¹(1 − alpha/2).
func rgZ(alpha float64) (float64, error) {
	if !(alpha > 0 && alpha < 1) {
		return 0, fmt.Errorf("confidence level: alpha = %v is not in (0, 1)", alpha)
	}
	return mathext.NormalQuantile(1 - alpha/2), nil
}

// rgCI is RGInterval with z = Φ⁻¹(1 − α/2) already computed. It does not
// allocate on success.
func rgCI(z, p, q0, q1 float64, n, m0, m1 int) (lo, hi float64, err error) {
	switch {
	case n < 1:
		return 0, 0, errors.New("no test items (n = 0)")
	case m0 < 1:
		return 0, 0, errors.New("no calibration items with z = 0 (m0 = 0)")
	case m1 < 1:
		return 0, 0, errors.New("no calibration items with z = 1 (m1 = 0)")
	}
	if err := rgCheckRates(p, q0, q1); err != nil {
		return 0, 0, err
	}
	if q0+q1 <= 1 {
		return 0, 0, ErrChance
	}
	// Same operations, in the same order, as the official code.
	z2 := z * z
	fn, fm0, fm1 := float64(n), float64(m0), float64(m1)
	pt := (fn*p + z2/2) / (fn + z2)
	q0t := (fm0*q0 + 1) / (fm0 + 2)
	q1t := (fm1*q1 + 1) / (fm1 + 2)
	nt, m0t, m1t := fn+z2, fm0+2, fm1+2
	den := q0t + q1t - 1
	if !(den > 0) {
		return 0, 0, ErrSmoothedChance
	}
	th := (pt + q0t - 1) / den
	dth := 2 * z2 * (-(1-th)*q0t*(1-q0t)/m0t + th*q1t*(1-q1t)/m1t)
	se := math.Sqrt(pt*(1-pt)/nt+(1-th)*(1-th)*q0t*(1-q0t)/m0t+th*th*q1t*(1-q1t)/m1t) / den
	lo, hi = rgClip(th+dth-z*se), rgClip(th+dth+z*se)
	if math.IsNaN(lo) || math.IsNaN(hi) {
		return 0, 0, errors.New("confidence interval: not a finite number (numerical failure)")
	}
	return lo, hi, nil
}

// rgCheckRates checks that p, q0 and q1 are probabilities.
func rgCheckRates(p, q0, q1 float64) error {
	for _, v := range [...]struct {
		name string
		x    float64
	}{{"verdict rate p̂", p}, {"specificity q̂0", q0}, {"sensitivity q̂1", q1}} {
		if !(v.x >= 0 && v.x <= 1) {
			return fmt.Errorf("%s = %v is not a probability in [0, 1]", v.name, v.x)
		}
	}
	return nil
}

// rgClip clips x to [0, 1] (NaN stays NaN).
func rgClip(x float64) float64 {
	if x < 0 {
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}
