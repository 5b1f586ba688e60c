package tui

import (
	"context"

	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/report"
)

// The export (e) writes what `plumb report` writes, the style section
// included (report.JudgeAnalysis.Style): from the Style pane's analysis
// when it is complete and is the report's (same judge, numbers and
// --style-pref; not one the pane shows as under --style on), otherwise
// computed with report.Engine.Style as plumb report computes it. Its
// figures (JUDGE.length, JUDGE.selfpref, JUDGE.winrates) are among
// report.Figures', as `plumb figures` draws them.

// styleExport is what the export needs of the Style pane, copied on the
// UI goroutine: the engine, and the analysis on screen when it is
// complete (its key and result).
type styleExport struct {
	eng *report.Engine
	key styleKey
	res *style.Result
	// cached: res is the pane's complete analysis of key.
	cached bool
}

// newStyleExport copies what the export of the Style pane needs.
func newStyleExport(c *common) styleExport {
	x := styleExport{eng: c.eng}
	if e := c.currentStyle(); e != nil && e.res != nil && e.err == nil && !e.running && !e.asOn && (e.ivs || e.resamples <= 0) {
		x.key, x.res, x.cached = styleKeyOf(c.cur, &c.knobs), e.res, true
	}
	return x
}

// set sets the style analysis of the exported judge ja under opt, or the
// reason it has none, as plumb report does.
func (x styleExport) set(ja *report.JudgeAnalysis, opt report.Options) {
	r := &result{judge: ja.Judge, opt: opt, ja: *ja}
	if x.cached && styleKeyOf(r, &knobState{opt: opt}) == x.key {
		ja.Style, ja.StyleReason = x.res, ""
		return
	}
	res, err := x.eng.Style(context.Background(), ja, opt, nil)
	if err != nil {
		ja.Style, ja.StyleReason = nil, err.Error()
		return
	}
	ja.Style, ja.StyleReason = res, ""
}
