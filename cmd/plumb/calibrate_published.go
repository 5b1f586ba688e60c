package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/report"
)

// PublishedField is the field `plumb calibrate --solver published|both`
// adds to every pair record: the published code's calibrated preferences
// (calibraeval.FitPublished), next to report.CalibratedField's converged
// fit. One field per solver, so a reader finds each map under the same
// name whichever --solver wrote the file:
//
//	"calibrated_published": {"method":"calibraeval_published","lambda":0.05,"est_frac":1,"seed":1,
//	                         "p_a":{"x0":g(s0),...},"pref":{"x0":r0,...},"in_estimation_set":true}
//
// with g the published code's saved map (PublishedFit.Curve: the script's
// model.json, interpolated and clipped as its IsotonicRegression does),
// lambda its λ (--published-lambda), and the rest as in "calibrated". A
// judge the published code cannot run on has {"method", "lambda",
// "est_frac", "seed", "unavailable": reason}; a collapsed fit has
// "degenerate": reason added.
const PublishedField = "calibrated_published"

// notFittedReason is what "calibrated" says under --solver published: the
// converged fit was not asked for.
const notFittedReason = "not fitted: --solver published writes only the published code's map, in \"" + PublishedField + "\" (--solver both writes both)"

// publishedSummary counts the records given the published field.
type publishedSummary struct {
	Calibrated, Unavailable, Degenerate int
	// Judges has one entry per analysed judge, in the analysis's order:
	// Reason says why its records carry no published preferences.
	Judges []report.CalibratedJudge
}

// pubPlan is how one judge's records get the published field.
type pubPlan struct {
	group      string
	curve      *calib.Curve // nil when the published code could not run
	reason     string
	degenerate string
	inEst      []bool
	head       []byte
}

// addPublishedField sets PublishedField on every pair record of lg that an
// analysed (the judges of an, under its group filter), from each judge's
// published fit (an's selection options must include the published
// solver). The item order within a judge is the order of its records in
// lg, as report.WriteCalibrated reads it, so the estimation set matches.
func addPublishedField(lg *model.Log, an *report.Analysis) (publishedSummary, error) {
	var sum publishedSummary
	opt := an.Options.Selection
	plans := make(map[string]*pubPlan, len(an.Judges))
	for i := range an.Judges {
		plans[an.Judges[i].Judge] = newPubPlan(&an.Judges[i], opt)
	}
	counts := make(map[string]int, len(plans))
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		if pl := plans[p.Judge]; pl != nil && (pl.group == "" || p.Group == pl.group) {
			counts[p.Judge]++
		}
	}
	for i := range an.Judges {
		j := an.Judges[i].Judge
		pl := plans[j]
		sum.Judges = append(sum.Judges, report.CalibratedJudge{Judge: j, Records: counts[j], Reason: pl.reason,
			Degenerate: pl.degenerate != "", DegenerateReason: pl.degenerate})
		if pl.curve == nil {
			sum.Unavailable += counts[j]
			continue
		}
		sum.Calibrated += counts[j]
		if pl.degenerate != "" {
			sum.Degenerate += counts[j]
		}
		est, _, err := calib.EstimationSet(counts[j], opt.EstFrac, opt.Seed)
		if err != nil {
			return sum, fmt.Errorf("calibrated log: judge %q: %w", j, err)
		}
		pl.inEst = make([]bool, counts[j])
		for _, k := range est {
			pl.inEst[k] = true
		}
	}
	item := make(map[string]int, len(plans))
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		pl := plans[p.Judge]
		if pl == nil || (pl.group != "" && p.Group != pl.group) {
			continue
		}
		b, err := pl.field(p, item[p.Judge])
		if err != nil {
			return sum, err
		}
		item[p.Judge]++
		extra := make(model.Extra, len(p.Extra)+1)
		for k, v := range p.Extra {
			extra[k] = v
		}
		extra[PublishedField] = b
		p.Extra = extra
	}
	return sum, nil
}

