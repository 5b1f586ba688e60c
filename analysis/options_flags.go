package analysis

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/spf13/pflag"
)

// The codec between Options and the command line: RegisterFlags defines
// the analysis flags (names, help, defaults) on a flag set and
// OptionFlags.Options validates what was given into Options; Options.Args
// (options_args.go) writes Options back as the flags that reproduce them.
// A new option is a field of Options, a flag in RegisterFlags, its check
// in one of the OptionFlags' steps, and its flag in Options.Args; the
// round-trip test (options_flags_test.go) checks that the two agree.

// The defaults of the reporting flags that have no Default… of their own.
const (
	defaultAlpha = 0.05
	defaultPilot = 10
)

// OptionFlags are the analysis flags as given, between RegisterFlags and
// Options.
type OptionFlags struct {
	fs *pflag.FlagSet

	judges    []string
	group     string
	lambda    float64
	estFrac   float64
	objective string
	seed      uint64
	solver    string
	pubLambda float64
	stopAt    string
	path      bool

	target       string
	verdictFrom  string
	budget       int
	split        float64
	alpha        float64
	pilot        int
	permutations int
	perToken     bool
	topK         int

	resamples int
	bootKind  string
	refit     bool
	fixedFit  bool

	styleMode  string
	stylePref  string
	self       []string
	difficulty string
}

// RegisterFlags defines the flags of every analysis option on fs (the
// knobs shared by `plumb`, `plumb report`, `plumb figures` and `plumb
// calibrate`) and returns what reads them once fs is parsed.
func RegisterFlags(fs *pflag.FlagSet) *OptionFlags {
	f := &OptionFlags{fs: fs}
	f.registerSelection(fs)
	f.registerReporting(fs)
	f.registerBootstrap(fs)
	f.registerStyle(fs)
	return f
}

func (f *OptionFlags) registerSelection(fs *pflag.FlagSet) {
	def := selection.DefaultOptions()
	fs.StringArrayVar(&f.judges, "judge", nil, "`NAME`: analyse only this judge (repeatable: --judge a --judge b; "+
		"the value is one name, commas and all; default: all)")
	fs.StringVar(&f.group, "group", "", "analyse only pair records of this group (default: all)")
	fs.Float64Var(&f.lambda, "lambda", def.Lambda, "CalibraEval's λ in [0, 10] (keeps g off 0.5)")
	fs.Float64Var(&f.estFrac, "est-frac", def.EstFrac, "estimation-set share, in (0, 1]")
	fs.StringVar(&f.objective, "objective", def.Objective.String(), "CalibraEval objective: both, l1 or l2")
	fs.Uint64Var(&f.seed, "seed", def.Seed, "seed of every random draw")
	fs.StringVar(&f.solver, "solver", def.Solver.String(), "CalibraEval row: converged (eq. 10 to convergence), published (the paper's code) or both")
	fs.Float64Var(&f.pubLambda, "published-lambda", def.PublishedLambda, "λ of --solver published/both, in [0, 10] (the script's 0.05)")
	fs.StringVar(&f.stopAt, "stop-at", def.StopAt.String(), "fit-path point the CalibraEval row uses: end (converged) or 0..29 (0 = identity); implies --path")
	fs.BoolVar(&f.path, "path", def.Path, "compute CalibraEval's fit path (~30 points; about 30× one fit)")
}

func (f *OptionFlags) registerReporting(fs *pflag.FlagSet) {
	fs.StringVar(&f.target, "target", TargetAuto, "reporting target: auto, verdict or pair")
	fs.StringVar(&f.verdictFrom, "verdict-from", reporting.VerdictRawX0.String(), "pair verdict: raw-x0, aggregate, calibrated, bpc")
	fs.IntVar(&f.budget, "budget", 0, "calibration budget m (0: auto)")
	fs.Float64Var(&f.split, "split", 0, "budget share for z = 0 items (0: the pool's own)")
	fs.Float64Var(&f.alpha, "alpha", defaultAlpha, "1 − confidence level of the CI")
	fs.IntVar(&f.pilot, "pilot", defaultPilot, "Algorithm 1's pilot size per class")
	fs.IntVar(&f.permutations, "permutations", likelihood.DefaultPermutations, "permutations of the BiasScore test")
	fs.BoolVar(&f.perToken, "per-token", false, "use LS per token where tokens is given")
	fs.IntVar(&f.topK, "k", likelihood.DefaultTopK, "how many top-RS items to list")
}

