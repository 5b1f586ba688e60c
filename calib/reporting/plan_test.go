package reporting

import (
	"fmt"
	"regexp"
	"strconv"
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

// TestPlanNeverAsksForMoreThanExist reproduces issue 19's "label about
// 200" of 47 items: the plan's budget was the default 200 (or --budget)
// whatever the number of items. It is capped at the items there are, and
// says so: unlabelled (the default budget and a --budget over the items)
// and labelled (a --budget over every item).
func TestPlanNeverAsksForMoreThanExist(t *testing.T) {
	unlabelled := make([]BinaryItem, 47)
	for i := range unlabelled {
		unlabelled[i] = BinaryItem{Pred: i%7 < 3, Gold: -1, Truth: -1}
	}
	labelled := make([]BinaryItem, 47)
	for i := range labelled {
		g := int8(-1)
		if i%2 == 0 {
			g = int8((i / 2) % 2)
		}
		labelled[i] = BinaryItem{Pred: i%3 == 0, Gold: g, Truth: -1}
	}
	num := regexp.MustCompile(`label (?:about )?(\d+) items(?: \((\d+) with z = 0 and (\d+) with z = 1| with z = 0 and (\d+) with z = 1)`)
	for _, tc := range []struct {
		name   string
		items  []BinaryItem
		budget int
		says   string
	}{
		{"unlabelled, default budget", unlabelled, 0, "every item there is (the default budget of 200 is more)"},
		{"unlabelled, --budget 500", unlabelled, 500, "every item there is (--budget 500 is more)"},
		{"labelled, --budget 500", labelled, 500, "the 47 items there are (--budget 500 is more)"},
	} {
		res, err := Compute(tc.items, Options{Budget: tc.budget})
		if err != nil {
			t.Fatal(err)
		}
		m := num.FindStringSubmatch(res.Plan)
		if m == nil {
			t.Fatalf("%s: plan %q names no count", tc.name, res.Plan)
		}
		for _, s := range m[1:] {
			if v, err := strconv.Atoi(s); err == nil && v > 47 {
				t.Errorf("%s: plan asks for %d items of 47: %q", tc.name, v, res.Plan)
			}
		}
		if !strings.Contains(res.Plan, tc.says) {
			t.Errorf("%s: plan %q does not say %q", tc.name, res.Plan, tc.says)
		}
	}
	// Below the items, the budget is the plan's, as before.
	res, err := Compute(unlabelled, Options{Budget: 20})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Plan, "label about 20 items") || strings.Contains(res.Plan, "there is") {
		t.Errorf("budget 20 of 47: plan %q", res.Plan)
	}
}
