package selection

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/mec"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// The MEC rows' method names (calib/mec): in a Result only when the
// judge's records have sampled scores, after the rows of MethodNames.
const (
	MethodMEC       = mec.NameMEC
	MethodBPCScores = mec.NameBPCScores
	MethodMECBPC    = mec.NameMECBPC
)

// MECCurveSeed draws the subsamples of the MEC K curve.
const MECCurveSeed = 1

// mecState is the MEC rows and analysis of a judge: computed once (they
// depend on no option) and never changed, so forks share it.
type mecState struct {
	res   *mec.Result
	prefs [3]calib.Prefs
	all   [3]metrics.Metrics
}

// newMECState computes the MEC rows of pairs, or returns nil when no
// record has sampled scores.
func (e *Engine) newMECState() *mecState {
	res, ok := mec.Analyze(e.pairs, MECCurveSeed)
	if !ok {
		return nil
	}
	st := &mecState{res: res}
	items := make([]mec.Scores, len(e.pairs))
	for i := range e.pairs {
		items[i] = mec.ItemScores(&e.pairs[i])
	}
	for k, name := range mec.Names() {
		st.prefs[k] = mec.Prefs(items, e.raw.Gold, name, 0)
		st.all[k] = mec.Metrics(st.prefs[k], name, nil)
	}
	return st
}

// mecRows appends the MEC rows to sel (none without sampled scores) and
// sets sel.MEC. Like BPC's, their held-out rows are the same method on
// the held-out items: MEC learns nothing.
func (e *Engine) mecRows(sel *Result, sp *splitEntry) {
	st := e.mec
	if st == nil {
		return
	}
	sel.MEC = st.res
	notes := [3]string{
		fmt.Sprintf("the verdict of each order's mean score over its samples (%d to %d read per arrangement)", st.res.MinK, st.res.MaxK),
		"the mean scores over the first read sample of each order",
		"the mean scores over every read sample of both orders",
	}
	for k, name := range mec.Names() {
		mr := MethodResult{Name: name, Available: true, All: st.all[k], Notes: []string{notes[k]}}
		if st.all[k].N == 0 {
			mr = MethodResult{Name: name, Reason: "no item has read score samples in both orders"}
		}
		if mr.Available && len(sp.heldout) > 0 {
			m := mec.Metrics(st.prefs[k], name, sp.heldout)
			mr.Heldout = &m
		}
		if k == 0 && st.res.Unread > 0 {
			mr.Notes = append(mr.Notes, fmt.Sprintf("%d of %d samples gave no scores and are left out", st.res.Unread, st.res.Unread+st.res.Samples))
		}
		sel.Methods = append(sel.Methods, mr)
	}
}

// mecBoot is the bootstrap of a MEC row: its verdicts on each resample's
// items. The samples behind an item move with it: their Monte Carlo noise
// is in the spread of the items' verdicts, which the item bootstrap
// resamples, so they are not resampled again within the item (that would
// count it twice; TestSampledPABootstrapCoverage).
func (e *Engine) mecBoot(name string) bootMethod {
	k := 0
	for i, n := range mec.Names() {
		if n == name {
			k = i
		}
	}
	p := e.mec.prefs[k]
	if name == MethodMEC {
		return bootMethod{name, func(idx []int, w *bootWorker) (metrics.Metrics, bool) {
			return metrics.ComputeValues(p, idx, w.ws), true
		}}
	}
	return bootMethod{name, func(idx []int, _ *bootWorker) (metrics.Metrics, bool) {
		return mec.Metrics(p, name, idx), true
	}}
}

// sampledNotes says how P(A) was obtained when records give it as the
// share of sampled judgments (field samples): how many records, and how
// many samples were read per arrangement (none when no record does).
func sampledNotes(pairs []model.Pair) []string {
	n, lo, hi, unread := 0, -1, 0, 0
	for i := range pairs {
		p := &pairs[i]
		if p.Samples == nil {
			continue
		}
		n++
		for _, a := range model.Arrangements {
			for j := range p.Samples[a] {
				if p.Samples[a][j].Kind == model.SampleUnread {
					unread++
				}
			}
			if !p.Has[a] {
				continue
			}
			k := p.SampleCount(a)
			hi = max(hi, k)
			if lo < 0 || k < lo {
				lo = k
			}
		}
	}
	if n == 0 {
		return nil
	}
	return []string{fmt.Sprintf("P(A) of %d of %d records is the share of A among sampled judgments (%d to %d read per arrangement; %d samples unread): "+
		"an estimate from the samples, not the judge's probability, and a choice read from it is the samples' majority (a tie when they split evenly); "+
		"every interval (the MEC rows' too) includes the samples' Monte Carlo noise: the item bootstrap moves each item's samples with it, "+
		"and resampling them within items as well would count that noise twice", n, len(pairs), lo, hi, unread)}
}
