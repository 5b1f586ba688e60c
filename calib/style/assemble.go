package style

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/model"
)

// sample is every measure on one sample of items.
type sample struct {
	length lengthEst
	self   selfEst
	rows   []rowEst
	bt     []float64
	btErr  error
}

// compute evaluates the plan on idx.
func (p *plan) compute(idx []int) *sample {
	d := p.d
	s := &sample{length: d.lengths(idx, p.kinds)}
	if p.self >= 0 {
		s.self = d.self(idx, p.self)
	}
	s.rows = d.rows(p.rows, idx)
	if p.btModels != nil {
		s.bt, s.btErr = fitBT(len(p.btModels), p.btEdges(d.btEdges(idx)))
	}
	return s
}

// values flattens a sample in the order of the plan's names: NaN where a
// measure is undefined on it.
func (p *plan) values(s *sample) []float64 {
	var v []float64
	for _, k := range p.kinds {
		v = append(v, s.length.longer[k].value())
	}
	v = append(v, s.length.goldShorter.value(), s.length.slope.value())
	if p.self >= 0 {
		v = append(v, s.self.own.value(), s.self.beyond.value())
		if p.others != nil {
			v = append(v, s.self.others.value())
		}
	}
	for _, r := range s.rows {
		v = append(v, r.raw.value(), r.bal.value(), r.cal.value(), r.lc.value(), r.slope.value())
	}
	for k := range p.btModels {
		if s.btErr != nil {
			v = append(v, math.NaN())
		} else {
			v = append(v, s.bt[k])
		}
	}
	return v
}

// names are the statistics' names, in the order of values, as the notes
// show them.
func (p *plan) names() []string {
	var out []string
	for _, k := range p.kinds {
		out = append(out, "longer-response preference ("+[...]string{kindSrc: p.d.pref.String(), kindRaw: "raw-x0", kindBal: "balanced"}[k]+")")
	}
	out = append(out, "longer-response preference when gold prefers the shorter", "length slope φ")
	if p.self >= 0 {
		out = append(out, "own preference", "own preference beyond quality")
		if p.others != nil {
			out = append(out, "own preference beyond the other judges")
		}
	}
	for _, r := range p.rows {
		opp := "all"
		if r.b >= 0 {
			opp = p.d.models[r.b]
		}
		for _, m := range []string{"raw win rate", "balanced win rate", "calibrated win rate", "length-controlled win rate", "length slope φ"} {
			out = append(out, fmt.Sprintf("%s vs %s: %s", p.d.models[r.a], opp, m))
		}
	}
	for _, m := range p.btModels {
		out = append(out, "Bradley–Terry score of "+p.d.models[m])
	}
	return out
}

// stat turns an estimate into a Stat.
func stat(e est) calib.Stat {
	if e.reason != "" {
		return calib.Undefined(e.n, e.reason)
	}
	return calib.Defined(e.v, e.n)
}

// mirror is the Stat of the opposite side: 1 − v, its interval flipped.
func mirror(s calib.Stat) calib.Stat {
	if !s.OK() {
		return s
	}
	s.Value = 1 - s.Value
	if s.CI != nil {
		ci := *s.CI
		ci.Lower, ci.Upper = 1-s.CI.Upper, 1-s.CI.Lower
		s.CI = &ci
	}
	return s
}

// resultSlots points at the Stats of a Result in the order of values, so
// that the intervals can be attached; mirrored rows are filled after.
func (r *Result) slots(p *plan, canon []*WinRate) []*calib.Stat {
	var out []*calib.Stat
	for _, k := range p.kinds {
		switch k {
		case kindSrc:
			out = append(out, &r.Length.LongerPreference)
		case kindRaw:
			out = append(out, &r.Length.LongerRaw)
		case kindBal:
			out = append(out, &r.Length.LongerBalanced)
		}
	}
	out = append(out, &r.Length.LongerWhenGoldShorter, &r.Length.Slope)
	if p.self >= 0 {
		out = append(out, &r.Self.OwnPreference, &r.Self.BeyondQuality)
		if p.others != nil {
			out = append(out, &r.Self.BeyondOthers.Value)
		}
	}
	for _, w := range canon {
		out = append(out, &w.Raw, &w.Balanced, &w.Calibrated, &w.LengthControlled, &w.Slope)
	}
	for k := range r.BradleyTerry {
		out = append(out, &r.BradleyTerry[k].Score)
	}
	return out
}

