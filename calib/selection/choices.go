package selection

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/baseline"
	"github.com/plumb-eval/plumb/model"
)

// Choices returns the named method's position-balanced choice on each of
// pairs (the pairs s analysed, in the same order): Choice of the mean of the
// method's preferences over the arrangements it has for the item, the
// decision its AccuracyAggregate scores, so its accuracy over the items with
// gold 1 or 2 is that of the methods table (TestChoicesMatchAccuracy). An
// item the method gives no choice is model.GoldNone: one judged in no
// arrangement, one with no position-swapped pair of arrangements (BPC), one
// discard-inconsistent drops (its choice elsewhere is the raw one). It
// recomputes the preferences from s's fitted parts (g*, the priors), so it
// keeps nothing and changes no number. It returns nil and the reason when
// the method is unavailable, collapsed (its choices say nothing about the
// judge), not a map of the judge's preferences (the MEC rows), or pairs are
// not the analysed ones.
func (s *Result) Choices(name string, pairs []model.Pair) ([]model.Gold, string) {
	if s == nil {
		return nil, "no selection analysis"
	}
	if len(pairs) != s.N {
		return nil, fmt.Sprintf("%d pairs given, %d analysed", len(pairs), s.N)
	}
	m := s.Method(name)
	switch {
	case m == nil:
		return nil, "no " + name + " row in the analysis"
	case !m.Available:
		return nil, name + " is unavailable: " + m.Reason
	case m.Degenerate:
		return nil, name + " collapsed: " + m.DegenerateReason
	}
	p, why := s.methodPrefs(name, pairs)
	if why != "" {
		return nil, why
	}
	out := make([]model.Gold, len(pairs))
	for i := range out {
		out[i] = balancedChoice(&p, i)
	}
	if name == MethodDiscard {
		kept, _ := baseline.ConsistentItems(p, nil)
		keep := make([]bool, len(pairs))
		for _, i := range kept {
			keep[i] = true
		}
		for i := range out {
			if !keep[i] {
				out[i] = model.GoldNone
			}
		}
	}
	return out, ""
}

// methodPrefs rebuilds the preferences of the named method on pairs from
// s's fitted parts, or says why it cannot.
func (s *Result) methodPrefs(name string, pairs []model.Pair) (calib.Prefs, string) {
	arr := func(q *baseline.ArrPrior) (calib.Prefs, string) {
		if q == nil {
			return calib.Prefs{}, "no " + name + " prior"
		}
		p, err := baseline.ArrPriorPrefsIn(pairs, *q, func(a model.Arrangement) string { return "no prior in " + a.String() }, nil)
		if err != nil {
			return calib.Prefs{}, err.Error()
		}
		return p, ""
	}
	switch name {
	case MethodRaw, MethodDiscard:
		return calib.RawPrefs(pairs), ""
	case MethodBPC:
		p, err := baseline.BPCPrefs(calib.RawPrefs(pairs))
		if err != nil {
			return calib.Prefs{}, err.Error()
		}
		return p, ""
	case MethodCalibraEval:
		if c := s.FitCurve(); c != nil {
			return calib.CalibratedPrefs(pairs, c), ""
		}
		return calib.Prefs{}, "no CalibraEval fit"
	case MethodCalibraEvalPublished:
		if s.Published != nil && s.Published.Curve != nil {
			return calib.CalibratedPrefs(pairs, s.Published.Curve), ""
		}
		return calib.Prefs{}, "no published fit"
	case MethodPride:
		if s.Prior == nil {
			return calib.Prefs{}, "no Pride prior"
		}
		return calib.MappedPrefs(pairs, s.Prior.Debias), ""
	case MethodCC:
		return arr(s.CCPrior)
	case MethodDC:
		return arr(s.DCPrior)
	case MethodBC:
		return arr(s.BCPrior)
	}
	return calib.Prefs{}, name + " gives no preferences per arrangement"
}

// balancedChoice is Choice of the mean of item i's preferences over the
// arrangements it has (summed in arrangement order, as the metrics do), or
// model.GoldNone when it has none.
func balancedChoice(p *calib.Prefs, i int) model.Gold {
	sum, n := 0.0, 0
	for a, h := range p.Has[i] {
		if h {
			sum += p.R[i][a]
			n++
		}
	}
	if n == 0 {
		return model.GoldNone
	}
	return calib.Choice(sum / float64(n))
}
