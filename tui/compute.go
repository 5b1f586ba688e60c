package tui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
)

// result is one finished analysis of the current judge: the numbers every
// pane shows. Everything in it is computed off the UI goroutine.
type result struct {
	gen uint64
	// asked is the status line's message count when the knob change of
	// gen was made (common.msgStamp): a note about the result gives way
	// to any message set after it (common.setNote).
	asked uint64
	judge string
	opt   analysis.Options
	ja    analysis.JudgeAnalysis
	err   error
	dur   time.Duration
	items *itemData
	// preview marks a warm-started preview (analysis.Engine.Preview): the
	// exact analysis of the same generation follows and replaces it.
	preview bool
}

// Messages of the recompute pipeline. gen is the knob generation the
// message belongs to; a message of an older generation is stale.
type (
	// resultMsg carries a finished analysis of the current judge.
	resultMsg struct{ r *result }
	// previewMsg carries a preview of it (result.preview); the exact
	// analysis is still to be computed.
	previewMsg struct{ r *result }
	// compareMsg says the comparison of every judge under opt, for the
	// overview's table, is in eng's cache (Engine.CachedCompare).
	compareMsg struct {
		gen uint64
		eng *analysis.Engine
		opt analysis.Options
	}
	// itemsCalMsg carries the calibrated columns of the items of the
	// result of generation gen.
	itemsCalMsg struct {
		gen   uint64
		items *itemData
	}
	// pollTickMsg asks for a look at the watched files.
	pollTickMsg struct{}
	// pollMsg carries the watched files' new contents.
	pollMsg struct {
		lg      *model.Log
		changed bool
		err     error
	}
	// exportMsg reports an export.
	exportMsg struct {
		text string
		err  error
	}
)

// request is what a recompute needs, copied out of the model so the
// command shares nothing mutable with Update.
type request struct {
	gen   uint64
	asked uint64 // result.asked
	eng   *analysis.Engine
	judge string
	opt   analysis.Options
	// itemsNow asks for the items' calibrated columns in the result (the
	// Items pane is on screen); otherwise they follow (itemsCalCmd).
	itemsNow bool
	// tryPreview asks for a preview first (computeCmd); ctx (always set,
	// startCompute) stops the exact analysis' CalibraEval fit (never a
	// preview, which is short and is what a burst of keys shows).
	tryPreview bool
	ctx        context.Context
}

// analyse runs the analysis of one judge (the engine caches what the
// knobs did not change) and prepares the items table.
func (q request) analyse() *result {
	t0 := time.Now()
	o := q.opt
	o.Selection.Path = false // the path follows in the background (path.go)
	ja, err := q.eng.JudgeContext(q.ctx, q.judge, o)
	r := &result{gen: q.gen, asked: q.asked, judge: q.judge, opt: q.opt, ja: ja, err: err}
	if err == nil {
		q.withItems(r, q.itemsNow)
	}
	r.dur = time.Since(t0)
	return r
}

// preview returns a preview of the analysis (analysis.Engine.Preview), or
// nil when there is none. Its items' calibrated columns stay pending: they
// come with the exact analysis.
func (q request) preview() *result {
	t0 := time.Now()
	o := q.opt
	o.Selection.Path = false
	ja, ok, err := q.eng.Preview(context.Background(), q.judge, o)
	if !ok || err != nil {
		return nil // the exact analysis answers, and reports any error
	}
	r := &result{gen: q.gen, asked: q.asked, judge: q.judge, opt: q.opt, ja: ja, preview: true}
	q.withItems(r, false)
	r.dur = time.Since(t0)
	return r
}

// withItems prepares r's items table on the engine's items' base: its
// calibrated columns now when cal is set, otherwise marked as pending.
func (q request) withItems(r *result, cal bool) {
	r.items = &itemData{itemBase: q.eng.ItemBase(q.judge, q.opt.Group)}
	if cal {
		r.items.setCal(fitCurve(&r.ja))
	} else {
		r.items.calPending = fitCurve(&r.ja) != nil
	}
}

// computeCmd runs a request off the UI goroutine: its preview when asked
// for and there is one (previewMsg; applyPreview then starts the exact
// analysis), otherwise the exact analysis (resultMsg).
func computeCmd(q request) tea.Cmd {
	return func() tea.Msg {
		if q.tryPreview {
			if r := q.preview(); r != nil {
				return previewMsg{r}
			}
		}
		return resultMsg{q.analyse()}
	}
}

// compareCmd has the engine analyse every judge under the same options
// (Engine.Compare, which caches them), for the overview's comparison
// table: after the current judge's result is on screen (which it reuses
// when it has the same options), one judge at a time behind the
// background gate; a knob change (ctx) stops it after the judge being
// analysed.
func compareCmd(ctx context.Context, g *gate, q request, cur *result) tea.Cmd {
	t := g.enter(ctx, prioCompare) // its place in the queue, taken now
	return func() tea.Msg {
		if !t.wait() {
			return nil
		}
		defer g.release()
		var have *analysis.JudgeAnalysis
		if cur != nil && cur.err == nil && cur.judge == q.judge && cur.opt.Selection.StopAt == selection.StopEnd {
			have = &cur.ja
		}
		judges, err := q.eng.Compare(ctx, q.opt, have)
		if err != nil && ctx.Err() != nil {
			return nil // a knob changed: stopped after the judge being analysed
		}
		if q.eng.HasConditions() {
			if _, err := q.eng.CompareConditions(ctx, q.opt); err != nil && ctx.Err() != nil {
				return nil
			}
		}
		if err == nil {
			// The Panel pane's analysis, cached by the engine; its error is
			// cached too and shown there.
			_, _ = q.eng.Panel(ctx, judges, q.opt)
		}
		return compareMsg{gen: q.gen, eng: q.eng, opt: q.opt}
	}
}

// itemsCalCmd computes the calibrated columns of a result's items in the
// background.
func itemsCalCmd(ctx context.Context, g *gate, r *result) tea.Cmd {
	base, curve, gen := r.items.itemBase, fitCurve(&r.ja), r.gen
	t := g.enter(ctx, prioItems)
	return func() tea.Msg {
		if !t.wait() {
			return nil
		}
		defer g.release()
		d := &itemData{itemBase: base}
		if !d.setCalCtx(ctx, curve) {
			return nil
		}
		return itemsCalMsg{gen: gen, items: d}
	}
}
