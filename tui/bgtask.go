package tui

import "context"

// bgTask is a background bootstrap the pipeline runs (the judge's, the
// conditions'): the generation of the result it belongs to and how to
// stop it. Its progress, shown by the views, is the bootState in common.
type bgTask struct {
	gen    uint64
	cancel context.CancelFunc
}

// begin records the run of generation gen that cancel stops, and marks
// st running from none done.
func (t *bgTask) begin(st *bootState, gen uint64, cancel context.CancelFunc) {
	*st = bootState{running: true}
	t.gen, t.cancel = gen, cancel
}

// stop cancels the run, if any; st is no longer running.
func (t *bgTask) stop(st *bootState) {
	if t.cancel != nil {
		t.cancel()
	}
	t.cancel, st.running = nil, false
}

// current reports whether a message of generation gen is of the run
// still going.
func (t *bgTask) current(st *bootState, gen uint64) bool {
	return gen == t.gen && st.running
}

// progress records done of total in st when the message of generation
// gen is current, and reports whether it was.
func (t *bgTask) progress(st *bootState, gen uint64, done, total int) bool {
	if !t.current(st, gen) {
		return false
	}
	st.done, st.total = done, total
	return true
}

// finish ends the run with err (nil: its results are in the engine).
func (t *bgTask) finish(st *bootState, err error) {
	t.stop(st)
	st.err = err
}
