package analysis

import (
	"context"
	"runtime"
	"sync"
)

// runJudges analyses the judges want (sorted) under opt, on GOMAXPROCS
// workers, with the bootstrap intervals and the style analysis when
// intervals is set. Each judge is two tasks: selection and reporting (then
// the intervals, which read the selection engine, and the style analysis,
// which reads CalibraEval's fit), and likelihood; the workers take every judge's
// selection task first, in judge order, then the likelihood tasks, whose
// permutation tests spread over every core themselves and so fill the
// cores as the last selection tasks finish. At most GOMAXPROCS selection
// analyses (each holding its CalibraEval problem) are in memory at once.
// Every result goes to its judge's slot, so the analysis is the same for
// any GOMAXPROCS and any order in which tasks finish.
func (e *Engine) runJudges(want []string, opt Options, intervals bool) (*Analysis, error) {
	an := &Analysis{Options: opt, Files: e.files, Skipped: e.skipped, Reasons: e.reasons, Notes: e.notes}
	an.Judges = make([]JudgeAnalysis, len(want))
	liks := make([]JudgeAnalysis, len(want))
	errs := make([]error, len(want))
	states := make([]*judgeState, len(want))
	for k, j := range want {
		st, err := e.stateFor(j, opt.Group)
		if err != nil {
			return nil, err
		}
		states[k] = st
	}
	tasks := make([]func(), 0, 2*len(want))
	for k, j := range want {
		tasks = append(tasks, func() {
			an.Judges[k], errs[k] = analyzeJudgeSelection(context.Background(), j, states[k], opt)
			if errs[k] != nil {
				return
			}
			if intervals {
				ja := &an.Judges[k]
				iv, err := e.Intervals(context.Background(), ja, opt, nil)
				if err != nil {
					ja.IntervalsReason = err.Error()
				} else {
					ja.Intervals = iv
				}
				e.analyzeStyle(ja, opt)
			}
			if e.oneShot {
				e.release(states[k])
			}
		})
	}
	for k, j := range want {
		tasks = append(tasks, func() { liks[k] = analyzeJudgeLikelihood(j, states[k], opt) })
	}
	runTasks(tasks, runtime.GOMAXPROCS(0))
	for k := range want {
		if errs[k] != nil {
			return nil, errs[k]
		}
		an.Judges[k].Likelihood, an.Judges[k].LikelihoodReason = liks[k].Likelihood, liks[k].LikelihoodReason
	}
	if intervals {
		e.analyzePanel(an)
	}
	return an, nil
}

// release drops a judge's selection engine (Analyze's one-shot engine:
// nothing asks again).
func (e *Engine) release(st *judgeState) {
	st.mu.Lock()
	st.sel = nil
	st.mu.Unlock()
}

// runTasks runs tasks on up to workers goroutines, each taking the next
// task in order, and returns when all are done.
func runTasks(tasks []func(), workers int) {
	var next sync.Mutex
	i := 0
	var wg sync.WaitGroup
	for range max(1, min(workers, len(tasks))) {
		wg.Go(func() {
			for {
				next.Lock()
				k := i
				i++
				next.Unlock()
				if k >= len(tasks) {
					return
				}
				tasks[k]()
			}
		})
	}
	wg.Wait()
}
