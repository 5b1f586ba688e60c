package selection

import (
	"fmt"
	"math"
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/baseline"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/metrics"
)

// BootMetric is one metric of the methods table that the selection
// bootstrap gives intervals for.
type BootMetric struct {
	// Key is the metric's report JSON key.
	Key string
	Get func(m *metrics.Metrics) calib.Stat
}

// BootMetrics lists the bootstrapped metrics in table order.
func BootMetrics() []BootMetric {
	return []BootMetric{
		{"consistency", func(m *metrics.Metrics) calib.Stat { return m.Consistency }},
		{"first_position_rate", func(m *metrics.Metrics) calib.Stat { return m.FirstPositionRate }},
		{"fleiss_kappa", func(m *metrics.Metrics) calib.Stat { return m.FleissKappa }},
		{"icc2k", func(m *metrics.Metrics) calib.Stat { return m.ICC2k }},
		{"icc3k", func(m *metrics.Metrics) calib.Stat { return m.ICC3k }},
		{"rstd", func(m *metrics.Metrics) calib.Stat { return m.RStd }},
		{"accuracy_mean", func(m *metrics.Metrics) calib.Stat { return m.AccuracyMean }},
		{"accuracy_aggregate", func(m *metrics.Metrics) calib.Stat { return m.AccuracyAggregate }},
	}
}

// BootstrapOptions are the settings of a selection bootstrap.
type BootstrapOptions struct {
	bootstrap.Options
	// Refit re-runs CalibraEval's fit and Pride's prior on every resample
	// (the honest interval: it includes the fit's own variability); false
	// holds the full-data fit fixed and resamples only the items it is
	// applied to (fast, but too narrow for a learned method).
	Refit bool
	// Cold starts every re-fit from the identity map, as the full-data fit
	// starts; by default a re-fit is warm-started from the full-data fit
	// (see Engine.Bootstrap). Tests compare the two.
	Cold bool
}

// MethodIntervals are one method's bootstrap intervals.
type MethodIntervals struct {
	Name string
	// Value holds the interval of each metric (by BootMetric.Key), and
	// Delta the interval of the method's change from raw, both computed on
	// the same resample (a paired bootstrap). Raw has no Delta.
	Value, Delta map[string]bootstrap.Interval
	// DistanceDelta holds, for the DistanceKeys (the first-position
	// rate), the interval of the change in the distance from ½,
	// |value − ½| − |raw − ½| (DistanceChange), on the same resamples: it
	// decides whether such a change is better or worse. Raw has none.
	DistanceDelta map[string]bootstrap.Interval
}

// Intervals are the bootstrap intervals of a selection analysis:
// items are resampled with replacement, every method is evaluated on the
// same resample, and percentile (or BCa) intervals are read off.
type Intervals struct {
	Options BootstrapOptions
	// Methods holds one entry per method that was bootstrapped, in the
	// order of Result.Methods.
	Methods []MethodIntervals
	// Notes say what was left out and why.
	Notes []string
	// Fixed names the learned methods whose fit (CalibraEval's map, Pride's
	// prior) was held at its full-data value on every resample — all of
	// them without Refit, CalibraEval at a path point even with it: their
	// intervals leave out the fit's own variability and are too narrow.
	Fixed []string
}

// FitFixed reports whether the named method's fit was held fixed in the
// bootstrap (Intervals.Fixed).
func (s *Intervals) FitFixed(name string) bool { return slices.Contains(s.Fixed, name) }

// Method returns the named method's intervals, or nil.
func (s *Intervals) Method(name string) *MethodIntervals {
	for i := range s.Methods {
		if s.Methods[i].Name == name {
			return &s.Methods[i]
		}
	}
	return nil
}

// bootMethod evaluates one method's metrics on a resample, with the
// memory of the worker that evaluates it (whose draw is the resample idx).
// The resample loop reads only the values (BootMetrics), so the metrics
// are metrics.ComputeValues': ComputeIn's values without the ICCs'
// intervals.
type bootMethod struct {
	name    string
	metrics func(idx []int, w *bootWorker) (metrics.Metrics, bool)
}

// fixedMethod is the bootMethod of preferences that every resample shares
// (raw judgments, a fit held fixed): ComputeValues(p, idx), each drawn
// item counted once (metrics.Fixed).
func fixedMethod(name string, p calib.Prefs) bootMethod {
	f := metrics.NewFixed(p)
	return bootMethod{name, func(_ []int, w *bootWorker) (metrics.Metrics, bool) {
		return f.Values(&w.draw, w.ws), true
	}}
}

