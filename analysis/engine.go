package analysis

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
)

// Engine analyses one log for many sets of options, reusing work between
// them: the TUI turns a knob and asks again; `plumb report` asks once. For
// every (judge, group) it keeps a selection.Engine with warm starts
// off, so every answer equals a one-shot analysis with the same options —
// `plumb report` with the same flags reproduces the screen — and the
// likelihood analysis of the last options (its permutation test is the
// expensive part and depends on none of the selection or reporting knobs).
//
// It also caches the results a session asks for again (fit paths,
// bootstrap intervals, style analyses, the items' base: engine_cache.go),
// keyed by the options that produced them, so the TUI holds no copy of
// its own and an export of the options on screen (Report) reuses them.
//
// An Engine is safe for concurrent use; calls for the same judge and group
// run one at a time.
type Engine struct {
	files   []model.FileInfo
	skipped int
	reasons []string
	notes   []string

	judges []string
	recs   map[string]judgeRecords
	groups map[string][]string
	// variants describes the judge names that are a judge in one
	// condition (variants.go); judges without conditions are not in it.
	variants map[string]Variant
	// conds caches the Conditions views of comparisons (conditions_cache.go).
	conds *fifo[compareKey, []Conditions]
	// condIvs caches the comparison's judges with the intervals of their
	// conditions (conditions_intervals.go).
	condIvs *fifo[compareKey, []JudgeAnalysis]

	mu    sync.Mutex
	state map[stateKey]*judgeState
	// cache holds the results asked for again (engine_cache.go).
	cache *results
	// previewMin is the smallest CalibraEval problem Preview answers
	// (SetPreviewMinKnots).
	previewMin int
	// oneShot is set by Analyze, which asks once: each judge's selection
	// engine (its fit problems and caches, the largest per-judge memory)
	// is dropped as soon as the judge is done.
	oneShot bool
}

// stateKey names the records of one judge under one group filter.
type stateKey struct{ judge, group string }

// judgeState is what an Engine keeps for one judge and group. mu guards
// sel, likMu the likelihood cache, so the two engines of a judge run at
// the same time.
type judgeState struct {
	mu     sync.Mutex
	likMu  sync.Mutex
	group  string
	recs   judgeRecords
	sel    *selection.Engine
	lik    *likelihood.Analysis
	likErr error
	likOpt likelihood.Options
	// likBoot is the bootstrap setting lik's BiasScore intervals used.
	likBoot likBootKey
	// previewMin is the Engine's (SetPreviewMinKnots).
	previewMin int
	// items is the items' base (Engine.ItemBase), computed once.
	itemsOnce sync.Once
	items     *ItemBase
}

// ensureSel creates the judge's selection engine when there is none:
// cold fits only (so every answer equals a one-shot analysis) and the
// Engine's preview threshold. st.mu must be held.
func (st *judgeState) ensureSel(judge string) {
	if st.sel != nil {
		return
	}
	st.sel = selection.NewEngine(judge, st.recs.pairs)
	st.sel.SetProbes(st.recs.probes)
	st.sel.SetWarmStart(false)
	st.sel.SetPreviewMinKnots(st.previewMin)
}

// NewEngine prepares lg for analysis. It sorts the log's record slices by
// judge in place (stably, O(n)), so each judge's records are a sub-slice;
// the caller must not change lg afterwards.
func NewEngine(lg *model.Log) *Engine {
	e := &Engine{
		files:   lg.Files,
		skipped: lg.Skipped,
		reasons: lg.SkipReasons,
		notes:   lg.Notes,
		recs:    map[string]judgeRecords{},
		groups:  map[string][]string{},
		state:   map[stateKey]*judgeState{},
		cache:   newResults(),
		conds:   newFIFO[compareKey, []Conditions](maxCompared),
		condIvs: newFIFO[compareKey, []JudgeAnalysis](maxCompared),

		previewMin: selection.PreviewMinKnots,
	}
	vx := newVariantIndex()
	e.variants = vx.info
	for j, p := range byJudge(lg.Pairs, func(p *model.Pair) string { return vx.name(p.Judge, p.Condition) }) {
		r := e.recs[j]
		r.pairs = p
		e.recs[j] = r
	}
	for j, s := range byJudge(lg.Scores, func(s *model.Score) string { return vx.name(s.Judge, s.Condition) }) {
		r := e.recs[j]
		r.scores = s
		e.recs[j] = r
	}
	for j, v := range byJudge(lg.Verdicts, func(v *model.Verdict) string { return v.Judge }) {
		r := e.recs[j]
		r.verdicts = v
		e.recs[j] = r
	}
	// Probes go to judges that have records to calibrate; a judge with
	// probes only has nothing to analyse.
	for j, pr := range byJudge(lg.Probes, func(p *model.Probe) string { return vx.name(p.Judge, p.Condition) }) {
		if r, ok := e.recs[j]; ok {
			r.probes = pr
			e.recs[j] = r
		}
	}
	for j, r := range e.recs {
		e.judges = append(e.judges, j)
		seen := map[string]bool{}
		for i := range r.pairs {
			if g := r.pairs[i].Group; g != "" && !seen[g] {
				seen[g] = true
				e.groups[j] = append(e.groups[j], g)
			}
		}
		slices.Sort(e.groups[j])
	}
	slices.Sort(e.judges)
	return e
}

