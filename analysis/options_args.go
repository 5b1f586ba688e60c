package analysis

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/internal/shellarg"
)

// Flag is one flag of a command line: its name without the dashes and its
// value, or a bool flag given bare (--path).
type Flag struct {
	Name, Value string
	Bare        bool
}

// Words are the flag as command-line words, unquoted: --name and its
// value, or --name alone when bare.
func (f Flag) Words() []string {
	if f.Bare {
		return []string{"--" + f.Name}
	}
	return []string{"--" + f.Name, f.Value}
}

// Shell is the flag as shellarg.Line writes it (--name=value; a bare
// flag's value is "true").
func (f Flag) Shell() shellarg.Flag {
	if f.Bare {
		return shellarg.Flag{Name: f.Name, Value: "true"}
	}
	return shellarg.Flag{Name: f.Name, Value: f.Value}
}

// Args are the flags of `plumb report` that reproduce o (RegisterFlags'
// flags), in the order the reproduce commands print them: the judges and
// the group; the knobs of the terminal UI (λ, the estimation fraction, the
// objective, the seed, the budget, the split, α, the verdict source, k)
// and the style flags; then the flags no knob steps and the bootstrap's;
// last the solver and the fit path's stop, which are left out at their
// defaults.
func (o Options) Args() []Flag {
	var f []Flag
	for _, j := range o.Judges {
		f = append(f, Flag{Name: "judge", Value: j})
	}
	if o.Group != "" {
		f = append(f, Flag{Name: "group", Value: o.Group})
	}
	f = append(f, o.knobArgs()...)
	f = append(f, o.styleArgs()...)
	f = append(f, o.fixedArgs()...)
	f = append(f, o.Bootstrap.args()...)
	return append(f, o.solverArgs()...)
}

// knobArgs are the flags of the knobs, every one given.
func (o Options) knobArgs() []Flag {
	so, ro := o.Selection, o.Reporting
	topK := o.Likelihood.TopK
	if topK <= 0 {
		topK = likelihood.DefaultTopK
	}
	return []Flag{
		{Name: "lambda", Value: argFloat(so.Lambda)},
		{Name: "est-frac", Value: argFloat(so.EstFrac)},
		{Name: "objective", Value: so.Objective.String()},
		{Name: "seed", Value: fmt.Sprint(so.Seed)},
		{Name: "budget", Value: fmt.Sprint(ro.Budget)},
		{Name: "split", Value: argFloat(ro.Split)},
		{Name: "alpha", Value: argFloat(ro.Alpha)},
		{Name: "verdict-from", Value: o.VerdictFrom.String()},
		{Name: "k", Value: fmt.Sprint(topK)},
	}
}

// styleArgs are the flags of the style analysis, each only when not the
// default: --style and --self (by judge), --style-pref and
// --instruction-difficulty.
func (o Options) styleArgs() []Flag {
	var f []Flag
	so := o.Style
	if so.Mode != StyleAuto {
		f = append(f, Flag{Name: "style", Value: so.Mode.String()})
	}
	judges := make([]string, 0, len(so.Self))
	for j := range so.Self {
		judges = append(judges, j)
	}
	slices.Sort(judges)
	for _, j := range judges {
		f = append(f, Flag{Name: "self", Value: j + "=" + so.Self[j]})
	}
	if so.Pref != style.PrefBalanced {
		f = append(f, Flag{Name: "style-pref", Value: so.Pref.String()})
	}
	if so.DifficultyFile != "" {
		f = append(f, Flag{Name: "instruction-difficulty", Value: so.DifficultyFile})
	}
	return f
}

// fixedArgs are the flags no knob steps, each only when not the default.
func (o Options) fixedArgs() []Flag {
	var f []Flag
	ro, lo := o.Reporting, o.Likelihood
	if o.Target != "" && o.Target != TargetAuto {
		f = append(f, Flag{Name: "target", Value: o.Target})
	}
	if ro.Pilot != 0 && ro.Pilot != defaultPilot {
		f = append(f, Flag{Name: "pilot", Value: fmt.Sprint(ro.Pilot)})
	}
	if lo.Permutations != likelihood.DefaultPermutations {
		f = append(f, Flag{Name: "permutations", Value: fmt.Sprint(lo.Permutations)})
	}
	if lo.PerToken {
		f = append(f, Flag{Name: "per-token", Bare: true})
	}
	return f
}

// args are the bootstrap flags that reproduce b (none for the defaults).
func (b BootstrapOptions) args() []Flag {
	var f []Flag
	if b.Explicit || b.Resamples <= 0 {
		f = append(f, Flag{Name: "bootstrap", Value: fmt.Sprint(max(0, b.Resamples))})
	}
	if b.Resamples <= 0 {
		return f
	}
	if b.Kind != DefaultBootstrapOptions().Kind {
		f = append(f, Flag{Name: "bootstrap-kind", Value: b.Kind.String()})
	}
	switch b.Refit {
	case RefitAlways:
		f = append(f, Flag{Name: "refit", Bare: true})
	case RefitNever:
		f = append(f, Flag{Name: "fixed-fit", Bare: true})
	}
	return f
}

// solverArgs are the solver's flags and the fit path's, left out at their
// defaults: --solver, --published-lambda when the published code runs,
// and --stop-at, or --path when the whole path is computed.
func (o Options) solverArgs() []Flag {
	var f []Flag
	so, def := o.Selection, selection.DefaultOptions()
	if so.Solver != def.Solver {
		f = append(f, Flag{Name: "solver", Value: so.Solver.String()})
	}
	if so.Solver.Published() && so.PublishedLambda != def.PublishedLambda {
		f = append(f, Flag{Name: "published-lambda", Value: argFloat(so.PublishedLambda)})
	}
	switch {
	case so.StopAt != selection.StopEnd:
		f = append(f, Flag{Name: "stop-at", Value: so.StopAt.String()})
	case so.Path && so.Solver.Converged():
		f = append(f, Flag{Name: "path", Bare: true})
	}
	return f
}

// argFloat formats a float flag: the shortest decimal that parses back to
// v exactly (4 decimals would turn the pool's split 0.76519 into 0.7652,
// and another calibration set).
func argFloat(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