func (f *OptionFlags) registerBootstrap(fs *pflag.FlagSet) {
	def := DefaultBootstrapOptions()
	fs.IntVar(&f.resamples, "bootstrap", def.Resamples, "bootstrap resamples `B` of the 95% intervals (0 = off; "+
		"the default is lowered on large logs, with a note)")
	fs.StringVar(&f.bootKind, "bootstrap-kind", def.Kind.String(), "bootstrap interval: percentile or bca")
	fs.BoolVar(&f.refit, "refit", false, "re-fit CalibraEval and Pride's prior on every bootstrap resample, whatever the "+
		"size (the default up to resamples × estimation items of 10,000,000, e.g. 1,000 × 10,000)")
	fs.BoolVar(&f.fixedFit, "fixed-fit", false, "hold CalibraEval's fit and Pride's prior fixed in the bootstrap "+
		"(faster, but the intervals leave out the fit's variability: too narrow; marks carry "+vocab.FixedFitSym+")")
}

func (f *OptionFlags) registerStyle(fs *pflag.FlagSet) {
	fs.StringVar(&f.styleMode, "style", StyleAuto.String(), "length, self-preference and win rates: auto (judges whose records name "+
		"generators or give lengths), on (every judge, lengths from the texts too) or off")
	fs.StringVar(&f.stylePref, "style-pref", style.PrefBalanced.String(), "preference of the style measures: balanced, raw-x0 or calibrated (CalibraEval's)")
	fs.StringArrayVar(&f.self, "self", nil, "`JUDGE=MODEL`: judge JUDGE is generator MODEL, for its self-preference (repeatable; "+
		"not needed for a judge named like its generator)")
	fs.StringVar(&f.difficulty, "instruction-difficulty", "", "`FILE`: AlpacaEval's instruction_difficulty.csv (index,difficulty): "+
		"adds AlpacaEval 2.0's length-controlled win rate with instruction difficulty beside the minimal GLM's")
}

// Self returns the --self pairs as given (JUDGE=MODEL), for checking
// against a log: Options splits them at the first '=', which a judge
// name holding '=' needs resolved against the log's judges.
func (f *OptionFlags) Self() []string { return f.self }

// Options validates the flags and returns the options they give, with
// one seed for every analysis and the --self pairs split at their first
// '=' (SelfAsGiven). The error names the first flag that is wrong.
func (f *OptionFlags) Options() (Options, error) {
	var o Options
	var err error
	if o.Selection, err = f.selectionOptions(); err != nil {
		return Options{}, err
	}
	for _, j := range f.judges {
		if j == "" {
			return Options{}, fmt.Errorf("--judge: empty judge name")
		}
	}
	if err := f.reportingOptions(&o); err != nil {
		return Options{}, err
	}
	if o.Bootstrap, err = f.bootstrapOptions(); err != nil {
		return Options{}, err
	}
	if o.Style, err = f.styleOptions(); err != nil {
		return Options{}, err
	}
	o.Judges = f.judges
	o.Group = f.group
	return o, nil
}

// selectionOptions validates CalibraEval's flags.
func (f *OptionFlags) selectionOptions() (selection.Options, error) {
	var o selection.Options
	if !(f.lambda >= 0 && f.lambda <= calibraeval.MaxLambda) {
		return o, fmt.Errorf("--lambda %v: want a number in [0, %d] (λ weighs the content-swap spread against consistency; "+
			"beyond about 2 it already dominates)", f.lambda, calibraeval.MaxLambda)
	}
	if !(f.estFrac > 0 && f.estFrac <= 1) {
		return o, fmt.Errorf("--est-frac %v: want a number in (0, 1]", f.estFrac)
	}
	obj, err := calibraeval.ParseObjective(f.objective)
	if err != nil {
		return o, fmt.Errorf("--objective: %w", err)
	}
	solver, err := selection.ParseSolver(f.solver)
	if err != nil {
		return o, fmt.Errorf("--solver: %w", err)
	}
	if !(f.pubLambda >= 0 && f.pubLambda <= calibraeval.MaxLambda) {
		return o, fmt.Errorf("--published-lambda %v: want a number in [0, %d]", f.pubLambda, calibraeval.MaxLambda)
	}
	stop, err := selection.ParsePathStop(f.stopAt)
	if err != nil {
		return o, fmt.Errorf("--stop-at: %w", err)
	}
	if stop != selection.StopEnd && !solver.Converged() {
		return o, fmt.Errorf("--stop-at %s: the fit path is the converged solver's; use --solver converged or both", f.stopAt)
	}
	return selection.Options{Lambda: f.lambda, EstFrac: f.estFrac, Objective: obj, Seed: f.seed,
		Solver: solver, PublishedLambda: f.pubLambda, StopAt: stop, Path: f.path}, nil
}

