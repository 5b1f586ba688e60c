package analysis

import (
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
)

// Target names what the reporting engine estimates for a judge.
const (
	TargetAuto    = "auto"    // verdict records when the judge has any, else pair records
	TargetVerdict = "verdict" // z = human, ẑ = verdict
	TargetPair    = "pair"    // z = "response_1 is better", ẑ from VerdictFrom
)

// Options are the knobs of an analysis; every one is also a flag of
// `plumb report`: RegisterFlags reads them from a command line and
// Options.Args writes them back (options_flags.go, options_args.go).
type Options struct {
	// Judges restricts the analysis to these judges (nil = every judge).
	Judges []string
	// Group restricts the pair records to one group ("" = every group).
	// Score and verdict records have no group and are never filtered.
	Group string
	// Selection holds λ, the estimation fraction, the objective and the seed.
	Selection selection.Options
	// Target chooses the records the reporting engine uses (TargetAuto, …).
	Target string
	// VerdictFrom chooses ẑ for pair records.
	VerdictFrom reporting.VerdictFrom
	// Reporting holds the budget, split, α, pilot size and seed.
	Reporting reporting.Options
	// Likelihood holds the permutation count, seed, per-token LS and k.
	Likelihood likelihood.Options
	// Bootstrap holds the paired item bootstrap's settings (the zero value
	// is off; the flags default to DefaultBootstrapOptions).
	Bootstrap BootstrapOptions
	// Style holds the style analysis's knobs (length and self-preference
	// bias, win rates: docs/style.md); it uses Bootstrap's resamples and
	// Reporting's Rogan–Gladen options.
	Style StyleOptions
}
