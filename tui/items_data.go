package tui

import (
	"context"
	"math"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// itemBase is what the items table shows that no knob changes: the
// engine's (analysis.Engine.ItemBase computes it once per judge and group),
// shared by every result after.
type itemBase = analysis.ItemBase

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
}

// fitCurve returns the CalibraEval map of an analysis, or nil when there
// is none or it collapsed (its calibrated preferences would say nothing
// about the judge).
func fitCurve(ja *analysis.JudgeAnalysis) *calib.Curve {
	curve, _ := ja.Selection.UsableCurve()
	return curve
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
	n := len(d.Pairs)
	cal := calib.Prefs{R: make([][model.NumArrangements]float64, 0, n), Has: make([][model.NumArrangements]bool, 0, n),
		Gold: make([]model.Gold, 0, n)}
	apply := g.Applier() // once: it costs a search per quarter of g's knots
	for lo := 0; lo < n; lo += calChunk {
		if ctx.Err() != nil {
			return false
		}
		c := calib.MappedPrefs(d.Pairs[lo:min(n, lo+calChunk)], apply)
		cal.R, cal.Has, cal.Gold = append(cal.R, c.R...), append(cal.Has, c.Has...), append(cal.Gold, c.Gold...)
	}
	d.cal, d.hasCal = cal, true
	d.shift = make([]float64, len(d.Pairs))
	for i := range d.Pairs {
		p := &d.Pairs[i]
		var sh float64
		count := 0
		for a := range model.NumArrangements {
			if p.Has[a] {
				sh += math.Abs(d.cal.R[i][a] - d.Raw.R[i][a])
				count++
			}
		}
		if count > 0 {
			d.shift[i] = sh / float64(count)
		}
	}
	return true
}

func identity(n int) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	return idx
}
