package analysis

import (
	"cmp"
	"math"
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// ItemBase is what the TUI's items table shows of a judge's pair records
// that no knob changes: raw preferences, whether each item is consistent,
// its spread and the "most inconsistent" order. Engine.ItemBase computes
// it once per judge and group; it must not be changed.
type ItemBase struct {
	// Pairs are the judge's pair records under the group filter (the
	// engine's: Engine.Records).
	Pairs []model.Pair
	Raw   calib.Prefs
	// Consistent is 1 when every arrangement makes the same choice, 0 when
	// not, −1 when the item has fewer than two arrangements.
	Consistent []int8
	// Spread is max − min of the raw preferences over arrangements.
	Spread []float64
	// Observed holds every observed P(A), for the histogram under g*.
	Observed []float64
	// Gold counts items with a gold label.
	Gold int
	// ByInconsistent is the item order of the "most inconsistent" sort:
	// inconsistent items first, then consistent, then single-arrangement
	// items; within each, the widest spread first.
	ByInconsistent []int
}

// ItemBase returns the items' knob-independent part of a judge's pair
// records under a group filter, computed on the first call and cached
// (concurrent first calls wait for the one computation). An unknown judge
// has an empty one.
func (e *Engine) ItemBase(judge, group string) *ItemBase {
	st, err := e.stateFor(judge, group)
	if err != nil {
		return NewItemBase(nil)
	}
	st.itemsOnce.Do(func() { st.items = NewItemBase(st.recs.pairs) })
	return st.items
}

// NewItemBase computes the items' knob-independent part of pairs.
func NewItemBase(pairs []model.Pair) *ItemBase {
	d := &ItemBase{Pairs: pairs, Raw: calib.RawPrefs(pairs)}
	n := len(pairs)
	d.Consistent = make([]int8, n)
	d.Spread = make([]float64, n)
	for i := range pairs {
		p := &pairs[i]
		if p.Gold != model.GoldNone {
			d.Gold++
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		var first model.Gold
		count, same := 0, true
		for a := range model.NumArrangements {
			if !p.Has[a] {
				continue
			}
			d.Observed = append(d.Observed, p.S[a])
			r := d.Raw.R[i][a]
			lo, hi = math.Min(lo, r), math.Max(hi, r)
			c := calib.Choice(r)
			if count == 0 {
				first = c
			} else if c != first {
				same = false
			}
			count++
		}
		switch {
		case count < 2:
			d.Consistent[i] = -1
		case same:
			d.Consistent[i] = 1
		}
		if count > 0 {
			d.Spread[i] = hi - lo
		}
	}
	d.ByInconsistent = inconsistentOrder(d.Consistent, d.Spread)
	return d
}

// inconsistentOrder is the item order of ItemBase.ByInconsistent.
func inconsistentOrder(consistent []int8, spread []float64) []int {
	idx := make([]int, len(consistent))
	for i := range idx {
		idx[i] = i
	}
	rank := func(c int8) int {
		switch c {
		case 0:
			return 0
		case 1:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		if c := cmp.Compare(rank(consistent[a]), rank(consistent[b])); c != 0 {
			return c
		}
		return cmp.Compare(spread[b], spread[a])
	})
	return idx
}
