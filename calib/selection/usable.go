package selection

import "github.com/plumb-eval/plumb/calib"

// unavailableCurve is the reason UsableCurve gives when CalibraEval has no
// map for the judge.
const unavailableCurve = "CalibraEval is unavailable for this judge"

// Collapsed reports whether the named method is available but its result
// says nothing about the judge (MethodResult.Degenerate), and why. It is
// false for a nil Result and for a method the Result does not hold.
func (s *Result) Collapsed(name string) (reason string, collapsed bool) {
	if s == nil {
		return "", false
	}
	if m := s.Method(name); m != nil && m.Degenerate {
		return m.DegenerateReason, true
	}
	return "", false
}

// FitCurve is CalibraEval's converged map g* (the stop point's with a
// StopAt), collapsed or not, or nil when there is none: a nil Result, no
// fit, or only the published solver ran.
func (s *Result) FitCurve() *calib.Curve {
	if s == nil || s.Fit == nil {
		return nil
	}
	return s.Fit.Curve
}

// UsableCurve is CalibraEval's map g* when it says something about the
// judge, or nil and why not: "CalibraEval is unavailable for this judge"
// (with the method's reason after a colon when it has one) when there is
// no map, "CalibraEval collapsed: " and the reason when the fit collapsed
// (g* nearly constant on the judge's P(A): its calibrated preferences are
// one answer or round-off). A nil Result has no map.
func (s *Result) UsableCurve() (*calib.Curve, string) {
	c := s.FitCurve()
	if c == nil {
		reason := unavailableCurve
		if s != nil {
			if m := s.Method(MethodCalibraEval); m != nil && m.Reason != "" {
				reason += ": " + m.Reason
			}
		}
		return nil, reason
	}
	if why, ok := s.Collapsed(MethodCalibraEval); ok {
		return nil, "CalibraEval collapsed: " + why
	}
	return c, ""
}
