package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/internal/shellarg"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/plot/figure"
	"github.com/plumb-eval/plumb/report"
)

// figureFlags are the flags of the figures: where, in which formats, how big.
type figureFlags struct {
	dir     string
	formats string
	width   float64
	height  float64
	dpi     int
}

// register adds the figure flags; dirFlag names the flag of the output
// folder ("" when the command takes it from elsewhere, as `plumb figures`
// does with -o).
func (ff *figureFlags) register(fs *pflag.FlagSet, dirFlag string) {
	d := figure.DefaultOptions()
	if dirFlag != "" {
		onceStringVarP(fs, &ff.dir, dirFlag, "", "", "also write the figures into `DIR` (see plumb figures --help)")
	}
	fs.StringVar(&ff.formats, "figure-format", "png,svg", "figure formats: any of png, svg, pdf, comma-separated")
	fs.Float64Var(&ff.width, "figure-width", d.Width, "figure width in inches (multi-panel figures are wider)")
	fs.Float64Var(&ff.height, "figure-height", d.Height, "figure height in inches")
	fs.IntVar(&ff.dpi, "dpi", d.DPI, "resolution of PNG figures, dots per inch")
}

// options validates the flags.
func (ff *figureFlags) options() ([]figure.Format, figure.Options, error) {
	formats, err := figure.ParseFormats(ff.formats)
	if err != nil {
		return nil, figure.Options{}, fmt.Errorf("--figure-format: %w", err)
	}
	o := figure.Options{Width: ff.width, Height: ff.height, DPI: ff.dpi}
	if err := o.Validate(); err != nil {
		return nil, o, err
	}
	return formats, o, nil
}

func newFiguresCmd() *cobra.Command {
	var f analysisFlags
	var ff figureFlags
	cmd := &cobra.Command{
		Use:   "figures [FILE...] -o DIR",
		Short: "write the analysis as figures (PNG, SVG, PDF) with captions",
		Long: `Write publication figures of plumb's analysis into DIR, per judge:
the learned map g* with the histogram of observed P(A), recall per
arrangement for each method, each method's change from raw (forest plot),
the LS–US scatter of likelihood bias per criterion, and the CI width
against the calibration budget split; with several judges, a comparison.
Each figure gets NAME.txt beside it: what it shows and the command that
reproduces it. The knobs are the flags of plumb report. With no FILE, the
embedded demo is drawn.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.output == "" {
				return inputError{fmt.Errorf("figures: -o DIR is required")}
			}
			ff.dir = f.output
			return runFigures(cmd, args, &f, &ff, reproduceLine(cmd, args))
		},
	}
	f.register(cmd.Flags())
	_ = cmd.Flags().MarkHidden("format")
	cmd.Flags().Lookup("output").Usage = "write the figures into `DIR` (created if needed)"
	ff.register(cmd.Flags(), "")
	return cmd
}

// runFigures loads the inputs, analyses them and writes the figures into
// ff.dir, saying on w what it wrote.
func runFigures(cmd *cobra.Command, files []string, f *analysisFlags, ff *figureFlags, reproduce string) error {
	formats, fo, err := ff.options()
	if err != nil {
		return inputError{err}
	}
	opt, err := f.options()
	if err != nil {
		return inputError{err}
	}
	lg, err := f.load(cmd, files, false, &opt)
	if err != nil {
		return err
	}
	an, err := analysis.Analyze(lg, opt)
	if err != nil {
		return inputError{err}
	}
	return writeFigures(cmd, lg, an, ff.dir, formats, fo, reproduce)
}

// writeFigures draws the figures of an analysis into dir.
func writeFigures(cmd *cobra.Command, lg *model.Log, an *analysis.Analysis, dir string, formats []figure.Format, fo figure.Options, reproduce string) error {
	// The histogram under g* is of the pairs analysed: the group's, under
	// --group (as the TUI's export draws it).
	pairs := lg.Pairs
	if g := an.Options.Group; g != "" {
		pairs = nil
		for i := range lg.Pairs {
			if lg.Pairs[i].Group == g {
				pairs = append(pairs, lg.Pairs[i])
			}
		}
	}
	_, byJudge := calib.SplitByJudge(pairs)
	figs := report.Figures(an, func(j string) []float64 { return report.ObservedPA(byJudge[j]) })
	if len(figs) == 0 {
		return inputError{fmt.Errorf("figures: nothing to draw (no judge has pair, score or verdict results)")}
	}
	paths, err := figure.Write(dir, figs, formats, fo, reproduce, guardOf(cmd).Write)
	if err != nil {
		return inputError{err} // an input in the way, or a folder that cannot take the files: status 2
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "wrote %d figures (%d files) into %s\n", len(figs), len(paths), safe(dir))
	return nil
}

// reproduceLine is the command line that reproduces a run: the command
// path, every flag the user set in the order of their names (as the
// figures command sees them, so that running the line prints the same
// line), then the files.
func reproduceLine(cmd *cobra.Command, args []string) string {
	words := cmd.CommandPath()
	if cmd.Name() == "report" {
		// Captions reproduce the figures, not the report.
		words = cmd.Root().Name() + " figures"
	}
	var flags []shellarg.Flag
	cmd.Flags().Visit(func(fl *pflag.Flag) {
		if sv, ok := fl.Value.(pflag.SliceValue); ok {
			for _, v := range sv.GetSlice() {
				flags = append(flags, shellarg.Flag{Name: fl.Name, Value: v})
			}
			return
		}
		name := fl.Name
		switch {
		case name == "format":
			return
		case cmd.Name() == "report" && name == "output":
			return // the report's own file, not the figures' folder
		case name == "figures":
			name = "output"
		}
		flags = append(flags, shellarg.Flag{Name: name, Value: fl.Value.String()})
	})
	return shellarg.Line(words, flags, args)
}
