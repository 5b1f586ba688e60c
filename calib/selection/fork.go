package selection

import (
	"slices"
)

// Fork returns an engine for the same pairs that starts with this one's
// results: the option-independent ones, the finished estimation sets, the
// NOA problems and their fits, the published fits and the paths. It is
// for work that should not hold the engine for long (the fit path of a
// large judge, computed in the background while the engine answers knob
// changes): fork under the lock that guards e, release it, and use the
// fork alone. The two share only what neither changes any more (the
// problems, the cached results); what either computes afterwards stays
// its own. Fork itself must not run concurrently with another call on e.
//
// The fork has its own memory for short-lived arrays: new, or what the
// last fork handed back through Rejoin.
func (e *Engine) Fork() *Engine {
	f := *e
	// A workspace has one owner: the fork takes e's spare one, if any.
	f.work, f.spare, e.spare = e.spare, nil, nil
	f.splits = nil
	for _, s := range e.splits {
		if s.done { // a split's results are written once, by splitResults
			f.splits = append(f.splits, s)
		}
	}
	f.noas = make([]*noaEntry, len(e.noas))
	for i, n := range e.noas {
		c := *n
		c.fits = slices.Clip(slices.Clone(n.fits)) // appends never reach e's array
		f.noas[i] = &c
	}
	f.pubs = slices.Clip(slices.Clone(e.pubs))
	f.paths = slices.Clip(slices.Clone(e.paths))
	return &f
}

// Rejoin takes back the memory for short-lived arrays of f, a fork of e
// that is done (f must not be used afterwards), for e's next Fork: a fit
// path computed on a fork then reuses the arrays of the last one. It keeps
// nothing else of f (StorePath keeps its path). Like Fork, it must not run
// concurrently with another call on e.
func (e *Engine) Rejoin(f *Engine) {
	if f == nil || f == e || f.work == nil {
		return
	}
	e.spare, f.work = f.work, nil
}
