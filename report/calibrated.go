package report

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
)

// CalibratedField is the field WriteCalibrated adds to every pair record.
const CalibratedField = "calibrated"

// PublishedField is the field WriteCalibrated adds next to CalibratedField
// when the analysis ran the published code (--solver published|both): the
// published code's calibrated preferences (calibraeval.FitPublished). One
// field per solver, so a reader finds each map under the same name
// whichever --solver wrote the file:
//
//	"calibrated_published": {"method":"calibraeval_published","lambda":0.05,"est_frac":1,"seed":1,
//	                         "p_a":{"x0":g(s0),...},"pref":{"x0":r0,...},"in_estimation_set":true}
//
// with g the published code's saved map (PublishedFit.Curve: the script's
// model.json, interpolated and clipped as its IsotonicRegression does),
// lambda its λ (--published-lambda), and the rest as in CalibratedField. A
// judge the published code cannot run on has {"method", "lambda",
// "est_frac", "seed", "unavailable": reason}; a collapsed fit has
// "degenerate": reason added.
const PublishedField = "calibrated_published"

// NotFittedReason is what CalibratedField says when the analysis ran only
// the published code (--solver published): the converged fit was not
// asked for.
const NotFittedReason = "not fitted: --solver published writes only the published code's map, in \"" + PublishedField + "\" (--solver both writes both)"

// CalibratedJudge says what WriteCalibrated wrote for one analysed judge.
type CalibratedJudge struct {
	Judge string
	// Records is the number of the judge's pair records written.
	Records int
	// Reason says why the records carry no calibrated preferences; "" when
	// they do.
	Reason string
	// Degenerate says the judge's fit collapsed (calib.Collapsed): its
	// records carry the calibrated preferences and "degenerate": reason,
	// which DegenerateReason holds.
	Degenerate       bool
	DegenerateReason string
}

// CalibratedSummary counts what WriteCalibrated wrote.
type CalibratedSummary struct {
	Written     int // pair records written
	Calibrated  int // records with calibrated preferences
	Unavailable int // records that say why CalibraEval is unavailable
	Degenerate  int // calibrated records of judges whose fit collapsed
	// Judges has one entry per analysed judge, in the analysis's order.
	Judges []CalibratedJudge
	// Published counts PublishedField the same way (its Written is
	// Written); nil when the analysis did not run the published code.
	Published *CalibratedSummary
}

// count adds n records of a judge planned by pl.
func (sum *CalibratedSummary) count(judge string, n int, pl *calPlan) {
	sum.Judges = append(sum.Judges, CalibratedJudge{Judge: judge, Records: n, Reason: pl.reason,
		Degenerate: pl.degenerate != "", DegenerateReason: pl.degenerate})
	sum.Written += n
	switch {
	case pl.curve == nil:
		sum.Unavailable += n
	case pl.degenerate != "":
		sum.Calibrated += n
		sum.Degenerate += n
	default:
		sum.Calibrated += n
	}
}

