package tui

import (
	"fmt"

	"github.com/plumb-eval/plumb/internal/atomicfile"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/plot/figure"
	"github.com/plumb-eval/plumb/report"
)

// exportAnalysis returns what computes the exported analysis of opt (one
// judge, the current one): the point estimates again (the engine caches
// them) with the intervals already on screen when they belong to the
// current knobs (generation gen), otherwise computed afresh
// (report.Engine.Report), and the style section likewise (styleExport).
// The bytes equal `plumb report` with the same flags either way.
func exportAnalysis(c *common, gen uint64, opt report.Options) func() (*report.Analysis, error) {
	eng := c.eng
	iv := c.intervals()
	sx := newStyleExport(c)
	if iv == nil || c.cur.gen != gen || c.cur.judge != c.judgeName() {
		return func() (*report.Analysis, error) { return eng.Report(opt) }
	}
	return func() (*report.Analysis, error) {
		an, err := eng.Analyze(opt)
		if err != nil {
			return nil, err
		}
		for i := range an.Judges {
			an.Judges[i].Intervals = iv
			sx.set(&an.Judges[i], opt)
		}
		return an, nil
	}
}

// writeExportFigures writes the figures of an exported analysis into dir
// as PNG and SVG (with their captions, whose command is reproduce:
// figuresCommand) and returns what to call them in the status message.
func writeExportFigures(guard *atomicfile.Guard, dir string, eng *report.Engine, judge string, opt report.Options, an *report.Analysis, reproduce string) (string, error) {
	figs := report.Figures(an, func(j string) []float64 {
		pairs, _, _ := eng.Records(j, opt.Group)
		return report.ObservedPA(pairs)
	})
	if len(figs) == 0 {
		return "no figures (nothing to draw)", nil
	}
	paths, err := figure.Write(dir, figs, []figure.Format{figure.PNG, figure.SVG}, figure.DefaultOptions(), reproduce, guard.Write)
	if err != nil {
		return "", fmt.Errorf("figures of %s: %w", judge, err)
	}
	return fmt.Sprintf("%s in %s/", vocab.Plural(len(figs), "figure")+fmt.Sprintf(" (%d files)", len(paths)), dir), nil
}
