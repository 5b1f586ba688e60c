package tui

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/internal/atomicfile"
	"github.com/plumb-eval/plumb/plot/figure"
	"github.com/plumb-eval/plumb/report"
)

// The export (e) writes the Style pane's figures (figure.Style) beside the
// report's, when the judge's pair records have style data — a record
// names a generator or gives a length (model_1, model_2, len_1, len_2), as
// plumb report's style section asks by default; the texts' lengths alone
// (the demo) show on the pane only: from the analysis on screen
// when it is complete and belongs to the exported numbers, otherwise
// computed afresh with the same options (seed, bootstrap plan, preference)
// in the export's goroutine.

// styleExport is what the export needs of the Style pane, copied on the
// UI goroutine: the knobs, the run's --self, the engine, and the
// analysis on screen when it is complete (its key and result).
type styleExport struct {
	eng    *report.Engine
	knobs  knobState
	self   map[string]string
	key    styleKey
	res    *style.Result
	cached bool
	fields styleFields
	// resamples is the cached analysis' bootstrap (0: no intervals).
	resamples int
}

// newStyleExport copies what the export of the Style pane needs.
func newStyleExport(c *common) styleExport {
	x := styleExport{eng: c.eng, knobs: c.knobs, self: c.opts.Self}
	if e := c.currentStyle(); e != nil && e.res != nil && (e.ivs || e.resamples <= 0) && !e.running {
		x.key, x.res, x.cached, x.fields = styleKeyOf(c.cur, &c.knobs), e.res, true, e.fields
		if e.ivs {
			x.resamples = e.resamples
		}
	}
	return x
}

// figures returns the style figures of the exported judge's analysis ja
// under opt (none without style data).
func (x styleExport) figures(ja *report.JudgeAnalysis, opt report.Options) ([]figure.Figure, error) {
	r := &result{judge: ja.Judge, opt: opt, ja: *ja}
	key := styleKeyOf(r, &x.knobs)
	res, resamples := x.res, x.resamples
	if !x.cached || key != x.key {
		pairs, _, _ := x.eng.Records(key.judge, key.group)
		if countStyleFields(pairs).withGen == 0 {
			return nil, nil
		}
		so := styleOptions(key, pairs, x.self)
		resamples, _ = styleBootPlan(key.boot, len(pairs))
		so.Bootstrap.Resamples = resamples
		var err error
		if res, err = style.Analyze(pairs, so); err != nil {
			return nil, fmt.Errorf("style figures of %s: %w", ja.Judge, err)
		}
	} else if x.fields.withGen == 0 {
		return nil, nil
	}
	figs := figure.Style(figure.Stems([]string{ja.Judge})[ja.Judge], ja.Judge, res)
	settings := fmt.Sprintf(" Computed by plumb's terminal UI (the Style pane) on the %s preference, with %s (seed %d)",
		res.Pref, plural(resamples, "bootstrap resample"), key.seed)
	if key.group != "" {
		settings += fmt.Sprintf(", group %s", clean(key.group))
	}
	for i := range figs {
		figs[i].Caption = strings.TrimSpace(figs[i].Caption) + settings + "."
	}
	return figs, nil
}

// write writes the style figures of ja under opt into dir (PNG and SVG
// with captions, no reproduce line: `plumb figures` draws the report's)
// and says what it wrote ("" for none).
func (x styleExport) write(guard *atomicfile.Guard, dir string, ja *report.JudgeAnalysis, opt report.Options) (string, error) {
	figs, err := x.figures(ja, opt)
	if err != nil || len(figs) == 0 {
		return "", err
	}
	paths, err := figure.Write(dir, figs, []figure.Format{figure.PNG, figure.SVG}, figure.DefaultOptions(), "", guard.Write)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf(" + %s (%d files)", plural(len(figs), "style figure"), len(paths)), nil
}
