package present

import (
	"fmt"
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

// IntervalChange says what a method's change from raw is, given the
// interval its mark reads (MarkInterval): +1 better, −1 worse, 0 within
// noise (the interval contains 0). A change without an interval (mark.CI
// nil) also gives 0, but it is not "within noise": callers show no mark
// for it (HasInterval). better is Column.Better; for a column whose fair
// value is ½ (better == 0, the first-position rate) the interval is that of
// the change in the distance from ½, which is better below 0.
func IntervalChange(better int, mark bootstrap.Interval) int {
	s := mark.ChangeSign()
	if better == 0 {
		return -s
	}
	return s * better
}

// MarkInterval is the bootstrap interval a method's change from raw on a
// column is marked by (false when there is none to show: no intervals, or
// none for this method or metric): the change's own (DeltaOf) or, for a
// column whose fair value is ½ (Better == 0, the first-position rate),
// that of the change in the distance from ½, |value − ½| − |raw − ½|
// (selection.MethodIntervals.DistanceDelta): a rate that crosses ½ (0.487
// → 0.511) has a signed change outside noise and a distance that barely
// moved.
func MarkInterval(iv *selection.Intervals, method string, c Column) (bootstrap.Interval, bool) {
	if c.Better != 0 {
		return DeltaOf(iv, method, c)
	}
	if iv == nil {
		return bootstrap.Interval{}, false
	}
	mi := iv.Method(method)
	if mi == nil {
		return bootstrap.Interval{}, false
	}
	d, ok := mi.DistanceDelta[BootKey(c)]
	return d, ok
}

// MarkChange is the change from raw to v that a column's mark is about:
// v − raw, or, for a column whose fair value is ½ (Better == 0), the change
// in the distance from ½ (selection.DistanceChange; negative: nearer ½).
func MarkChange(c Column, raw, v float64) float64 {
	if c.Better == 0 {
		return selection.DistanceChange(raw, v)
	}
	return v - raw
}

// DistanceTitle names the change in the first-position rate's distance
// from ½ where a table shows its interval beside the signed change's.
const DistanceTitle = "first-pos. distance from 0.5"

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
			d, ok := MarkInterval(iv, mr.Name, c)
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

// ForestCI is the bootstrap interval a method's change from raw on a
// column is marked by (MarkInterval), for the forest plot, which draws
// MarkChange with it (nil when there is none), and why there is none when
// intervals were computed but this change has none.
func ForestCI(iv *selection.Intervals, method string, c Column) (*[2]float64, string) {
	if iv == nil || iv.Options.Resamples == 0 {
		return nil, ""
	}
	d, ok := MarkInterval(iv, method, c)
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
	fit := "CalibraEval's fit and Pride's and BC's priors held fixed"
	if o.Refit {
		fit = "CalibraEval re-fitted (from the full-data fit) and Pride's and BC's priors re-estimated per resample"
	}
	return fmt.Sprintf("%g%% paired item bootstrap %s intervals, %d resamples (seed %d), %s",
		100*o.Level, bootKindName(o.Kind), o.Resamples, o.Seed, fit)
}
