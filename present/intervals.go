package present

import (
	"fmt"
	"math"
	"strings"

	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// bootKeys maps a methods-table column title to its metric's JSON key.
var bootKeys = map[string]string{
	"consistency": "consistency", "first-pos. rate": "first_position_rate", "Fleiss κ": "fleiss_kappa",
	"ICC(2,k)": "icc2k", "ICC(3,k)": "icc3k", "RStd": "rstd", "acc. (mean)": "accuracy_mean",
	"acc. (aggregate)": "accuracy_aggregate",
}

// BootKey is the metric key (selection.BootMetric.Key) of a methods-table
// column: the key of its intervals in selection.MethodIntervals.
func BootKey(c Column) string { return bootKeys[c.Title] }

// IntervalChange says what a method's change from raw is, given its
// bootstrap interval: +1 better, −1 worse, 0 within noise (the interval
// contains 0). A change without an interval (delta.CI nil) also gives 0,
// but it is not "within noise": callers show no mark for it (HasInterval).
// better is Column.Better; for the first-position rate (0.5 is fair) a
// change that excludes 0 is better when the value v ends closer to 0.5
// than raw.
func IntervalChange(better int, delta bootstrap.Interval, raw, v float64) int {
	s := delta.ChangeSign()
	switch {
	case s == 0:
		return 0
	case better != 0:
		return s * better
	case math.Abs(v-0.5) < math.Abs(raw-0.5):
		return +1
	case math.Abs(v-0.5) > math.Abs(raw-0.5):
		return -1
	}
	return 0
}

// HasInterval reports whether a change can be marked: it has a bootstrap
// interval. No mark without an interval — not even "within noise".
func HasInterval(delta bootstrap.Interval) bool { return delta.CI != nil }

// changeWords name IntervalChange's answers in JSON.
var changeWords = map[int]string{+1: vocab.Better, -1: vocab.Worse, 0: vocab.WithinNoise}

// ChangeWord is the JSON word for an interval change (IntervalChange's
// +1, -1 or 0): "better", "worse" or "within noise".
func ChangeWord(change int) string { return changeWords[change] }

// NoIntervalNotes are the notes for the changes from raw that have no
// bootstrap interval, and so no mark, in the methods table over every
// item: one per method and reason, naming the metrics.
func NoIntervalNotes(sel *selection.Result, iv *selection.Intervals) []string {
	if sel == nil || iv == nil || iv.Options.Resamples == 0 {
		return nil
	}
	raw := sel.Method(selection.MethodRaw)
	if raw == nil {
		return nil
	}
	var out []string
	for i := range sel.Methods {
		mr := &sel.Methods[i]
		mi := iv.Method(mr.Name)
		if mr.Name == selection.MethodRaw || mi == nil || !mr.Available || mr.Degenerate {
			continue
		}
		var order []string
		by := map[string][]string{}
		for _, c := range selectionColumns {
			d, ok := mi.Delta[BootKey(c)]
			r, v := c.Get(&raw.All), c.Get(&mr.All)
			if !ok || HasInterval(d) || !r.OK() || !v.OK() || r.Flag != "" || v.Flag != "" {
				continue
			}
			if _, seen := by[d.Reason]; !seen {
				order = append(order, d.Reason)
			}
			by[d.Reason] = append(by[d.Reason], c.Title)
		}
		for _, why := range order {
			out = append(out, fmt.Sprintf("%s: %s — %s of the change from raw (%s), so no mark",
				MethodTitle(mr.Name), strings.Join(by[why], ", "), vocab.NoInterval, why))
		}
	}
	return out
}

// ForestCI is the bootstrap interval of a method's change from raw on a
// column's metric, for the forest plot (nil when there is none), and why
// there is none when intervals were computed but this change has none.
func ForestCI(iv *selection.Intervals, method string, c Column) (*[2]float64, string) {
	if iv == nil || iv.Options.Resamples == 0 {
		return nil, ""
	}
	mi := iv.Method(method)
	if mi == nil {
		return nil, ""
	}
	d, ok := mi.Delta[BootKey(c)]
	if !ok {
		return nil, ""
	}
	if d.CI != nil {
		return &[2]float64{d.CI.Lower, d.CI.Upper}, ""
	}
	return nil, d.Reason
}

// DeltaOf is the bootstrap interval of a method's change from raw on a
// column's metric (false when there is none to show: no intervals, or
// none for this method or metric).
func DeltaOf(iv *selection.Intervals, method string, c Column) (bootstrap.Interval, bool) {
	if iv == nil {
		return bootstrap.Interval{}, false
	}
	mi := iv.Method(method)
	if mi == nil {
		return bootstrap.Interval{}, false
	}
	d, ok := mi.Delta[BootKey(c)]
	return d, ok
}

// ChangeMark is the mark of a change from raw in the methods table: " ▲"
// (better) or " ▼" (worse) when its bootstrap interval excludes 0, " ="
// when it contains 0 (within noise), and nothing when there are no
// intervals or the change has none (NoIntervalNotes say why). A mark from
// an interval whose fit was held fixed is followed by FixedFitMark.
func ChangeMark(iv *selection.Intervals, method string, c Column, raw, v float64) string {
	d, ok := DeltaOf(iv, method, c)
	if !ok || !HasInterval(d) {
		return ""
	}
	m := " " + vocab.WithinNoiseSym
	switch IntervalChange(c.Better, d, raw, v) {
	case +1:
		m = " " + vocab.BetterSym
	case -1:
		m = " " + vocab.WorseSym
	}
	return m + FixedFitMark(iv, method)
}

// FixedFitMark is the note beside every mark of a method whose fit the
// bootstrap held fixed (selection.Intervals.Fixed): vocab.FixedFitSym, or
// "" when its fit was re-fitted on every resample (or it learns none).
func FixedFitMark(iv *selection.Intervals, method string) string {
	if iv == nil || !iv.FitFixed(method) {
		return ""
	}
	return vocab.FixedFitSym
}

// FixedFitLegend explains FixedFitMark under a table that shows it ("" when
// no method of iv had its fit held fixed).
func FixedFitLegend(iv *selection.Intervals) string {
	if iv == nil || len(iv.Fixed) == 0 || iv.Options.Resamples == 0 {
		return ""
	}
	names := make([]string, len(iv.Fixed))
	for i, n := range iv.Fixed {
		names[i] = MethodTitle(n)
	}
	return fmt.Sprintf("%s %s (%s): the interval leaves out the fit's own variability and is too narrow; --refit re-fits it on every resample",
		vocab.FixedFitSym, vocab.FixedFit, strings.Join(names, ", "))
}

// IntervalsText describes a judge's bootstrap intervals in a phrase, e.g.
// "95% paired item bootstrap percentile intervals, 1000 resamples (seed 1),
// CalibraEval re-fitted per resample"; "" when iv is nil.
func IntervalsText(iv *selection.Intervals) string {
	if iv == nil || iv.Options.Resamples == 0 {
		return ""
	}
	o := iv.Options
	fit := "CalibraEval's fit and Pride's prior held fixed"
	if o.Refit {
		fit = "CalibraEval re-fitted (from the full-data fit) and Pride's prior re-estimated per resample"
	}
	return fmt.Sprintf("%g%% paired item bootstrap %s intervals, %d resamples (seed %d), %s",
		100*o.Level, bootKindName(o.Kind), o.Resamples, o.Seed, fit)
}
