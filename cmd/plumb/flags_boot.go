package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/report"
)

// bootFlags are the flags of the paired item bootstrap (docs/analysis.md,
// "Intervals"); the seed is --seed.
type bootFlags struct {
	fs        *pflag.FlagSet
	resamples int
	kind      string
	refit     bool
	fixedFit  bool
}

func (b *bootFlags) register(fs *pflag.FlagSet) {
	b.fs = fs
	def := report.DefaultBootstrapOptions()
	fs.IntVar(&b.resamples, "bootstrap", def.Resamples, "bootstrap resamples `B` of the 95% intervals (0 = off; "+
		"the default is lowered on large logs, with a note)")
	fs.StringVar(&b.kind, "bootstrap-kind", def.Kind.String(), "bootstrap interval: percentile or bca")
	fs.BoolVar(&b.refit, "refit", false, "re-fit CalibraEval on every bootstrap resample (honest; default when "+
		"resamples × estimation items ≤ 1,000,000)")
	fs.BoolVar(&b.fixedFit, "fixed-fit", false, "hold CalibraEval's fit fixed in the bootstrap (fast, too narrow)")
}

// options validates the flags.
func (b *bootFlags) options() (report.BootstrapOptions, error) {
	o := report.DefaultBootstrapOptions()
	if b.resamples < 0 {
		return o, fmt.Errorf("--bootstrap %d: want ≥ 0 (0 = no intervals)", b.resamples)
	}
	if b.resamples == 1 {
		return o, fmt.Errorf("--bootstrap 1: one resample gives no interval; want 0 (off) or at least 2 (1000 is the default)")
	}
	kind, err := bootstrap.ParseKind(b.kind)
	if err != nil {
		return o, fmt.Errorf("--bootstrap-kind: %w", err)
	}
	if b.refit && b.fixedFit {
		return o, fmt.Errorf("--refit and --fixed-fit: choose one")
	}
	o.Resamples = b.resamples
	o.Explicit = b.fs != nil && b.fs.Changed("bootstrap")
	o.Kind = kind
	switch {
	case b.refit:
		o.Refit = report.RefitAlways
	case b.fixedFit:
		o.Refit = report.RefitNever
	}
	return o, nil
}
