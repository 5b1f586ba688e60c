package reporting

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/plumb-eval/plumb/calib"
)

// Defaults of Options.
const (
	DefaultAlpha = 0.05
	DefaultPilot = 10 // Algorithm 1's pilot per class (the paper's setting)
	// WidthCurvePoints bounds the number of splits in Result.WidthCurve.
	WidthCurvePoints = 101
)

// Options are the knobs of a correct-reporting analysis.
type Options struct {
	// Budget is the number m of labelled items to calibrate with. 0 is
	// automatic: every labelled item when some items have no label (they
	// form the test set), and half of them (rounded down) when every item
	// is labelled (the other half forms the test set).
	Budget int
	// Split is the share of the budget for items with z = 0, in (0, 1):
	// m0 = round(Split·m), m1 = m − m0. 0 (the default) takes the shares of
	// the labelled items, so the automatic budget uses every label; 0.5 is
	// the paper's equal split.
	Split float64
	// Alpha gives the (1 − Alpha) confidence level; 0 means 0.05.
	Alpha float64
	// Pilot is Algorithm 1's pilot size per class; 0 means 10.
	Pilot int
	// Seed draws the calibration set.
	Seed uint64
}

// DefaultOptions returns the defaults: automatic budget and split,
// α = 0.05, a pilot of 10 per class, seed 1.
func DefaultOptions() Options {
	return Options{Alpha: DefaultAlpha, Pilot: DefaultPilot, Seed: 1}
}

// withDefaults fills the zero values and checks the options.
func (o Options) withDefaults() (Options, error) {
	if o.Alpha == 0 {
		o.Alpha = DefaultAlpha
	}
	if o.Pilot == 0 {
		o.Pilot = DefaultPilot
	}
	switch {
	case o.Budget < 0:
		return o, fmt.Errorf("calibration budget %d is negative", o.Budget)
	case !(o.Split >= 0 && o.Split < 1):
		return o, fmt.Errorf("split %v is not a share in (0, 1) (0 = the labelled items' own shares)", o.Split)
	case !(o.Alpha > 0 && o.Alpha < 1):
		return o, fmt.Errorf("alpha %v is not in (0, 1)", o.Alpha)
	case o.Pilot < 0:
		return o, fmt.Errorf("pilot size %d is negative", o.Pilot)
	}
	return o, nil
}

// SplitWidth is a split of a calibration budget and the width of the
// confidence interval for θ it gives (Width.N = M0 + M1).
type SplitWidth struct {
	M0, M1 int
	Width  calib.Stat
	// Check is the split's coverage check (nil when its width is
	// undefined, and on Result.WidthCurve).
	Check *SimCheck
}

// TooSmall reports whether the split's interval fails its coverage check.
func (s SplitWidth) TooSmall() bool { return s.Check != nil && !s.Check.Holds() }

// Splits compares splits of the budget. Every width but
// Current's is hypothetical: it plugs the drawn calibration set's p̂, q̂0,
// q̂1 and the test size n into RGInterval with the split's m0 and m1.
type Splits struct {
	Current SplitWidth // the calibration set actually drawn
	Equal   SplitWidth // m0 = ⌊m/2⌋
	// Exact is ExactSplit at θ̂, q̂0, q̂1: the split that minimises the
	// calibration part of θ̂'s variance at those plug-in rates — not the
	// interval's width, so another split can give a narrower interval.
	Exact SplitWidth
	// Approx is ApproxSplit (Prop. 2, an approximation of Exact) at p̂,
	// q̂0, q̂1.
	Approx   SplitWidth
	Adaptive SplitWidth // AdaptiveSplit (Algorithm 1) with the drawn pilot
	// Best is BestSplitMin: the narrowest interval at the plug-in rates,
	// by brute force over the splits with at least
	// Result.BestMinPerClass items per class, that passes its coverage
	// check (the minimum per class doubles until it does).
	Best SplitWidth
}

// Split keys, as in the report's JSON (splits.<key>).
const (
	KeyCurrent  = "current"
	KeyEqual    = "equal"
	KeyExact    = "exact"
	KeyApprox   = "approx"
	KeyAdaptive = "adaptive"
	KeyBest     = "best"
)

