package reporting_test

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib/reporting"
)

// ExampleRGInterval corrects a judge's acceptance rate (docs/methods.md
// §5): it accepts 62% of 1,000 test items; on a calibration set of 80
// items that should be rejected it rejects 85% (specificity q0) and of 120
// that should be accepted it accepts 90% (sensitivity q1). Rogan–Gladen's
// estimate of the true share and Lee et al.'s 95% interval, which accounts
// for both sets, follow.
func ExampleRGInterval() {
	p, q0, q1 := 0.62, 0.85, 0.90
	theta, err := reporting.RGPoint(p, q0, q1)
	if err != nil {
		fmt.Println(err)
		return
	}
	lo, hi, err := reporting.RGInterval(p, q0, q1, 1000, 80, 120, 0.05)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("naive rate %.3f, corrected θ̂ = %.3f, 95%% CI [%.3f, %.3f]\n", p, theta, lo, hi)

	// A judge no better than chance on the calibration set has no estimate.
	if _, err := reporting.RGPoint(p, 0.5, 0.45); err != nil {
		fmt.Println(err)
	}
	// Output:
	// naive rate 0.620, corrected θ̂ = 0.627, 95% CI [0.552, 0.700]
	// judge is no better than chance on the calibration set (q̂0 + q̂1 ≤ 1)
}
