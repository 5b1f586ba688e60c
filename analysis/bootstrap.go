package analysis

import (
	"context"
	"fmt"

	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// RefitMode says whether CalibraEval's fit (and Pride's prior) is re-run on
// every bootstrap resample.
type RefitMode int

// The refit modes.
const (
	// RefitAuto re-fits when it fits the time budget: when resamples ×
	// estimation items ≤ RefitBudget; otherwise the fit is held fixed, a
	// note says so and every mark it gives carries vocab.FixedFitSym.
	RefitAuto RefitMode = iota
	// RefitAlways re-fits on every resample (--refit): the honest interval.
	RefitAlways
	// RefitNever holds the full-data fit fixed (--fixed-fit): fast, but
	// too narrow for a learned method.
	RefitNever
)

// String names the mode as the flags do.
func (r RefitMode) String() string {
	switch r {
	case RefitAlways:
		return "refit"
	case RefitNever:
		return "fixed"
	}
	return "auto"
}

// BootLevel is the confidence level of every bootstrap interval (the JSON
// key is ci95). It is fixed: --alpha sets the level of the reporting CI
// only.
const BootLevel = 0.95

// RefitBudget is how many (resample × estimation item) fits RefitAuto
// allows per judge: 1,000 resamples re-fitted on 10,000 estimation items.
// Re-fits are warm-started from the full-data fit (selection.Engine.
// Bootstrap), so 1,000 of them at 3,000 items take about 2.9 s of CPU, the
// fixed fit's 1.2 s (BenchmarkBootstrapRefit3000, …Fixed3000), and the
// whole default report on the demo about 6 s of CPU, near 3 s on two
// cores (BenchmarkReportDemoDefault; docs/performance.md). With the default
// number of resamples, which BootItemBudget lowers on large logs, every
// log whose bootstrap runs is within it: the fit is held fixed only when
// --bootstrap B asks for more. Beyond it the fit is held fixed, with a
// note naming --refit and vocab.FixedFitSym beside every mark it gives.
const RefitBudget = 10_000_000

// BootItemBudget bounds the default bootstrap on large logs: when
// --bootstrap is not given, B is lowered so that B × items ≤ this, with a
// note, and when that would leave fewer than MinDefaultResamples the
// bootstrap is skipped, with a note naming --bootstrap; a B given
// explicitly is never changed. 1,000 resamples of the demo's 3,000 items
// with the fit held fixed take about 0.65 s (BenchmarkBootstrapFixed3000);
// the cost grows faster than linearly with the items.
const BootItemBudget = 3_000_000

// MinDefaultResamples is the least the default number of resamples is
// lowered to: fewer would leave the 2.5% tails to a handful of values.
const MinDefaultResamples = 200

// BootstrapOptions are the settings of the paired item bootstrap of the
// methods table (and of BiasScore). The seed is Selection.Seed (--seed).
type BootstrapOptions struct {
	// Resamples is B (0 = no bootstrap).
	Resamples int
	// Explicit is true when the user chose Resamples (--bootstrap given):
	// it is then never lowered on a large log.
	Explicit bool
	// Kind is the interval kind (percentile by default, or BCa).
	Kind bootstrap.Kind
	// Refit says whether CalibraEval is re-fitted per resample.
	Refit RefitMode
	// Workers bounds the goroutines (0 = GOMAXPROCS); the intervals do not
	// depend on it.
	Workers int
}

// DefaultBootstrapOptions are the flags' defaults: 1,000 percentile
// resamples, refit when it fits the budget.
func DefaultBootstrapOptions() BootstrapOptions {
	return BootstrapOptions{Resamples: bootstrap.DefaultResamples, Kind: bootstrap.Percentile, Refit: RefitAuto}
}

// BootPlan is what the bootstrap of one judge does.
type BootPlan struct {
	Resamples int
	Refit     bool
	// Notes say what the rules decided (fewer resamples, the fit held
	// fixed) and why.
	Notes []string
}

// Plan decides the resamples and the refit for a judge with items pair
// items and estItems estimation items.
func (o BootstrapOptions) Plan(items, estItems int) BootPlan {
	p := BootPlan{Resamples: o.Resamples}
	if p.Resamples <= 0 {
		return p
	}
	if !o.Explicit && p.Resamples*items > BootItemBudget {
		b := BootItemBudget / max(1, items)
		if b < MinDefaultResamples {
			p.Notes = append(p.Notes, fmt.Sprintf("no bootstrap intervals by default for %d items (%d resamples would take long); "+
				"--bootstrap B computes them (e.g. --bootstrap %d --fixed-fit)", items, p.Resamples, MinDefaultResamples))
			p.Resamples = 0
			return p
		}
		p.Notes = append(p.Notes, fmt.Sprintf("%d resamples instead of %d: %d items × %d would be slow; --bootstrap %d asks for them all",
			b, p.Resamples, items, p.Resamples, p.Resamples))
		p.Resamples = b
	}
	switch o.Refit {
	case RefitAlways:
		p.Refit = true
	case RefitNever:
		p.Refit = false
	default:
		p.Refit = p.Resamples*estItems <= RefitBudget
		if !p.Refit {
			p.Notes = append(p.Notes, fmt.Sprintf("CalibraEval's fit and Pride's and BC's priors held fixed in the bootstrap "+
				"(%d resamples × %d estimation items exceeds the refit budget of %d): its intervals leave out the fit's own "+
				"variability and are too narrow (%s beside their marks); --refit re-fits per resample", p.Resamples, estItems, RefitBudget, vocab.FixedFitSym))
		}
	}
	return p
}

// selectionBootOptions returns calib's options of a plan.
func (o BootstrapOptions) calibOptions(p BootPlan, seed uint64) bootstrap.Options {
	return bootstrap.Options{Resamples: p.Resamples, Seed: seed, Level: BootLevel, Kind: o.Kind, Workers: o.Workers}
}

// Intervals computes the bootstrap intervals of a judge's methods table
// (ja from Judge or Analyze under opt), reporting progress (done of total
// resamples) when progress is not nil. It returns nil when the bootstrap
// is off or the judge has no selection analysis. Cancelling ctx stops it
// early with an error wrapping bootstrap.ErrStopped. The intervals
// depend only on the records, opt and the seed, never on Workers: the
// Engine caches them by those (CachedIntervals), and answers the same
// options again at once, without progress.
func (e *Engine) Intervals(ctx context.Context, ja *JudgeAnalysis, opt Options, progress func(done, total int)) (*selection.Intervals, error) {
	if ja.Selection == nil || opt.Bootstrap.Resamples <= 0 {
		return nil, nil
	}
	return e.cache.intervals.getOr(ja, opt, func() (*selection.Intervals, error) { return e.intervals(ctx, ja, opt, progress) })
}

// intervals computes the intervals of Intervals.
func (e *Engine) intervals(ctx context.Context, ja *JudgeAnalysis, opt Options, progress func(done, total int)) (*selection.Intervals, error) {
	sel := ja.Selection
	bo := opt.Bootstrap
	st, err := e.stateFor(ja.Judge, ja.Group)
	if err != nil {
		return nil, err
	}
	// The lock is held only to read the selection engine: its bootstrap
	// reads what the engine prepared for ja (immutable from then on) and
	// may run while the same judge is analysed again, so a knob change or
	// the overview's comparison never waits for a bootstrap.
	st.mu.Lock()
	eng := st.sel
	st.mu.Unlock()
	if eng == nil {
		return nil, fmt.Errorf("intervals of judge %q: no selection analysis", ja.Judge)
	}
	plan := bo.Plan(sel.N, sel.EstSize)
	co := bo.calibOptions(plan, opt.Selection.Seed)
	if plan.Resamples == 0 {
		// Skipped on a large log: no intervals, and a note saying why.
		return &selection.Intervals{Options: selection.BootstrapOptions{Options: co}, Notes: plan.Notes}, nil
	}
	co.Progress = progress
	if ctx != nil {
		co.Done = ctx.Done()
	}
	iv, err := eng.Bootstrap(sel, selection.BootstrapOptions{Options: co, Refit: plan.Refit})
	if err != nil {
		return nil, fmt.Errorf("intervals of judge %q: %w", ja.Judge, err)
	}
	iv.Notes = append(plan.Notes, iv.Notes...)
	return iv, nil
}

// Report is Analyze with the bootstrap intervals and the style analysis
// of every judge (each judge's right after its selection analysis; the
// bootstraps use every core): what `plumb report` and the TUI's export
// write.
func (e *Engine) Report(opt Options) (*Analysis, error) {
	return e.analyze(opt, true)
}

// likBootKey is what the BiasScore intervals of a cached likelihood
// analysis depend on besides its options.
type likBootKey struct {
	resamples int
	explicit  bool
	kind      bootstrap.Kind
}

// bootLikelihood sets the bootstrap interval of every BiasScore of lik
// (seeded by the likelihood seed, per criterion) when the bootstrap is on;
// on a large log the default B is lowered as for the methods table, with
// a note.
func bootLikelihood(lik *likelihood.Analysis, opt Options) error {
	bo := opt.Bootstrap
	if bo.Resamples <= 0 || lik == nil {
		return nil
	}
	plan := bo.Plan(lik.Total.N, 0)
	for _, n := range plan.Notes {
		lik.Notes = append(lik.Notes, "BiasScore bootstrap: "+n)
	}
	if plan.Resamples == 0 {
		return nil
	}
	return lik.RunBootstrap(bo.calibOptions(plan, opt.Likelihood.Seed))
}