// reportingOptions validates the reporting and likelihood flags into o.
func (f *OptionFlags) reportingOptions(o *Options) error {
	switch f.target {
	case TargetAuto, TargetVerdict, TargetPair:
	default:
		return fmt.Errorf("--target %q: want auto, verdict or pair", f.target)
	}
	from, err := reporting.ParseVerdictFrom(f.verdictFrom)
	if err != nil {
		return fmt.Errorf("--verdict-from: %w", err)
	}
	if f.budget < 0 {
		return fmt.Errorf("--budget %d: want ≥ 0 (0 = auto)", f.budget)
	}
	if !(f.split == 0 || (f.split > 0 && f.split < 1)) {
		return fmt.Errorf("--split %v: want a number in (0, 1), or 0 for the pool's own shares", f.split)
	}
	if !(f.alpha > 0 && f.alpha < 1) {
		return fmt.Errorf("--alpha %v: want a number in (0, 1)", f.alpha)
	}
	if f.pilot < 0 {
		return fmt.Errorf("--pilot %d: want ≥ 0", f.pilot)
	}
	if f.permutations < 0 {
		return fmt.Errorf("--permutations %d: want ≥ 0 (0 = no test)", f.permutations)
	}
	if f.topK < 0 {
		return fmt.Errorf("--k %d: want ≥ 0", f.topK)
	}
	o.Target = f.target
	o.VerdictFrom = from
	o.Reporting = reporting.Options{Budget: f.budget, Split: f.split, Alpha: f.alpha, Pilot: f.pilot, Seed: f.seed}
	o.Likelihood = likelihood.Options{Permutations: f.permutations, Seed: f.seed, PerToken: f.perToken, TopK: f.topK}
	return nil
}

// bootstrapOptions validates the flags of the paired item bootstrap
// (docs/analysis.md, "Intervals"); its seed is --seed.
func (f *OptionFlags) bootstrapOptions() (BootstrapOptions, error) {
	o := DefaultBootstrapOptions()
	if f.resamples < 0 {
		return o, fmt.Errorf("--bootstrap %d: want ≥ 0 (0 = no intervals)", f.resamples)
	}
	if f.resamples == 1 {
		return o, fmt.Errorf("--bootstrap 1: one resample gives no interval; want 0 (off) or at least 2 (1000 is the default)")
	}
	kind, err := bootstrap.ParseKind(f.bootKind)
	if err != nil {
		return o, fmt.Errorf("--bootstrap-kind: %w", err)
	}
	if f.refit && f.fixedFit {
		return o, fmt.Errorf("--refit and --fixed-fit: choose one")
	}
	o.Resamples = f.resamples
	o.Explicit = f.fs != nil && f.fs.Changed("bootstrap")
	o.Kind = kind
	switch {
	case f.refit:
		o.Refit = RefitAlways
	case f.fixedFit:
		o.Refit = RefitNever
	}
	return o, nil
}

// styleOptions validates the flags of the style analysis: length and
// self-preference bias and the generators' win rates (docs/style.md).
// The names in --self are checked against the log by the caller.
func (f *OptionFlags) styleOptions() (StyleOptions, error) {
	var o StyleOptions
	mode, err := ParseStyleMode(f.styleMode)
	if err != nil {
		return o, fmt.Errorf("--style: %w", err)
	}
	pref, err := style.ParsePref(f.stylePref)
	if err != nil {
		return o, fmt.Errorf("--style-pref: %w", err)
	}
	if mode == StyleOff && len(f.self) > 0 {
		return o, fmt.Errorf("--self %s: the style analysis is off (--style off)", f.self[0])
	}
	o.Mode, o.Pref = mode, pref
	for _, spec := range f.self {
		j, m, ok := strings.Cut(spec, "=")
		if !ok || strings.TrimSpace(j) == "" || strings.TrimSpace(m) == "" {
			return o, fmt.Errorf("--self %q: want JUDGE=MODEL (the judge, and the generator it is)", spec)
		}
	}
	o.Self = SelfAsGiven(f.self)
	if f.difficulty != "" {
		if mode == StyleOff {
			return o, fmt.Errorf("--instruction-difficulty %s: the style analysis is off (--style off)", f.difficulty)
		}
		if o.Difficulty, err = LoadDifficulty(f.difficulty); err != nil {
			return o, fmt.Errorf("--instruction-difficulty: %w", err)
		}
		o.DifficultyFile = f.difficulty
	}
	return o, nil
}

// SelfAsGiven maps --self pairs as given, split at the first '=' and
// trimmed, for a log that cannot be checked (yet); nil for none.
func SelfAsGiven(specs []string) map[string]string {
	if len(specs) == 0 {
		return nil
	}
	out := map[string]string{}
	for _, spec := range specs {
		j, m, _ := strings.Cut(spec, "=")
		out[strings.TrimSpace(j)] = strings.TrimSpace(m)
	}
	return out
}