// assemble fills r from the full sample. It returns the warnings of the
// mirrored rows (b against a), by row.
func (r *Result) assemble(d *data, p *plan, s *sample, opt Options) (mirrorWarnings [][]string) {
	l := &r.Length
	l.N = s.length.longer[kindRaw].n
	l.LongerPreference = stat(s.length.longer[kindSrc])
	l.LongerRaw = stat(s.length.longer[kindRaw])
	l.LongerBalanced = stat(s.length.longer[kindBal])
	l.LongerWhenGoldShorter = stat(s.length.goldShorter)
	l.Slope = stat(s.length.slope)
	l.Bins = d.bins(opt.LengthBins)
	if p.self >= 0 {
		r.Self = &SelfPreference{Model: d.models[p.self], N: s.self.own.n,
			OwnPreference: stat(s.self.own), BeyondQuality: stat(s.self.beyond)}
		r.Self.setOthers(p.others, s.self)
	}
	for k, m := range p.btModels {
		n := 0
		for i := range d.items {
			if it := &d.items[i]; it.m1 != it.m2 && (it.m1 == m || it.m2 == m) && it.m1 >= 0 && it.m2 >= 0 && it.hasSrc {
				n++
			}
		}
		sc := calib.Stat{}
		if s.btErr != nil {
			sc = calib.Undefined(n, s.btErr.Error())
		} else {
			sc = calib.Defined(s.bt[k], n)
		}
		r.BradleyTerry = append(r.BradleyTerry, BTScore{Model: d.models[m], N: n, Score: sc})
	}
	for k, row := range p.rows {
		e := s.rows[k]
		w := WinRate{Model: d.models[row.a], VsAll: row.b < 0, N: e.n,
			Raw: stat(e.raw), Balanced: stat(e.bal), Calibrated: stat(e.cal),
			LengthControlled: stat(e.lc), Slope: stat(e.slope)}
		if !d.hasCal {
			w.Calibrated = calib.Undefined(0, noCalibratedReason(opt))
		}
		if row.b >= 0 {
			w.Opponent = d.models[row.b]
		}
		if opt.Difficulty != nil {
			w.LengthControlledDifficulty, w.DifficultyFit = d.difficultyRow(&p.rows[k])
			// Said once per pair of generators (the row against all repeats it).
			if n := d.distinctIndices(&p.rows[k]); w.DifficultyFit != nil && !w.VsAll && n < len(opt.Difficulty) {
				r.Notes = append(r.Notes, fmt.Sprintf("%s vs %s: %d instructions for %d difficulties: AlpacaEval's code, and plumb to match it, takes an item's difficulty by its position in the annotations file (the number after its id's last '/'), so if an instruction is missing, every item after it takes another instruction's difficulty",
					w.Model, w.Opponent, n, len(opt.Difficulty)))
			}
		}
		w.Warnings = lcWarnings(e, false)
		w.Corrected = d.corrected(&p.rows[k], opt.Reporting)
		r.WinRates = append(r.WinRates, w)
		mirrorWarnings = append(mirrorWarnings, lcWarnings(e, true))
	}
	return mirrorWarnings
}

// lcWarnings says when a length-controlled rate extrapolates: few items
// near Δ = 0, or a rate more than 10 points from the win rate it controls;
// mirrored, for the opponent's side of the row.
func lcWarnings(e rowEst, mirrored bool) []string {
	if e.glmErr != nil || e.glm.PhiReason != "" {
		return nil
	}
	g := e.glm
	if mirrored {
		g.Theta, g.MeanPref = -g.Theta, 1-g.MeanPref
	}
	var out []string
	if g.NearZero < minNearZero || float64(g.NearZero) < nearZeroShare*float64(g.N) {
		out = append(out, fmt.Sprintf("only %d of %d items have length differences within a quarter of their SD (%.0f code points) of 0: the minimal-GLM length-controlled rate extrapolates to equal lengths",
			g.NearZero, g.N, g.SD/4))
	}
	if diff := g.LC() - g.MeanPref; math.Abs(diff) > maxLCShift {
		w := fmt.Sprintf("the minimal-GLM length-controlled rate (%.3f) is %.3f from the win rate it controls (%.3f), more than %.2f: the GLM may be extrapolating",
			g.LC(), math.Abs(diff), g.MeanPref, maxLCShift)
		if IsExtremeChange(g.MeanPref, g.LC()) {
			w += " (AlpacaEval warns likewise)"
		}
		out = append(out, w)
	}
	return out
}

// The thresholds of the extrapolation warnings.
const (
	minNearZero   = 10   // items near Δ = 0, at least
	nearZeroShare = 0.05 // and at least this share of the items
	maxLCShift    = 0.10 // |LC − win rate| above this warns
)

