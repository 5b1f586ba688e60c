package report

import "github.com/plumb-eval/plumb/calib"

// Path returns CalibraEval's fit path of a judge's pairs under a group
// filter for the selection options (calib.SelectionEngine.CachedPath): the
// TUI asks for it in the background after the point estimates are on
// screen; a later Analyze with the same options (or any StopAt) reuses it.
func (e *Engine) Path(judge, group string, opt calib.SelectionOptions) (*calib.Path, error) {
	st, err := e.stateFor(judge, group)
	if err != nil {
		return nil, err
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.sel == nil {
		st.sel = calib.NewSelectionEngine(judge, st.recs.pairs)
		st.sel.SetWarmStart(false)
	}
	return st.sel.CachedPath(opt)
}
