package reporting

import (
	"fmt"
)

// Labelling plan for a judge with no labelled items.
const (
	// DefaultPlanBudget is the budget of the plan when none is given: 200
	// labels, a day's work for one annotator, and enough that the pilot
	// (10 per class) is a small part of it.
	DefaultPlanBudget = 200
	// PlanAssumedAccuracy is the specificity and sensitivity the plan's
	// width assumes before any label exists to estimate them.
	PlanAssumedAccuracy = 0.8
)

// unlabelledPlan sets the plan of a judge none of whose items has a human
// label: how many items of each class to label (never more than the
// judge's items), from Algorithm 1's formula
// m1 = m/(1 + (1/p̂ − 1)√κ) at the judge's p̂ with κ = 1 (no pilot yet:
// q̃0 = q̃1 = 1/2), each class given at least the pilot as Algorithm 1
// does, and the interval width that budget would give if the judge were
// right on PlanAssumedAccuracy of each class (none when such a judge
// cannot have the verdict rate p̂). When the formula leaves a class
// empty, the plan is the pilot, and it says nothing about widths.
func (r *Result) unlabelledPlan(z float64, opt Options, c *reportCounts) {
	m := opt.Budget
	budgetFrom := "--budget"
	if m == 0 {
		m, budgetFrom = DefaultPlanBudget, "the default budget; set it with --budget"
	}
	if r.N > 0 && m > r.N {
		// Never more labels than items.
		asked := fmt.Sprintf("--budget %d", m)
		if opt.Budget == 0 {
			asked = fmt.Sprintf("the default budget of %d", m)
		}
		m, budgetFrom = r.N, fmt.Sprintf("every item there is (%s is more)", asked)
	}
	if !c.okP {
		r.Plan = fmt.Sprintf("no item has a human label and there are no test items: label about %d items, "+
			"some with z = 0 and some with z = 1", m)
		return
	}
	m0, m1, _ := AdaptiveSplit(m, 0, c.p, 0, 0)
	pilot := max(opt.Pilot, 1)
	if m0 == 0 || m1 == 0 {
		// The formula leaves a class empty: the pilot comes first, and no
		// width can be foreseen.
		r.Plan = fmt.Sprintf("no item has a human label: label first Algorithm 1's pilot, %d items with z = 0 and %d with z = 1, "+
			"and run again for a plan from the judge's own rates (at the judge's p̂ = %.3f, Algorithm 1's formula "+
			"m1 = m/(1 + (1/p̂ − 1)√κ) with κ = 1 gives %d of %d items (%s) to z = 0 and %d to z = 1)",
			pilot, pilot, c.p, m0, m, budgetFrom, m1)
		return
	}
	// Algorithm 1 gives each class at least its pilot.
	m0, m1, _ = AdaptiveSplit(m, min(pilot, m/2), c.p, 0, 0)
	q := PlanAssumedAccuracy
	width := fmt.Sprintf("cannot be foreseen: a judge right on %.0f%% of each class has a verdict rate between %.2f and %.2f, not p̂ = %.3f",
		100*q, 1-q, q, c.p)
	if c.p > 1-q && c.p < q {
		if lo, hi, err := rgCI(z, c.p, q, q, c.n, m0, m1); err == nil {
			width = fmt.Sprintf("≈ %.2f if the judge is right on %.0f%% of each class", hi-lo, 100*q)
		}
	}
	r.Plan = fmt.Sprintf("no item has a human label: label about %d items (%d with z = 0 and %d with z = 1, "+
		"from Algorithm 1's formula m1 = m/(1 + (1/p̂ − 1)√κ) at the judge's p̂ = %.3f with κ = 1 before any pilot, "+
		"and %d items, %s) to get a %.4g%% interval for θ of width %s; "+
		"label the first %d of each class as Algorithm 1's pilot and run again for a plan from the judge's own rates",
		m, m0, m1, c.p, m, budgetFrom, 100*(1-opt.Alpha), width, opt.Pilot)
}