// corrected is the Rogan–Gladen estimate of the share of row's items whose
// gold prefers its generator.
func (d *data) corrected(r *row, ropt reporting.Options) calib.Stat {
	var items []reporting.BinaryItem
	labelled := 0
	for i := range d.items {
		it := &d.items[i]
		ok, first := r.in(it)
		if !ok || !it.hasSrc || calib.IsTie(it.src) || it.gold == model.GoldTie {
			continue
		}
		pref := it.src
		g := int8(-1)
		switch it.gold {
		case model.Gold1:
			g = 1
		case model.Gold2:
			g = 0
		}
		if !first {
			pref = 1 - pref
			if g >= 0 {
				g = 1 - g
			}
		}
		if g >= 0 {
			labelled++
		}
		items = append(items, reporting.BinaryItem{Pred: pref > 0.5, Gold: g, Truth: -1})
	}
	if labelled == 0 {
		return calib.Undefined(len(items), "no item of this pair has a human label (gold 1 or 2)")
	}
	rep, err := reporting.Compute(items, ropt)
	if err != nil {
		return calib.Undefined(len(items), err.Error())
	}
	return rep.ThetaHat
}

// bootstrap attaches the paired item bootstrap's intervals, then adds the
// mirrored rows with their warnings.
func (r *Result) bootstrap(d *data, p *plan, opt Options, mirrorWarnings [][]string) error {
	canon := make([]*WinRate, len(r.WinRates))
	for k := range r.WinRates {
		canon[k] = &r.WinRates[k]
	}
	slots := r.slots(p, canon)
	bo := opt.Bootstrap
	switch {
	case bo.Resamples == 0:
		r.Notes = append(r.Notes, "no bootstrap (0 resamples): no intervals")
	case len(d.items) < 2:
		r.Notes = append(r.Notes, "fewer than 2 items: no intervals")
	default:
		if bo.Level == 0 {
			bo.Level = 0.95
		}
		ivs, err := bootstrap.Run(len(d.items), p.names(), func(idx []int) []float64 { return p.values(p.compute(idx)) }, bo)
		if errors.Is(err, bootstrap.ErrStopped) {
			return err
		}
		if err != nil {
			return fmt.Errorf("style: %w", err)
		}
		names := p.names()
		for k, iv := range ivs {
			if s := slots[k]; s.OK() {
				s.CI = iv.CI
				if iv.CI == nil && iv.Reason != "" {
					r.Notes = append(r.Notes, fmt.Sprintf("%s: no interval (%s)", names[k], iv.Reason))
				}
			}
		}
	}
	// Mirrored rows: b against a.
	var all []WinRate
	for k, w := range r.WinRates {
		all = append(all, w)
		row := p.rows[k]
		if row.b < 0 {
			continue
		}
		m := WinRate{Model: d.models[row.b], Opponent: d.models[row.a], N: w.N,
			Raw: mirror(w.Raw), Balanced: mirror(w.Balanced), Calibrated: mirror(w.Calibrated),
			LengthControlled: mirror(w.LengthControlled), Slope: w.Slope, Corrected: mirror(w.Corrected),
			LengthControlledDifficulty: mirror(w.LengthControlledDifficulty), DifficultyFit: mirrorDifficulty(w.DifficultyFit),
			Warnings: mirrorWarnings[k]}
		all = append(all, m)
	}
	slices.SortStableFunc(all, func(x, y WinRate) int {
		if x.Model != y.Model {
			if x.Model < y.Model {
				return -1
			}
			return 1
		}
		switch {
		case x.VsAll != y.VsAll:
			if x.VsAll {
				return -1
			}
			return 1
		case x.Opponent < y.Opponent:
			return -1
		case x.Opponent > y.Opponent:
			return 1
		}
		return 0
	})
	r.WinRates = all
	return nil
}

// notes says what the measures left out.
func (r *Result) notes(d *data) {
	n := len(d.items)
	if d.noLen > 0 {
		r.Notes = append(r.Notes, fmt.Sprintf("%d of %d items lack a response's length (no len_1/len_2 and an empty or skipped text): left out of the length measures and the length-controlled rates", d.noLen, n))
	}
	if d.noModel > 0 && d.noModel < n {
		r.Notes = append(r.Notes, fmt.Sprintf("%d of %d items name no generator (model_1, model_2): left out of the win rates and the self-preference", d.noModel, n))
	}
	if d.sameModel > 0 {
		r.Notes = append(r.Notes, fmt.Sprintf("%d of %d items have both responses by the same generator: left out of the win rates and the self-preference", d.sameModel, n))
	}
	if r.Difficulty && len(r.WinRates) > 0 {
		r.Notes = append(r.Notes, "the length-controlled rates with instruction difficulty have no bootstrap interval: each is AlpacaEval's cross-validated fit, made once on every item")
	}
	if d.pref == PrefCalibrated {
		miss := 0
		for i := range d.items {
			if !d.items[i].hasCal {
				miss++
			}
		}
		if miss > 0 {
			r.Notes = append(r.Notes, fmt.Sprintf("%d of %d items have no calibrated preference: left out of the measures on it", miss, n))
		}
	}
}
