package report

import (
	"math"

	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/selection"
)

// DocBootstrap describes a bootstrap in the report JSON.
type DocBootstrap struct {
	// Resamples is B (0 = no bootstrap).
	Resamples int     `json:"resamples"`
	Kind      string  `json:"kind"`
	Level     float64 `json:"level"`
	// Refit is "refit" (CalibraEval re-fitted per resample), "fixed" (the
	// full-data fit held fixed) or, in options, "auto" (the rule of
	// README, "Intervals").
	Refit string `json:"refit"`
	// Unit is the resampling unit: "item" (every arrangement of a pair
	// item moves with it; every method is evaluated on the same resample).
	Unit  string   `json:"unit"`
	Seed  uint64   `json:"seed"`
	Notes []string `json:"notes"`
}

// docBootstrap is the bootstrap the options ask for.
func docBootstrap(opt Options) DocBootstrap {
	bo := opt.Bootstrap
	return DocBootstrap{Resamples: max(0, bo.Resamples), Kind: bo.Kind.String(), Level: BootLevel, Refit: bo.Refit.String(),
		Unit: "item", Seed: opt.Selection.Seed, Notes: []string{}}
}

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
// contains 0, or there is none). better is Column.Better; for the
// first-position rate (0.5 is fair) a change that excludes 0 is better when
// the value v ends closer to 0.5 than raw.
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

// changeWords name IntervalChange's answers in JSON.
var changeWords = map[int]string{+1: "better", -1: "worse", 0: "within noise"}

// addIntervals puts a judge's bootstrap intervals next to the values of
// each method's all-items metrics.
func addIntervals(out *Selection, ja *JudgeAnalysis) {
	iv := ja.Intervals
	if iv == nil {
		if ja.IntervalsReason != "" {
			out.Notes = append(out.Notes, "bootstrap: "+ja.IntervalsReason)
		}
		return
	}
	o := iv.Options
	refit := "fixed"
	if o.Refit {
		refit = "refit"
	}
	out.Bootstrap = &DocBootstrap{Resamples: o.Resamples, Kind: o.Kind.String(), Level: o.Level, Refit: refit,
		Unit: "item", Seed: o.Seed, Notes: nonNil(iv.Notes)}
	sel := ja.Selection
	raw := sel.Method(selection.MethodRaw)
	for _, mi := range iv.Methods {
		m := out.Methods[mi.Name]
		mr := sel.Method(mi.Name)
		if m == nil || mr == nil {
			continue
		}
		for _, c := range selectionColumns {
			k := BootKey(c)
			if b, ok := mi.Value[k]; ok && b.CI != nil {
				m.CI95[k] = [2]float64{b.CI.Lower, b.CI.Upper}
			} else if ok {
				m.Notes = append(m.Notes, k+": no bootstrap interval — "+b.Reason)
			}
			d, ok := mi.Delta[k]
			if !ok || raw == nil {
				continue
			}
			if d.CI != nil {
				m.DeltaCI95[k] = [2]float64{d.CI.Lower, d.CI.Upper}
			} else {
				m.Notes = append(m.Notes, k+": no bootstrap interval of the change — "+d.Reason)
			}
			if r, v := c.Get(&raw.All), c.Get(&mr.All); r.OK() && v.OK() && r.Flag == "" && v.Flag == "" {
				m.Change[k] = changeWords[IntervalChange(c.Better, d, r.Value, v.Value)]
			}
		}
	}
}

// addBiasIntervals adds BiasScore's bootstrap interval and the p-value's
// Monte Carlo standard error.
func addBiasIntervals(out *Likelihood, l *likelihood.Analysis) {
	set := func(dst *BiasScore, b *likelihood.BiasResult) {
		if dst == nil {
			return
		}
		if b.BiasScore.OK() && b.BiasScore.CI != nil {
			dst.CI95 = &[2]float64{b.BiasScore.CI.Lower, b.BiasScore.CI.Upper}
		}
		dst.PValueSE = value(b.PValueSE)
	}
	for i := range l.Criteria {
		set(out.Criteria[l.Criteria[i].Criterion], &l.Criteria[i])
	}
	set(out.Total, &l.Total)
}

// forestCI is the bootstrap interval of a method's change from raw on a
// column's metric, for the forest plot (nil when there is none).
func forestCI(iv *selection.Intervals, method string, c Column) *[2]float64 {
	if iv == nil {
		return nil
	}
	mi := iv.Method(method)
	if mi == nil {
		return nil
	}
	if d, ok := mi.Delta[BootKey(c)]; ok && d.CI != nil {
		return &[2]float64{d.CI.Lower, d.CI.Upper}
	}
	return nil
}