// Files returns what the log's files held, and how many bad lines were
// skipped (with the first reasons).
func (e *Engine) Files() (files []model.FileInfo, skipped int, reasons []string) {
	return e.files, e.skipped, e.reasons
}

// Notes returns the importers' remarks about the input (model.Log.Notes).
func (e *Engine) Notes() []string { return e.notes }

// Judges returns the judges of the log, sorted by name.
func (e *Engine) Judges() []string { return slices.Clone(e.judges) }

// Groups returns the groups of a judge's pair records, sorted; nil when
// none has a group.
func (e *Engine) Groups(judge string) []string { return slices.Clone(e.groups[judge]) }

// Records returns a judge's records under a group filter ("" = every
// group; it applies to pair records only). The slices belong to the
// engine: the caller must not change them.
func (e *Engine) Records(judge, group string) (pairs []model.Pair, scores []model.Score, verdicts []model.Verdict) {
	st, err := e.stateFor(judge, group)
	if err != nil {
		return nil, nil, nil
	}
	return st.recs.pairs, st.recs.scores, st.recs.verdicts
}

// Analyze runs every engine for the judges of opt.Judges (nil = all), in
// parallel, under opt.Group, without the bootstrap intervals and the style
// analysis (Report adds both; Intervals and Style compute them for one
// judge).
func (e *Engine) Analyze(opt Options) (*Analysis, error) {
	return e.analyze(opt, false)
}

// analyze is Analyze, with the bootstrap intervals of each judge when
// intervals is set (Report).
func (e *Engine) analyze(opt Options, intervals bool) (*Analysis, error) {
	if err := checkTarget(&opt); err != nil {
		return nil, err
	}
	want := e.judges
	if len(opt.Judges) > 0 {
		want = nil
		for _, j := range e.expandVariants(opt.Judges) {
			if _, ok := e.recs[j]; !ok {
				return nil, e.unknownJudge(j)
			}
			if !slices.Contains(want, j) {
				want = append(want, j)
			}
		}
		slices.Sort(want)
	}
	if opt.Group != "" && !e.anyHasGroup(want, opt.Group) {
		all := e.allGroups(want)
		if len(all) == 0 {
			return nil, fmt.Errorf("no pair records in group %q: the pair records have no groups", opt.Group)
		}
		return nil, fmt.Errorf("no pair records in group %q (groups: %s)", opt.Group, quoteList(all))
	}

	an, err := e.runJudges(want, opt, intervals)
	if err == nil {
		an.Conditions = e.conditionsOf(an.Judges, opt)
	}
	return an, err
}

// Judge runs every engine for one judge under opt.Group (opt.Judges is
// ignored). A judge without pair records in the group still gets its
// score and verdict analyses.
func (e *Engine) Judge(judge string, opt Options) (JudgeAnalysis, error) {
	return e.JudgeContext(context.Background(), judge, opt)
}

// stateFor returns (creating it on first use) the state of a judge under a
// group filter.
func (e *Engine) stateFor(judge, group string) (*judgeState, error) {
	r, ok := e.recs[judge]
	if !ok {
		return nil, e.unknownJudge(judge)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	k := stateKey{judge, group}
	if st := e.state[k]; st != nil {
		return st, nil
	}
	st := &judgeState{group: group, recs: r, previewMin: e.previewMin}
	if group != "" {
		st.recs.pairs = nil
		for i := range r.pairs {
			if r.pairs[i].Group == group {
				st.recs.pairs = append(st.recs.pairs, r.pairs[i])
			}
		}
	}
	e.state[k] = st
	return st, nil
}

func (e *Engine) unknownJudge(j string) error {
	return fmt.Errorf("no judge %q in the input (judges: %s)", j, quoteList(e.judges))
}

func (e *Engine) anyHasGroup(judges []string, g string) bool {
	for _, j := range judges {
		if slices.Contains(e.groups[j], g) {
			return true
		}
	}
	return false
}

func (e *Engine) allGroups(judges []string) []string {
	var all []string
	for _, j := range judges {
		for _, g := range e.groups[j] {
			if !slices.Contains(all, g) {
				all = append(all, g)
			}
		}
	}
	slices.Sort(all)
	return all
}

// checkTarget fills in and validates opt.Target.
func checkTarget(opt *Options) error {
	if opt.Target == "" {
		opt.Target = TargetAuto
	}
	switch opt.Target {
	case TargetAuto, TargetVerdict, TargetPair:
		return nil
	}
	return fmt.Errorf("unknown reporting target %q (want auto, verdict or pair)", opt.Target)
}
