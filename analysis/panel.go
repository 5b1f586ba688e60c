package analysis

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/panel"
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
// preferences with no arrangement where it did not judge the item, and
// the first gold given. It notes duplicate ids and conflicting golds.
func (e *Engine) panelInput(judges []JudgeAnalysis, group string) (panel.Input, []string, error) {
	var in panel.Input
	var recs [][]model.Pair
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
		in.Calibrated = append(in.Calibrated, cal)
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
	in.Gold = make([]model.Gold, len(index))
	var dup, conflict int
	for j, ps := range recs {
		raw := calib.RawPrefs(ps)
		aligned, at := emptyPrefs(len(index)), make([]bool, len(index))
		var cal *calib.Prefs
		if in.Calibrated[j] != nil {
			c := emptyPrefs(len(index))
			cal = &c
		}
		for i := range ps {
			k := index[ps[i].ID]
			if at[k] {
				dup++
				continue
			}
			at[k] = true
			aligned.R[k], aligned.Has[k] = raw.R[i], raw.Has[i]
			if cal != nil {
				cal.R[k], cal.Has[k] = in.Calibrated[j].R[i], in.Calibrated[j].Has[i]
			}
			switch g := ps[i].Gold; {
			case g == model.GoldNone:
			case in.Gold[k] == model.GoldNone:
				in.Gold[k] = g
			case in.Gold[k] != g:
				conflict++
			}
		}
		in.Prefs = append(in.Prefs, aligned)
		in.Calibrated[j] = cal
	}
	for j := range in.Prefs {
		in.Prefs[j].Gold = in.Gold
		if in.Calibrated[j] != nil {
			in.Calibrated[j].Gold = in.Gold
		}
	}
	var notes []string
	if dup > 0 {
		notes = append(notes, fmt.Sprintf("%s repeat an id a judge already judged: the first is used", vocab.Plural(dup, "pair record")))
	}
	if conflict > 0 {
		notes = append(notes, fmt.Sprintf("%s give a gold other than the first given for the item: the first is used", vocab.Plural(conflict, "pair record")))
	}
	return in, notes, nil
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
