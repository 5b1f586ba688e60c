package analysis

import (
	"context"

	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/selection"
)

// Path returns CalibraEval's fit path of a judge's pairs under a group
// filter for the selection options. The TUI asks for it in the background
// after the point estimates are on screen. It is computed on a fork of the
// judge's selection engine (selection.Engine.Fork: the CalibraEval
// problem and cold fit already there are reused) without holding the
// judge's state (so knob changes are not held up for the seconds a large
// judge takes; ctx stops it within a fit) and then
// stored in the judge's selection engine, so that a later Analyze with the
// same options, at any StopAt, reuses it, and in the Engine's cache
// (CachedPath, which the TUI reads); a path already cached is returned at
// once, and so is the error a path ended with (unless ctx stopped it).
func (e *Engine) Path(ctx context.Context, judge, group string, opt selection.Options) (*calibraeval.Path, error) {
	key := NewPathKey(judge, group, opt)
	if p, ok, err := e.CachedPath(key); ok {
		return p, err
	}
	p, err := e.path(ctx, judge, group, opt)
	e.storePath(ctx, key, p, err)
	return p, err
}

// path computes the path of Path (or takes it from the judge's selection
// engine).
func (e *Engine) path(ctx context.Context, judge, group string, opt selection.Options) (*calibraeval.Path, error) {
	st, err := e.stateFor(judge, group)
	if err != nil {
		return nil, err
	}
	st.mu.Lock()
	st.ensureSel(judge)
	if p, ok := st.sel.PathCached(opt); ok {
		st.mu.Unlock()
		return p, nil
	}
	fork := st.sel.Fork() // its problem and cold fit, without holding st
	st.mu.Unlock()

	p, err := fork.Path(ctx, opt, selection.PathOptions{})
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.sel != nil {
		st.sel.Rejoin(fork) // the next path's fork reuses its arrays
	}
	if err != nil {
		return nil, err
	}
	st.sel.StorePath(opt, p)
	return p, nil
}
