package metrics_test

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// ExampleCompute computes the selection-bias metrics of a judge that saw
// four items in x0 and x1 (response_1 first, then second; docs/methods.md
// §1) and prefers whatever is shown first: its preference for response_1
// is high in x0 and low in x1 on every item but the last.
func ExampleCompute() {
	pairs := []model.Pair{
		{ID: "a", Gold: model.Gold1, Has: [4]bool{true, true}, S: [4]float64{0.9, 0.3}},
		{ID: "b", Gold: model.Gold1, Has: [4]bool{true, true}, S: [4]float64{0.8, 0.4}},
		{ID: "c", Gold: model.Gold2, Has: [4]bool{true, true}, S: [4]float64{0.6, 0.2}},
		{ID: "d", Gold: model.Gold2, Has: [4]bool{true, true}, S: [4]float64{0.3, 0.1}},
	}
	m := metrics.Compute(calib.RawPrefs(pairs))
	fmt.Printf("consistency %s of %d items\n", m.Consistency.Format(2), m.Consistency.N)
	fmt.Printf("first-position rate %s\n", m.FirstPositionRate.Format(3))
	fmt.Printf("Fleiss' κ %s\n", m.FleissKappa.Format(3))
	fmt.Printf("accuracy: x0 %s, x1 %s, mean %s\n", m.Accuracy[model.X0].Format(2), m.Accuracy[model.X1].Format(2), m.AccuracyMean.Format(2))
	fmt.Printf("RStd %s\n", m.RStd.Format(1))
	fmt.Printf("ICC(3,k): %s\n", m.ICC3k.Format(3))
	// Output:
	// consistency 0.25 of 4 items
	// first-position rate 0.875
	// Fleiss' κ -0.600
	// accuracy: x0 0.75, x1 0.50, mean 0.62
	// RStd 37.5
	// ICC(3,k): 0.818
}
