package report

import (
	"fmt"
	"github.com/plumb-eval/plumb/internal/vocab"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/present"
)

// Method is one method's results. Metric values are null when undefined or
// not applicable; Notes then says why ("fleiss_kappa: reason"), along with
// the method's own remarks. A degenerate (collapsed) method is available
// but says nothing about the judge (calib.Collapsed): Degenerate is true,
// Reason says why, and every metric is null.
type Method struct {
	Available  bool    `json:"available"`
	Degenerate bool    `json:"degenerate"`
	Reason     *string `json:"reason"`
	Metrics
	Heldout *Metrics `json:"heldout,omitempty"`
	Fit     *Fit     `json:"fit,omitempty"`
	Kept    *float64 `json:"kept,omitempty"`
	// HeldoutKept is Kept over the held-out items (discard_inconsistent
	// with est_frac < 1).
	HeldoutKept *float64 `json:"heldout_kept,omitempty"`
	Notes       []string `json:"notes"`
}

// Metrics are the selection-bias metrics of docs/methods.md §2.
type Metrics struct {
	Consistency       *float64 `json:"consistency"`
	FirstPositionRate *float64 `json:"first_position_rate"`
	FleissKappa       *float64 `json:"fleiss_kappa"`
	ICC2k             *float64 `json:"icc2k"`
	ICC3k             *float64 `json:"icc3k"`
	ICC21             *float64 `json:"icc21"`
	ICC31             *float64 `json:"icc31"`
	RStd              *float64 `json:"rstd"`
	AccuracyMean      *float64 `json:"accuracy_mean"`
	AccuracyAggregate *float64 `json:"accuracy_aggregate"`
	AccuracyTies      *float64 `json:"accuracy_ties"`
	TieRate           *float64 `json:"tie_rate"`
	// N is the number of items the metrics used.
	N int `json:"n"`
	// Counts gives each metric's own count (items, subjects or choices).
	Counts map[string]int `json:"counts"`
	// ICCCI95 gives the 95% McGraw–Wong intervals of the ICCs, where
	// defined.
	ICCCI95 map[string][2]float64 `json:"icc_ci95"`
	// Bootstrap intervals (all items only; held-out metrics have none;
	// intervals.go): CI95 of each metric, DeltaCI95 of its change from raw,
	// DistanceDeltaCI95 of the change in the distance from ½ of the metrics
	// whose fair value is ½ (the first-position rate: |value − ½| −
	// |raw − ½|), and Change, what the change is called ("better", "worse",
	// "within noise"; raw has none of the three), read from
	// DistanceDeltaCI95 where there is one and from DeltaCI95 otherwise.
	CI95              map[string][2]float64 `json:"ci95"`
	DeltaCI95         map[string][2]float64 `json:"delta_ci95"`
	DistanceDeltaCI95 map[string][2]float64 `json:"distance_delta_ci95"`
	Change            map[string]string     `json:"change"`
	// ChangeFitFixed is set when the bootstrap held the method's fit fixed
	// (vocab.FixedFit): every Change of it comes from an interval that is
	// too narrow.
	ChangeFitFixed bool `json:"change_fit_fixed,omitempty"`
	// Flags maps a metric key to why its value cannot be right (e.g. an
	// ICC outside [−1, 1]); the value is still given.
	Flags map[string]string `json:"flags"`
	// AgreementSet lists the arrangements κ and the ICCs use.
	AgreementSet []string `json:"agreement_set"`
	// PerArrangement gives accuracy and the recalls per arrangement.
	PerArrangement map[string]ArrangementMetrics `json:"per_arrangement"`
	Notes          []string                      `json:"notes"`
}

// ArrangementMetrics are one arrangement's accuracy and recalls.
type ArrangementMetrics struct {
	Accuracy *float64 `json:"accuracy"`
	Recall1  *float64 `json:"recall_1"`
	Recall2  *float64 `json:"recall_2"`
	N        int      `json:"n"`
}

