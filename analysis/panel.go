package analysis

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/panel"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/model"
)

// panelKey names a panel analysis: the comparison's options (the judges'
// fits give the calibrated verdict) and the judges in it.
type panelKey struct {
	compare compareKey
	judges  string
}

// panelResult is a computed panel analysis, or why there is none.
type panelResult struct {
	res *panel.Result
	err error
}

// CachedPanel returns the panel analysis of the judges under opt when
// Panel has computed it (ok), or the error it ended with; it computes
// nothing and never waits.
func (e *Engine) CachedPanel(judges []JudgeAnalysis, opt Options) (r *panel.Result, ok bool, err error) {
	c, ok := e.cache.panels.get(panelKeyOf(judges, opt))
	return c.res, ok, c.err
}

// panelKeyOf is the key of the panel of judges under opt.
func panelKeyOf(judges []JudgeAnalysis, opt Options) panelKey {
	names := make([]string, len(judges))
	for i := range judges {
		names[i] = judges[i].Judge
	}
	return panelKey{compare: compareKeyOf(opt), judges: strings.Join(names, "\x00")}
}

// Panel analyses judges (analysed under opt) as a panel over the items
// two or more of them judged (calib/panel, docs/methods.md §9): their
// items are matched by id within opt.Group; a judge's CalibraEval fit,
// when usable, gives its calibrated preferences. The intervals use
// opt.Bootstrap (seeded by the selection seed). It is an error when fewer
// than two judges have pair records or no item is shared. The result is
// cached by the options and the judges.
func (e *Engine) Panel(ctx context.Context, judges []JudgeAnalysis, opt Options) (*panel.Result, error) {
	if r, ok, err := e.CachedPanel(judges, opt); ok {
		return r, err
	}
	r, err := e.panel(ctx, judges, opt)
	if !stopped(ctx, err) {
		e.cache.panels.put(panelKeyOf(judges, opt), panelResult{res: r, err: err})
	}
	return r, err
}

// panel computes the analysis of Panel.
func (e *Engine) panel(ctx context.Context, judges []JudgeAnalysis, opt Options) (*panel.Result, error) {
	in, notes, err := e.panelInput(judges, opt.Group)
	if err != nil {
		return nil, err
	}
	plan := opt.Bootstrap.Plan(len(in.Gold), 0)
	po := panel.Options{Bootstrap: opt.Bootstrap.calibOptions(plan, opt.Selection.Seed)}
	if ctx != nil {
		po.Bootstrap.Done = ctx.Done()
	}
	for _, n := range plan.Notes {
		notes = append(notes, "bootstrap: "+n)
	}
	r, err := panel.Analyze(in, po)
	if err != nil {
		return nil, err
	}
	if ctx != nil && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	r.Notes = append(notes, r.Notes...)
	return r, nil
}

// panelInput aligns the judges' pair records by item id: the items in
// order of first appearance (judges in the given order), each judge's
// raw, CalibraEval and Pride preferences with no arrangement where it did
// not judge the item, and the first gold given. It notes duplicate ids and
// conflicting golds.
func (e *Engine) panelInput(judges []JudgeAnalysis, group string) (panel.Input, []string, error) {
	var in panel.Input
	var recs [][]model.Pair
	var cals, prides []*calib.Prefs
	var sels []*selection.Result
	for i := range judges {
		st, err := e.stateFor(judges[i].Judge, group)
		if err != nil {
			return in, nil, err
		}
		if len(st.recs.pairs) == 0 {
			continue
		}
		in.Judges = append(in.Judges, judges[i].Judge)
		recs = append(recs, st.recs.pairs)
		cal, _ := calibratedPrefs(judges[i].Selection, st.recs.pairs)
		cals, prides = append(cals, cal), append(prides, pridePrefs(judges[i].Selection, st.recs.pairs))
		sels = append(sels, judges[i].Selection)
		in.People = append(in.People, isPerson(st.recs.pairs))
	}
	if len(in.Judges) < 2 {
		return in, nil, errors.New("a panel needs two or more judges with pair records")
	}
	index := map[string]int{}
	for _, ps := range recs {
		for i := range ps {
			if _, ok := index[ps[i].ID]; !ok {
				index[ps[i].ID] = len(index)
			}
		}
	}
	n := len(index)
	in.Gold = make([]model.Gold, n)
	var dup, conflict int
	discard := false
	for _, ps := range recs {
		pos, at := make([]int, len(ps)), make([]bool, n)
		for i := range ps {
			k := index[ps[i].ID]
			if at[k] {
				dup++
				pos[i] = -1
				continue
			}
			at[k], pos[i] = true, k
			switch g := ps[i].Gold; {
			case g == model.GoldNone:
			case in.Gold[k] == model.GoldNone:
				in.Gold[k] = g
			case in.Gold[k] != g:
				conflict++
			}
		}
		raw := calib.RawPrefs(ps)
		in.Prefs = append(in.Prefs, *align(&raw, pos, in.Gold))
		j := len(in.Prefs) - 1
		in.Calibrated = append(in.Calibrated, align(cals[j], pos, in.Gold))
		in.Pride = append(in.Pride, align(prides[j], pos, in.Gold))
		ms, d := panelMethodChoices(sels[j], ps, pos, n)
		in.Methods, discard = append(in.Methods, ms), discard || d
	}
	var notes []string
	if dup > 0 {
		notes = append(notes, fmt.Sprintf("%s repeat an id a judge already judged: the first is used", vocab.Plural(dup, "pair record")))
	}
	if discard {
		notes = append(notes, discardPairsNote)
	}
	if conflict > 0 {
		notes = append(notes, fmt.Sprintf("%s give a gold other than the first given for the item: the first is used", vocab.Plural(conflict, "pair record")))
	}
	return in, notes, nil
}

// align places record i's preferences of p at item pos[i] (−1: left
// out) of len(gold) items, with gold (nil for nil).
func align(p *calib.Prefs, pos []int, gold []model.Gold) *calib.Prefs {
	if p == nil {
		return nil
	}
	out := emptyPrefs(len(gold))
	out.Gold = gold
	for i, k := range pos {
		if k >= 0 {
			out.R[k], out.Has[k] = p.R[i], p.Has[i]
		}
	}
	return &out
}

// pridePrefs returns Pride's debiased preferences of pairs (the judge's,
// analysed in sel), or nil when Pride is unavailable or collapsed.
func pridePrefs(sel *selection.Result, pairs []model.Pair) *calib.Prefs {
	if sel == nil || sel.Prior == nil {
		return nil
	}
	for _, m := range sel.Methods {
		if m.Name == selection.MethodPride && (!m.Available || m.Degenerate) {
			return nil
		}
	}
	p := calib.MappedPrefs(pairs, sel.Prior.Debias)
	return &p
}

// emptyPrefs returns preferences of n items with no arrangement judged.
func emptyPrefs(n int) calib.Prefs {
	return calib.Prefs{R: make([][model.NumArrangements]float64, n), Has: make([][model.NumArrangements]bool, n)}
}

// analyzePanel sets an's panel analysis (Engine.Panel over its judges)
// or the reason it has none.
func (e *Engine) analyzePanel(an *Analysis) {
	r, err := e.Panel(context.Background(), an.Judges, an.Options)
	if err != nil {
		an.PanelReason = err.Error()
		return
	}
	an.Panel = r
}
