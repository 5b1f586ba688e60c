package report

import (
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
			rows = append(rows, r)
		}
	}
	return rows
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
