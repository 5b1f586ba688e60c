package style

import (
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// BeyondOthers is a judge's preference for its own generator's responses
// beyond the other judges': over the judge's items where exactly one
// response is its own and at least one other judge judged the same item,
//
//	beyond others = mean_i [ r_i − mean_k o_ki ]
//
// with r_i the judge's preference (Options.Pref's) for its own response
// and o_ki other judge k's preference for that same response (raw-x0 under
// PrefRawX0, position-balanced otherwise: the other judges' calibrations
// are not at hand). The quality of the responses is in both terms and
// cancels; what is left is the judge's preference for its own responses
// that judges who did not write them do not share. Its interval is the
// paired item bootstrap of the style analysis (each resampled item keeps
// its own r_i and o_ki). The items' rules:
//
//   - the same item: an other judge's record with the same id; failing
//     that, one whose prompt and two responses are the item's (in either
//     order; the two responses' texts must be non-empty). ByID and ByText
//     count the items matched by each rule (an item matched by id for one
//     judge and by text for another counts as by id);
//   - the same response: when the other record names both generators
//     (model_1, model_2), the one the judge's generator wrote (a record
//     naming other generators is not the same item); otherwise the one in
//     the same position, after a text match in swapped order the other.
type BeyondOthers struct {
	// Value is the mean paired difference over the N matched items.
	Value calib.Stat
	// Own and Others are the two means over the matched items: the judge's
	// preference for its own responses and the other judges'.
	Own, Others float64
	// Judges are the other judges with at least one matched item, sorted;
	// Excluded the position-dominated ones left out.
	Judges, Excluded []string
	// ByID and ByText count the matched items by the rule that matched
	// them; Unmatched the judge's own items without a counterpart.
	ByID, ByText, Unmatched int
}

// Other is another judge's pair records, with its position metrics on its
// raw choices: a position-dominated judge (PositionDominance) is no
// reference, since its position-balanced preferences sit at ½ whatever
// the responses, and is left out (BeyondOthers.Excluded).
type Other struct {
	Judge    string
	Pairs    []model.Pair
	Position Position
}

// textKey is an item's prompt and responses, for the match across judges.
type textKey struct{ prompt, r1, r2 string }

// othersIndex finds other judges' records of an item.
type othersIndex struct {
	byID   map[string][]*model.Pair
	byText map[textKey][]*model.Pair
}

func newOthersIndex(others []Other, judge string) (x *othersIndex, excluded []string) {
	x = &othersIndex{byID: map[string][]*model.Pair{}, byText: map[textKey][]*model.Pair{}}
	for _, other := range others {
		if other.Judge == judge {
			continue
		}
		if PositionDominance(other.Position) != nil {
			excluded = append(excluded, other.Judge)
			continue
		}
		recs := other.Pairs
		for i := range recs {
			o := &recs[i]
			if o.Judge == judge {
				continue
			}
			if o.ID != "" {
				x.byID[o.ID] = append(x.byID[o.ID], o)
			}
			if o.Response1 != "" && o.Response2 != "" {
				k := textKey{o.Prompt, o.Response1, o.Response2}
				x.byText[k] = append(x.byText[k], o)
			}
		}
	}
	slices.Sort(excluded)
	return x, excluded
}

// otherPref is an other judge's preference for p's response_1 on record
// o, or false when o is not the same item (it names other generators) or
// holds no judgment. swapped says o's responses are p's in the other
// order.
func otherPref(p, o *model.Pair, swapped bool, kind Pref) (float64, bool) {
	if o.NumArrangementsPresent() == 0 {
		return 0, false
	}
	raw, bal := prefs(o.Has, func(a model.Arrangement) float64 { return o.R(a) })
	r := bal
	if kind == PrefRawX0 {
		r = raw
	}
	if o1, o2 := o.Model(1), o.Model(2); o1 != "" && o2 != "" {
		switch p1, p2 := p.Model(1), p.Model(2); {
		case o1 == p1 && o2 == p2:
			return r, true
		case o1 == p2 && o2 == p1:
			return 1 - r, true
		}
		return 0, false
	}
	if swapped {
		return 1 - r, true
	}
	return r, true
}

// matchOthers sets the other judges' mean preference for the own response
// (item.other) on the judge's items where exactly one response is
// generator s's, from pairs (the judge's, in d.items' order) and others.
func (d *data) matchOthers(pairs []model.Pair, others []Other, s int, kind Pref) *BeyondOthers {
	x, excluded := newOthersIndex(others, d.judge)
	out := &BeyondOthers{Excluded: excluded}
	judges := map[string]bool{}
	for i := range d.items {
		it := &d.items[i]
		if (it.m1 == s) == (it.m2 == s) || !it.hasSrc {
			continue
		}
		p := &pairs[i]
		seen := map[string]bool{}
		sum, n, byID := 0.0, 0, false
		add := func(o *model.Pair, swapped bool) bool {
			if seen[o.Judge] {
				return false
			}
			r, ok := otherPref(p, o, swapped, kind)
			if !ok {
				return false
			}
			if it.m2 == s {
				r = 1 - r
			}
			seen[o.Judge] = true
			sum += r
			n++
			return true
		}
		if p.ID != "" {
			for _, k := range x.byID[p.ID] {
				byID = add(k, false) || byID
			}
		}
		if p.Response1 != "" && p.Response2 != "" {
			for _, k := range x.byText[textKey{p.Prompt, p.Response1, p.Response2}] {
				add(k, false)
			}
			for _, k := range x.byText[textKey{p.Prompt, p.Response2, p.Response1}] {
				add(k, true)
			}
		}
		switch {
		case n == 0:
			out.Unmatched++
			continue
		case byID:
			out.ByID++
		default:
			out.ByText++
		}
		for j := range seen {
			judges[j] = true
		}
		it.other, it.hasOther = sum/float64(n), true
	}
	for j := range judges {
		out.Judges = append(out.Judges, j)
	}
	slices.Sort(out.Judges)
	return out
}

// Reasons of an undefined preference beyond the other judges.
const (
	reasonNoOthers     = "no other judge's record is the same item as one of the judge's own items (same id, or same prompt and responses)"
	reasonNoOtherJudge = "no other judge in the input"
)
