package selection

import (
	"context"
	"fmt"
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/baseline"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/identify"
	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/calib/mec"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// The method names of a Result, in the order of Result.Methods.
const (
	MethodRaw         = "raw"
	MethodCalibraEval = "calibraeval"
	MethodPride       = "pride"
	MethodCC          = "cc"
	MethodDC          = "dc"
	MethodBC          = "bc"
	MethodBPC         = "bpc"
	MethodDiscard     = "discard_inconsistent"
)

// MethodNames lists the methods in the order of Result.Methods.
func MethodNames() []string {
	return []string{MethodRaw, MethodCalibraEval, MethodPride, MethodCC, MethodDC, MethodBC, MethodBPC, MethodDiscard}
}

// CurvePoints is the number of points at which Result.Curve samples g*.
const CurvePoints = 101

// fitCacheSize bounds the fits kept for the NOA problem in use (the others
// keep only their last one, for warm starts), and noaCacheSize the NOA
// problems and estimation sets kept per engine. A fit holds O(M) numbers,
// M ≤ 4N, so the cache stays within a few dozen copies of the data.
const (
	fitCacheSize = 8
	noaCacheSize = 3
)

// Options are the knobs of a selection-bias analysis.
type Options struct {
	// Lambda is CalibraEval's λ in [0, MaxLambda] (paper: 0.5). 0 is
	// allowed and drives g towards the trivial 0.5.
	Lambda float64
	// EstFrac is the share of items in CalibraEval's and Pride's
	// estimation set, in (0, 1] (1 = every item, the paper's transductive
	// setting).
	EstFrac float64
	// Objective selects CalibraEval's loss terms.
	Objective calibraeval.Objective
	// Seed draws the estimation set.
	Seed uint64
	// MaxIter caps the L-BFGS iterations; 0 takes DefaultMaxIter.
	MaxIter int
	// Solver picks the CalibraEval row(s): the converged fit (the zero
	// value), the published code, or both (solver.go).
	Solver Solver
	// PublishedLambda is the published code's λ in [0, MaxLambda]
	// (DefaultOptions: 0.05, the script's); used with
	// SolverPublished and SolverBoth.
	PublishedLambda float64
	// StopAt picks the fit-path point the converged CalibraEval row uses
	// (StopEnd, the zero value: the converged fit).
	StopAt PathStop
	// Path asks for the fit path (Result.Path); StopAt computes it too.
	Path bool
}

// DefaultOptions returns the paper's settings: λ = 0.5, every item
// in the estimation set, the full objective, seed 1.
func DefaultOptions() Options {
	return Options{Lambda: 0.5, EstFrac: 1, Objective: calibraeval.ObjectiveBoth, Seed: 1, PublishedLambda: calibraeval.DefaultPublishedOptions().Lambda}
}

// validate checks the options.
func (o Options) validate() error {
	if !(o.Lambda >= 0 && o.Lambda <= calibraeval.MaxLambda) {
		return fmt.Errorf("λ = %v, want a number in [0, %d]", o.Lambda, calibraeval.MaxLambda)
	}
	if !(o.EstFrac > 0 && o.EstFrac <= 1) {
		return fmt.Errorf("estimation fraction %v is not in (0, 1]", o.EstFrac)
	}
	if o.Objective != calibraeval.ObjectiveBoth && o.Objective != calibraeval.ObjectiveL1 && o.Objective != calibraeval.ObjectiveL2 {
		return fmt.Errorf("unknown CalibraEval objective %d", int(o.Objective))
	}
	if o.MaxIter < 0 {
		return fmt.Errorf("MaxIter = %d, want ≥ 0", o.MaxIter)
	}
	return o.validateSolver()
}

// MethodResult is one method's metrics for a judge.
type MethodResult struct {
	// Name is one of MethodNames().
	Name string
	// Available is false when the method cannot run on this judge's data;
	// Reason says why, and the metrics are zero.
	Available bool
	Reason    string
	// All holds the metrics over every item (for CalibraEval and Pride the
	// paper's transductive setting: the estimation items are included).
	All metrics.Metrics
	// Heldout holds the metrics over the items outside the estimation set
	// (the honest setting), when EstFrac < 1 and some item is held out. For
	// raw, BPC and discard, which learn nothing, it is the same method on
	// the same items, so that every method can be compared on them.
	Heldout *metrics.Metrics
	// Kept is the share of items kept by discard_inconsistent (nil for the
	// other methods), over every item.
	Kept *calib.Stat
	// HeldoutKept is Kept over the held-out items only (nil unless Heldout
	// is set for discard_inconsistent): the share the held-out row is about.
	HeldoutKept *calib.Stat
	// Notes holds remarks to show with the method.
	Notes []string
	// Degenerate is true when the method is available but its result says
	// nothing about the judge (Collapsed: g* is nearly constant on the
	// judge's P(A), or round-off decides its choices). Every metric of All
	// and Heldout is then undefined with the Reason "collapsed: " +
	// DegenerateReason, and must be shown as collapsed, never as a change
	// from raw; the fit and its curve are kept.
	Degenerate bool
	// DegenerateReason says why the result collapsed ("" when it did not).
	DegenerateReason string
}

// Result is the selection-bias analysis of one judge: the metrics of
// the raw judgments and of every correction method, and CalibraEval's fit.
type Result struct {
	Judge string
	// N is the number of pair items; Arrangements counts the items judged
	// in each arrangement.
	N            int
	Arrangements [model.NumArrangements]int
	// Source is the most common way the records gave their answers.
	Source model.Source
	// Options are the options the analysis ran with.
	Options Options
	// EstSize and HeldoutSize are the sizes of the estimation set and of
	// the held-out items; they add up to N.
	EstSize, HeldoutSize int
	// Methods holds one result per entry of MethodNames(), in that order,
	// then the MEC rows when the records have sampled scores.
	Methods []MethodResult
	// Fit is CalibraEval's fit (nil when CalibraEval is unavailable or
	// only the published solver ran). With a StopAt point, Fit.Curve is
	// that point's map. Fit.Curve.Z is shared with the engine: do not
	// change it.
	Fit *calibraeval.FitResult
	// Published is the published code's fit (nil unless it ran).
	Published *calibraeval.PublishedFit
	// Path is the fit path (nil unless asked for by Path or StopAt, or
	// when CalibraEval is unavailable); Stop is the point the converged row
	// uses (nil at StopEnd). Published and Path are shared with the
	// engine's cache: do not change them.
	Path *calibraeval.Path
	Stop *StopInfo
	// WarmStarted reports whether Fit started from a previous λ's fit,
	// WarmFrom that fit's λ.
	WarmStarted bool
	WarmFrom    float64
	// Preview marks a Preview's result: Fit is warm-started, and the cold
	// fit of Analyze (which `plumb report` gives) may differ.
	Preview bool
	// Curve is g* at CurvePoints evenly spaced points of [0, 1] (nil when
	// CalibraEval is unavailable): the converged fit's (or stop point's),
	// else the published code's.
	Curve []float64
	// Prior is Pride's prior (nil when Pride is unavailable).
	Prior *baseline.PridePrior
	// CCPrior, DCPrior and BCPrior are the per-arrangement priors of CC,
	// DC and BC (nil when the method is unavailable).
	CCPrior, DCPrior, BCPrior *baseline.ArrPrior
	// Notes holds remarks about the judge's data.
	Notes []string
	// MEC is the Multiple Evidence Calibration analysis (calib/mec; nil
	// unless the records have sampled scores): its rows are in Methods.
	MEC *mec.Result
	// Effects says what the arrangements identify about the judge's
	// position and token bias, with estimates (identify.Bias); it does not
	// depend on the options.
	Effects identify.Effects
}

// Method returns the result of the named method, or nil.
func (s *Result) Method(name string) *MethodResult {
	for i := range s.Methods {
		if s.Methods[i].Name == name {
			return &s.Methods[i]
		}
	}
	return nil
}

// Engine analyses one judge's pairs for many options, reusing work:
// the raw, BPC and discard results do not depend on the options and are
// computed once; estimation sets are cached per (EstFrac, Seed); the NOA
// problem is cached per (EstFrac, Seed, Objective), with its fits per
// (λ, MaxIter), and a new λ is warm-started from the most recent
// non-degenerate fit of the same problem (a nearly constant g traps the
// optimiser; when a warm start ends degenerate, a cold fit is tried too
// and the lower objective kept). A cached fit is returned as is, so going
// back to an earlier λ gives the same answer as before; a warm-started fit
// can differ from a cold one because the objective is non-convex for λ > 0.
//
// An engine is not safe for concurrent use. The Selections it returns share
// nothing mutable with it.
type Engine struct {
	judge string
	pairs []model.Pair
	// cold disables warm starts (SetWarmStart).
	cold bool
	// previewMin is the smallest problem Preview answers (knots).
	previewMin int

	info     dataInfo
	raw      calib.Prefs
	rawAll   metrics.Metrics
	bpc      calib.Prefs
	bpcErr   error
	bpcAll   metrics.Metrics
	discAll  metrics.Metrics
	discKept calib.Stat
	effects  identify.Effects
	ready    bool
	// probes are the judge's probe records (SetProbes).
	probes []model.Probe
	// mec holds the MEC rows (nil without sampled scores; mec.go).
	mec *mecState

	splits []*splitEntry
	noas   []*noaEntry
	pubs   []cachedPub
	paths  []cachedPath

	// work is the engine's memory for short-lived arrays (calib/internal/work);
	// never shared: a fork gets spare (or none), which Rejoin fills.
	work  *work.Space
	spare *work.Space
}

// ws returns the engine's workspace, made on first use.
func (e *Engine) ws() *work.Space {
	if e.work == nil {
		e.work = &work.Space{}
	}
	return e.work
}

// dataInfo summarises the pairs.
type dataInfo struct {
	arr    [model.NumArrangements]int
	source model.Source
	hard   int // records with hard choices
	notes  []string
}

// splitEntry is a cached estimation set and the results that depend only
// on it (filled by splitResults).
type splitEntry struct {
	frac         float64
	seed         uint64
	est, heldout []int

	done              bool
	rawH, bpcH, discH *metrics.Metrics
	discHKept         calib.Stat
	pride             MethodResult
	prior             *baseline.PridePrior
	// arr holds the CC, DC and BC rows and priors (arrprior.go).
	arr [numArrMethods]arrEntry
}

// problemKey identifies a NOA problem.
type problemKey struct {
	frac float64
	seed uint64
	obj  calibraeval.Objective
}

// fitKey identifies a fit of a NOA problem.
type fitKey struct {
	lambda  float64
	maxIter int
}

// noaEntry is a cached NOA problem (or why it is unavailable) and its fits.
type noaEntry struct {
	key  problemKey
	noa  *calibraeval.NOA
	err  error
	fits []cachedFit // oldest first; the last one is the most recent
	// preview is the last Preview's warm-started fit (not in fits: Analyze
	// never returns it), a start for the next preview.
	preview *cachedFit
}

// cachedFit is a fit and the metrics of its calibrated preferences.
type cachedFit struct {
	key      fitKey
	fit      calibraeval.FitResult
	warm     bool
	warmFrom float64 // the λ of the fit warm started from
	all      metrics.Metrics
	heldout  *metrics.Metrics
	notes    []string
	// degenerate is true when the fit collapsed (Collapsed), reason why.
	degenerate bool
	reason     string
}

// NewEngine returns an engine for the pairs of one judge. It keeps
// pairs without copying; the caller must not change them while the engine
// is in use.
func NewEngine(judge string, pairs []model.Pair) *Engine {
	return &Engine{judge: judge, pairs: pairs, previewMin: PreviewMinKnots}
}

// SetWarmStart turns warm starts on (the default) or off. With them off
// every fit starts from the identity map, as Analyze's does, so the
// engine gives, for any sequence of options, exactly the numbers a one-shot
// analysis gives for each; the TUI uses this so that `plumb report` with
// the same flags reproduces the screen.
func (e *Engine) SetWarmStart(on bool) { e.cold = !on }

// Analyze runs a one-shot analysis (a fresh engine, cold start).
func Analyze(judge string, pairs []model.Pair, opt Options) (*Result, error) {
	return NewEngine(judge, pairs).Analyze(opt)
}

// Analyze computes every method's metrics for the options.
func (e *Engine) Analyze(opt Options) (*Result, error) {
	return e.analyze(context.Background(), opt, nil)
}

// AnalyzeContext is Analyze, stopped with an error wrapping ctx's when ctx
// is done during CalibraEval's fit (checked before every iteration);
// nothing of a stopped fit is cached.
func (e *Engine) AnalyzeContext(ctx context.Context, opt Options) (*Result, error) {
	return e.analyze(ctx, opt, nil)
}

// analyze is Analyze; with preview not nil, CalibraEval's fit is a
// preview warm-started from it (Preview).
func (e *Engine) analyze(ctx context.Context, opt Options, preview *calibraeval.FitResult) (*Result, error) {
	if err := opt.validate(); err != nil {
		return nil, fmt.Errorf("selection analysis of judge %q: %w", e.judge, err)
	}
	if len(e.pairs) == 0 {
		return nil, fmt.Errorf("selection analysis of judge %q: no pair items", e.judge)
	}
	e.prepare()
	sp, err := e.split(opt.EstFrac, opt.Seed)
	if err != nil {
		return nil, fmt.Errorf("selection analysis of judge %q: %w", e.judge, err)
	}
	est, heldout := sp.est, sp.heldout
	sel := &Result{
		Judge:        e.judge,
		N:            len(e.pairs),
		Arrangements: e.info.arr,
		Source:       e.info.source,
		Options:      opt,
		EstSize:      len(est),
		HeldoutSize:  len(heldout),
		Methods:      make([]MethodResult, 0, 8),
		Notes:        slices.Clone(e.info.notes),
		Effects:      e.effects.Clone(),
	}
	if opt.EstFrac < 1 && len(heldout) == 0 {
		sel.Notes = append(sel.Notes, fmt.Sprintf("estimation fraction %v leaves no item of %d held out", opt.EstFrac, len(e.pairs)))
	}
	e.splitResults(sp)

	sel.Methods = append(sel.Methods, MethodResult{Name: MethodRaw, Available: true, All: e.rawAll, Heldout: sp.rawH})
	if opt.Solver.Converged() {
		ce, err := e.calibraEval(ctx, sel, opt, est, heldout, preview)
		if err != nil {
			return nil, fmt.Errorf("selection analysis of judge %q: %w", e.judge, err)
		}
		if err := e.stopAt(sel, opt, &ce); err != nil {
			return nil, fmt.Errorf("selection analysis of judge %q: %w", e.judge, err)
		}
		sel.Methods = append(sel.Methods, ce)
	}
	if opt.Solver.Published() {
		curve := sel.Curve
		sel.Methods = append(sel.Methods, e.published(sel, opt, est, heldout))
		if curve == nil && sel.Published != nil {
			sel.Curve = sel.Published.Curve.Sample(CurvePoints)
		}
	}
	// The path is the converged fit's: none when that row is not there or
	// unavailable (its reason says why).
	// A preview has none: the path follows the exact fit.
	if ce := sel.Method(MethodCalibraEval); (opt.Path || opt.StopAt != StopEnd) && preview == nil && ce != nil && ce.Available {
		p, err := e.CachedPath(opt)
		if err != nil {
			sel.Notes = append(sel.Notes, "no fit path: "+err.Error())
		}
		sel.Path = p
	}
	sel.Methods = append(sel.Methods, sp.pride)
	if sp.prior != nil {
		prior := *sp.prior
		sel.Prior = &prior
	}
	e.arrRows(sel, sp)

	bm := MethodResult{Name: MethodBPC}
	if e.bpcErr != nil {
		bm.Reason = e.bpcErr.Error()
	} else {
		bm.Available = true
		bm.All = e.bpcAll
		bm.Heldout = sp.bpcH
		if left := len(e.pairs) - e.bpcAll.N; left > 0 {
			bm.Notes = []string{fmt.Sprintf("%d of %d items have no position-swapped pair of arrangements and are left out", left, len(e.pairs))}
		}
		if why := calib.TiesOnly(e.raw, e.bpc); why != "" {
			markDegenerate(&bm, "every BPC decision is a tie ("+why+"): the two orders cancel on every item")
		}
	}
	sel.Methods = append(sel.Methods, bm)

	dm := MethodResult{Name: MethodDiscard}
	if !e.discKept.OK() {
		dm.Reason = "discarding inconsistent items " + e.discKept.Reason
	} else {
		dm.Available = true
		dm.All = e.discAll
		dm.Kept = &e.discKept
		dm.Heldout = sp.discH
		if sp.discH != nil {
			dm.HeldoutKept = &sp.discHKept
		}
		if single := e.rawAll.N - e.discKept.N; single > 0 {
			dm.Notes = []string{fmt.Sprintf("%d items judged in one arrangement only cannot be checked and are dropped", single)}
		}
	}
	sel.Methods = append(sel.Methods, dm)
	e.mecRows(sel, sp)

	// The results hold cached values: copy everything a caller could change.
	for i := range sel.Methods {
		sel.Methods[i] = sel.Methods[i].clone()
	}
	return sel, nil
}

// splitResults computes, once per estimation set, the held-out metrics of
// raw, BPC and discard and the Pride, CC, DC and BC results.
func (e *Engine) splitResults(sp *splitEntry) {
	if sp.done {
		return
	}
	sp.done = true
	if len(sp.heldout) > 0 {
		m := metrics.ComputeIn(e.raw, sp.heldout, e.ws())
		sp.rawH = &m
		if e.bpcErr == nil {
			b := baseline.BPCMetricsSubset(e.bpc, sp.heldout)
			sp.bpcH = &b
		}
		if e.discKept.OK() {
			d, k := baseline.DiscardMetricsIn(e.raw, sp.heldout, e.ws())
			sp.discH, sp.discHKept = &d, k
		}
	}
	e.arrResults(sp)
	sp.pride = MethodResult{Name: MethodPride}
	// Pride's preferences are read only here (for its metrics).
	pp, prior, err := baseline.PridePrefsIn(e.pairs, sp.est, e.ws())
	defer calib.PutPrefs(e.ws(), pp)
	if err != nil {
		sp.pride.Reason = err.Error()
		return
	}
	sp.pride.Available = true
	sp.pride.All = metrics.ComputeIn(pp, nil, e.ws())
	if len(sp.heldout) > 0 {
		m := metrics.ComputeIn(pp, sp.heldout, e.ws())
		sp.pride.Heldout = &m
	}
	sp.prior = &prior
	sp.pride.Notes = []string{fmt.Sprintf("prior P(A) = %.4f, P(B) = %.4f from %d estimation items judged in x0 and x2", prior.A, prior.B, prior.N)}
	// Pride maps P(A) too, so it can collapse like CalibraEval (every
	// debiased preference a tie when the prior absorbs the whole
	// preference): flagged, never shown as a gain.
	if bad, why := calib.CollapsedMap(e.raw, pp, "Pride's map"); bad {
		markDegenerate(&sp.pride, why)
	}
}

// markDegenerate flags a baseline's result as collapsed: its metrics say
// nothing about the judge, are undefined with the reason and get a note.
func markDegenerate(m *MethodResult, why string) {
	m.Degenerate, m.DegenerateReason = true, why
	m.Notes = append(m.Notes, "degenerate (collapsed): "+why+"; its metrics say nothing about the judge and are not shown")
	m.All.Collapse(why)
	if m.Heldout != nil {
		h := m.Heldout.Clone()
		h.Collapse(why)
		m.Heldout = &h
	}
}

// prepare computes the option-independent results once.
func (e *Engine) prepare() {
	if e.ready {
		return
	}
	e.ready = true
	var bySource [3]int
	for i := range e.pairs {
		p := &e.pairs[i]
		for j, h := range p.Has {
			if h {
				e.info.arr[j]++
			}
		}
		if s := p.Source; s >= 0 && int(s) < len(bySource) {
			bySource[s]++
		}
	}
	e.info.hard = bySource[model.SourceChoice]
	best := 0
	for s, c := range bySource {
		if c > bySource[best] {
			best = s
		}
	}
	e.info.source = model.Source(best)
	if bySource[best] < len(e.pairs) {
		e.info.notes = append(e.info.notes, fmt.Sprintf("records mix sources: %d p_a, %d logprobs, %d choice",
			bySource[model.SourceProb], bySource[model.SourceLogprob], bySource[model.SourceChoice]))
	}
	e.info.notes = append(e.info.notes, sampledNotes(e.pairs)...)
	e.raw = calib.RawPrefs(e.pairs)
	e.rawAll = metrics.ComputeIn(e.raw, nil, e.ws())
	e.bpc, e.bpcErr = baseline.BPCPrefs(e.raw)
	if e.bpcErr == nil {
		e.bpcAll = baseline.BPCMetricsSubset(e.bpc, nil)
	}
	e.discAll, e.discKept = baseline.DiscardMetricsIn(e.raw, nil, e.ws())
	e.effects = identify.Bias(e.pairs)
	e.mec = e.newMECState()
}

// split returns the cached estimation set for (frac, seed).
func (e *Engine) split(frac float64, seed uint64) (*splitEntry, error) {
	for _, s := range e.splits {
		if s.frac == frac && s.seed == seed {
			return s, nil
		}
	}
	est, heldout, err := calib.EstimationSet(len(e.pairs), frac, seed)
	if err != nil {
		return nil, err
	}
	if len(e.splits) >= noaCacheSize {
		e.splits = e.splits[1:]
	}
	s := &splitEntry{frac: frac, seed: seed, est: est, heldout: heldout}
	e.splits = append(e.splits, s)
	return s, nil
}

// noaKey is the NOA problem of opt: its estimation set and objective.
func noaKey(opt Options) problemKey {
	return problemKey{frac: opt.EstFrac, seed: opt.Seed, obj: opt.Objective}
}

// cachedNOA returns the cached NOA problem of opt, or nil (it builds none).
func (e *Engine) cachedNOA(opt Options) *noaEntry {
	key := noaKey(opt)
	for _, n := range e.noas {
		if n.key == key {
			return n
		}
	}
	return nil
}

// noaFor returns the cached NOA problem of opt (est its estimation set),
// building it if needed.
func (e *Engine) noaFor(opt Options, est []int) *noaEntry {
	if n := e.cachedNOA(opt); n != nil {
		return n
	}
	n := &noaEntry{key: noaKey(opt)}
	n.noa, n.err = calibraeval.NewNOAIn(e.pairs, est, opt.Objective, e.ws())
	if len(e.noas) >= noaCacheSize {
		e.noas = e.noas[1:]
	}
	e.noas = append(e.noas, n)
	return n
}

// calibraEval runs (or reuses) CalibraEval's fit and returns its result; it
// sets sel.Fit, sel.Curve and sel.WarmStarted. Its error is ctx's, when
// ctx stopped the fit; every other failure is the result's Reason. With
// preview not nil the fit is warm-started from it, kept as the problem's
// preview and not cached.
func (e *Engine) calibraEval(ctx context.Context, sel *Result, opt Options, est, heldout []int, preview *calibraeval.FitResult) (MethodResult, error) {
	res := MethodResult{Name: MethodCalibraEval}
	if e.info.hard > 0 {
		res.Reason = fmt.Sprintf("CalibraEval needs probabilities; %d of %d records give hard choices", e.info.hard, len(e.pairs))
		return res, nil
	}
	ent := e.noaFor(opt, est)
	if ent.err != nil {
		res.Reason = ent.err.Error()
		return res, nil
	}
	// failed: a stopped fit is the caller's error, any other the row's
	// reason.
	failed := func(err error) (MethodResult, error) {
		if ctx.Err() != nil {
			return res, err
		}
		res.Reason = err.Error()
		return res, nil
	}
	fk := fitKey{lambda: opt.Lambda, maxIter: opt.MaxIter}
	var cf *cachedFit
	for i := range ent.fits {
		if ent.fits[i].key == fk {
			cf = &ent.fits[i]
			break
		}
	}
	if preview != nil {
		// A preview is an answer within a frame or so: its warm fit stops
		// after PreviewMaxIter iterations (the exact fit replaces it).
		po := opt
		if po.MaxIter == 0 || po.MaxIter > PreviewMaxIter {
			po.MaxIter = PreviewMaxIter
		}
		c, err := e.fitOnce(ctx, ent.noa, po, preview, heldout)
		if err != nil {
			return failed(err)
		}
		c.key = fk
		ent.preview = &c
		cf = ent.preview
	}
	if cf == nil {
		// Warm-start from the most recent non-degenerate fit: a nearly
		// constant g is (asymptotically) stationary for every λ, so a fit
		// started there never leaves it.
		var warm *calibraeval.FitResult
		for i := len(ent.fits) - 1; i >= 0 && !e.cold; i-- {
			if !ent.fits[i].degenerate {
				warm = &ent.fits[i].fit
				break
			}
		}
		c, err := e.fitOnce(ctx, ent.noa, opt, warm, heldout)
		if err != nil {
			return failed(err)
		}
		if warm != nil && c.degenerate {
			// The warm start may have led into the constant map; a cold fit
			// decides.
			cold, err := e.fitOnce(ctx, ent.noa, opt, nil, heldout)
			if err != nil && ctx.Err() != nil {
				return res, err
			}
			if err == nil && cold.fit.Objective < c.fit.Objective {
				c = cold
			}
		}
		c.key = fk
		if len(ent.fits) >= fitCacheSize {
			ent.fits = slices.Delete(ent.fits, 0, 1)
		}
		ent.fits = append(ent.fits, c)
		cf = &ent.fits[len(ent.fits)-1]
		// Other problems keep only their last fit.
		for _, other := range e.noas {
			if other != ent && len(other.fits) > 1 {
				other.fits = slices.Delete(other.fits, 0, len(other.fits)-1)
			}
		}
	}
	fit := cf.fit
	fit.D = slices.Clone(fit.D)
	// Z is the problem's knots, shared as in every FitResult.
	fit.Curve = &calib.Curve{Z: fit.Curve.Z, G: slices.Clone(fit.Curve.G)}
	sel.Fit = &fit
	sel.WarmStarted, sel.WarmFrom = cf.warm, cf.warmFrom
	sel.Preview = preview != nil
	sel.Curve = fit.Curve.Sample(CurvePoints)

	res.Available = true
	res.All = cf.all
	res.Heldout = cf.heldout
	res.Notes = append(res.Notes, cf.notes...)
	if cf.degenerate {
		res.Degenerate, res.DegenerateReason = true, cf.reason
		res.All.Collapse(cf.reason)
		if res.Heldout != nil {
			h := res.Heldout.Clone()
			h.Collapse(cf.reason)
			res.Heldout = &h
		}
	}
	switch {
	case fit.Converged:
	case sel.Preview:
		res.Notes = append(res.Notes, fmt.Sprintf("preview: the warm-started fit stopped after %d iterations, before converging; the exact fit replaces it", fit.Iterations))
	default:
		res.Notes = append(res.Notes, fmt.Sprintf("the fit did not converge after %d iterations (%s)", fit.Iterations, fit.Status))
	}
	if opt.Lambda == 0 {
		res.Notes = append(res.Notes, "λ = 0: nothing keeps g away from the trivial map g = 0.5")
	}
	return res, nil
}

// fitOnce fits the NOA problem for opt (warm-started from warm when not
// nil) and computes the calibrated preferences and their metrics.
func (e *Engine) fitOnce(ctx context.Context, noa *calibraeval.NOA, opt Options, warm *calibraeval.FitResult, heldout []int) (cachedFit, error) {
	ws := e.ws()
	fit, err := noa.FitContext(ctx, calibraeval.FitOptions{Lambda: opt.Lambda, MaxIter: opt.MaxIter, Work: ws}, warm)
	if err != nil {
		return cachedFit{}, err
	}
	c := cachedFit{fit: fit, warm: warm != nil}
	if warm != nil {
		c.warmFrom = warm.Lambda
	}
	// The calibrated preferences are read only here (the metrics keep
	// none of their arrays): their arrays go back to the workspace.
	prefs := noa.CalibratedPrefs(e.pairs, fit.Curve, ws)
	defer calib.PutPrefs(ws, prefs)
	c.all = metrics.ComputeIn(prefs, nil, ws)
	if bad, why := calib.Collapsed(e.raw, prefs, fit.Curve); bad {
		c.degenerate, c.reason = true, why
		c.notes = append(c.notes, "degenerate fit (collapsed): "+why+"; its metrics say nothing about the judge and are not shown; "+calib.CollapseAdvice)
	}
	if len(heldout) > 0 {
		m := metrics.ComputeIn(prefs, heldout, ws)
		c.heldout = &m
	}
	return c, nil
}

// Clone returns a copy of r that shares no pointers or slices with it.
func (r MethodResult) clone() MethodResult {
	c := r
	c.All = r.All.Clone()
	if r.Heldout != nil {
		h := r.Heldout.Clone()
		c.Heldout = &h
	}
	if r.Kept != nil {
		k := *r.Kept
		c.Kept = &k
	}
	if r.HeldoutKept != nil {
		k := *r.HeldoutKept
		c.HeldoutKept = &k
	}
	c.Notes = slices.Clone(r.Notes)
	return c
}

// KeptFor returns the kept share that goes with m, one of r's metric sets:
// HeldoutKept when m is r.Heldout, else Kept (nil when r has none).
func (r *MethodResult) KeptFor(m *metrics.Metrics) *calib.Stat {
	if m != nil && m == r.Heldout {
		return r.HeldoutKept
	}
	return r.Kept
}