// Bootstrap computes paired bootstrap intervals for every metric of every
// available method of sel (which this engine computed) and for each
// method's change from raw. The resampling unit is the item: all of an
// item's arrangements move together. Intervals are over all items (the
// methods table's "all items" setting). With opt.Refit, CalibraEval is
// re-fitted on each resample's estimation items (those of the resample in
// sel's estimation set, with their repeats) and Pride's prior
// re-estimated, and BC's prior; otherwise all are held at their full-data
// values (CC's and DC's priors come from the probes, which the item
// bootstrap does not resample: always held, with a note).
//
// A re-fit starts from the full-data fit (warm; opt.Cold starts it from
// the identity, as the full-data fit starts): it needs a few iterations of
// the fit's second phase instead of a whole fit (NOA.FitCurve: the map
// alone, from that phase's g), and each resample's problem is built from
// the full one's knots and terms (calibraeval.Resampler, NewNOA's problem
// exactly). The objective is not
// convex, so a warm fit may end in another local minimum than a cold one,
// and even in the same one its digits differ within the fit's tolerance:
// on a simulated judge the warm and cold intervals' ends agree within 1e-4
// (TestBootstrapWarmMatchesCold; they were equal there). Each worker reuses its own memory
// (workspace and problem) from one resample to the next.
func (e *Engine) Bootstrap(sel *Result, opt BootstrapOptions) (*Intervals, error) {
	if sel == nil {
		return nil, fmt.Errorf("bootstrap of judge %q: no selection analysis", e.judge)
	}
	e.prepare()
	out := &Intervals{Options: opt}
	est, _, err := calib.EstimationSet(len(e.pairs), sel.Options.EstFrac, sel.Options.Seed)
	if err != nil {
		return nil, fmt.Errorf("bootstrap of judge %q: %w", e.judge, err)
	}
	isEst := make([]bool, len(e.pairs))
	for _, i := range est {
		isEst[i] = true
	}
	// estOf appends the estimation items among idx, in order, to s.
	estOf := func(s, idx []int) []int {
		for _, i := range idx {
			if isEst[i] {
				s = append(s, i)
			}
		}
		return s
	}
	var methods []bootMethod
	for i := range sel.Methods {
		m := &sel.Methods[i]
		if !m.Available {
			continue
		}
		if why := noIntervals(m); why != "" {
			out.Notes = append(out.Notes, fmt.Sprintf("%s: no intervals — %s", m.Name, why))
			continue
		}
		switch m.Name {
		case MethodRaw:
			methods = append(methods, fixedMethod(m.Name, e.raw))
		case MethodBPC:
			bpc := metrics.NewFixed(e.bpc) // BPCMetricsSubset(e.bpc, idx), each item counted once
			methods = append(methods, bootMethod{m.Name, func(_ []int, w *bootWorker) (metrics.Metrics, bool) {
				return baseline.BPCMetricsFixed(bpc, &w.draw), true
			}})
		case MethodDiscard:
			di := baseline.NewDiscardIndex(e.raw) // DiscardMetricsIn(e.raw, idx, …), each item classified once
			methods = append(methods, bootMethod{m.Name, func(_ []int, w *bootWorker) (metrics.Metrics, bool) {
				d, _ := di.MetricsOf(&w.draw)
				return d, true
			}})
		case MethodPride:
			if !opt.Refit && sel.Prior != nil {
				out.Fixed = append(out.Fixed, m.Name)
				methods = append(methods, fixedMethod(m.Name, calib.MappedPrefs(e.pairs, sel.Prior.Debias)))
				continue
			}
			methods = append(methods, bootMethod{m.Name, e.prideRefitter(isEst)})
		case MethodMEC, MethodBPCScores, MethodMECBPC:
			methods = append(methods, e.mecBoot(m.Name))
		case MethodCC, MethodDC, MethodBC:
			if b, note := e.arrBoot(sel, m.Name, opt.Refit, estOf); b != nil {
				methods = append(methods, *b)
				if note != "" {
					out.Notes = append(out.Notes, note)
				}
				if m.Name == MethodBC && !opt.Refit {
					out.Fixed = append(out.Fixed, m.Name)
				}
			}
		case MethodCalibraEval:
			if sel.FitCurve() == nil {
				continue
			}
			if opt.Refit && sel.Stop != nil {
				// A re-fit would run to convergence, not to the path point
				// the row stops at; re-running the path per resample costs
				// ~30 fits each.
				out.Notes = append(out.Notes, fmt.Sprintf("%s: the fit is held fixed at path point %d (a re-fit per resample would not stop there)", m.Name, sel.Stop.Point))
			}
			if !opt.Refit || sel.Stop != nil {
				out.Fixed = append(out.Fixed, m.Name)
				methods = append(methods, fixedMethod(m.Name, calib.CalibratedPrefs(e.pairs, sel.FitCurve())))
				continue
			}
			refit, err := e.refitter(sel, est, opt.Cold)
			if err != nil {
				return nil, fmt.Errorf("bootstrap of judge %q: %w", e.judge, err)
			}
			methods = append(methods, bootMethod{m.Name, refit})
		case MethodCalibraEvalPublished:
			if sel.Published == nil || sel.Published.Curve == nil {
				continue
			}
			if !opt.Refit {
				out.Fixed = append(out.Fixed, m.Name)
				methods = append(methods, fixedMethod(m.Name, calib.CalibratedPrefs(e.pairs, sel.Published.Curve)))
				continue
			}
			po := sel.Published.Options
			methods = append(methods, bootMethod{m.Name, func(idx []int, w *bootWorker) (metrics.Metrics, bool) {
				ordered := estOf(nil, idx)
				slices.Sort(ordered) // the script reads its items in file order
				fit, err := calibraeval.FitPublished(e.pairs, ordered, po)
				if err != nil {
					return metrics.Metrics{}, false
				}
				return metrics.ResampleValues(calib.CalibratedPrefs(e.pairs, fit.Curve), &w.draw, w.ws), true
			}})
		}
	}
	if len(methods) == 0 || methods[0].name != MethodRaw {
		return nil, fmt.Errorf("bootstrap of judge %q: raw judgments unavailable", e.judge)
	}
	keys := BootMetrics()
	// Statistic layout: for method j and metric k, value at (j·K + k)·2 and
	// change from raw at (j·K + k)·2 + 1.
	K := len(keys)
	names := make([]string, 2*K*len(methods))
	for j, m := range methods {
		for k, bm := range keys {
			names[2*(j*K+k)] = m.name + "/" + bm.Key
			names[2*(j*K+k)+1] = m.name + "/" + bm.Key + "/delta"
		}
	}
	// Then the change in the distance from ½ (bootstrap_distance.go).
	dist, distNames := newDistanceStats(bootMethodNames(methods), keys, len(names))
	names = append(names, distNames...)
	var pool bootWorkers
	stat := func(idx []int) []float64 {
		w := pool.get()
		defer pool.put(w)
		w.draw.Set(idx, len(e.pairs))
		v := make([]float64, len(names))
		var raw [16]float64
		for j, m := range methods {
			mt, ok := m.metrics(idx, w)
			for k, bm := range keys {
				x := math.NaN()
				if ok {
					if s := bm.Get(&mt); s.OK() {
						x = s.Value
					}
				}
				if j == 0 {
					raw[k] = x
				}
				v[2*(j*K+k)] = x
				v[2*(j*K+k)+1] = x - raw[k] // NaN when either is undefined
			}
		}
		dist.fill(v)
		return v
	}
	res, err := bootstrap.Run(len(e.pairs), names, stat, opt.Options)
	if err != nil {
		return nil, fmt.Errorf("bootstrap of judge %q: %w", e.judge, err)
	}
	for j, m := range methods {
		mi := MethodIntervals{Name: m.name, Value: map[string]bootstrap.Interval{}}
		if j > 0 {
			mi.Delta = map[string]bootstrap.Interval{}
			mi.DistanceDelta = dist.intervals(res, j)
		}
		for k, bm := range keys {
			if r := res[2*(j*K+k)]; r.Reason != "undefined on the data" {
				mi.Value[bm.Key] = r
			}
			if j > 0 {
				if r := res[2*(j*K+k)+1]; r.Reason != "undefined on the data" {
					mi.Delta[bm.Key] = r
				}
			}
		}
		out.Methods = append(out.Methods, mi)
	}
	return out, nil
}

// noIntervals says why a method gets no intervals ("" when it does): a
// collapsed fit's metrics are not shown, so they get no intervals either.
func noIntervals(m *MethodResult) string {
	if m.Degenerate {
		return m.DegenerateReason
	}
	return ""
}
