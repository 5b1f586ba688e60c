package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/importer"
)

// analysisFlags are the flags shared by `plumb`, `plumb report`, `plumb
// figures` and `plumb calibrate`: the analysis options (report's codec,
// analysis.RegisterFlags: every knob the TUI shows is a flag there, so a
// report reproduces a screen), the flags that read the inputs and those
// of the output.
type analysisFlags struct {
	opts *analysis.OptionFlags

	skipBad bool
	// annotators reads a PandaLM test set's annotators as judges.
	annotators bool
	from       string
	maps       []string
	format     string
	output     string
	points     bool
}

func (f *analysisFlags) register(fs *pflag.FlagSet) {
	f.opts = analysis.RegisterFlags(fs)
	fs.StringVar(&f.from, "from", "", "input format (default: detected from the content; see plumb import --help)")
	fs.StringArrayVar(&f.maps, "map", nil, "column mapping KEY=COLUMN for --from columns (repeat)")
	fs.BoolVar(&f.skipBad, "skip-bad", false, "skip bad lines (counted) instead of stopping")
	fs.BoolVar(&f.annotators, "annotators", false, "PandaLM: also read the test set's three annotators as judges annotator-1, annotator-2 and annotator-3")
	fs.StringVar(&f.format, "format", "md", "report format: md, json or csv")
	fs.BoolVar(&f.points, "points", false, "JSON: add every LS–US point (one object per score item; large)")
	onceStringVarP(fs, &f.output, "output", "o", "", "write the report to `FILE` (atomically)")
}

// options validates the flags and returns the analysis options.
func (f *analysisFlags) options() (analysis.Options, error) {
	o, err := f.opts.Options()
	if err != nil {
		return o, err
	}
	switch f.format {
	case "md", "markdown", "json", "csv":
	default:
		return o, fmt.Errorf("--format %q: want md, json or csv", f.format)
	}
	return o, nil
}

// load reads the inputs as the analysis needs them (loadLog; the lengths
// of skipped response texts as the style mode needs them), checks the
// --judge, --group and --self names against them and sets opt.Style.Self.
func (f *analysisFlags) load(cmd *cobra.Command, files []string, keepText bool, opt *analysis.Options) (*model.Log, error) {
	lg, err := loadLogLengths(cmd, files, f.skipBad, keepText, f.from, importer.Options{Map: f.maps, Annotators: f.annotators}, styleReadOptions(opt.Style.Mode))
	if err != nil {
		return nil, err
	}
	if err := checkNames(lg, opt.Judges, opt.Group); err != nil {
		return nil, err
	}
	if opt.Style.Self, err = analysis.ResolveSelf(f.opts.Self(), judgesOf(lg), analysis.GeneratorsByJudge(lg.Pairs)); err != nil {
		return nil, inputError{err}
	}
	return lg, nil
}