// WriteCalibrated writes the calibrated log: every pair record of the
// judges an analysed (under its group filter, when it has one), as log
// format v1 JSON Lines with model.Writer, each with the field
// CalibratedField added (README "Calibrated log"):
//
//	"calibrated": {"method":"calibraeval","lambda":0.5,"est_frac":1,"objective":"both","seed":1,
//	               "p_a":{"x0":g(s0),...},"pref":{"x0":r0,...},"in_estimation_set":true}
//
// where g is the judge's CalibraEval map g* (Selection.Fit.Curve), p_a has
// the meaning of the record's own p_a, and pref is the calibrated
// preference for response_1 (g(s) for x0 and x1, 1 − g(s) for x2 and x3:
// calib.CalibratedPrefs). in_estimation_set says whether the item was in
// the estimation set g* was fitted on. A judge without a CalibraEval fit
// (hard choices, too few items, …) has its records written with
// {"method", "lambda", "est_frac", "objective", "seed", "unavailable":
// reason} instead; under --solver published the reason is
// NotFittedReason. A judge whose fit collapsed (calib.Collapsed; callers
// such as `plumb calibrate` refuse to write it unless asked) has
// "degenerate": reason added: its preferences say nothing about the
// judge. When the analysis ran the published code, PublishedField is
// added the same way. Every other field is written as read; a
// "calibrated" or "calibrated_published" field the record already had is
// replaced. Records come in file order (by position: file, then line),
// whatever order lg's slices are in.
//
// lg must be the log an was computed from, before or after Analyze sorted
// it by judge: WriteCalibrated finds each record's place in its judge's
// estimation set from the order of the judge's records, which that sort
// keeps. A judge whose record count differs from the analysis's is an
// error.
func WriteCalibrated(w io.Writer, lg *model.Log, an *analysis.Analysis) (CalibratedSummary, error) {
	var sum CalibratedSummary
	opt := an.Options.Selection
	// fields[0] is CalibratedField's plan per judge, fields[1] (under
	// --solver published|both) PublishedField's.
	fields := []map[string]*calPlan{make(map[string]*calPlan, len(an.Judges))}
	names := []string{CalibratedField}
	if opt.Solver.Published() {
		fields = append(fields, make(map[string]*calPlan, len(an.Judges)))
		names = append(names, PublishedField)
		sum.Published = &CalibratedSummary{}
	}
	for i := range an.Judges {
		ja := &an.Judges[i]
		fields[0][ja.Judge] = newCalPlan(ja, opt)
		if len(fields) > 1 {
			fields[1][ja.Judge] = newPublishedPlan(ja, opt)
		}
	}
	// Each selected record, with its index among its judge's records.
	type pick struct{ rec, item int }
	var picks []pick
	counts := make(map[string]int, len(an.Judges))
	vn := analysis.NewVariantNamer() // a judge in one condition is a judge of its own
	judgeOf := make([]string, len(lg.Pairs))
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		judgeOf[i] = vn.Name(p.Judge, p.Condition)
		pl := fields[0][judgeOf[i]]
		if pl == nil || (pl.group != "" && p.Group != pl.group) {
			continue
		}
		picks = append(picks, pick{i, counts[judgeOf[i]]})
		counts[judgeOf[i]]++
	}
	for i := range an.Judges {
		ja := &an.Judges[i]
		n, want := counts[ja.Judge], 0
		if ja.Selection != nil {
			want = ja.Selection.N
		}
		if n != want {
			return sum, fmt.Errorf("calibrated log: judge %q has %d pair records in the log but %d in the analysis", ja.Judge, n, want)
		}
		for k, plans := range fields {
			pl := plans[ja.Judge]
			if err := pl.drawEstimationSet(n); err != nil {
				return sum, fmt.Errorf("calibrated log: judge %q: %w", ja.Judge, err)
			}
			if k == 0 {
				sum.count(ja.Judge, n, pl)
			} else {
				sum.Published.count(ja.Judge, n, pl)
			}
		}
	}
	// File order: files as lg lists them, then by line; records with the
	// same position (none in a log read from files) keep their order.
	fileIdx := make(map[string]int, len(lg.Files))
	for i, f := range lg.Files {
		if _, ok := fileIdx[f.Name]; !ok {
			fileIdx[f.Name] = i
		}
	}
	for _, pk := range picks {
		if name := lg.Pairs[pk.rec].Pos.File; name != "" {
			if _, ok := fileIdx[name]; !ok {
				fileIdx[name] = len(fileIdx)
			}
		}
	}
	slices.SortStableFunc(picks, func(a, b pick) int {
		pa, pb := lg.Pairs[a.rec].Pos, lg.Pairs[b.rec].Pos
		return cmp.Or(cmp.Compare(fileIdx[pa.File], fileIdx[pb.File]), cmp.Compare(pa.Line, pb.Line))
	})

	mw := model.NewWriter(w)
	bufs := make([][]byte, len(fields))
	for _, pk := range picks {
		p := &lg.Pairs[pk.rec]
		q := *p
		q.Extra = make(model.Extra, len(p.Extra)+len(fields))
		maps.Copy(q.Extra, p.Extra)
		for k, plans := range fields {
			var err error
			if bufs[k], err = plans[judgeOf[pk.rec]].appendField(bufs[k][:0], p, pk.item); err != nil {
				return sum, err
			}
			q.Extra[names[k]] = bufs[k]
		}
		if err := mw.WritePair(&q); err != nil {
			return sum, err
		}
	}
	if err := mw.Flush(); err != nil {
		return sum, fmt.Errorf("writing the calibrated log: %w", err)
	}
	return sum, nil
}

