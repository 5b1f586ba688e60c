package selection

import (
	"fmt"
	"math"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/internal/calibtest"
	"github.com/plumb-eval/plumb/model"
)

// checkWellFormed fails on a NaN/Inf value, or an undefined Stat without a
// reason (every Stat is either a finite value or a reason).
func checkWellFormed(t *testing.T, label string, m calib.Metrics) {
	t.Helper()
	for name, s := range selMetricStats(m) {
		if math.IsNaN(s.Value) || math.IsInf(s.Value, 0) {
			t.Errorf("%s: %s = %v, want finite", label, name, s.Value)
		}
		if !s.OK() && s.Value != 0 {
			t.Errorf("%s: %s undefined (%s) but Value = %v", label, name, s.Reason, s.Value)
		}
		if s.CI != nil && (math.IsNaN(s.CI.Lower) || math.IsNaN(s.CI.Upper)) {
			t.Errorf("%s: %s has a NaN interval", label, name)
		}
	}
}

// selMetricStats lists every Stat of m by name.
func selMetricStats(m calib.Metrics) map[string]calib.Stat {
	s := map[string]calib.Stat{
		"Consistency": m.Consistency, "FirstPositionRate": m.FirstPositionRate,
		"FleissKappa": m.FleissKappa, "ICC2k": m.ICC2k, "ICC3k": m.ICC3k, "ICC21": m.ICC21, "ICC31": m.ICC31,
		"RStd": m.RStd, "AccuracyMean": m.AccuracyMean, "AccuracyAggregate": m.AccuracyAggregate, "TieRate": m.TieRate,
	}
	for j := range 4 {
		a := model.Arrangement(j).String()
		s["Accuracy["+a+"]"] = m.Accuracy[j]
		s["Recall1["+a+"]"] = m.Recall1[j]
		s["Recall2["+a+"]"] = m.Recall2[j]
	}
	return s
}

// prefsBitsDiff says where two preference sets differ, comparing every R
// bit for bit (math.Float64bits, so −0 ≠ 0 and NaN payloads count), and
// Has and Gold; "" when they are identical.
func prefsBitsDiff(got, want calib.Prefs) string {
	if got.Len() != want.Len() || len(got.Has) != len(want.Has) || len(got.Gold) != len(want.Gold) {
		return fmt.Sprintf("lengths %d/%d/%d, want %d/%d/%d", len(got.R), len(got.Has), len(got.Gold), len(want.R), len(want.Has), len(want.Gold))
	}
	for i := range want.R {
		if got.Has[i] != want.Has[i] || got.Gold[i] != want.Gold[i] {
			return fmt.Sprintf("item %d: has %v gold %v, want %v %v", i, got.Has[i], got.Gold[i], want.Has[i], want.Gold[i])
		}
		for a := range want.R[i] {
			if math.Float64bits(got.R[i][a]) != math.Float64bits(want.R[i][a]) {
				return fmt.Sprintf("item %d arrangement %d: %v (%#x), want %v (%#x)", i, a, got.R[i][a], math.Float64bits(got.R[i][a]), want.R[i][a], math.Float64bits(want.R[i][a]))
			}
		}
	}
	return ""
}

// pinHash accumulates the bits of a fit (calibtest.PinHash, with fit and
// curve), as calibraeval's TestFitPinnedBits does.
type pinHash struct{ *calibtest.PinHash }

func newPinHash() *pinHash { return &pinHash{calibtest.NewPinHash()} }

func (p *pinHash) f(v ...float64) { p.F(v...) }

func (p *pinHash) s(v ...any) { p.S(v...) }

func (p *pinHash) sum() string { return p.Sum() }

func (p *pinHash) fit(r calibraeval.FitResult) {
	p.f(r.Lambda, r.Objective, r.GradNorm)
	p.f(r.D...)
	p.curve(r.Curve)
	p.s(r.Iterations, "|", r.Evals, "|", r.Converged, "|", r.Status, "|", r.Points)
}

func (p *pinHash) curve(c *calib.Curve) {
	if c == nil {
		p.s("nil curve")
		return
	}
	p.f(c.Z...)
	p.f(c.G...)
}

var (
	x0, x1, x2, x3 = model.X0, model.X1, model.X2, model.X3
)
