package report

import (
	"math"
	"slices"

	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// csvMethodOrder returns the methods of s in the methods table's order
// (the published code's CalibraEval after the converged one), then any
// others sorted.
func csvMethodOrder(s *Selection) []string {
	var out []string
	for _, name := range selection.MethodNames() {
		if _, ok := s.Methods[name]; ok {
			out = append(out, name)
		}
		if name == selection.MethodCalibraEval {
			if _, ok := s.Methods[selection.MethodCalibraEvalPublished]; ok {
				out = append(out, selection.MethodCalibraEvalPublished)
			}
		}
	}
	for _, name := range []string{selection.MethodMEC, selection.MethodBPCScores, selection.MethodMECBPC} {
		if _, ok := s.Methods[name]; ok {
			out = append(out, name)
		}
	}
	var rest []string
	for name := range s.Methods {
		if !slices.Contains(out, name) {
			rest = append(rest, name)
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}

// csvSelectionRows are the methods table over all items (section
// "selection"): one row per method and metric with the bootstrap interval,
// the change from raw (value − raw's value) with its interval and mark.
func csvSelectionRows(rows []csvRow, judge string, j *Judge) []csvRow {
	if j.Selection == nil {
		return rows
	}
	return csvMethodRows(rows, "selection", judge, j.Selection, func(m *Method) *Metrics { return &m.Metrics })
}

// csvHeldoutRows are the methods table over the held-out items (section
// "selection_heldout"; no intervals), when there are held-out items.
func csvHeldoutRows(rows []csvRow, judge string, j *Judge) []csvRow {
	if j.Selection == nil || j.Selection.EstimationSet.Heldout == 0 {
		return rows
	}
	return csvMethodRows(rows, "selection_heldout", judge, j.Selection, func(m *Method) *Metrics { return m.Heldout })
}

// csvMethodRows writes one row per method and metric of pick(method).
func csvMethodRows(rows []csvRow, section, judge string, s *Selection, pick func(*Method) *Metrics) []csvRow {
	var raw *Metrics
	if m := s.Methods[selection.MethodRaw]; m != nil && m.Available {
		raw = pick(m)
	}
	for _, name := range csvMethodOrder(s) {
		m := s.Methods[name]
		ms := pick(m)
		for _, f := range metricKeys {
			r := csvRow{section: section, judge: judge, method: name, metric: f.key}
			switch {
			case !m.Available:
				r.note = "method unavailable: " + deref(m.Reason)
			case ms == nil:
				r.note = "no held-out metrics"
			}
			if r.note != "" {
				rows = append(rows, r)
				continue
			}
			r.value = *f.dst(ms)
			if n, ok := ms.Counts[f.key]; ok {
				r.n = csvInt(n)
			}
			r.ciLow, r.ciHigh = csvPairOf(ms.CI95, f.key)
			if name != selection.MethodRaw && raw != nil && r.value != nil {
				if rv := *f.dst(raw); rv != nil {
					r.change = csvFloat(*r.value - *rv)
				}
			}
			r.changeLow, r.changeHigh = csvPairOf(ms.DeltaCI95, f.key)
			r.mark = ms.Change[f.key]
			flag := ""
			if fl, ok := ms.Flags[f.key]; ok {
				flag = "flag: " + fl
			}
			why := noteFor(ms.Notes, f.key)
			if m.Degenerate {
				// Its metrics are null, with one note for all of them.
				why = "collapsed: " + deref(m.Reason)
				if r.value != nil {
					flag = joinNotes(why, flag)
				}
			}
			r.note = joinNotes(undefinedNote(r.value, why), flag)
			if r.mark != "" && ms.ChangeFitFixed {
				r.note = joinNotes(r.note, fixedFitNote)
			}
			if f.key == distanceRateKey {
				if r.mark != "" {
					r.note = joinNotes(r.note, "mark: from the change in |rate − 0.5| (row "+distanceMetric+")")
				}
				rows = append(rows, r, csvDistanceRow(r, ms, raw, m.Degenerate))
				continue
			}
			rows = append(rows, r)
		}
	}
	return rows
}

// distanceRateKey is the metric whose fair value is ½ (the first-position
// rate), and distanceMetric the CSV's metric of its distance from ½.
const (
	distanceRateKey = "first_position_rate"
	distanceMetric  = "first_position_distance"
)

// csvDistanceRow is the row after the first-position rate's row r:
// |rate − ½| (from the rate the file holds), its change from raw's (the
// subtraction of the two values, as every change) with the interval of that
// change (the JSON's distance_delta_ci95), and the mark the rate's row has,
// which that interval decides. ms are the method's metrics and raw raw's
// (nil when unavailable); a collapsed method's row keeps r's note.
func csvDistanceRow(r csvRow, ms, raw *Metrics, collapsed bool) csvRow {
	d := csvRow{section: r.section, judge: r.judge, method: r.method, metric: distanceMetric, n: r.n, mark: r.mark}
	if r.value != nil {
		d.value = csvFloat(math.Abs(*r.value - 0.5))
	}
	if r.change != nil && raw != nil && raw.FirstPositionRate != nil {
		d.change = csvFloat(*d.value - math.Abs(*raw.FirstPositionRate-0.5))
	}
	d.changeLow, d.changeHigh = csvPairOf(ms.DistanceDeltaCI95, distanceRateKey)
	d.note = r.note
	if r.value != nil && !collapsed {
		d.note = ""
	}
	return d
}

// deref returns *s, or "" for nil.
func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// fixedFitNote is the note of a CSV row whose mark comes from an interval
// with the method's fit held fixed (Metrics.ChangeFitFixed).
const fixedFitNote = vocab.FixedFit + " in the bootstrap: the interval of the change is too narrow (--refit re-fits)"
