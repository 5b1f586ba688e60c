package analysis

import (
	"context"
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/model"
)

// StyleMode says for which judges the style analysis (calib/style: length
// and self-preference bias, win rates) runs.
type StyleMode int

// The style modes. StyleAuto, the zero value, is the flags' default.
const (
	// StyleAuto analyses the judges whose pair records name a generator or
	// give a length (model_1, model_2, len_1, len_2: model.Pair.Gen); the
	// others get no style section and cost nothing.
	StyleAuto StyleMode = iota
	// StyleOn analyses every judge with pair records, with the lengths of
	// the response texts where the log has them (`plumb report --style
	// on` reads them: model.ReadOptions.TextLengths).
	StyleOn
	// StyleOff analyses no judge.
	StyleOff
)

var styleModeNames = [...]string{"auto", "on", "off"}

// String returns the name ParseStyleMode accepts.
func (m StyleMode) String() string {
	if m < 0 || int(m) >= len(styleModeNames) {
		return fmt.Sprintf("StyleMode(%d)", int(m))
	}
	return styleModeNames[m]
}

// ParseStyleMode parses "auto", "on" or "off".
func ParseStyleMode(s string) (StyleMode, error) {
	for i, n := range styleModeNames {
		if s == n {
			return StyleMode(i), nil
		}
	}
	return 0, fmt.Errorf("unknown style mode %q (want %s)", s, strings.Join(styleModeNames[:], ", "))
}

// StyleOptions are the knobs of the style analysis (docs/style.md).
type StyleOptions struct {
	// Mode says which judges are analysed (StyleAuto by default).
	Mode StyleMode
	// Pref is the preference of the length, self-preference,
	// length-controlled and corrected measures (position-balanced by
	// default). The calibrated one is CalibraEval's; a judge without a
	// usable CalibraEval fit falls back to the position-balanced one, with
	// a note.
	Pref style.Pref
	// Self maps a judge to the generator it is, for a judge not named like
	// that generator (--self JUDGE=MODEL).
	Self map[string]string
	// DifficultyFile is --instruction-difficulty, AlpacaEval's
	// instruction_difficulty.csv ("" for none), and Difficulty what it
	// holds (LoadDifficulty): with it every win rate also gets AlpacaEval
	// 2.0's length-controlled form with instruction difficulty
	// (style.FitDifficultyGLM).
	DifficultyFile string
	Difficulty     map[int]float64
}

// wantsStyle says whether the style analysis runs for a judge's pairs
// under mode: StyleAuto when a record names a generator or gives a
// length, StyleOn when there are pairs.
func wantsStyle(pairs []model.Pair, mode StyleMode) bool {
	switch mode {
	case StyleOn:
		return len(pairs) > 0
	case StyleAuto:
		for i := range pairs {
			if pairs[i].Gen != nil {
				return true
			}
		}
	}
	return false
}

// Style runs the style analysis of a judge (ja from Judge or Analyze under
// opt, whose CalibraEval fit gives the calibrated preferences) with the
// paired item bootstrap of opt.Bootstrap, reporting progress when progress
// is not nil; cancelling ctx stops the bootstrap early with an error
// wrapping bootstrap.ErrStopped. It returns nil and no error when the
// style mode leaves the judge out; an analysis that cannot run is nil with
// the reason as error. The Engine caches an analysis by the options it
// depends on (CachedStyle) and answers the same options again at once,
// without progress.
func (e *Engine) Style(ctx context.Context, ja *JudgeAnalysis, opt Options, progress func(done, total int)) (*style.Result, error) {
	return e.cache.styles.getOr(ja, opt, func() (*style.Result, error) { return e.style(ctx, ja, opt, progress) })
}