// metricKeys maps each metric's JSON key to the calib value and the JSON
// field, in output order; it is the one list of the report's metrics.
var metricKeys = []struct {
	key string
	get func(m *metrics.Metrics) calib.Stat
	dst func(m *Metrics) **float64
}{
	{"consistency", func(m *metrics.Metrics) calib.Stat { return m.Consistency }, func(m *Metrics) **float64 { return &m.Consistency }},
	{"first_position_rate", func(m *metrics.Metrics) calib.Stat { return m.FirstPositionRate }, func(m *Metrics) **float64 { return &m.FirstPositionRate }},
	{"fleiss_kappa", func(m *metrics.Metrics) calib.Stat { return m.FleissKappa }, func(m *Metrics) **float64 { return &m.FleissKappa }},
	{"icc2k", func(m *metrics.Metrics) calib.Stat { return m.ICC2k }, func(m *Metrics) **float64 { return &m.ICC2k }},
	{"icc3k", func(m *metrics.Metrics) calib.Stat { return m.ICC3k }, func(m *Metrics) **float64 { return &m.ICC3k }},
	{"icc21", func(m *metrics.Metrics) calib.Stat { return m.ICC21 }, func(m *Metrics) **float64 { return &m.ICC21 }},
	{"icc31", func(m *metrics.Metrics) calib.Stat { return m.ICC31 }, func(m *Metrics) **float64 { return &m.ICC31 }},
	{"rstd", func(m *metrics.Metrics) calib.Stat { return m.RStd }, func(m *Metrics) **float64 { return &m.RStd }},
	{"accuracy_mean", func(m *metrics.Metrics) calib.Stat { return m.AccuracyMean }, func(m *Metrics) **float64 { return &m.AccuracyMean }},
	{"accuracy_aggregate", func(m *metrics.Metrics) calib.Stat { return m.AccuracyAggregate }, func(m *Metrics) **float64 { return &m.AccuracyAggregate }},
	{"accuracy_ties", func(m *metrics.Metrics) calib.Stat { return m.AccuracyTies }, func(m *Metrics) **float64 { return &m.AccuracyTies }},
	{"tie_rate", func(m *metrics.Metrics) calib.Stat { return m.TieRate }, func(m *Metrics) **float64 { return &m.TieRate }},
}

func buildMetrics(m *metrics.Metrics) Metrics {
	out := Metrics{
		N:                 m.N,
		Counts:            map[string]int{},
		ICCCI95:           map[string][2]float64{},
		CI95:              map[string][2]float64{},
		DeltaCI95:         map[string][2]float64{},
		DistanceDeltaCI95: map[string][2]float64{},
		Change:            map[string]string{},
		Flags:             map[string]string{},
		AgreementSet:      []string{},
		PerArrangement:    map[string]ArrangementMetrics{},
		Notes:             nonNil(m.Notes),
	}
	for _, f := range metricKeys {
		st := f.get(m)
		*f.dst(&out) = present.Value(st)
		out.Counts[f.key] = st.N
		if !st.OK() {
			out.Notes = append(out.Notes, f.key+": "+st.Reason)
		} else if st.CI != nil {
			out.ICCCI95[f.key] = [2]float64{st.CI.Lower, st.CI.Upper}
		}
		if st.OK() && st.Flag != "" {
			out.Flags[f.key] = st.Flag
		}
	}
	for _, a := range model.Arrangements {
		if m.AgreementSet[a] {
			out.AgreementSet = append(out.AgreementSet, a.String())
		}
		acc := m.Accuracy[a]
		if acc.N == 0 && !acc.OK() && m.Recall1[a].N == 0 && m.Recall2[a].N == 0 {
			continue
		}
		out.PerArrangement[a.String()] = ArrangementMetrics{
			Accuracy: present.Value(acc), Recall1: present.Value(m.Recall1[a]), Recall2: present.Value(m.Recall2[a]), N: acc.N,
		}
	}
	return out
}

