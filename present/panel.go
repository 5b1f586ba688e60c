package present

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/panel"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// PValue formats a p-value: four decimals, or one significant digit in
// exponent form below 0.001; "—" when undefined.
func PValue(s calib.Stat) string {
	if !s.OK() {
		return "—"
	}
	if s.Value < 1e-3 {
		return fmt.Sprintf("%.1e", s.Value)
	}
	return fmt.Sprintf("%.4f", s.Value)
}

// Dec formats a statistic at three decimals with a true minus, "—" when
// undefined.
func Dec(s calib.Stat) string {
	if !s.OK() {
		return "—"
	}
	return Minus(s.Value, 3)
}

// WithCI is Dec followed by the statistic's interval, " [lo, hi]", when
// it has one.
func WithCI(s calib.Stat) string {
	if !s.OK() || s.CI == nil {
		return Dec(s)
	}
	return fmt.Sprintf("%s [%s, %s]", Dec(s), Minus(s.CI.Lower, 3), Minus(s.CI.Upper, 3))
}

// PanelAgreementRows are the panel's agreement: one row per measure,
// cells name, value (with its bootstrap interval) and n (items).
func PanelAgreementRows(r *panel.Result) [][]string {
	row := func(name string, s calib.Stat) []string {
		return []string{name, WithCI(s), fmt.Sprint(s.N)}
	}
	return [][]string{
		row("Krippendorff's α, nominal (choices)", r.AlphaNominal),
		row("Krippendorff's α, interval (preferences)", r.AlphaInterval),
		row("Fleiss' κ (judges as raters)", r.Fleiss),
	}
}

// PanelAgreementTitles are the titles of PanelAgreementRows' cells.
var PanelAgreementTitles = []string{"agreement", "value [95% CI]", "items"}

// PanelLeaveOutTitles are the titles of PanelLeaveOutRows' cells.
var PanelLeaveOutTitles = []string{"left out", "α nominal", "α interval", "items"}

// PanelLeaveOutRows are α without each judge in turn.
func PanelLeaveOutRows(r *panel.Result) [][]string {
	var out [][]string
	for _, l := range r.LeaveOut {
		out = append(out, []string{l.Judge, Dec(l.Nominal), Dec(l.Interval), fmt.Sprint(l.Nominal.N)})
	}
	return out
}

// PanelVerdictTitles are the titles of PanelVerdictRows' cells.
var PanelVerdictTitles = []string{"judge", "accuracy", "consistency", "first-position rate", "κ over arrangements", "items"}

// PanelVerdictRows are each judge's metrics over the shared items and the
// panel's verdicts (majority vote, mean preference, mean CalibraEval and
// Pride preferences where some judge has them) as judges of their own.
func PanelVerdictRows(r *panel.Result) [][]string {
	row := func(name string, m *metrics.Metrics) []string {
		return []string{name, Dec(m.AccuracyAggregate), Dec(m.Consistency), Dec(m.FirstPositionRate), Dec(m.FleissKappa), fmt.Sprint(m.N)}
	}
	var out [][]string
	for j, name := range r.Judges {
		out = append(out, row(name, &r.JudgeMetrics[j]))
	}
	out = append(out, row("panel (majority vote)", &r.Majority), row("panel (mean preference)", &r.Mean))
	if r.Calibrated != nil {
		out = append(out, row("panel (mean CalibraEval preference)", r.Calibrated))
	}
	if r.Pride != nil {
		out = append(out, row("panel (mean Pride preference)", r.Pride))
	}
	return out
}

// PanelPairTitles are the titles of PanelPairRows' cells.
var PanelPairTitles = []string{"judge a", "judge b", "items", "accuracy a − b [95% CI]", "McNemar p", "Holm p", "Cohen's κ", ""}

// SurvivesMark marks a pair whose Holm-adjusted p is below the level.
const SurvivesMark = "✓ real"

// PanelPairRows are the pairs of judges in the result's order (by Holm p);
// the last cell is SurvivesMark for a difference that survives Holm's
// correction, empty otherwise.
func PanelPairRows(r *panel.Result) [][]string {
	var out [][]string
	for _, p := range r.Pairs {
		mark := ""
		if p.Survives {
			mark = SurvivesMark
		}
		diff := "—"
		if p.Diff.OK() {
			diff = Signed(p.Diff.Value, 3)
			if p.Diff.CI != nil {
				diff += fmt.Sprintf(" [%s, %s]", Minus(p.Diff.CI.Lower, 3), Minus(p.Diff.CI.Upper, 3))
			}
		}
		out = append(out, []string{p.A, p.B, fmt.Sprint(p.N), diff, PValue(p.McNemar), PValue(p.Holm), Dec(p.Kappa), mark})
	}
	return out
}

// PanelSurvivors counts the pairs whose difference survives.
func PanelSurvivors(r *panel.Result) int {
	n := 0
	for _, p := range r.Pairs {
		if p.Survives {
			n++
		}
	}
	return n
}

// PanelKappaCells is Cohen's κ matrix as cells at two decimals ("—"
// undefined), in the result's judge order.
func PanelKappaCells(r *panel.Result) [][]string {
	out := make([][]string, len(r.Kappa))
	for a := range r.Kappa {
		for b := range r.Kappa[a] {
			c := "—"
			if s := r.Kappa[a][b]; s.OK() {
				c = Minus(s.Value, 2)
			}
			out[a] = append(out[a], c)
		}
	}
	return out
}

// PanelSummary is the panel's headline: its items, α nominal with its
// interval, and how many pairwise differences survive.
func PanelSummary(r *panel.Result) string {
	return fmt.Sprintf("%d judges on %d shared items (%d with gold 1 or 2): α nominal %s; %d of %s survive Holm's correction at 0.05.",
		len(r.Judges), r.Items, r.Gold, WithCI(r.AlphaNominal), PanelSurvivors(r), vocab.Plural(len(r.Pairs), "pairwise accuracy difference"))
}
