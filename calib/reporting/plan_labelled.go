package reporting

import (
	"fmt"

	"github.com/plumb-eval/plumb/internal/vocab"
)

// SplitName is the name of the split with the given key in a sentence
// ("the <name> split"): vocab's, except the search's, which is called
// "search's" since it may be too small to hold and so not the narrowest
// the plan can recommend.
func SplitName(key string) string {
	switch key {
	case KeyCurrent:
		return vocab.SplitCurrent
	case KeyEqual:
		return vocab.SplitEqual
	case KeyExact:
		return vocab.SplitLeastVar
	case KeyApprox:
		return vocab.SplitProp2
	case KeyAdaptive:
		return vocab.SplitAdaptive
	case KeyBest:
		return "search's"
	}
	return key
}

// planOrder is the order in which splits of equal width are preferred:
// the search's first, the drawn set's next.
var planOrder = [...]string{KeyBest, KeyCurrent, KeyExact, KeyApprox, KeyEqual, KeyAdaptive}

// writePlan sets the plan of a judge with labelled items: with a class
// empty in the calibration set, what to label first (and nothing about
// widths); otherwise the narrowest split the table shows whose interval
// holds, with Algorithm 1's split and what it costs beside it, and the
// narrower splits that are too small to hold.
func (r *Result) writePlan(opt Options, pilot pilotInfo, poolSize [2]int) {
	if r.PoolSize == 0 {
		return // unlabelledPlan
	}
	if r.M0 == 0 || r.M1 == 0 {
		r.Plan = r.emptyClassPlan(opt, poolSize)
		return
	}
	if !pilot.ok {
		return // no test items: nothing to plan for
	}
	m := r.Budget
	ad := r.Splits.Adaptive
	alg1 := fmt.Sprintf("Algorithm 1 from its pilot of %d per class, %d and %d of them judged right", pilot.size, pilot.succ[0], pilot.succ[1])
	if r.N > 0 && m > r.N {
		// The plan never asks for more labels than there are items.
		m0, m1, _ := AdaptiveSplit(r.N, pilot.size, r.PHat.Value, pilot.succ[0], pilot.succ[1])
		r.Plan = fmt.Sprintf("label %d items with z = 0 and %d with z = 1 (%s, for the %d items there are (--budget %d is more); "+
			"the table's splits divide the budget, more than there are items, so none of them is the plan)", m0, m1, alg1, r.N, m)
		r.PlanSplit = ""
		return
	}
	named := map[string]SplitWidth{}
	for _, s := range r.Splits.Named() {
		named[s.Key] = s.SplitWidth
	}
	chosen, bestFailed := "", ""
	for _, k := range planOrder {
		s := named[k]
		if !s.Width.OK() {
			continue
		}
		if s.Check.Holds() && (chosen == "" || s.Width.Value < named[chosen].Width.Value) {
			chosen = k
		}
		if !s.Check.Holds() && (bestFailed == "" || s.Check.Coverage > named[bestFailed].Check.Coverage) {
			bestFailed = k
		}
	}
	switch {
	case chosen == "" && bestFailed == "":
		why := r.Splits.Current.Width.Reason
		if why == "" {
			why = r.ThetaHat.Reason
		}
		r.Plan = fmt.Sprintf("label %d items with z = 0 and %d with z = 1 (%s, for a budget of %d; no split's width can be compared: %s)",
			ad.M0, ad.M1, alg1, m, why)
		r.PlanSplit = KeyAdaptive
	case chosen == "":
		f := named[bestFailed]
		r.Plan = fmt.Sprintf("no split the table shows gives an interval that holds at a budget of %d: the %s split (m0 = %d, m1 = %d) comes closest "+
			"and is %s; label more items of both classes, and run again", m, SplitName(bestFailed), f.M0, f.M1, f.Check.Warning())
	default:
		r.PlanSplit = chosen
		r.Plan = r.chosenPlan(chosen, named, alg1, pilot.size)
	}
}

// chosenPlan is the plan that recommends the split chosen: its counts and
// width, Algorithm 1's split and its cost beside it, and each narrower
// split that is too small to hold.
func (r *Result) chosenPlan(chosen string, named map[string]SplitWidth, alg1 string, pilot int) string {
	s := named[chosen]
	what := fmt.Sprintf("the %s split", SplitName(chosen))
	switch chosen {
	case KeyAdaptive:
		what = alg1
	case KeyBest:
		what = fmt.Sprintf("the search's split, at least %d per class", r.BestMinPerClass)
	}
	plan := fmt.Sprintf("label %d items with z = 0 and %d with z = 1 (%s: the narrowest interval the table shows that holds, width %.4f "+
		"at the rates of the %d labels drawn)", s.M0, s.M1, what, s.Width.Value, r.M0+r.M1)
	if ad := named[KeyAdaptive]; chosen != KeyAdaptive && ad.Width.OK() && ad.Check.Holds() {
		if d := ad.Width.Value - s.Width.Value; d > 0 {
			plan += fmt.Sprintf("; %s, gives %d and %d, width %.4f: %.4f wider, because its %d pilot labels estimate "+
				"the rates these widths plug in less well than the %d labels drawn", alg1, ad.M0, ad.M1, ad.Width.Value, d,
				2*pilot, r.M0+r.M1)
		} else {
			plan += fmt.Sprintf("; %s, gives %d and %d, as narrow", alg1, ad.M0, ad.M1)
		}
	}
	for _, k := range planOrder {
		f := named[k]
		if f.TooSmall() && f.Width.Value < s.Width.Value {
			plan += fmt.Sprintf("; the %s split (m0 = %d, m1 = %d) is narrower at the plug-in rates, width %.4f, but %s",
				SplitName(k), f.M0, f.M1, f.Width.Value, f.Check.Warning())
		}
	}
	return plan
}

// emptyClassPlan says what to label first when a class has no item in the
// calibration set: Algorithm 1's pilot of that class. It says nothing about
// widths, which need both classes' rates.
func (r *Result) emptyClassPlan(opt Options, poolSize [2]int) string {
	pilot := max(opt.Pilot, 1)
	if r.M0 == 0 && r.M1 == 0 {
		return fmt.Sprintf("label first %d items of each class, Algorithm 1's pilot, and run again: the calibration set has none", pilot)
	}
	k, have := 0, r.M1
	if r.M1 == 0 {
		k, have = 1, r.M0
	}
	plan := fmt.Sprintf("label first %d items with z = %d, Algorithm 1's pilot of the class the calibration set lacks "+
		"(it has %d with z = %d and none with z = %d), and run again for a plan from the judge's rates on both classes",
		pilot, k, have, 1-k, k)
	if poolSize[k] > 0 {
		plan += fmt.Sprintf(" (%d labelled items have z = %d: a larger --budget or another --split draws them)", poolSize[k], k)
	}
	return plan
}
