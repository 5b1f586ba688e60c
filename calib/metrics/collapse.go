package metrics

import (
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// Collapse makes every metric of m undefined with the reason
// "collapsed: why", keeping the counts.
func (m *Metrics) Collapse(why string) {
	r := "collapsed: " + why
	for _, s := range []*calib.Stat{&m.Consistency, &m.FirstPositionRate, &m.FleissKappa, &m.ICC2k, &m.ICC3k, &m.ICC21, &m.ICC31,
		&m.RStd, &m.AccuracyMean, &m.AccuracyAggregate, &m.AccuracyTies, &m.TieRate} {
		*s = calib.Undefined(s.N, r)
	}
	for j := range model.NumArrangements {
		for _, s := range []*calib.Stat{&m.Accuracy[j], &m.Recall1[j], &m.Recall2[j]} {
			*s = calib.Undefined(s.N, r)
		}
	}
	m.Notes = nil
}
