package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/report"
)

// analysisFlags are the knobs shared by `plumb` and `plumb report`. Every
// knob the TUI will show is a flag here, so a report reproduces a screen.
type analysisFlags struct {
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
	skipBad   bool
	from      string
	maps      []string
	format    string
	output    string
	points    bool

	target       string
	verdictFrom  string
	budget       int
	split        float64
	alpha        float64
	pilot        int
	permutations int
	perToken     bool
	topK         int

	boot  bootFlags
	style styleFlags
}

func (f *analysisFlags) register(fs *pflag.FlagSet) {
	def := selection.DefaultOptions()
	fs.StringSliceVar(&f.judges, "judge", nil, "analyse only these judges (default: all)")
	fs.StringVar(&f.group, "group", "", "analyse only pair records of this group (default: all)")
	fs.Float64Var(&f.lambda, "lambda", def.Lambda, "CalibraEval's λ in [0, 10] (keeps g off 0.5)")
	fs.Float64Var(&f.estFrac, "est-frac", def.EstFrac, "estimation-set share, in (0, 1]")
	fs.StringVar(&f.objective, "objective", def.Objective.String(), "CalibraEval objective: both, l1 or l2")
	fs.Uint64Var(&f.seed, "seed", def.Seed, "seed of every random draw")
	fs.StringVar(&f.solver, "solver", def.Solver.String(), "CalibraEval row: converged (eq. 10 to convergence), published (the paper's code) or both")
	fs.Float64Var(&f.pubLambda, "published-lambda", def.PublishedLambda, "λ of --solver published/both, in [0, 10] (the script's 0.05)")
	fs.StringVar(&f.stopAt, "stop-at", def.StopAt.String(), "fit-path point the CalibraEval row uses: end (converged) or 0..29 (0 = identity); implies --path")
	fs.BoolVar(&f.path, "path", def.Path, "compute CalibraEval's fit path (~30 points; about 30× one fit)")
	fs.StringVar(&f.target, "target", report.TargetAuto, "reporting target: auto, verdict or pair")
	fs.StringVar(&f.verdictFrom, "verdict-from", "raw-x0", "pair verdict: raw-x0, aggregate, calibrated, bpc")
	fs.IntVar(&f.budget, "budget", 0, "calibration budget m (0: auto)")
	fs.Float64Var(&f.split, "split", 0, "budget share for z = 0 items (0: the pool's own)")
	fs.Float64Var(&f.alpha, "alpha", 0.05, "1 − confidence level of the CI")
	fs.IntVar(&f.pilot, "pilot", 10, "Algorithm 1's pilot size per class")
	fs.IntVar(&f.permutations, "permutations", 10000, "permutations of the BiasScore test")
	fs.BoolVar(&f.perToken, "per-token", false, "use LS per token where tokens is given")
	fs.IntVar(&f.topK, "k", 8, "how many top-RS items to list")
	fs.StringVar(&f.from, "from", "", "input format (default: detected from the content; see plumb import --help)")
	fs.StringArrayVar(&f.maps, "map", nil, "column mapping KEY=COLUMN for --from columns (repeat)")
	fs.BoolVar(&f.skipBad, "skip-bad", false, "skip bad lines (counted) instead of stopping")
	fs.StringVar(&f.format, "format", "md", "report format: md, json or csv")
	fs.BoolVar(&f.points, "points", false, "JSON: add every LS–US point (one object per score item; large)")
	onceStringVarP(fs, &f.output, "output", "o", "", "write the report to `FILE` (atomically)")
	f.boot.register(fs)
	f.style.register(fs)
}

// options validates the flags and returns the analysis options.
func (f *analysisFlags) options() (report.Options, error) {
	var o report.Options
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
	switch f.format {
	case "md", "markdown", "json", "csv":
	default:
		return o, fmt.Errorf("--format %q: want md, json or csv", f.format)
	}
	for _, j := range f.judges {
		if strings.TrimSpace(j) == "" {
			return o, fmt.Errorf("--judge: empty judge name")
		}
	}
	switch f.target {
	case report.TargetAuto, report.TargetVerdict, report.TargetPair:
	default:
		return o, fmt.Errorf("--target %q: want auto, verdict or pair", f.target)
	}
	from, err := reporting.ParseVerdictFrom(f.verdictFrom)
	if err != nil {
		return o, fmt.Errorf("--verdict-from: %w", err)
	}
	if f.budget < 0 {
		return o, fmt.Errorf("--budget %d: want ≥ 0 (0 = auto)", f.budget)
	}
	if !(f.split == 0 || (f.split > 0 && f.split < 1)) {
		return o, fmt.Errorf("--split %v: want a number in (0, 1), or 0 for the pool's own shares", f.split)
	}
	if !(f.alpha > 0 && f.alpha < 1) {
		return o, fmt.Errorf("--alpha %v: want a number in (0, 1)", f.alpha)
	}
	if f.pilot < 0 {
		return o, fmt.Errorf("--pilot %d: want ≥ 0", f.pilot)
	}
	if f.permutations < 0 {
		return o, fmt.Errorf("--permutations %d: want ≥ 0 (0 = no test)", f.permutations)
	}
	if f.topK < 0 {
		return o, fmt.Errorf("--k %d: want ≥ 0", f.topK)
	}
	if o.Bootstrap, err = f.boot.options(); err != nil {
		return o, err
	}
	if o.Style, err = f.style.options(); err != nil {
		return o, err
	}
	o.Judges = f.judges
	o.Group = f.group
	o.Selection = selection.Options{Lambda: f.lambda, EstFrac: f.estFrac, Objective: obj, Seed: f.seed,
		Solver: solver, PublishedLambda: f.pubLambda, StopAt: stop, Path: f.path}
	o.Target = f.target
	o.VerdictFrom = from
	o.Reporting = reporting.Options{Budget: f.budget, Split: f.split, Alpha: f.alpha, Pilot: f.pilot, Seed: f.seed}
	o.Likelihood = likelihood.Options{Permutations: f.permutations, Seed: f.seed, PerToken: f.perToken, TopK: f.topK}
	return o, nil
}

// load reads the inputs as the analysis needs them (loadLog; the lengths
// of skipped response texts as the style mode needs them), checks the
// --judge, --group and --self names against them and sets opt.Style.Self.
func (f *analysisFlags) load(cmd *cobra.Command, files []string, keepText bool, opt *report.Options) (*model.Log, error) {
	lg, err := loadLogLengths(cmd, files, f.skipBad, keepText, f.from, f.maps, f.style.readOptions(opt.Style.Mode))
	if err != nil {
		return nil, err
	}
	if err := checkNames(lg, opt.Judges, opt.Group); err != nil {
		return nil, err
	}
	if opt.Style.Self, err = resolveSelf(lg, f.style.self); err != nil {
		return nil, err
	}
	return lg, nil
}