// style computes the analysis of Style.
func (e *Engine) style(ctx context.Context, ja *JudgeAnalysis, opt Options, progress func(done, total int)) (*style.Result, error) {
	st, err := e.stateFor(ja.Judge, ja.Group)
	if err != nil {
		return nil, err
	}
	pairs := st.recs.pairs
	if !wantsStyle(pairs, opt.Style.Mode) {
		return nil, nil
	}
	so := style.DefaultOptions()
	so.Pref = opt.Style.Pref
	so.Self = opt.Style.Self
	so.Difficulty = opt.Style.Difficulty
	so.Reporting = opt.Reporting
	// Under auto the reader keeps texts' lengths only for records with a
	// style field (model.ReadOptions.GenTextLengths); a log held with its
	// texts (the UI's) is read the same way here.
	so.LengthsNeedFields = opt.Style.Mode == StyleAuto
	var notes []string
	if n := model.LengthsDiffer(pairs); n > 0 {
		notes = append(notes, fmt.Sprintf("len_1 or len_2 differs from the length of the response text beside it in %s: "+
			"the length measures use len_1 and len_2", vocab.Plural(n, "pair record")))
	}
	if isGenerator(pairs, e.BaseJudge(ja.Judge), so.Self) {
		if so.Others, err = e.otherPairs(ja.Judge, ja.Group); err != nil {
			return nil, err
		}
	}
	so.Position = rawPosition(ja.Selection)
	cal, calReason := calibratedPrefs(ja.Selection, pairs)
	so.Calibrated, so.CalibratedReason = cal, calReason
	if cal == nil && so.Pref == style.PrefCalibrated {
		so.Pref = style.PrefBalanced
		notes = append(notes, "calibrated preference unavailable ("+calReason+"): the measures use the position-balanced one")
	}
	plan, bo := styleBootPlan(opt, len(pairs))
	for _, n := range plan.Notes {
		notes = append(notes, "bootstrap: "+n)
	}
	so.Bootstrap = bo
	so.Bootstrap.Progress = progress
	if ctx != nil {
		so.Bootstrap.Done = ctx.Done()
	}
	r, err := style.Analyze(pairs, so)
	if err != nil {
		return nil, err
	}
	r.Notes = append(notes, r.Notes...)
	return r, nil
}

// calibratedPrefs returns CalibraEval's calibrated preferences of pairs
// (the judge's, analysed in sel), or nil with the reason they are
// unavailable (StyleCurve).
func calibratedPrefs(sel *selection.Result, pairs []model.Pair) (*calib.Prefs, string) {
	curve, reason := StyleCurve(sel)
	if curve == nil {
		return nil, reason
	}
	p := calib.CalibratedPrefs(pairs, curve)
	return &p, ""
}

// StyleCurve is CalibraEval's map g* that gives the style analysis its
// calibrated preferences (the calibrated win rates, the measures on the
// calibrated preference), or nil with the reason there is none: no
// selection analysis, no fit, or a collapsed one (g* ≡ 0.5 says nothing
// about the judge).
func StyleCurve(sel *selection.Result) (*calib.Curve, string) {
	if sel == nil {
		return nil, "no selection analysis"
	}
	return sel.UsableCurve()
}

// analyzeStyle sets ja's style analysis (Engine.Style) or the reason it
// has none.
func (e *Engine) analyzeStyle(ja *JudgeAnalysis, opt Options) {
	r, err := e.Style(context.Background(), ja, opt, nil)
	if err != nil {
		ja.StyleReason = err.Error()
		return
	}
	ja.Style = r
}

// isGenerator says whether a record of pairs names judge's generator (its
// --self model, or its own name), so that its self-preference is measured
// and the other judges' records are worth gathering.
func isGenerator(pairs []model.Pair, judge string, self map[string]string) bool {
	own, ok := self[judge]
	if !ok {
		own = judge
	}
	for i := range pairs {
		if pairs[i].Model(1) == own || pairs[i].Model(2) == own {
			return true
		}
	}
	return false
}

// otherPairs are the pair records of every judge but judge under group
// (shared, not copied), with their position metrics on the raw choices,
// for the self-preference beyond the other judges.
func (e *Engine) otherPairs(judge, group string) ([]style.Other, error) {
	var out []style.Other
	for _, j := range e.judges {
		if e.BaseJudge(j) == e.BaseJudge(judge) || e.variants[j].Key != e.variants[judge].Key {
			continue // itself (in any condition), or a judge in another condition than the judge's
		}
		st, err := e.stateFor(j, group)
		if err != nil {
			return nil, err
		}
		if ps := st.recs.pairs; len(ps) > 0 {
			m := metrics.ComputeCounts(calib.RawPrefs(ps), nil)
			out = append(out, style.Other{Judge: j, Pairs: ps,
				Position: style.Position{Consistency: m.Consistency, FirstPositionRate: m.FirstPositionRate}})
		}
	}
	return out, nil
}

// rawPosition is the judge's consistency and first-position rate on its
// raw choices over every item (the methods table's raw row), for the style
// analysis' position-dominance flag; undefined without a selection
// analysis.
func rawPosition(sel *selection.Result) style.Position {
	if sel != nil {
		for i := range sel.Methods {
			if m := &sel.Methods[i]; m.Name == selection.MethodRaw && m.Available {
				return style.Position{Consistency: m.All.Consistency, FirstPositionRate: m.All.FirstPositionRate}
			}
		}
	}
	none := calib.Undefined(0, "no selection analysis")
	return style.Position{Consistency: none, FirstPositionRate: none}
}
