package analysis

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
)

// The bias measures the Conditions view ranks conditions by: the raw
// judge's RStd (lower is less biased) when every condition has gold, else
// its Fleiss κ over the arrangements (higher is less biased).
const (
	MeasureRStd  = "rstd"
	MeasureKappa = "fleiss_kappa"
)

// ConditionMetrics are the metrics the Conditions view shows per condition
// and method (selection.BootMetric keys): κ, ICC(2,k), RStd and the mean
// accuracy, as CalibraEval's Figures 3–5 do.
var ConditionMetrics = []string{"fleiss_kappa", "icc2k", "rstd", "accuracy_mean"}

// Conditions is the Conditions view of one judge judged in two or more
// conditions: its variants (each a JudgeAnalysis of the Analysis), each
// method's spread across them, and the condition in which the raw judge
// is least biased.
type Conditions struct {
	// Judge is the judge as named in the log; Variants are the names its
	// conditions are analysed under (JudgeAnalysis.Judge), in name order,
	// with their Labels and condition objects.
	Judge      string
	Variants   []string
	Labels     []string
	Conditions []json.RawMessage
	// Items counts each condition's pair items; Shared the items judged in
	// every condition.
	Items  []int
	Shared int
	// Across holds, per method (selection.MethodNames order) and metric of
	// ConditionMetrics, the mean and spread of the method's value over the
	// conditions where it is defined.
	Across []MethodSpread
	// Measure is the bias measure the ranking uses (MeasureRStd or
	// MeasureKappa); Rank lists the indices of Variants from least to most
	// biased, conditions where the measure is undefined left out.
	Measure string
	Rank    []int
	// Least compares the two least biased conditions; nil when fewer than
	// two have the measure (Reason says why).
	Least  *LeastBiased
	Reason string
}

// MethodSpread is one method's values across conditions.
type MethodSpread struct {
	Method  string
	Metrics map[string]Spread // by ConditionMetrics key
}

// Spread summarises a metric's values across conditions: their mean,
// population standard deviation, least and greatest, over N conditions
// (N = 0: undefined everywhere, the other fields zero).
type Spread struct {
	N                  int
	Mean, SD, Min, Max float64
}

// LeastBiased compares the least biased condition (Best) with the next
// (Next), both indices of Conditions.Variants, on the raw judge's bias
// measure over the items both conditions share.
type LeastBiased struct {
	Best, Next int
	// BestValue and NextValue are the measure in each condition over the
	// shared items.
	BestValue, NextValue float64
	// Diff is how much less biased Best is: NextValue − BestValue for
	// RStd, BestValue − NextValue for κ (positive: Best is less biased),
	// with its paired item bootstrap interval over the Shared items
	// (Diff.CI nil when the bootstrap is off or failed: Diff.Reason).
	Diff   bootstrap.Interval
	Shared int
	// Clear is true when the interval lies above 0: Best is less biased
	// than Next beyond the items' noise. Otherwise the comparison says
	// nothing, and must be shown as such.
	Clear bool
}

// conditionsOf builds the Conditions view of every judge of judges (an
// Analysis's) whose analysed names include two or more conditions.
func (e *Engine) conditionsOf(judges []JudgeAnalysis, opt Options) []Conditions {
	byBase := map[string][]int{}
	var bases []string
	for k := range judges {
		v, ok := e.variants[judges[k].Judge]
		if !ok {
			continue
		}
		if _, seen := byBase[v.Judge]; !seen {
			bases = append(bases, v.Judge)
		}
		byBase[v.Judge] = append(byBase[v.Judge], k)
	}
	slices.Sort(bases)
	var out []Conditions
	for _, b := range bases {
		if ks := byBase[b]; len(ks) >= 2 {
			out = append(out, e.judgeConditions(b, judges, ks, opt))
		}
	}
	return out
}

