package analysis

import (
	"context"
	"fmt"
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/baseline"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/panel"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/model"
)

// Analysis is the result of analysing a log: one entry per judge, sorted by
// name, and what the log held.
type Analysis struct {
	Options Options
	Files   []model.FileInfo
	Skipped int
	Reasons []string
	// Notes are the importers' remarks about the input (model.Log.Notes):
	// verdicts that could not be read, position bias that cannot be
	// measured, …
	Notes  []string
	Judges []JudgeAnalysis
	// Conditions holds the Conditions view of each judge judged in two or
	// more conditions (conditions.go); nil when there is none.
	Conditions []Conditions
	// Panel is the judges' panel analysis over the items two or more of
	// them judged (Engine.Panel; Report only), nil with PanelReason when
	// there is none.
	Panel       *panel.Result
	PanelReason string
	// Reproduce, when set, is the command that recomputes these numbers
	// (the TUI's export sets it); the reports write it in full.
	Reproduce string
}

// JudgeAnalysis is everything plumb computed for one judge. A nil result
// has its reason in the matching …Reason field.
type JudgeAnalysis struct {
	Judge string
	// Group is the group filter the pair records were analysed under ("" =
	// every group); score and verdict records have no group.
	Group    string
	Pairs    int
	Scores   int
	Verdicts int

	Selection       *selection.Result
	SelectionReason string

	// Target is the reporting target used ("verdict" or "pair:<source>").
	Target          string
	Reporting       *reporting.Result
	ReportingReason string
	// ReportingLeftOut counts pair items left out of the reporting target
	// and why (gold tie, a tie decision, no verdict).
	ReportingLeftOut reporting.LeftOut
	// ArbitraryOrder, for a pair target, says why response_1 is not one
	// system throughout ("" when it is, or the target is not pair): then
	// P(response_1 better) describes how the log ordered its pairs, not a
	// model, and is not headlined.
	ArbitraryOrder string

	Likelihood       *likelihood.Analysis
	LikelihoodReason string

	// Intervals are the bootstrap intervals of the methods table (nil when
	// the bootstrap is off, not yet computed — the TUI computes them in
	// the background — or failed: IntervalsReason says why).
	Intervals       *selection.Intervals
	IntervalsReason string

	// Style is the judge's length and self-preference bias and the win
	// rates of its generators (Engine.Style; Report computes it). nil when
	// Options.Style leaves the judge out (StyleReason empty: no section)
	// or when it failed (StyleReason says why).
	Style       *style.Result
	StyleReason string
}

// judgeRecords are one judge's records: sub-slices of the log's.
type judgeRecords struct {
	pairs    []model.Pair
	scores   []model.Score
	verdicts []model.Verdict
	// probes are the judge's probe records (CC and DC's priors).
	probes []model.Probe
}

// byJudge groups xs by judge in place — judges in name order, each judge's
// records in their original order — and returns each judge's sub-slice. It
// is a stable counting sort applied as a permutation, O(n) swaps and no
// copy of the records (a comparison sort of records this large costs
// seconds on a million of them).
func byJudge[T any](xs []T, judge func(*T) string) map[string][]T {
	ids := map[string]int32{}
	var names []string
	key := make([]int32, len(xs))
	for i := range xs {
		j := judge(&xs[i])
		id, ok := ids[j]
		if !ok {
			id = int32(len(names))
			ids[j] = id
			names = append(names, j)
		}
		key[i] = id
	}
	counts := make([]int32, len(names))
	for _, k := range key {
		counts[k]++
	}
	sorted := slices.Clone(names)
	slices.Sort(sorted)
	next := make([]int32, len(names))
	var off int32
	for _, name := range sorted {
		id := ids[name]
		next[id] = off
		off += counts[id]
	}
	dest := key // reuse: dest[i] is where record i goes
	for i, k := range key {
		dest[i] = next[k]
		next[k]++
	}
	for i := range xs {
		for d := dest[i]; d != int32(i); d = dest[i] {
			xs[i], xs[d] = xs[d], xs[i]
			dest[i], dest[d] = dest[d], dest[i]
		}
	}
	out := make(map[string][]T, len(names))
	off = 0
	for _, name := range sorted {
		c := counts[ids[name]]
		out[name] = xs[off : off+c : off+c]
		off += c
	}
	return out
}

// Analyze runs every engine for every judge of the log (see Engine, which
// it uses once), then the bootstrap intervals (Engine.Report). It sorts the log's record slices by judge (stably) so each
// judge's records are a sub-slice, not a copy. Judges are analysed in
// parallel. An unknown judge in opt.Judges is an error that lists the
// judges the log has.
func Analyze(lg *model.Log, opt Options) (*Analysis, error) {
	e := NewEngine(lg)
	e.oneShot = true
	return e.Report(opt)
}

// analyzeJudge runs the selection, reporting and likelihood engines for
// one judge: the likelihood engine on its own goroutine, at the same time
// as the other two (the results do not depend on it); ctx stops
// CalibraEval's fit.
func analyzeJudge(ctx context.Context, judge string, st *judgeState, opt Options) (JudgeAnalysis, error) {
	var lik JudgeAnalysis
	done := make(chan struct{})
	go func() {
		defer close(done)
		lik = analyzeJudgeLikelihood(judge, st, opt)
	}()
	ja, err := analyzeJudgeSelection(ctx, judge, st, opt)
	<-done
	ja.Likelihood, ja.LikelihoodReason = lik.Likelihood, lik.LikelihoodReason
	return ja, err
}

