package tui

import (
	"fmt"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/internal/atomicfile"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/plot/figure"
	"github.com/plumb-eval/plumb/report"
)

// writeExportFigures writes the figures of an exported analysis into dir
// (relative to the folder at, Options.Dir) as PNG and SVG (with their
// captions, whose command is reproduce: figuresCommand) with the options
// fo and returns what
// to call them in the status message.
func writeExportFigures(guard *atomicfile.Guard, at, dir string, eng *analysis.Engine, judge string, opt analysis.Options, an *analysis.Analysis, fo figure.Options, reproduce string) (string, error) {
	figs := report.Figures(an, func(j string) []float64 {
		pairs, _, _ := eng.Records(j, opt.Group)
		return report.ObservedPA(pairs)
	})
	if len(figs) == 0 {
		return "no figures (nothing to draw)", nil
	}
	paths, err := figure.Write(inDir(at, dir), figs, []figure.Format{figure.PNG, figure.SVG}, fo, reproduce, guard.Write)
	if err != nil {
		return "", fmt.Errorf("figures of %s: %w", judge, err)
	}
	return fmt.Sprintf("%s in %s/", vocab.Plural(len(figs), "figure")+fmt.Sprintf(" (%d files)", len(paths)), dir), nil
}
