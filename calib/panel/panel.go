package panel

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// Input is a panel's judgments, aligned by item: item i of every judge's
// Prefs is the same item, with no arrangement given where the judge did
// not judge it.
type Input struct {
	Judges []string
	Prefs  []calib.Prefs
	// Calibrated[j], when not nil, is judge j's calibrated preferences
	// (aligned the same way); the calibrated verdict uses them.
	Calibrated []*calib.Prefs
	// Pride[j], when not nil, is judge j's preferences debiased by Pride
	// (aligned the same way); the Pride verdict uses them.
	Pride []*calib.Prefs
	// Gold is each item's gold label.
	Gold []model.Gold
	// Methods[j], when not nil, is judge j's other methods (BPC, CC, DC,
	// BC, discard-inconsistent, …) as their choices per item (aligned the
	// same way); only the pairs use them.
	Methods [][]Method
	// People[j], when People is not nil, says judge j is a person (an
	// annotator): the result then splits α by who rated (Result.People).
	People []bool
}

// Method is one of a judge's methods: its position-balanced choice on
// each item (selection.Result.Choices), model.GoldNone where it gives none
// (an item it drops or has no arrangement of): such items are left out of
// its pairs.
type Method struct {
	Name   string
	Choice []model.Gold
}

// Options are a panel analysis' settings.
type Options struct {
	// Bootstrap gives α's and the accuracy differences' intervals (no
	// intervals with 0 resamples).
	Bootstrap bootstrap.Options
	// Alpha is the family-wise level a Holm-adjusted p-value must be below
	// for a difference to survive (0.05 when 0).
	Alpha float64
}

// LeaveOut is α of the panel without one judge.
type LeaveOut struct {
	Judge             string
	Nominal, Interval calib.Stat
}

// Pair compares two judges on the items both judged with gold 1 or 2, or
// (Judge set) one judge's raw choices with its calibrated ones on the
// items it judged with gold 1 or 2.
type Pair struct {
	A, B string
	// Judge names the judge of a pair of methods ("" for two judges).
	Judge string
	// N is the number of items both judged with gold 1 or 2.
	N int
	// AccuracyA and AccuracyB are their accuracies there; Diff is
	// AccuracyA − AccuracyB with its paired bootstrap interval.
	AccuracyA, AccuracyB, Diff calib.Stat
	// Discordant counts the items only A got right (B10) and only B got
	// right (B01).
	B10, B01 int
	// McNemar is the exact McNemar p-value, Holm its Holm-adjusted value
	// across the pairs whose McNemar p is defined.
	McNemar, Holm calib.Stat
	// Kappa is Cohen's κ of their choices over every item both judged.
	Kappa calib.Stat
	// Survives is true when Holm is below the options' Alpha.
	Survives bool
}

// Result is a panel analysis.
type Result struct {
	Judges []string
	// Items counts the items at least two judges judged, the ones every
	// number uses; Gold those of them with gold 1 or 2.
	Items, Gold int
	// AlphaNominal (choices) and AlphaInterval (preferences) carry their
	// bootstrap interval in CI when there is one.
	AlphaNominal, AlphaInterval calib.Stat
	Fleiss                      calib.Stat
	// Kappa[a][b] is Cohen's κ of judges a and b (1 on the diagonal).
	Kappa    [][]calib.Stat
	LeaveOut []LeaveOut
	// Accuracy is each judge's accuracy on the items with gold 1 or 2 it
	// judged (as metrics.AccuracyAggregate).
	Accuracy []calib.Stat
	// JudgeMetrics are each judge's metrics over the shared items (the
	// items it judged among them), beside the panel's.
	JudgeMetrics []metrics.Metrics
	// Majority and Mean are the panel's verdicts as a judge's metrics;
	// Calibrated is the mean of the calibrated preferences, nil with
	// CalibratedReason when no judge has them.
	Majority, Mean   metrics.Metrics
	Calibrated       *metrics.Metrics
	CalibratedReason string
	// Pride is the mean of the Pride-debiased preferences, nil with
	// PrideReason when no judge has them.
	Pride       *metrics.Metrics
	PrideReason string
	// Pairs are every pair of judges and every pair of one judge's
	// methods (raw, CalibraEval and Pride where it has their preferences,
	// and Input.Methods), by Holm-adjusted p (undefined last), Holm's
	// correction across all of them.
	Pairs []Pair
	// People splits the agreement between people and judges (nil unless
	// Input.People flags some judges but not all).
	People *People
	Notes  []string
}