// newJudgeAnalysis returns a judge's analysis with its counts.
func newJudgeAnalysis(judge string, st *judgeState) JudgeAnalysis {
	r := st.recs
	return JudgeAnalysis{Judge: judge, Group: st.group, Pairs: len(r.pairs), Scores: len(r.scores), Verdicts: len(r.verdicts)}
}

// analyzeJudgeSelection runs the selection and reporting engines for one
// judge (every field of the result but the likelihood's); ctx stops
// CalibraEval's fit. st's selection engine is reused across calls; it
// takes st.mu.
func analyzeJudgeSelection(ctx context.Context, judge string, st *judgeState, opt Options) (JudgeAnalysis, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	r := st.recs
	ja := newJudgeAnalysis(judge, st)
	if len(r.pairs) == 0 {
		ja.SelectionReason = "the judge has no pair items"
		if st.group != "" {
			ja.SelectionReason = fmt.Sprintf("the judge has no pair items in group %q", st.group)
		}
	} else {
		st.ensureSel(judge)
		sel, err := st.sel.AnalyzeContext(ctx, opt.Selection)
		if err != nil {
			return ja, err
		}
		ja.Selection = sel
	}
	analyzeReporting(&ja, r, opt)
	return ja, nil
}

// analyzeJudgeLikelihood runs the likelihood engine for one judge (only
// Likelihood and LikelihoodReason of the result are set). st's likelihood
// cache is reused across calls; it takes st.likMu.
func analyzeJudgeLikelihood(judge string, st *judgeState, opt Options) JudgeAnalysis {
	st.likMu.Lock()
	defer st.likMu.Unlock()
	ja := newJudgeAnalysis(judge, st)
	if len(st.recs.scores) == 0 {
		ja.LikelihoodReason = "the judge has no score items"
		return ja
	}
	bk := likBootKey{opt.Bootstrap.Resamples, opt.Bootstrap.Explicit, opt.Bootstrap.Kind}
	if st.lik == nil || st.likOpt != opt.Likelihood || st.likBoot != bk {
		lik, err := likelihood.Analyze(judge, st.recs.scores, opt.Likelihood)
		if err == nil {
			err = bootLikelihood(lik, opt)
		}
		st.lik, st.likErr, st.likOpt, st.likBoot = lik, err, opt.Likelihood, bk
	}
	if st.likErr != nil {
		ja.LikelihoodReason = st.likErr.Error()
	} else {
		ja.Likelihood = st.lik
	}
	return ja
}

// analyzeReporting picks the judge's reporting target and runs the
// Rogan–Gladen engine on it.
func analyzeReporting(ja *JudgeAnalysis, r judgeRecords, opt Options) {
	useVerdicts := opt.Target == TargetVerdict || (opt.Target == TargetAuto && len(r.verdicts) > 0)
	var items []reporting.BinaryItem
	if useVerdicts {
		ja.Target = TargetVerdict
		if len(r.verdicts) == 0 {
			ja.ReportingReason = "the judge has no verdict records"
			return
		}
		items = reporting.BinaryFromVerdicts(r.verdicts)
	} else {
		ja.Target = TargetPair + ":" + opt.VerdictFrom.String()
		if len(r.pairs) == 0 {
			ja.ReportingReason = "the judge has neither verdict nor pair records"
			return
		}
		ja.ArbitraryOrder = arbitraryOrder(r.pairs)
		prefs, err := pairPrefs(ja.Selection, r.pairs, opt.VerdictFrom)
		if err != nil {
			ja.ReportingReason = err.Error()
			return
		}
		items, ja.ReportingLeftOut, err = reporting.PairVerdicts(r.pairs, prefs, opt.VerdictFrom)
		if err != nil {
			ja.ReportingReason = err.Error()
			return
		}
	}
	rep, err := reporting.Compute(items, opt.Reporting)
	if err != nil {
		ja.ReportingReason = err.Error()
		return
	}
	ja.Reporting = rep
}

// pairPrefs returns the preferences the verdict source reads: raw, the
// CalibraEval-calibrated ones at the current λ and estimation set (an
// error when the fit collapsed), or BPC's.
func pairPrefs(sel *selection.Result, pairs []model.Pair, from reporting.VerdictFrom) (calib.Prefs, error) {
	raw := calib.RawPrefs(pairs)
	switch from {
	case reporting.VerdictCalibrated:
		// A collapsed map's verdicts are all one answer (or round-off).
		curve, why := sel.UsableCurve()
		if curve == nil {
			return calib.Prefs{}, fmt.Errorf("verdicts from calibrated preferences: %s", why)
		}
		return calib.CalibratedPrefs(pairs, curve), nil
	case reporting.VerdictBPC:
		bp, err := baseline.BPCPrefs(raw)
		if err != nil {
			return calib.Prefs{}, fmt.Errorf("verdicts from BPC: %w", err)
		}
		return bp, nil
	}
	return raw, nil
}

func quoteList(xs []string) string {
	s := ""
	for i, x := range xs {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%q", x)
	}
	return s
}