// Named returns the named splits with their keys, in the table's order.
func (s *Splits) Named() []NamedSplit {
	return []NamedSplit{{KeyCurrent, s.Current}, {KeyEqual, s.Equal}, {KeyExact, s.Exact},
		{KeyApprox, s.Approx}, {KeyAdaptive, s.Adaptive}, {KeyBest, s.Best}}
}

// NamedSplit is a split with its key.
type NamedSplit struct {
	Key string
	SplitWidth
}

// Result is a correct-reporting analysis (docs/methods.md §5; Lee et al.):
// the judge's verdict rate corrected for its specificity and sensitivity,
// with a confidence interval that accounts for both the test and the
// calibration set, and a comparison of ways to split the labelling budget.
type Result struct {
	// N is the number of items given.
	N int
	// PHat is the judge's verdict rate p̂ on the test set, with its Wald
	// interval as CI (the naive report, which ignores the judge's errors).
	PHat calib.Stat
	// ThetaHat is the Rogan–Gladen estimate θ̂ of P(z = 1), with the
	// RGInterval as CI (nil when the interval is undefined).
	ThetaHat calib.Stat
	// Lower, Upper and Width are the ends and width of θ̂'s interval.
	Lower, Upper, Width calib.Stat
	// Q0Hat is the specificity on the M0 calibration items with z = 0, and
	// Q1Hat the sensitivity on the M1 with z = 1.
	Q0Hat, Q1Hat calib.Stat
	M0, M1       int
	// Budget is the calibration budget m the splits divide.
	Budget int
	// BestMinPerClass is the fewest items per class Splits.Best may give a
	// class: the pilot size, at most ⌊m/2⌋ (see BestSplitMin).
	BestMinPerClass int
	// TrueTheta is the share of z = 1 on the test set when every test item's
	// z is known (from its hidden gold when every item was labelled, else
	// from the producer's truth), and Covered whether the interval covers it
	// — nil when there is no interval, or when it is Uninformative.
	TrueTheta *float64
	Covered   *bool
	// Uninformative says why θ̂'s interval tells nothing about θ ("" when it
	// does): it is all of [0, 1], so it excludes no rate and covering any
	// true θ is no evidence of anything.
	Uninformative string
	// Splits compares splits of the budget.
	Splits Splits
	// Plan is the labelling plan for the budget, in words: the narrowest
	// split the table shows whose interval holds (PlanSplit), with
	// Algorithm 1's split and what it costs beside it; or what to label
	// first when a class has no calibration item or no item is labelled.
	Plan string
	// PlanSplit is the key of the split the plan recommends ("" when it
	// recommends none of the table's).
	PlanSplit string
	// WidthCurve is the interval's width against m0 = 1..m−1 (at most
	// WidthCurvePoints evenly spaced splits), computed like the
	// hypothetical splits.
	WidthCurve []SplitWidth
	// PoolSize is the number of labelled items, TestSize the test set's n.
	PoolSize, TestSize int
	// Holdout is true when every item was labelled, so the test set is the
	// labelled items left after drawing the calibration set, their gold
	// hidden from the estimator.
	Holdout bool
	Notes   []string
}