// newPubPlan reads a judge's published fit.
func newPubPlan(ja *report.JudgeAnalysis, opt selection.Options) *pubPlan {
	pl := &pubPlan{group: ja.Group}
	sel := ja.Selection
	var m *selection.MethodResult
	if sel != nil {
		m = sel.Method(selection.MethodCalibraEvalPublished)
	}
	switch {
	case sel == nil:
		pl.reason = ja.SelectionReason
	case m == nil || sel.Published == nil || sel.Published.Curve == nil:
		pl.reason = "the published code did not run"
		if m != nil && m.Reason != "" {
			pl.reason = m.Reason
		}
	default:
		pl.curve = sel.Published.Curve
		if m.Degenerate {
			pl.degenerate = m.DegenerateReason
		}
	}
	b := []byte(`{"method":"` + selection.MethodCalibraEvalPublished + `","lambda":`)
	b = strconv.AppendFloat(b, opt.PublishedLambda, 'g', -1, 64)
	b = append(b, `,"est_frac":`...)
	b = strconv.AppendFloat(b, opt.EstFrac, 'g', -1, 64)
	b = append(b, `,"seed":`...)
	b = strconv.AppendUint(b, opt.Seed, 10)
	pl.head = b
	return pl
}

// field returns the published object of p, the judge's item-th record.
func (pl *pubPlan) field(p *model.Pair, item int) (json.RawMessage, error) {
	b := slices.Clone(pl.head)
	if pl.curve == nil {
		reason, err := json.Marshal(pl.reason)
		if err != nil {
			return nil, fmt.Errorf("calibrated log: %w", err)
		}
		b = append(b, `,"unavailable":`...)
		b = append(b, reason...)
		return append(b, '}'), nil
	}
	var g [model.NumArrangements]float64
	for _, a := range model.Arrangements {
		if !p.Has[a] {
			continue
		}
		g[a] = pl.curve.Apply(p.S[a])
		if !(g[a] >= 0 && g[a] <= 1) {
			return nil, fmt.Errorf("calibrated log: %s: published g(%v) = %v is not a number in [0, 1]", p.Pos, p.S[a], g[a])
		}
	}
	for k, key := range []string{`,"p_a":{`, `,"pref":{`} {
		b = append(b, key...)
		first := true
		for _, a := range model.Arrangements {
			if !p.Has[a] {
				continue
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			b = append(b, '"')
			b = append(b, a.String()...)
			b = append(b, '"', ':')
			v := g[a]
			if k == 1 {
				v = a.Preference(v)
			}
			b = strconv.AppendFloat(b, v, 'g', -1, 64)
		}
		b = append(b, '}')
	}
	b = append(b, `,"in_estimation_set":`...)
	b = strconv.AppendBool(b, pl.inEst[item])
	if pl.degenerate != "" {
		reason, err := json.Marshal(pl.degenerate)
		if err != nil {
			return nil, fmt.Errorf("calibrated log: %w", err)
		}
		b = append(b, `,"degenerate":`...)
		b = append(b, reason...)
	}
	return append(b, '}'), nil
}

// withoutConverged returns an with every judge's converged CalibraEval row
// saying notFittedReason, for --solver published: report.WriteCalibrated
// then writes that reason in "calibrated" instead of "CalibraEval is
// unavailable". an itself is not changed.
func withoutConverged(an *report.Analysis) *report.Analysis {
	out := *an
	out.Judges = slices.Clone(an.Judges)
	for i := range out.Judges {
		ja := &out.Judges[i]
		if ja.Selection == nil {
			continue
		}
		sel := *ja.Selection
		sel.Methods = append(slices.Clone(sel.Methods), selection.MethodResult{Name: selection.MethodCalibraEval, Reason: notFittedReason})
		ja.Selection = &sel
	}
	return &out
}