// defaultAlpha is the family-wise level of Options.Alpha's zero value.
const defaultAlpha = 0.05

// Analyze runs the panel analysis of in (the package doc's formulas). It
// needs at least two judges with aligned items.
func Analyze(in Input, opt Options) (*Result, error) {
	k := len(in.Judges)
	if k < 2 {
		return nil, errors.New("a panel needs at least two judges")
	}
	if len(in.Prefs) != k || (in.Calibrated != nil && len(in.Calibrated) != k) || (in.Pride != nil && len(in.Pride) != k) || (in.Methods != nil && len(in.Methods) != k) {
		return nil, fmt.Errorf("panel: %d judges but %d preference sets", k, len(in.Prefs))
	}
	for j := range in.Prefs {
		if in.Prefs[j].Len() != len(in.Gold) {
			return nil, fmt.Errorf("panel: judge %d has %d items, want %d", j+1, in.Prefs[j].Len(), len(in.Gold))
		}
		for _, m := range methodsOf(in, j) {
			if len(m.Choice) != len(in.Gold) {
				return nil, fmt.Errorf("panel: judge %d's %s has %d items, want %d", j+1, m.Name, len(m.Choice), len(in.Gold))
			}
		}
	}
	if opt.Alpha == 0 {
		opt.Alpha = defaultAlpha
	}
	in = shared(in)
	r := &Result{Judges: slices.Clone(in.Judges), Items: len(in.Gold)}
	if r.Items == 0 {
		return nil, errors.New("no item was judged by two judges")
	}
	for _, g := range in.Gold {
		if g == model.Gold1 || g == model.Gold2 {
			r.Gold++
		}
	}
	choices, prefs := tables(in)
	r.AlphaNominal, r.AlphaInterval = Alpha(choices, Nominal), Alpha(prefs, Interval)
	r.Notes = append(r.Notes, alphaIntervals(r, choices, prefs, opt.Bootstrap)...)
	r.Fleiss = Fleiss(choices)
	r.Kappa = kappaMatrix(choices)
	r.Notes = append(r.Notes, twinNotes(r.Judges, choices)...)
	r.People = people(in, choices, r.Kappa)
	if k > 2 {
		for j, name := range in.Judges {
			r.LeaveOut = append(r.LeaveOut, LeaveOut{Judge: name,
				Nominal: AlphaWithout(choices, Nominal, j), Interval: AlphaWithout(prefs, Interval, j)})
		}
	}
	r.Accuracy = accuracies(choices, in.Gold)
	for _, p := range in.Prefs {
		r.JudgeMetrics = append(r.JudgeMetrics, metrics.Compute(p))
	}
	verdicts(r, in)
	if k == 2 {
		r.Notes = append(r.Notes, "majority verdict: with two judges a majority vote is a tie wherever they disagree, and a tie counts as wrong in accuracy")
	}
	r.Pairs = pairs(in, choices, r.Kappa, opt)
	return r, nil
}

// kappaMatrix is Cohen's κ of every pair of judges.
func kappaMatrix(t Table) [][]calib.Stat {
	k := len(t.V[0])
	m := make([][]calib.Stat, k)
	for a := range m {
		m[a] = make([]calib.Stat, k)
	}
	for a := 0; a < k; a++ {
		m[a][a] = calib.Defined(1, 0)
		for b := a + 1; b < k; b++ {
			m[a][b] = Cohen(t, a, b)
			m[b][a] = m[a][b]
		}
	}
	for a := 0; a < k; a++ {
		m[a][a].N = judged(t, a)
	}
	return m
}

// judged counts the items judge j judged.
func judged(t Table, j int) int {
	n := 0
	for i := range t.Has {
		if t.Has[i][j] {
			n++
		}
	}
	return n
}

// byHolm orders pairs by Holm-adjusted p, undefined last, then by name.
func byHolm(a, b Pair) int {
	if a.Holm.OK() != b.Holm.OK() {
		if a.Holm.OK() {
			return -1
		}
		return 1
	}
	if c := cmp.Compare(a.Holm.Value, b.Holm.Value); c != 0 && a.Holm.OK() {
		return c
	}
	return cmp.Or(cmp.Compare(a.A, b.A), cmp.Compare(a.B, b.B))
}