// Compute runs a correct-reporting analysis of binary items.
//
// Items without a gold label form the test set and labelled items the
// calibration pool. When every item is labelled, the calibration set is
// drawn from the pool and the rest is the test set, its gold hidden from
// the estimator and used only for TrueTheta and Covered. The calibration
// set holds m0 = round(Split·m) items with z = 0 and m1 = m − m0 with
// z = 1, drawn at random (seeded) from the pool; when a class has too few,
// all of it is used and a note says so. Algorithm 1's pilot is the first
// Pilot items of each class in the same random order (so it lies inside
// the calibration set). Undefined statistics (no test items, an empty
// class, a judge no better than chance) carry a reason.
//
// It fails only on bad options, no items, or an item with a Gold or Truth
// outside −1, 0, 1.
func Compute(items []BinaryItem, opt Options) (*Result, error) {
	opt, err := opt.withDefaults()
	if err != nil {
		return nil, fmt.Errorf("correct reporting: %w", err)
	}
	z, err := rgZ(opt.Alpha)
	if err != nil {
		return nil, fmt.Errorf("correct reporting: %w", err)
	}
	if len(items) == 0 {
		return nil, errors.New("correct reporting: no items")
	}
	var test, pool [2][]int // pool[k]: labelled items with z = k; test[0]: unlabelled
	nTest, nPool := 0, [2]int{}
	for i, it := range items {
		if it.Gold < -1 || it.Gold > 1 || it.Truth < -1 || it.Truth > 1 {
			return nil, fmt.Errorf("correct reporting: item %d has gold %d and truth %d (want −1, 0 or 1)", i, it.Gold, it.Truth)
		}
		if it.Gold < 0 {
			nTest++
		} else {
			nPool[it.Gold]++
		}
	}
	test[0] = make([]int, 0, nTest)
	pool[0], pool[1] = make([]int, 0, nPool[0]), make([]int, 0, nPool[1])
	for i, it := range items {
		if it.Gold < 0 {
			test[0] = append(test[0], i)
		} else {
			pool[it.Gold] = append(pool[it.Gold], i)
		}
	}
	rep := &Result{N: len(items), PoolSize: nPool[0] + nPool[1], Holdout: nTest == 0}
	lvl := 1 - opt.Alpha

	// The calibration set: a seeded shuffle of each class, then a prefix.
	rng := rand.New(rand.NewPCG(opt.Seed, 0x726f67616e676c64)) // "rogangld"
	for k := range pool {
		rng.Shuffle(len(pool[k]), func(i, j int) { pool[k][i], pool[k][j] = pool[k][j], pool[k][i] })
	}
	m := rep.chooseBudget(opt)
	rep.Budget = m
	want0 := 0
	if opt.Split > 0 {
		want0 = int(math.Round(opt.Split * float64(m)))
	} else if rep.PoolSize > 0 {
		want0 = int(math.Round(float64(nPool[0]) / float64(rep.PoolSize) * float64(m)))
	}
	want := [2]int{want0, m - want0}
	for k := range want {
		rep.pickClass(k, want[k], len(pool[k]))
	}
	if rep.Holdout {
		test[0], test[1] = pool[0][rep.M0:], pool[1][rep.M1:]
	}
	rep.TestSize = len(test[0]) + len(test[1])

	// Counts.
	var c reportCounts
	c.n = rep.TestSize
	truthKnown := 0
	truthOnes := 0
	for _, idx := range test {
		for _, i := range idx {
			it := items[i]
			if it.Pred {
				c.pos++
			}
			zt := it.Truth
			if rep.Holdout {
				zt = it.Gold
			}
			if zt >= 0 {
				truthKnown++
				truthOnes += int(zt)
			}
		}
	}
	for _, i := range pool[0][:rep.M0] {
		if !items[i].Pred {
			c.right0++
		}
	}
	for _, i := range pool[1][:rep.M1] {
		if items[i].Pred {
			c.right1++
		}
	}
	c.m0, c.m1 = rep.M0, rep.M1
	rep.estimate(z, lvl, &c)
	rep.Uninformative = uninformative(rep, &c)

	if c.n > 0 && truthKnown == c.n {
		tt := float64(truthOnes) / float64(c.n)
		rep.TrueTheta = &tt
		if rep.ThetaHat.CI != nil && rep.Uninformative == "" {
			cov := rep.Lower.Value <= tt && tt <= rep.Upper.Value
			rep.Covered = &cov
		}
	} else if truthKnown > 0 {
		rep.Notes = append(rep.Notes, fmt.Sprintf("the true z is known for only %d of %d test items; no coverage check", truthKnown, c.n))
	}

	rep.compareSplits(z, opt, &c, items, pool)
	if rep.PoolSize == 0 {
		rep.unlabelledPlan(z, opt, &c)
	}
	return rep, nil
}

// reportCounts are the counts behind the estimates.
type reportCounts struct {
	n, pos     int     // test items and their positive verdicts
	m0, right0 int     // calibration items with z = 0 and their verdicts 0
	m1, right1 int     // calibration items with z = 1 and their verdicts 1
	p, q0, q1  float64 // the rates, when defined
	okP        bool    // p is defined (n > 0)
}

// chooseBudget returns the budget m, noting when it had to shrink.
func (r *Result) chooseBudget(opt Options) int {
	p := r.PoolSize
	switch {
	case p == 0:
		r.Notes = append(r.Notes, "no item has a human label, so the judge cannot be calibrated; the plan says what to label")
		return 0
	case opt.Budget == 0 && r.Holdout:
		return p / 2
	case opt.Budget == 0:
		return p
	case r.Holdout && opt.Budget > p-1:
		r.Notes = append(r.Notes, fmt.Sprintf("a budget of %d would leave no test items among the %d labelled items; using %d", opt.Budget, p, p-1))
		return p - 1
	case opt.Budget > p:
		r.Notes = append(r.Notes, fmt.Sprintf("the budget of %d exceeds the %d labelled items", opt.Budget, p))
	}
	return opt.Budget
}

