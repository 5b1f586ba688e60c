package selection

import (
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibraeval"
)

// TestUsableCurve: the one decision whether CalibraEval's map may be used,
// and why not, for a nil result, a result without a fit, a collapsed fit
// and a usable one; Collapsed names the collapsed method only.
func TestUsableCurve(t *testing.T) {
	g := calib.IdentityCurve()
	fitted := func(collapsed string) *Result {
		return &Result{Fit: &calibraeval.FitResult{Curve: g}, Methods: []MethodResult{
			{Name: MethodRaw, Available: true},
			{Name: MethodCalibraEval, Available: true, Degenerate: collapsed != "", DegenerateReason: collapsed},
		}}
	}
	for _, c := range []struct {
		name      string
		sel       *Result
		curve     *calib.Curve
		fit       *calib.Curve
		reason    string
		collapsed bool
	}{
		{"nil result", nil, nil, nil, "CalibraEval is unavailable for this judge", false},
		{"no fit", &Result{Methods: []MethodResult{{Name: MethodCalibraEval, Reason: "too few items"}}}, nil, nil,
			"CalibraEval is unavailable for this judge: too few items", false},
		{"collapsed", fitted("g* is nearly constant"), nil, g, "CalibraEval collapsed: g* is nearly constant", true},
		{"usable", fitted(""), g, g, "", false},
	} {
		curve, reason := c.sel.UsableCurve()
		if curve != c.curve || reason != c.reason {
			t.Errorf("%s: UsableCurve() = %p, %q; want %p, %q", c.name, curve, reason, c.curve, c.reason)
		}
		if got := c.sel.FitCurve(); got != c.fit {
			t.Errorf("%s: FitCurve() = %p, want %p", c.name, got, c.fit)
		}
		if why, ok := c.sel.Collapsed(MethodCalibraEval); ok != c.collapsed || (ok && why != "g* is nearly constant") {
			t.Errorf("%s: Collapsed = %q, %v", c.name, why, ok)
		}
		if _, ok := c.sel.Collapsed(MethodRaw); ok {
			t.Errorf("%s: raw collapsed", c.name)
		}
	}
}
