package style

import (
	"fmt"
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// item is what the measures need of one pair record.
type item struct {
	raw, bal float64 // raw preference for response_1: first recorded arrangement, mean over the arrangements
	cal      float64 // calibrated preference (mean over the arrangements), when hasCal
	hasCal   bool
	src      float64 // the preference Options.Pref selects, when hasSrc
	hasSrc   bool    // false only for the calibrated preference of an item without one
	len1     int     // lengths in code points, when hasLen
	len2     int
	hasLen   bool
	m1, m2   int // generator indices into data.models, −1 when not named
	gold     model.Gold
	id       string  // the record's id
	diff     float64 // the instruction's difficulty, when hasDiff (Options.Difficulty)
	hasDiff  bool
	// other is the other judges' mean preference for the judge's own
	// response, when hasOther (others.go).
	other    float64
	hasOther bool
}

// has reports whether the item has a preference of kind k.
func (it *item) has(k prefKind) bool {
	switch k {
	case kindCal:
		return it.hasCal
	case kindSrc:
		return it.hasSrc
	}
	return true
}

// pref returns the item's preference for response_1 of kind k.
func (it *item) pref(k prefKind) float64 {
	switch k {
	case kindRaw:
		return it.raw
	case kindBal:
		return it.bal
	case kindCal:
		return it.cal
	}
	return it.src
}

// prefKind names the preferences a measure is given on.
type prefKind int

const (
	kindSrc prefKind = iota // Options.Pref's
	kindRaw
	kindBal
	kindCal
)

// data is one judge's items.
type data struct {
	judge  string
	items  []item
	models []string // generators named anywhere, sorted
	hasCal bool     // calibrated preferences were given
	pref   Pref     // Options.Pref
	// counts for the notes
	noLen, sameModel, noModel int
}

// gather reads the items of pairs, one judge's, with calibrated
// preferences cal (nil, or one row per pair).
func gather(pairs []model.Pair, opt Options) (*data, error) {
	if len(pairs) == 0 {
		return nil, fmt.Errorf("style: no pair records")
	}
	d := &data{judge: pairs[0].Judge, items: make([]item, len(pairs)), pref: opt.Pref}
	cal := opt.Calibrated
	if cal != nil {
		if len(cal.R) != len(pairs) || len(cal.Has) != len(pairs) {
			return nil, fmt.Errorf("style: %d calibrated preferences for %d pairs", min(len(cal.R), len(cal.Has)), len(pairs))
		}
		d.hasCal = true
	}
	if opt.Pref == PrefCalibrated && cal == nil {
		return nil, fmt.Errorf("style: the calibrated preference needs Options.Calibrated")
	}
	index := map[string]int{}
	for i := range pairs {
		p := &pairs[i]
		if p.Judge != d.judge {
			return nil, fmt.Errorf("style: pairs of two judges, %q and %q (%s); analyse one judge at a time (calib.SplitByJudge)", d.judge, p.Judge, p.Pos)
		}
		for k := 1; k <= 2; k++ {
			if m := p.Model(k); m != "" {
				index[m] = 0
			}
		}
	}
	for m := range index {
		d.models = append(d.models, m)
	}
	slices.Sort(d.models)
	for k, m := range d.models {
		index[m] = k
	}
	for i := range pairs {
		p := &pairs[i]
		it := &d.items[i]
		it.gold = p.Gold
		it.id = p.ID
		if opt.Difficulty != nil {
			if k, ok := InstructionIndex(p.ID); ok {
				it.diff, it.hasDiff = opt.Difficulty[k]
			}
		}
		it.raw, it.bal = prefs(p.Has, func(a model.Arrangement) float64 { return p.R(a) })
		if cal != nil {
			if slices.Contains(cal.Has[i][:], true) {
				r := cal.R[i]
				_, it.cal = prefs(cal.Has[i], func(a model.Arrangement) float64 { return r[a] })
				it.hasCal = true
			}
		}
		it.hasSrc = true
		switch opt.Pref {
		case PrefRawX0:
			it.src = it.raw
		case PrefCalibrated:
			it.src, it.hasSrc = it.cal, it.hasCal
		default:
			it.src = it.bal
		}
		l1, ok1 := p.Length(1)
		l2, ok2 := p.Length(2)
		it.len1, it.len2, it.hasLen = l1, l2, ok1 && ok2 && (p.Gen != nil || !opt.LengthsNeedFields)
		if !it.hasLen {
			d.noLen++
		}
		it.m1, it.m2 = -1, -1
		if m := p.Model(1); m != "" {
			it.m1 = index[m]
		}
		if m := p.Model(2); m != "" {
			it.m2 = index[m]
		}
		switch {
		case it.m1 < 0 && it.m2 < 0:
			d.noModel++
		case it.m1 == it.m2:
			d.sameModel++
		}
	}
	return d, nil
}

// prefs returns an item's raw preference (in its first recorded
// arrangement, x0..x3) and its position-balanced one (the mean over its
// arrangements).
func prefs(has [model.NumArrangements]bool, r func(model.Arrangement) float64) (first, mean float64) {
	n := 0
	for _, a := range model.Arrangements {
		if !has[a] {
			continue
		}
		v := r(a)
		if n == 0 {
			first = v
		}
		mean += v
		n++
	}
	if n > 0 {
		mean /= float64(n)
	}
	return first, mean
}

// undefined is a Stat without a value.
func undefined(n int, reason string) calib.Stat { return calib.Undefined(n, reason) }
