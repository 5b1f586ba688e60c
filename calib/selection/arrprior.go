package selection

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/baseline"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// The methods that map P(A) through a per-arrangement prior
// (baseline.ArrPrior), in the order of MethodNames.
const (
	arrCC = iota
	arrDC
	arrBC
	numArrMethods
)

// arrNames are their method names, by index.
var arrNames = [numArrMethods]string{MethodCC, MethodDC, MethodBC}

// arrEntry is one of them for an estimation set: its row and prior.
type arrEntry struct {
	res   MethodResult
	prior *baseline.ArrPrior
}

// SetProbes gives the engine the judge's probe records (model.Probe), from
// which CC and DC estimate their priors. Call it before the first
// analysis; the engine keeps probes without copying.
func (e *Engine) SetProbes(probes []model.Probe) { e.probes = probes }

// arrPrefs returns method k's preferences and prior for the estimation
// set est (BC learns from it; CC and DC from the probes).
func (e *Engine) arrPrefs(k int, est []int) (calib.Prefs, baseline.ArrPrior, error) {
	switch k {
	case arrCC:
		return baseline.ProbePrefsIn(e.pairs, model.ProbeCC, e.probes, e.ws())
	case arrDC:
		return baseline.ProbePrefsIn(e.pairs, model.ProbeDC, e.probes, e.ws())
	}
	return baseline.BCPrefsIn(e.pairs, est, e.ws())
}

// arrResults computes the CC, DC and BC rows of an estimation set.
func (e *Engine) arrResults(sp *splitEntry) {
	for k := range sp.arr {
		ent := &sp.arr[k]
		ent.res = MethodResult{Name: arrNames[k]}
		p, q, err := e.arrPrefs(k, sp.est)
		if err != nil {
			ent.res.Reason = err.Error()
			continue
		}
		ent.prior = &q
		ent.res.Available = true
		ent.res.All = metrics.ComputeIn(p, nil, e.ws())
		if len(sp.heldout) > 0 {
			m := metrics.ComputeIn(p, sp.heldout, e.ws())
			ent.res.Heldout = &m
		}
		from := "probes"
		if k == arrBC {
			from = "estimation items"
		}
		ent.res.Notes = []string{fmt.Sprintf("prior P(A) per arrangement, the mean over its %s: %s", from, q)}
		if bad, why := calib.CollapsedMap(e.raw, p, arrTitle(k)+"'s map"); bad {
			markDegenerate(&ent.res, why)
		}
		calib.PutPrefs(e.ws(), p)
	}
}

// arrTitle names method k in a note.
func arrTitle(k int) string { return [numArrMethods]string{"CC", "DC", "BC"}[k] }

// arrRows appends the CC, DC and BC rows of sp to sel and sets its priors.
func (e *Engine) arrRows(sel *Result, sp *splitEntry) {
	for k := range sp.arr {
		ent := &sp.arr[k]
		sel.Methods = append(sel.Methods, ent.res)
		if ent.prior == nil {
			continue
		}
		q := *ent.prior
		switch k {
		case arrCC:
			sel.CCPrior = &q
		case arrDC:
			sel.DCPrior = &q
		default:
			sel.BCPrior = &q
		}
	}
}

// arrBoot is the bootstrap of the CC, DC or BC row (nil when sel has no
// prior for it), with a note for Intervals.Notes. With refit, BC's prior is
// re-estimated on each resample's estimation items; CC's and DC's come
// from the probes, which the item bootstrap does not resample, so they are
// held fixed (the note says so).
func (e *Engine) arrBoot(sel *Result, name string, refit bool, estOf func(s, idx []int) []int) (*bootMethod, string) {
	prior, k := sel.CCPrior, arrCC
	switch name {
	case MethodDC:
		prior, k = sel.DCPrior, arrDC
	case MethodBC:
		prior, k = sel.BCPrior, arrBC
	}
	if prior == nil {
		return nil, ""
	}
	if refit && k == arrBC {
		judged := baseline.JudgedIn(e.pairs)
		return &bootMethod{name, func(idx []int, w *bootWorker) (metrics.Metrics, bool) {
			// BCPrefsIn(pairs, estOf(idx)), its rows of the drawn items only.
			w.est = estOf(w.est[:0], idx)
			q, err := baseline.BCPrior(e.pairs, w.est)
			if err != nil || !q.Covers(judged) {
				return metrics.Metrics{}, false
			}
			p := calib.PrefsIn(len(e.pairs), w.ws)
			defer calib.PutPrefs(w.ws, p)
			baseline.ArrPriorRows(e.pairs, q, w.draw.Items, p)
			return metrics.ResampleValues(p, &w.draw, w.ws), true
		}}, ""
	}
	fixed, err := baseline.ArrPriorPrefsIn(e.pairs, *prior, func(model.Arrangement) string { return "no prior" }, nil)
	if err != nil {
		return nil, ""
	}
	note := ""
	if k != arrBC {
		note = fmt.Sprintf("%s: the probes' prior is held fixed (the item bootstrap does not resample the probes)", name)
	}
	b := fixedMethod(name, fixed)
	return &b, note
}