// judgeConditions builds one judge's Conditions from its variants' analyses
// judges[ks].
func (e *Engine) judgeConditions(judge string, judges []JudgeAnalysis, ks []int, opt Options) Conditions {
	c := Conditions{Judge: judge}
	pairs := make([][]model.Pair, len(ks))
	for i, k := range ks {
		ja := &judges[k]
		v := e.variants[ja.Judge]
		c.Variants = append(c.Variants, ja.Judge)
		c.Labels = append(c.Labels, v.Label)
		c.Conditions = append(c.Conditions, v.Condition)
		pairs[i], _, _ = e.Records(ja.Judge, opt.Group)
		c.Items = append(c.Items, len(pairs[i]))
	}
	c.Shared = len(sharedIDs(pairs))
	c.Across = acrossConditions(judges, ks)
	c.Measure = MeasureRStd
	for _, k := range ks {
		if sel := judges[k].Selection; sel == nil || !rawMetrics(sel).RStd.OK() {
			c.Measure = MeasureKappa
		}
	}
	c.Rank = rankConditions(judges, ks, c.Measure)
	if len(c.Rank) < 2 {
		c.Reason = fmt.Sprintf("the bias measure (%s) is defined in fewer than two conditions", c.Measure)
		return c
	}
	lb, reason := leastBiased(pairs, c.Rank[0], c.Rank[1], c.Measure, opt)
	c.Least, c.Reason = lb, reason
	return c
}

// rawMetrics are the raw judge's metrics over every item.
func rawMetrics(sel *selection.Result) *metrics.Metrics {
	for i := range sel.Methods {
		if sel.Methods[i].Name == selection.MethodRaw {
			return &sel.Methods[i].All
		}
	}
	return &metrics.Metrics{}
}

// measureOf reads the bias measure from m, oriented so that lower is less
// biased (κ is negated).
func measureOf(m *metrics.Metrics, measure string) (float64, bool) {
	if measure == MeasureRStd {
		return m.RStd.Value, m.RStd.OK()
	}
	return -m.FleissKappa.Value, m.FleissKappa.OK()
}

// rankConditions orders the conditions ks (by their index 0..len(ks)-1)
// from least to most biased by the raw judge's measure over every item;
// ties keep name order.
func rankConditions(judges []JudgeAnalysis, ks []int, measure string) []int {
	var idx []int
	val := make([]float64, len(ks))
	for i, k := range ks {
		sel := judges[k].Selection
		if sel == nil {
			continue
		}
		if v, ok := measureOf(rawMetrics(sel), measure); ok {
			val[i] = v
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case val[a] < val[b]:
			return -1
		case val[a] > val[b]:
			return 1
		}
		return 0
	})
	return idx
}

// acrossConditions summarises each method's metrics over the conditions.
func acrossConditions(judges []JudgeAnalysis, ks []int) []MethodSpread {
	var out []MethodSpread
	for _, name := range selection.MethodNames() {
		ms := MethodSpread{Method: name, Metrics: map[string]Spread{}}
		for _, key := range ConditionMetrics {
			var xs []float64
			for _, k := range ks {
				if m := methodMetrics(judges[k].Selection, name); m != nil {
					if s := metricByKey(m, key); s.OK() {
						xs = append(xs, s.Value)
					}
				}
			}
			ms.Metrics[key] = spreadOf(xs)
		}
		out = append(out, ms)
	}
	return out
}

// methodMetrics are an available, not collapsed method's metrics over
// every item, or nil.
func methodMetrics(sel *selection.Result, name string) *metrics.Metrics {
	if sel == nil {
		return nil
	}
	for i := range sel.Methods {
		if m := &sel.Methods[i]; m.Name == name && m.Available && !m.Degenerate {
			return &m.All
		}
	}
	return nil
}

// metricByKey reads the metric of a selection.BootMetric key.
func metricByKey(m *metrics.Metrics, key string) calib.Stat {
	for _, b := range selection.BootMetrics() {
		if b.Key == key {
			return b.Get(m)
		}
	}
	return calib.Stat{Reason: "unknown metric " + key}
}

// spreadOf is the mean, population sd, least and greatest of xs.
func spreadOf(xs []float64) Spread {
	s := Spread{N: len(xs)}
	if len(xs) == 0 {
		return s
	}
	s.Min, s.Max = slices.Min(xs), slices.Max(xs)
	for _, x := range xs {
		s.Mean += x
	}
	s.Mean /= float64(len(xs))
	for _, x := range xs {
		s.SD += (x - s.Mean) * (x - s.Mean)
	}
	s.SD = math.Sqrt(s.SD / float64(len(xs)))
	return s
}
