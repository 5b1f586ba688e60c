package tui

import (
	"cmp"
	"context"
	"math"
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/report"
)

// itemBase is what the items table shows that no knob changes: raw
// preferences, whether each item is consistent, its spread and the
// "most inconsistent" order. It is computed once per engine, judge and
// group (the first recompute that needs it) and shared by every result
// after.
type itemBase struct {
	eng          *report.Engine
	judge, group string

	pairs []model.Pair
	raw   calib.Prefs
	// consistent is 1 when every arrangement makes the same choice, 0 when
	// not, −1 when the item has fewer than two arrangements.
	consistent []int8
	// spread is max − min of the raw preferences over arrangements.
	spread []float64
	// observed holds every observed P(A), for the histogram under g*.
	observed []float64
	// gold counts items with a gold label.
	gold int
	// byInconsistent is the item order of the "most inconsistent" sort.
	byInconsistent []int
}

// itemData is the per-item view of one result, prepared off the UI
// goroutine: the shared itemBase and what depends on the fit (calibrated
// preferences, how far calibration moved each item, that sort order).
// The calibrated part of a result computed for another pane follows in
// its own background job (calPending until then), so that it never
// delays the new numbers: at 100,000 items it costs tens of ms.
type itemData struct {
	*itemBase
	cal    calib.Prefs
	hasCal bool
	// calPending is true while the calibrated columns are being computed.
	calPending bool
	// shift is the mean |calibrated − raw| preference over arrangements.
	shift []float64
	// byShift is the item order of the "largest calibration shift" sort.
	byShift []int
}

// fitCurve returns the CalibraEval map of an analysis, or nil when there
// is none or it collapsed (its calibrated preferences would say nothing
// about the judge).
func fitCurve(ja *report.JudgeAnalysis) *calib.Curve {
	curve, _ := ja.Selection.UsableCurve()
	return curve
}

// buildItems prepares the items of one judge's analysis (both parts).
func buildItems(pairs []model.Pair, ja *report.JudgeAnalysis) *itemData {
	d := &itemData{itemBase: buildItemBase(pairs)}
	d.setCal(fitCurve(ja))
	return d
}

// buildItemBase computes the part of the items no knob changes.
func buildItemBase(pairs []model.Pair) *itemBase {
	d := &itemBase{pairs: pairs, raw: calib.RawPrefs(pairs)}
	n := len(pairs)
	d.consistent = make([]int8, n)
	d.spread = make([]float64, n)
	for i := range pairs {
		p := &pairs[i]
		if p.Gold != model.GoldNone {
			d.gold++
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		var first model.Gold
		count, same := 0, true
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
		}
		switch {
		case count < 2:
			d.consistent[i] = -1
		case same:
			d.consistent[i] = 1
		}
		if count > 0 {
			d.spread[i] = hi - lo
		}
	}
	d.byInconsistent = identity(n)
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
	return d
}

// setCal fills the calibrated part for the map g (nil: CalibraEval did
// not run, and the table shows raw preferences only).
func (d *itemData) setCal(g *calib.Curve) {
	d.setCalCtx(context.Background(), g)
}

// calChunk is how many items setCalCtx calibrates between looks at its
// context (a few ms at 100,000 items).
const calChunk = 8192

// setCalCtx is setCal that gives up (reporting false) when ctx ends.
func (d *itemData) setCalCtx(ctx context.Context, g *calib.Curve) bool {
	d.calPending = false
	if g == nil {
		return true
	}
	n := len(d.pairs)
	cal := calib.Prefs{R: make([][model.NumArrangements]float64, 0, n), Has: make([][model.NumArrangements]bool, 0, n),
		Gold: make([]model.Gold, 0, n)}
	apply := g.Applier() // once: it costs a search per quarter of g's knots
	for lo := 0; lo < n; lo += calChunk {
		if ctx.Err() != nil {
			return false
		}
		c := calib.MappedPrefs(d.pairs[lo:min(n, lo+calChunk)], apply)
		cal.R, cal.Has, cal.Gold = append(cal.R, c.R...), append(cal.Has, c.Has...), append(cal.Gold, c.Gold...)
	}
	d.cal, d.hasCal = cal, true
	d.shift = make([]float64, len(d.pairs))
	for i := range d.pairs {
		p := &d.pairs[i]
		var sh float64
		count := 0
		for a := range model.NumArrangements {
			if p.Has[a] {
				sh += math.Abs(d.cal.R[i][a] - d.raw.R[i][a])
				count++
			}
		}
		if count > 0 {
			d.shift[i] = sh / float64(count)
		}
	}
	d.byShift = identity(len(d.pairs))
	slices.SortStableFunc(d.byShift, func(a, b int) int { return cmp.Compare(d.shift[b], d.shift[a]) })
	return true
}

func identity(n int) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	return idx
}
