package main

import (
	"fmt"
	"math"
	"strings"

	"github.com/spf13/pflag"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/report"
)

// analysisFlags are the knobs shared by `plumb` and `plumb report`. Every
// knob the TUI will show is a flag here, so a report reproduces a screen.
type analysisFlags struct {
	judges    []string
	lambda    float64
	estFrac   float64
	objective string
	seed      uint64
	skipBad   bool
	format    string
	output    string
}

func (f *analysisFlags) register(fs *pflag.FlagSet) {
	def := calib.DefaultSelectionOptions()
	fs.StringSliceVar(&f.judges, "judge", nil, "analyse only these judges (repeat or comma-separate; default: every judge)")
	fs.Float64Var(&f.lambda, "lambda", def.Lambda, "CalibraEval's λ ≥ 0: weight of the term that keeps g away from the trivial 0.5")
	fs.Float64Var(&f.estFrac, "est-frac", def.EstFrac, "share of items in the estimation set, in (0, 1]; below 1 the report adds held-out metrics")
	fs.StringVar(&f.objective, "objective", def.Objective.String(), "CalibraEval objective: both, l1 (content-swap terms only) or l2 (position-swap terms only)")
	fs.Uint64Var(&f.seed, "seed", def.Seed, "seed for the estimation-set sample")
	fs.BoolVar(&f.skipBad, "skip-bad", false, "skip bad input lines (counted and reported) instead of stopping at the first")
	fs.StringVar(&f.format, "format", "md", "report format: md (Markdown) or json")
	fs.StringVarP(&f.output, "output", "o", "", "write the report to this file (atomically) instead of standard output")
}

// options validates the flags and returns the analysis options.
func (f *analysisFlags) options() (report.Options, error) {
	var o report.Options
	if math.IsNaN(f.lambda) || math.IsInf(f.lambda, 0) || f.lambda < 0 {
		return o, fmt.Errorf("--lambda %v: want a finite number ≥ 0", f.lambda)
	}
	if !(f.estFrac > 0 && f.estFrac <= 1) {
		return o, fmt.Errorf("--est-frac %v: want a number in (0, 1]", f.estFrac)
	}
	obj, err := calib.ParseObjective(f.objective)
	if err != nil {
		return o, fmt.Errorf("--objective: %w", err)
	}
	switch f.format {
	case "md", "markdown", "json":
	default:
		return o, fmt.Errorf("--format %q: want md or json", f.format)
	}
	for _, j := range f.judges {
		if strings.TrimSpace(j) == "" {
			return o, fmt.Errorf("--judge: empty judge name")
		}
	}
	o.Judges = f.judges
	o.Selection = calib.SelectionOptions{Lambda: f.lambda, EstFrac: f.estFrac, Objective: obj, Seed: f.seed}
	return o, nil
}
