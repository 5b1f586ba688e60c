package reporting

import (
	"fmt"
	"math"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// bestSplitMax bounds the budgets whose best split the engine searches
// (about 40 ns a split).
const bestSplitMax = 1_000_000

// compareSplits fills r.Splits (each defined width with its coverage
// check), r.Plan and r.WidthCurve for the budget r.Budget. The
// hypothetical widths plug the drawn calibration set's p̂, q̂0, q̂1 and the
// test size into RGInterval with each split's m0, m1.
func (r *Result) compareSplits(z float64, opt Options, c *reportCounts, items []BinaryItem, pool [2][]int) {
	m := r.Budget
	r.Splits.Current = SplitWidth{M0: r.M0, M1: r.M1, Width: r.Width}
	r.Splits.Current.Width.N = r.M0 + r.M1 // like the other splits' widths
	// Every split shares θ̂'s rates, so when θ̂ is undefined so are they.
	why := r.ThetaHat.Reason
	if why == "" && m < 2 {
		why = fmt.Sprintf("a budget of %d cannot give both classes an item", m)
	}
	width := func(m0, m1 int) SplitWidth {
		sw := SplitWidth{M0: m0, M1: m1}
		if why != "" {
			sw.Width = calib.Undefined(m0+m1, why)
			return sw
		}
		lo, hi, err := rgCI(z, c.p, c.q0, c.q1, c.n, m0, m1)
		if err != nil {
			sw.Width = calib.Undefined(m0+m1, err.Error())
		} else {
			sw.Width = calib.Defined(hi-lo, m0+m1)
		}
		return sw
	}
	undefined := func(reason string) SplitWidth { return SplitWidth{Width: calib.Undefined(0, reason)} }

	r.Splits.Equal = width(m/2, m-m/2)
	r.BestMinPerClass = min(max(opt.Pilot, 1), max(m/2, 1))

	switch {
	case !r.ThetaHat.OK():
		r.Splits.Exact = undefined(r.ThetaHat.Reason)
	default:
		m0, m1, note := ExactSplit(m, r.ThetaHat.Value, c.q0, c.q1)
		r.Splits.Exact = width(m0, m1)
		r.addNote(vocab.SplitLeastVar, note)
	}

	var cp *checkParams
	if why == "" {
		cp = newCheckParams(z, opt, c)
	}
	if why != "" {
		r.Splits.Approx, r.Splits.Best = undefined(why), undefined(why)
	} else {
		m0, m1, note := ApproxSplit(m, c.p, c.q0, c.q1)
		r.Splits.Approx = width(m0, m1)
		r.addNote(vocab.SplitProp2, note)
		r.Splits.Best = r.bestThatHolds(opt, c, cp, width, undefined)
	}

	pilot := r.adaptive(opt, c, items, pool, width, undefined)
	if cp != nil {
		for _, sw := range []*SplitWidth{&r.Splits.Current, &r.Splits.Equal, &r.Splits.Exact, &r.Splits.Approx, &r.Splits.Adaptive, &r.Splits.Best} {
			if sw.Width.OK() && sw.Check == nil {
				sw.Check = cp.check(sw.M0, sw.M1)
			}
		}
	}
	r.noteStarvedSplits()
	r.writePlan(opt, pilot, [2]int{len(pool[0]), len(pool[1])})

	if why == "" {
		r.WidthCurve = widthCurve(m, width)
	}
}

// bestThatHolds is the search's narrowest split with at least
// r.BestMinPerClass items per class; when its interval fails the coverage
// check, the minimum doubles (at most ⌊m/2⌋) until the narrowest passes,
// and a note gives the first failure. r.BestMinPerClass ends as the
// minimum used.
func (r *Result) bestThatHolds(opt Options, c *reportCounts, cp *checkParams,
	width func(m0, m1 int) SplitWidth, undefined func(string) SplitWidth) SplitWidth {
	m := r.Budget
	if m > bestSplitMax {
		return undefined(fmt.Sprintf("a budget over %d is too large for the brute-force search", bestSplitMax))
	}
	var first SplitWidth
	firstMin := r.BestMinPerClass
	for {
		b0, b1, _, err := BestSplitMin(c.p, c.q0, c.q1, c.n, m, opt.Alpha, r.BestMinPerClass)
		if err != nil {
			return undefined(err.Error())
		}
		best := width(b0, b1)
		if !best.Width.OK() {
			return best
		}
		best.Check = cp.check(b0, b1)
		if best.Check.Holds() || r.BestMinPerClass >= m/2 {
			if first.Check != nil {
				r.Notes = append(r.Notes, fmt.Sprintf("the narrowest split with at least %d items per class (m0 = %d, m1 = %d, width %.4f) is %s; "+
					"the search keeps at least %d per class", firstMin, first.M0, first.M1, first.Width.Value, first.Check.Warning(), r.BestMinPerClass))
			}
			return best
		}
		if first.Check == nil {
			first = best
		}
		r.BestMinPerClass = min(2*r.BestMinPerClass, m/2)
	}
}

// pilotInfo is Algorithm 1's pilot: its size per class and how many of
// each class the judge got right.
type pilotInfo struct {
	size int
	succ [2]int
	ok   bool // the pilot was drawn (the test set has a verdict rate)
}

// adaptive fills the Algorithm 1 split. The pilot is the first items of
// each class in the calibration set's random order, so it lies inside the
// calibration set (min(Pilot, M0, M1) per class).
func (r *Result) adaptive(opt Options, c *reportCounts, items []BinaryItem, pool [2][]int,
	width func(m0, m1 int) SplitWidth, undefined func(string) SplitWidth) pilotInfo {
	m := r.Budget
	if !c.okP {
		r.Splits.Adaptive = undefined(r.PHat.Reason)
		return pilotInfo{}
	}
	mp := min(opt.Pilot, r.M0, r.M1)
	if mp < opt.Pilot && r.PoolSize > 0 && r.M0 > 0 && r.M1 > 0 {
		r.Notes = append(r.Notes, fmt.Sprintf("Algorithm 1's pilot has %d items per class instead of %d: the calibration set has %d with z = 0 and %d with z = 1",
			mp, opt.Pilot, r.M0, r.M1))
	}
	var succ [2]int
	for k := range pool {
		for _, i := range pool[k][:mp] {
			if items[i].Pred == (k == 1) {
				succ[k]++
			}
		}
	}
	m0, m1, note := AdaptiveSplit(m, mp, c.p, succ[0], succ[1])
	r.Splits.Adaptive = width(m0, m1)
	r.addNote("Algorithm 1", note)
	return pilotInfo{size: mp, succ: succ, ok: true}
}

// widthCurve evaluates width at m0 = 1..m−1, or at WidthCurvePoints
// evenly spaced m0 when there are more splits.
func widthCurve(m int, width func(m0, m1 int) SplitWidth) []SplitWidth {
	if m < 2 {
		return nil
	}
	k := min(m-1, WidthCurvePoints)
	out := make([]SplitWidth, k)
	for i := range out {
		m0 := 1 + i
		if k < m-1 {
			// k ≥ 2 points spread over [1, m−1], ends included; distinct
			// because m − 2 > k − 1.
			m0 = 1 + int(math.Round(float64(i)*float64(m-2)/float64(k-1)))
		}
		out[i] = width(m0, m-m0)
	}
	return out
}

// addNote appends "what: note" when note is not empty.
func (r *Result) addNote(what, note string) {
	if note != "" {
		r.Notes = append(r.Notes, what+": "+note)
	}
}

// noteStarvedSplits notes each named split that is narrower than the
// search's best only because it gives a class fewer items than the
// search's minimum (its width rests on a rate estimated from a handful).
func (r *Result) noteStarvedSplits() {
	b := r.Splits.Best
	if !b.Width.OK() {
		return
	}
	for _, s := range []struct {
		name string
		sw   SplitWidth
	}{{vocab.SplitLeastVar, r.Splits.Exact}, {vocab.SplitProp2, r.Splits.Approx}} {
		few := min(s.sw.M0, s.sw.M1)
		if s.sw.Width.OK() && s.sw.Width.Value < b.Width.Value && few < r.BestMinPerClass {
			r.Notes = append(r.Notes, fmt.Sprintf("the %q split (m0 = %d, m1 = %d) is narrower than the search's best only because it gives a class "+
				"%d items, fewer than the %d per class the search keeps: its width rests on a rate estimated from %d labels",
				s.name, s.sw.M0, s.sw.M1, few, r.BestMinPerClass, few))
		}
	}
}
