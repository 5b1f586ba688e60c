package tui

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/selection"
)

// CalibraEval's fit path, which the Selection pane draws (pathChart). The
// pipeline computes it off the UI goroutine after the point estimates are
// on screen (afterResult, via analysis.Engine.Path), and the engine keeps it
// per (judge, group, the selection options it depends on:
// analysis.PathKey), so that stepping "stop at" re-renders at once: the
// context asks the engine (analysis.Engine.CachedPath), and the recompute
// that follows finds the path in the engine's cache and refits nothing.
// The pipeline keeps only which paths are being computed.

// pathKey names a fit path: the options a path depends on.
type pathKey = analysis.PathKey

// pathEntry is a computed path, or why there is none.
type pathEntry struct {
	path *calibraeval.Path
	err  error
}

// pathMsg carries a finished path.
type pathMsg struct {
	key pathKey
	pathEntry
}

// pathKeyOf returns the key of the path for a judge, group and options.
func pathKeyOf(judge, group string, so selection.Options) pathKey {
	return analysis.NewPathKey(judge, group, so)
}

// wantsPath reports whether the result r shows a path: the converged
// solver ran and CalibraEval is available.
func wantsPath(r *result) bool {
	if r == nil || r.err != nil || r.ja.Selection == nil || !r.opt.Selection.Solver.Converged() {
		return false
	}
	ce := r.ja.Selection.Method(selection.MethodCalibraEval)
	return ce != nil && ce.Available
}

// afterResult attaches a cached path to the new result, or starts its
// computation.
func (pl *pipeline) afterResult() tea.Cmd {
	r := pl.c.cur
	if pl.noPath || !wantsPath(r) || pl.computing() {
		return nil // a recompute runs: the path waits for its numbers
	}
	key := pathKeyOf(r.judge, r.opt.Group, r.opt.Selection)
	if r.ja.Selection.Path != nil {
		return nil
	}
	if p, ok, err := pl.c.eng.CachedPath(key); ok {
		pl.attachPath(key, &pathEntry{path: p, err: err})
		return nil
	}
	if pl.pathBusy[key] {
		return nil
	}
	// Only the newest path is wanted: stop one still running for other
	// options (it ends at its next point).
	if pl.pathCancel != nil {
		pl.pathCancel()
	}
	ctx, cancel := context.WithCancel(context.Background())
	pl.pathCancel, pl.pathFor = cancel, key
	pl.pathBusy[key] = true
	eng, t := pl.c.eng, pl.bg.enter(ctx, prioPath)
	return func() tea.Msg {
		if !t.wait() {
			return pathMsg{key: key, pathEntry: pathEntry{err: context.Canceled}}
		}
		defer t.g.release()
		p, err := eng.Path(ctx, key.Judge, key.Group, key.Selection)
		return pathMsg{key: key, pathEntry: pathEntry{path: p, err: err}}
	}
}

// wantPathKey is the key of the path the knobs ask for (the zero key when
// they show none).
func (pl *pipeline) wantPathKey() pathKey {
	so := pl.c.knobs.opt.Selection
	if !so.Solver.Converged() {
		return pathKey{}
	}
	return pathKeyOf(pl.c.judgeName(), pl.c.knobs.opt.Group, so)
}

// applyPath shows a finished path (the engine has cached it) when it
// belongs to the result on screen; a cancelled one is asked for again if
// its result is back on screen.
func (pl *pipeline) applyPath(msg pathMsg) tea.Cmd {
	delete(pl.pathBusy, msg.key)
	if msg.key == pl.pathFor && pl.pathCancel != nil {
		pl.pathCancel()
		pl.pathCancel, pl.pathFor = nil, pathKey{}
	}
	e := msg.pathEntry
	if errors.Is(e.err, context.Canceled) {
		return pl.afterResult()
	}
	pl.attachPath(msg.key, &e)
	return nil
}

// attachPath puts the path into the current result (a copy of its
// Selection), as `plumb report --path` has it, when the keys match.
func (pl *pipeline) attachPath(key pathKey, e *pathEntry) {
	r := pl.c.cur
	if !wantsPath(r) || pathKeyOf(r.judge, r.opt.Group, r.opt.Selection) != key {
		return
	}
	if e.path != nil && r.opt.Selection.Path && r.ja.Selection.Path == nil {
		sel := *r.ja.Selection
		sel.Path = e.path
		r.ja.Selection = &sel
	}
	pl.invalidate(paneSelection)
}
