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
	fs.StringSliceVar(&f.judges, "judge", nil, "analyse only these judges (default: all)")
	fs.Float64Var(&f.lambda, "lambda", def.Lambda, "CalibraEval's λ ≥ 0 (keeps g off 0.5)")
	fs.Float64Var(&f.estFrac, "est-frac", def.EstFrac, "estimation-set share, in (0, 1]")
	fs.StringVar(&f.objective, "objective", def.Objective.String(), "CalibraEval objective: both, l1 or l2")
	fs.Uint64Var(&f.seed, "seed", def.Seed, "seed of the estimation-set sample")
	fs.BoolVar(&f.skipBad, "skip-bad", false, "skip bad lines (counted) instead of stopping")
	fs.StringVar(&f.format, "format", "md", "report format: md or json")
	fs.StringVarP(&f.output, "output", "o", "", "write the report to `FILE` (atomically)")
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
