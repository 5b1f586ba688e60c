package selection

import (
	"sync"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/baseline"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// bootWorker is the memory one bootstrap goroutine reuses from one
// resample to the next: a workspace for the fits and preferences, and the
// resample's CalibraEval problem.
type bootWorker struct {
	ws *work.Space
	rw calibraeval.ResampleWork
	// draw is the resample being evaluated (set once per resample).
	draw metrics.Resample
	est  []int // the estimation items of a resample (BC's re-fit)
}

// bootWorkers lends each goroutine of a bootstrap a worker of its own (one
// per goroutine at a time; they are made as needed and kept for the
// bootstrap's length). Numbers never depend on which worker evaluates a
// resample: a workspace never changes a number, and a problem is rebuilt
// in full.
type bootWorkers struct {
	mu   sync.Mutex
	free []*bootWorker
}

// get takes a free worker, or makes one.
func (p *bootWorkers) get() *bootWorker {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.free); n > 0 {
		w := p.free[n-1]
		p.free = p.free[:n-1]
		return w
	}
	return &bootWorker{ws: &work.Space{}}
}

// put gives w back.
func (p *bootWorkers) put(w *bootWorker) {
	p.mu.Lock()
	p.free = append(p.free, w)
	p.mu.Unlock()
}

// refitter returns the metrics of CalibraEval re-fitted on a resample's
// estimation items (see Engine.Bootstrap): the problem from a Resampler of
// est, the fit warm-started from sel's fit unless cold, the calibrated
// preferences of the resample's items.
func (e *Engine) refitter(sel *Result, est []int, cold bool) (func(idx []int, w *bootWorker) (metrics.Metrics, bool), error) {
	so := sel.Options
	rs, err := calibraeval.NewResampler(e.pairs, est, so.Objective)
	if err != nil {
		return nil, err
	}
	rs.SetStart(sel.FitCurve())
	return func(idx []int, w *bootWorker) (metrics.Metrics, bool) {
		noa, err := rs.Problem(idx, &w.rw)
		if err != nil {
			return metrics.Metrics{}, false
		}
		var warm *calibraeval.FitResult
		if !cold {
			warm = rs.Start(&w.rw, so.Lambda) // noa.StartFrom(sel.FitCurve()), read off the full knots
		}
		curve, err := noa.FitCurve(calibraeval.FitOptions{Lambda: so.Lambda, MaxIter: so.MaxIter, Work: w.ws}, warm)
		if err != nil {
			return metrics.Metrics{}, false
		}
		prefs := calib.PrefsIn(len(e.pairs), w.ws)
		defer calib.PutPrefs(w.ws, prefs)
		rs.Prefs(w.draw.Items, curve, &w.rw, &prefs)
		return metrics.ResampleValues(prefs, &w.draw, w.ws), true
	}, nil
}

// prideRefitter returns the metrics of Pride with its prior re-estimated on
// a resample's estimation items: PridePrefs(pairs, est ∩ idx) on the rows
// idx, bit for bit (the items' priors are computed once and summed in the
// same order), without mapping the other items.
func (e *Engine) prideRefitter(isEst []bool) func(idx []int, w *bootWorker) (metrics.Metrics, bool) {
	prior := make([]float64, len(e.pairs))
	has := make([]bool, len(e.pairs))
	for i := range e.pairs {
		prior[i], has[i] = baseline.PrideItemPrior(&e.pairs[i])
	}
	return func(idx []int, w *bootWorker) (metrics.Metrics, bool) {
		var sumA, sumB float64
		n := 0
		for _, i := range idx {
			if isEst[i] && has[i] {
				sumA += prior[i]
				sumB += 1 - prior[i]
				n++
			}
		}
		if n == 0 {
			return metrics.Metrics{}, false
		}
		q := baseline.PridePrior{A: sumA / float64(n), B: sumB / float64(n), N: n}
		prefs := calib.PrefsIn(len(e.pairs), w.ws)
		defer calib.PutPrefs(w.ws, prefs)
		for _, i := range w.draw.Items {
			pr := &e.pairs[i]
			prefs.Has[i], prefs.Gold[i] = pr.Has, pr.Gold
			var row [model.NumArrangements]float64
			for _, a := range model.Arrangements {
				if pr.Has[a] {
					row[a] = a.Preference(q.Debias(pr.S[a]))
				}
			}
			prefs.R[i] = row
		}
		return metrics.ResampleValues(prefs, &w.draw, w.ws), true
	}
}