func unavailableMetrics() Metrics {
	return Metrics{
		Counts: map[string]int{}, ICCCI95: map[string][2]float64{}, CI95: map[string][2]float64{},
		DeltaCI95: map[string][2]float64{}, DistanceDeltaCI95: map[string][2]float64{}, Change: map[string]string{}, Flags: map[string]string{}, AgreementSet: []string{},
		PerArrangement: map[string]ArrangementMetrics{}, Notes: []string{},
	}
}

// markDegenerate marks a collapsed method in the report JSON: degenerate,
// the reason, and one note for its (all null) metrics instead of one per
// metric.
func markDegenerate(m *Method, reason string) {
	m.Degenerate = true
	r := reason
	m.Reason = &r
	note := []string{"collapsed: " + reason + " — every metric is null"}
	m.Metrics.Notes = note
	if m.Heldout != nil {
		m.Heldout.Notes = note
	}
}

// methodsRows are the rows of a judge's methods tables over every item
// (with its bootstrap intervals' marks) and over the held-out items (nil
// when none are held out). The document holds them (Selection.md), so the
// Markdown writer reads no analysis.
func methodsRows(sel *selection.Result, iv *selection.Intervals) (all, heldout []present.MethodRow) {
	all = present.MethodRows(sel, iv, present.AllItems)
	if sel.HeldoutSize > 0 {
		heldout = present.MethodRows(sel, iv, present.Heldout)
	}
	return all, heldout
}

// writeMethodsTable writes one methods table from its rows: a row per
// method, each value with its change from raw and the change's mark in
// brackets ("0.912 (+0.012 ▲)"); nothing without rows (a Doc decoded
// from JSON holds none).
func writeMethodsTable(b *strings.Builder, rows []present.MethodRow) {
	if len(rows) == 0 {
		return
	}
	writeTableHead(b, []string{"method"}, append(present.SelectionTitles(), "n"))
	for _, r := range rows {
		title := r.Title
		if r.Kept != nil {
			title += fmt.Sprintf(" (kept %.1f%%)", 100**r.Kept)
		}
		if r.Collapsed {
			title += " (collapsed)"
		}
		fmt.Fprintf(b, "| %s |", title)
		for _, c := range r.Cells {
			cell := c.Value
			switch {
			case c.Flag != "":
				cell += present.FlagMark
			case c.Change != "":
				mark := ""
				if c.Mark != "" {
					mark = " " + c.Mark
					if r.FitFixed {
						mark += vocab.FixedFitSym
					}
				}
				cell += " (" + c.Change + mark + ")"
			}
			b.WriteString(" " + cell + " |")
		}
		n := "—"
		if r.Available {
			n = fmt.Sprint(r.N)
		}
		fmt.Fprintf(b, " %s |\n", n)
	}
}

// methodNotes are the lines under the methods table: why cells are empty,
// one line per method and reason, plus each method's own notes. The
// document holds them built (Selection.md); the Markdown writes them.
func methodNotes(sel *selection.Result) []string {
	var lines []string
	for i := range sel.Methods {
		mr := &sel.Methods[i]
		name := present.MethodTitle(mr.Name)
		if !mr.Available {
			lines = append(lines, fmt.Sprintf("%s: not available — %s", name, mr.Reason))
			continue
		}
		var order []string
		byReason := map[string][]string{}
		for _, c := range present.SelectionColumns() {
			if mr.Degenerate {
				break // one note (in mr.Notes) says why every cell is "collapsed"
			}
			if st := c.Get(&mr.All); !st.OK() {
				if _, ok := byReason[st.Reason]; !ok {
					order = append(order, st.Reason)
				}
				byReason[st.Reason] = append(byReason[st.Reason], c.Title)
			}
		}
		for _, r := range order {
			lines = append(lines, fmt.Sprintf("%s: %s undefined — %s", name, strings.Join(byReason[r], ", "), r))
		}
		for _, n := range mr.Notes {
			lines = append(lines, name+": "+n)
		}
		for _, n := range mr.All.Notes {
			lines = append(lines, name+": "+n)
		}
		for _, n := range present.FlagNotes(mr, sel.HeldoutSize > 0) {
			lines = append(lines, n.String()+"; no change from raw is shown")
		}
	}
	return lines
}