// calPlan is how one judge's records get one calibrated field.
type calPlan struct {
	group  string
	curve  *calib.Curve // nil when the map is unavailable
	reason string
	// degenerate is why the fit collapsed ("" when it did not).
	degenerate string
	// mapName names the map in errors ("g*", "published g"); inUnit says
	// a value outside [0, 1] is an error as well as NaN and ±Inf.
	mapName string
	inUnit  bool
	opt     selection.Options
	inEst   []bool // per item of the judge, in order
	head    []byte // the object's opening: method and options
}

// newCalPlan plans CalibratedField: the converged fit g*.
func newCalPlan(ja *analysis.JudgeAnalysis, opt selection.Options) *calPlan {
	pl := &calPlan{group: ja.Group, opt: opt, mapName: "g*"}
	sel := ja.Selection
	switch {
	case sel == nil:
		pl.reason = ja.SelectionReason
	case !opt.Solver.Converged():
		pl.reason = NotFittedReason
	case sel.FitCurve() == nil:
		pl.reason = "CalibraEval is unavailable"
		if m := sel.Method(selection.MethodCalibraEval); m != nil && m.Reason != "" {
			pl.reason = m.Reason
		}
	default:
		// A collapsed map is written too, marked degenerate.
		pl.curve = sel.FitCurve()
		pl.opt = sel.Options
		pl.degenerate, _ = sel.Collapsed(selection.MethodCalibraEval)
	}
	b := []byte(`{"method":"` + selection.MethodCalibraEval + `","lambda":`)
	b = strconv.AppendFloat(b, pl.opt.Lambda, 'g', -1, 64)
	b = append(b, `,"est_frac":`...)
	b = strconv.AppendFloat(b, pl.opt.EstFrac, 'g', -1, 64)
	b = append(b, `,"objective":"`...)
	b = append(b, pl.opt.Objective.String()...)
	b = append(b, `","seed":`...)
	b = strconv.AppendUint(b, pl.opt.Seed, 10)
	if sel != nil && sel.Stop != nil && pl.curve != nil {
		// --stop-at: the map is that point of the fit path.
		b = append(b, `,"stop_at":`...)
		b = strconv.AppendInt(b, int64(sel.Stop.Point), 10)
	}
	pl.head = b
	return pl
}

// newPublishedPlan plans PublishedField: the published code's saved map.
func newPublishedPlan(ja *analysis.JudgeAnalysis, opt selection.Options) *calPlan {
	pl := &calPlan{group: ja.Group, opt: opt, mapName: "published g", inUnit: true}
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
		pl.degenerate, _ = sel.Collapsed(selection.MethodCalibraEvalPublished)
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

// drawEstimationSet marks which of the judge's n items were in the
// estimation set, as the selection engine drew it.
func (pl *calPlan) drawEstimationSet(n int) error {
	if pl.curve == nil || n == 0 {
		return nil
	}
	est, _, err := calib.EstimationSet(n, pl.opt.EstFrac, pl.opt.Seed)
	if err != nil {
		return err
	}
	pl.inEst = make([]bool, n)
	for _, i := range est {
		pl.inEst[i] = true
	}
	return nil
}

// appendField appends the calibrated object of p, the judge's item-th
// record, to b.
func (pl *calPlan) appendField(b []byte, p *model.Pair, item int) ([]byte, error) {
	b = append(b, pl.head...)
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
		if math.IsNaN(g[a]) || math.IsInf(g[a], 0) || pl.inUnit && !(g[a] >= 0 && g[a] <= 1) {
			return nil, fmt.Errorf("calibrated log: %s: %s(%v) = %v is not a number in [0, 1]", p.Pos, pl.mapName, p.S[a], g[a])
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
