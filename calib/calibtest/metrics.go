package calibtest

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// NaN marks an absent arrangement in PrefsOf's rows.
var NaN = math.NaN()

// PrefsOf builds Prefs from rows of r values; NaN marks an absent
// arrangement.
func PrefsOf(gold []model.Gold, rows ...[4]float64) calib.Prefs {
	p := calib.Prefs{
		R:    make([][4]float64, len(rows)),
		Has:  make([][4]bool, len(rows)),
		Gold: gold,
	}
	for i, row := range rows {
		for j, v := range row {
			if !math.IsNaN(v) {
				p.R[i][j], p.Has[i][j] = v, true
			}
		}
	}
	return p
}

// MetricStats lists every Stat of m by name.
func MetricStats(m metrics.Metrics) map[string]calib.Stat {
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

// CheckWellFormed fails on a NaN/Inf value, or an undefined Stat without a
// reason (every Stat is either a finite value or a reason).
func CheckWellFormed(t testing.TB, label string, m metrics.Metrics) {
	t.Helper()
	for name, s := range MetricStats(m) {
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

// WantStat fails unless s is defined with value v (to 1e-12, relative)
// from n units.
func WantStat(t testing.TB, name string, s calib.Stat, v float64, n int) {
	t.Helper()
	if !s.OK() {
		t.Errorf("%s undefined (%s), want %v", name, s.Reason, v)
		return
	}
	if math.Abs(s.Value-v) > 1e-12*math.Max(1, math.Abs(v)) || s.N != n {
		t.Errorf("%s = %v (N %d), want %v (N %d)", name, s.Value, s.N, v, n)
	}
}

// WantUndefined fails unless s is undefined with a reason containing
// reasonPart.
func WantUndefined(t testing.TB, name string, s calib.Stat, reasonPart string) {
	t.Helper()
	if s.OK() {
		t.Errorf("%s = %v, want undefined (%s)", name, s.Value, reasonPart)
		return
	}
	if !strings.Contains(s.Reason, reasonPart) {
		t.Errorf("%s reason %q, want it to contain %q", name, s.Reason, reasonPart)
	}
}

// Summary formats the headline metrics for failure messages.
func Summary(m metrics.Metrics) string {
	return fmt.Sprintf("N %d cons %s κ %s ICC2k %s ICC3k %s RStd %s accMean %s accAgg %s 1st %s",
		m.N, m.Consistency.Format(4), m.FleissKappa.Format(4), m.ICC2k.Format(4), m.ICC3k.Format(4),
		m.RStd.Format(2), m.AccuracyMean.Format(4), m.AccuracyAggregate.Format(4), m.FirstPositionRate.Format(4))
}
