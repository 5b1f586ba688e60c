package tui

import (
	"cmp"
	"math"
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/report"
)

// itemData is the per-item view of one result, prepared off the UI
// goroutine: raw and calibrated preferences, whether each item is
// consistent, how far calibration moved it, and the sort orders.
type itemData struct {
	pairs  []model.Pair
	raw    calib.Prefs
	cal    calib.Prefs
	hasCal bool
	// consistent is 1 when every arrangement makes the same choice, 0 when
	// not, −1 when the item has fewer than two arrangements.
	consistent []int8
	// spread is max − min of the raw preferences over arrangements.
	spread []float64
	// shift is the mean |calibrated − raw| preference over arrangements.
	shift []float64
	// observed holds every observed P(A), for the histogram under g*.
	observed []float64
	// gold counts items with a gold label.
	gold int
	// byInconsistent and byShift are item orders for the sorts.
	byInconsistent, byShift []int
}

// buildItems prepares the items of one judge's analysis.
func buildItems(pairs []model.Pair, ja *report.JudgeAnalysis) *itemData {
	d := &itemData{pairs: pairs, raw: calib.RawPrefs(pairs)}
	if sel := ja.Selection; sel != nil && sel.Fit != nil && sel.Fit.Curve != nil {
		d.cal, d.hasCal = calib.CalibratedPrefs(pairs, sel.Fit.Curve), true
	}
	n := len(pairs)
	d.consistent = make([]int8, n)
	d.spread = make([]float64, n)
	d.shift = make([]float64, n)
	for i := range pairs {
		p := &pairs[i]
		if p.Gold != model.GoldNone {
			d.gold++
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		var first model.Gold
		count, same := 0, true
		var sh float64
		for a := range model.NumArrangements {
			if !p.Has[a] {
				continue
			}
			d.observed = append(d.observed, p.S[a])
			r := d.raw.R[i][a]
			lo, hi = math.Min(lo, r), math.Max(hi, r)
			c := calib.Choice(r)
			if count == 0 {
				first = c
			} else if c != first {
				same = false
			}
			count++
			if d.hasCal {
				sh += math.Abs(d.cal.R[i][a] - r)
			}
		}
		switch {
		case count < 2:
			d.consistent[i] = -1
		case same:
			d.consistent[i] = 1
		}
		if count > 0 {
			d.spread[i] = hi - lo
			d.shift[i] = sh / float64(count)
		}
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	d.byInconsistent = slices.Clone(idx)
	// Inconsistent items first, then consistent, then single-arrangement
	// items; within each, the widest spread first.
	rank := func(c int8) int {
		switch c {
		case 0:
			return 0
		case 1:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(d.byInconsistent, func(a, b int) int {
		if c := cmp.Compare(rank(d.consistent[a]), rank(d.consistent[b])); c != 0 {
			return c
		}
		return cmp.Compare(d.spread[b], d.spread[a])
	})
	d.byShift = slices.Clone(idx)
	slices.SortStableFunc(d.byShift, func(a, b int) int { return cmp.Compare(d.shift[b], d.shift[a]) })
	return d
}
