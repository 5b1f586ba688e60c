package reporting

import (
	"fmt"
	"strings"
	"testing"
)

// TestUnlabelledPlan: with no human label the plan says how many items of
// each class to label (issue 10, item 17: it said "label 0 items … budget
// of 0"): Algorithm 1's formula at p̂ with κ = 1 gives m1 = round(m·p̂),
// and the width is RGInterval's at the assumed accuracy.
func TestUnlabelledPlan(t *testing.T) {
	items := make([]BinaryItem, 1000)
	for i := range items {
		items[i] = BinaryItem{Pred: i%5 < 3, Gold: -1, Truth: -1} // p̂ = 0.6
	}
	for _, tc := range []struct {
		budget, m0, m1 int
		from           string
	}{{0, 80, 120, "the default budget"}, {50, 20, 30, "--budget"}} {
		res, err := Compute(items, Options{Budget: tc.budget})
		if err != nil {
			t.Fatal(err)
		}
		m := tc.m0 + tc.m1
		lo, hi, err := RGInterval(0.6, PlanAssumedAccuracy, PlanAssumedAccuracy, 1000, tc.m0, tc.m1, 0.05)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{
			fmt.Sprintf("label about %d items (%d with z = 0 and %d with z = 1", m, tc.m0, tc.m1),
			"p̂ = 0.600", tc.from, fmt.Sprintf("width ≈ %.2f", hi-lo), "right on 80% of each class", "first 10 of each class",
		} {
			if !strings.Contains(res.Plan, want) {
				t.Errorf("budget %d: plan %q lacks %q", tc.budget, res.Plan, want)
			}
		}
		if strings.Contains(res.Plan, "label 0 items") || strings.Contains(res.Plan, "budget of 0") {
			t.Errorf("plan %q", res.Plan)
		}
		if res.M0+res.M1 != 0 || res.Budget != 0 {
			t.Errorf("calibration set %d+%d, budget %d without labels", res.M0, res.M1, res.Budget)
		}
		for _, n := range res.Notes {
			if strings.Contains(n, "pilot has 0") || strings.Contains(n, "only 0 are labelled") {
				t.Errorf("noise note %q", n)
			}
		}
	}
}