// pickClass sets M0 or M1 (class k) to want, or to have with a note when
// the pool has too few.
func (r *Result) pickClass(k, want, have int) {
	got := want
	if want > have {
		got = have
		r.Notes = append(r.Notes, fmt.Sprintf("the budget asks for %d calibration items with z = %d but only %d are labelled; using %d",
			want, k, have, have))
	}
	if k == 0 {
		r.M0 = got
	} else {
		r.M1 = got
	}
}

// estimate fills p̂, q̂0, q̂1, θ̂ and its interval from the counts, and
// stores the rates in c.
func (r *Result) estimate(z, lvl float64, c *reportCounts) {
	if c.n == 0 {
		r.PHat = calib.Undefined(0, "no test items: every item is in the calibration set")
	} else {
		c.p, c.okP = float64(c.pos)/float64(c.n), true
		// Wald's half-width; with p̂ = 0 or 1 it is 0 for any z (0·∞ at a
		// tiny α would be NaN).
		h := 0.0
		if se := math.Sqrt(c.p * (1 - c.p) / float64(c.n)); se > 0 {
			h = z * se
		}
		r.PHat = calib.Defined(c.p, c.n)
		r.PHat.CI = &calib.Interval{Lower: rgClip(c.p - h), Upper: rgClip(c.p + h), Level: lvl}
	}
	r.Q0Hat, c.q0 = rateStat(c.right0, c.m0, "no calibration items with z = 0")
	r.Q1Hat, c.q1 = rateStat(c.right1, c.m1, "no calibration items with z = 1")
	used := c.n + c.m0 + c.m1
	why := firstReason(r.PHat, r.Q0Hat, r.Q1Hat)
	if why == "" {
		if th, err := RGPoint(c.p, c.q0, c.q1); err != nil {
			why = err.Error()
		} else {
			r.ThetaHat = calib.Defined(th, used)
		}
	}
	if why != "" {
		r.ThetaHat = calib.Undefined(used, why)
		r.Lower, r.Upper, r.Width = calib.Undefined(used, why), calib.Undefined(used, why), calib.Undefined(used, why)
		return
	}
	lo, hi, err := rgCI(z, c.p, c.q0, c.q1, c.n, c.m0, c.m1)
	if err != nil {
		why = "confidence interval: " + err.Error()
		r.Lower, r.Upper, r.Width = calib.Undefined(used, why), calib.Undefined(used, why), calib.Undefined(used, why)
		return
	}
	r.ThetaHat.CI = &calib.Interval{Lower: lo, Upper: hi, Level: lvl}
	r.Lower, r.Upper, r.Width = calib.Defined(lo, used), calib.Defined(hi, used), calib.Defined(hi-lo, used)
}

// uninformative says why θ̂'s interval is all of [0, 1] ("" when it is
// not, or undefined). Such an interval excludes no rate. The reason gives
// the number behind it: q̂0 + q̂1 − 1, which θ̂ divides by (0 is a judge no
// better than chance), and the sizes of the sets it was estimated from.
func uninformative(r *Result, c *reportCounts) string {
	if r.ThetaHat.CI == nil || r.Lower.Value > 0 || r.Upper.Value < 1 {
		return ""
	}
	return fmt.Sprintf("it is all of [0, 1], so it excludes no rate: q̂0 + q̂1 − 1 = %.3f "+
		"(θ̂ divides by it; 0 is a judge no better than chance), from m0 = %d and m1 = %d calibration items and %d test items",
		c.q0+c.q1-1, c.m0, c.m1, c.n)
}

// rateStat is k/m as a Stat, with the reason when m = 0.
func rateStat(k, m int, reason string) (calib.Stat, float64) {
	if m == 0 {
		return calib.Undefined(0, reason), 0
	}
	v := float64(k) / float64(m)
	return calib.Defined(v, m), v
}

// firstReason returns the first reason among the stats, or "".
func firstReason(stats ...calib.Stat) string {
	for _, s := range stats {
		if !s.OK() {
			return s.Reason
		}
	}
	return ""
}
