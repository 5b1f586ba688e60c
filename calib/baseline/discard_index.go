package baseline

import (
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/calib/metrics"
)

// DiscardIndex classifies the items of fixed preferences once (judged in at
// least two arrangements; consistent), so the discard baseline of many
// resamples of them (a bootstrap) need not classify every item again.
type DiscardIndex struct {
	p           calib.Prefs
	multi, same []bool
	fixed       *metrics.Fixed
}

// NewDiscardIndex classifies the items of p; p must not change afterwards.
func NewDiscardIndex(p calib.Prefs) *DiscardIndex {
	d := &DiscardIndex{p: p}
	if len(p.Has) != len(p.R) {
		return d // malformed: MetricsIn defers to DiscardMetricsIn
	}
	d.fixed = metrics.NewFixed(p)
	d.multi = make([]bool, len(p.R))
	d.same = make([]bool, len(p.R))
	for i := range p.R {
		nArr, same := itemConsistency(&p.R[i], &p.Has[i])
		d.multi[i], d.same[i] = nArr >= 2, nArr >= 2 && same
	}
	return d
}

// MetricsIn is DiscardMetricsIn(p, idx, ws), the same values bit for bit
// (TestDiscardIndexMatches); idx must not be nil.
func (d *DiscardIndex) MetricsIn(idx []int, ws *work.Space) (metrics.Metrics, calib.Stat) {
	if d.multi == nil {
		return DiscardMetricsIn(d.p, idx, ws)
	}
	kept := []int{}
	if ws != nil {
		kept = ws.Ints(len(idx))[:0]
	}
	defer ws.PutInts(kept)
	multi := 0
	for _, i := range idx {
		if i < 0 || i >= len(d.multi) || !d.multi[i] {
			continue
		}
		multi++
		if d.same[i] {
			kept = append(kept, i)
		}
	}
	var ks calib.Stat
	if multi == 0 {
		ks = calib.Undefined(0, metrics.ReasonNeedMulti)
	} else {
		ks = calib.Defined(float64(len(kept))/float64(multi), multi)
	}
	return metrics.ComputeWithoutAgreement(d.p, kept, ReasonDiscardTrivial), ks
}

// MetricsOf is MetricsIn(r.Idx, …), the same values bit for bit
// (TestDiscardIndexMatches), each drawn item counted once; r must be a
// resample of p's items.
func (d *DiscardIndex) MetricsOf(r *metrics.Resample) (metrics.Metrics, calib.Stat) {
	if d.multi == nil || len(r.Mult) != len(d.multi) {
		return d.MetricsIn(r.Idx, nil)
	}
	multi, kept := 0, 0
	for _, i := range r.Items {
		if d.multi[i] {
			multi += int(r.Mult[i])
		}
		if d.same[i] {
			kept += int(r.Mult[i])
		}
	}
	var ks calib.Stat
	if multi == 0 {
		ks = calib.Undefined(0, metrics.ReasonNeedMulti)
	} else {
		ks = calib.Defined(float64(kept)/float64(multi), multi)
	}
	return d.fixed.WithoutAgreement(r, d.same, ReasonDiscardTrivial), ks
}
