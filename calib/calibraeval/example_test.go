package calibraeval_test

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// ExampleNOA_Fit learns CalibraEval's map g* (docs/methods.md §3) for the
// simulator's judge-tokenA, which favours whichever answer carries the ID
// A, on 600 items judged in x0, x1 and x2, with every item in the
// estimation set and the paper's λ = 0.5; the calibrated preferences
// agree across arrangements more than the raw ones.
func ExampleNOA_Fit() {
	cfg := simtest.Config(600, 0, 0)
	cfg.Arrangements = []model.Arrangement{model.X0, model.X1, model.X2}
	for i := range cfg.Judges {
		cfg.Judges[i].Mode = model.SourceLogprob
	}
	lg, err := sim.Collect(cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	_, byJudge := calib.SplitByJudge(lg.Pairs)
	pairs := byJudge["judge-tokenA"]
	est, _, err := calib.EstimationSet(len(pairs), 1, 1)
	if err != nil {
		fmt.Println(err)
		return
	}

	noa, err := calibraeval.NewNOA(pairs, est, calibraeval.ObjectiveBoth)
	if err != nil {
		fmt.Println(err)
		return
	}
	fit, err := noa.Fit(calibraeval.FitOptions{Lambda: 0.5}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d knots; converged %v (%s)\n", fit.Points, fit.Converged, fit.Status)
	fmt.Printf("objective L/K at λ = %g: %.4f\n", fit.Lambda, fit.Objective)
	for _, s := range []float64{0.2, 0.5, 0.8} {
		fmt.Printf("g*(%.1f) = %.3f\n", s, fit.Curve.Apply(s))
	}
	raw := metrics.Compute(calib.RawPrefs(pairs))
	cal := metrics.Compute(calib.CalibratedPrefs(pairs, fit.Curve))
	fmt.Printf("ICC(2,k) raw %s, calibrated %s\n", raw.ICC2k.Format(3), cal.ICC2k.Format(3))
	fmt.Printf("Fleiss' κ raw %s, calibrated %s\n", raw.FleissKappa.Format(3), cal.FleissKappa.Format(3))
	// Output:
	// 1802 knots; converged true (gradient norm below tolerance)
	// objective L/K at λ = 0.5: -0.1853
	// g*(0.2) = 0.000
	// g*(0.5) = 0.000
	// g*(0.8) = 0.290
	// ICC(2,k) raw 0.686, calibrated 0.904
	// Fleiss' κ raw 0.135, calibrated 0.571
}
