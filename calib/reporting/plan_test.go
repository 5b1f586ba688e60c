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

// TestUnlabelledPlanEmptyClass: with no label and a judge that says "true"
// to every item (p̂ = 1, like Llama-2 answering A in 99.98% of prompts),
// Algorithm 1's formula gives z = 0 no item; the plan said the width
// "cannot be foreseen" and then "label the first 10 of each class". It now
// says to label the pilot first, and nothing about widths. With p̂ = 0.963
// (the formula gives z = 0 7 of 200 items) each class gets at least the
// pilot, and no width is claimed for a judge right on 80% of each class,
// which cannot have that verdict rate.
func TestUnlabelledPlanEmptyClass(t *testing.T) {
	items := make([]BinaryItem, 400)
	for i := range items {
		items[i] = BinaryItem{Pred: true, Gold: -1, Truth: -1}
	}
	res, err := Compute(items, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(res.Plan, "no item has a human label: label first Algorithm 1's pilot, 10 items with z = 0 and 10 with z = 1") ||
		strings.Contains(res.Plan, "width") || strings.Contains(res.Plan, "foreseen") {
		t.Errorf("p̂ = 1: plan %q", res.Plan)
	}
	for i := range items {
		items[i].Pred = i%1000 < 963 // p̂ = 0.963 over 1,000
	}
	items = append(items, make([]BinaryItem, 600)...)
	for i := 400; i < 1000; i++ {
		items[i] = BinaryItem{Pred: i%1000 < 963, Gold: -1, Truth: -1}
	}
	if res, err = Compute(items, Options{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"(10 with z = 0 and 190 with z = 1", "cannot be foreseen: a judge right on 80% of each class has a verdict rate between 0.20 and 0.80, not p̂ = 0.963"} {
		if !strings.Contains(res.Plan, want) {
			t.Errorf("p̂ = 0.963: plan %q lacks %q", res.Plan, want)
		}
	}
}

// TestClassEmptyPlanEngine: labelled items of one class only (m0 = 0):
// the plan says to label the empty class's pilot first, mentions no width
// and recommends no split; no "pilot has 0 items" note.
func TestClassEmptyPlanEngine(t *testing.T) {
	var items []BinaryItem
	for i := range 300 {
		it := BinaryItem{Pred: i%50 != 0, Gold: -1, Truth: -1}
		if i%3 == 0 {
			it.Gold = 1
		}
		items = append(items, it)
	}
	res, err := Compute(items, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.M0 != 0 || res.M1 != 100 || res.PlanSplit != "" {
		t.Fatalf("m0 %d, m1 %d, plan split %q", res.M0, res.M1, res.PlanSplit)
	}
	want := "label first 10 items with z = 0, Algorithm 1's pilot of the class the calibration set lacks (it has 100 with z = 1 and none with z = 0)"
	if !strings.HasPrefix(res.Plan, want) || strings.Contains(res.Plan, "width") {
		t.Errorf("plan %q", res.Plan)
	}
	if strings.Contains(strings.Join(res.Notes, "\n"), "pilot has 0") {
		t.Errorf("notes %q", res.Notes)
	}
	// With z = 0 items in the pool but a split that draws none, the plan
	// says how to draw them.
	items[1].Gold = 0
	items[2].Gold = 0
	if res, err = Compute(items, Options{Split: 0.001}); err != nil {
		t.Fatal(err)
	}
	if res.M0 != 0 || !strings.Contains(res.Plan, "(2 labelled items have z = 0: a larger --budget or another --split draws them)") {
		t.Errorf("m0 %d, plan %q", res.M0, res.Plan)
	}
}
