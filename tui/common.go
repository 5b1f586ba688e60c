package tui

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/selection"
)

// common is the context every component reads instead of the root Model
// (after gh-dash's ProgramContext and soft-serve's common.Common): the
// screen's size, the styles and keys, the options, and the analysis on
// screen. The root Model and its pipeline write it; a component reads it,
// except the knob bar, which edits the knob values (knobs), and the status
// message (setFlash), which any component may set.
type common struct {
	// width and height are the terminal's size; 0 until the first
	// tea.WindowSizeMsg.
	width, height int
	st            styles
	keys          keyMap
	opts          *Options

	// The analysis on screen: the log's engine, its judges and the
	// current judge's groups ("" (all) first), the knob values and their
	// starting values, the last result, and what background work has
	// added to it (the comparison of every judge, the bootstrap's
	// progress). Results asked for again (fit paths, …) are the engine's
	// (analysis.Engine caches them by their options): the context asks it.
	eng          *analysis.Engine
	judges       []string
	judge        int
	groups       []string
	group        int
	knobs, start knobState
	cur          *result
	// compared names the comparison of every judge on the Overview: the
	// engine and options it was computed with (the analyses are the
	// engine's: comparedJudges).
	compared compareShown
	boot     bootState
	condBoot bootState // the Conditions sub-view's bootstrap
	// styleJobs is how far the Style pane's analysis of each styleKey got
	// (style_pipeline.go); the analyses are the engine's.
	styleJobs map[styleKey]*styleEntry

	// hard caches hardChoices' count.
	hard hardCount

	// flash is the status line's message until the next key; flashErr
	// shows it as an error. msgs counts the messages set (setFlash,
	// setFlashErr); flashNo is the count at flash, so a note that comes
	// late (setNote) can tell whether flash was set after its request.
	flash    string
	flashErr bool
	msgs     uint64
	flashNo  uint64

	// watch is the last poll's waiting state or error (--watch), which
	// the body shows while there is nothing else to show.
	watch error
}

// compareShown names the comparison of every judge on the Overview; ok is
// false until the first one arrives.
type compareShown struct {
	ok  bool
	eng *analysis.Engine
	opt analysis.Options
}

// comparedJudges returns the comparison on the Overview, or its error;
// ok is false while there is none yet (or the engine has dropped it).
func (c *common) comparedJudges() (judges []analysis.JudgeAnalysis, ok bool, err error) {
	if !c.compared.ok {
		return nil, false, nil
	}
	return c.compared.eng.CachedCompare(c.compared.opt)
}

// judgeName is the judge shown ("" when the log has none).
func (c *common) judgeName() string {
	if len(c.judges) == 0 {
		return ""
	}
	return c.judges[c.judge]
}

// tooSmall reports whether the terminal is below the minimum size.
func (c *common) tooSmall() bool { return c.width < MinWidth || c.height < MinHeight }

// contentWidth and contentHeight are the terminal's size capped at the
// largest layout.
func (c *common) contentWidth() int  { return min(c.width, MaxWidth) }
func (c *common) contentHeight() int { return min(c.height, MaxHeight) }

// setFlash shows a one-line message in the status line until the next key
// (made safe: it may quote file or judge names).
func (c *common) setFlash(format string, args ...any) {
	c.showFlash(clean(fmt.Sprintf(format, args...)), false)
}

// setFlashErr shows err in the status line until the next key: the TUI's
// one place an error is displayed, made safe like setFlash.
func (c *common) setFlashErr(err error) {
	c.showFlash(clean(err.Error()), true)
}

// showFlash makes msg the status line's message, numbered.
func (c *common) showFlash(msg string, isErr bool) {
	c.msgs++
	c.flash, c.flashErr, c.flashNo = msg, isErr, c.msgs
}

// msgStamp numbers the present moment for setNote: the count of the
// messages set so far. A request records it when it is made.
func (c *common) msgStamp() uint64 { return c.msgs }

// setNote is setFlash for a note about the answer to a request made at
// stamp (msgStamp), which may come after the user has moved on: it
// never replaces a message set after the request (a did-you-mean typed
// while a fit ran), and is dropped instead.
func (c *common) setNote(stamp uint64, format string, args ...any) {
	if c.flash != "" && c.flashNo > stamp {
		return
	}
	c.setFlash(format, args...)
}

// waiting is the body of a pane before the first result, or when the
// analysis failed (nil when there are numbers to show).
func (c *common) waiting() []string {
	switch {
	case len(c.judges) == 0 && c.opts.Poll != nil:
		return c.watchWaiting()
	case len(c.judges) == 0:
		return []string{"", " The input holds no records. Give plumb a judgment log (docs/log-format.md)."}
	case c.cur == nil || c.cur.judge != c.judgeName():
		// No numbers yet, or only the previous judge's (]/[): never shown
		// under another judge's name.
		return []string{"", " ⟳ analysing " + clean(c.judgeName()) + " …"}
	case c.cur.err != nil:
		return wrap("The analysis failed: "+c.cur.err.Error(), c.contentWidth(), " ✗ ")
	}
	return nil
}

// criterionResult is the likelihood result the criterion knob points at.
func (c *common) criterionResult() *likelihood.BiasResult {
	if c.cur == nil || c.cur.ja.Likelihood == nil {
		return nil
	}
	lik := c.cur.ja.Likelihood
	if cr := c.knobs.criterion; cr != "" {
		if r := lik.Result(cr); r != nil {
			return r
		}
	}
	if len(lik.Criteria) > 0 {
		return &lik.Criteria[0]
	}
	return &lik.Total
}

// currentPath returns the fit path of the result on screen, and whether it
// is still being computed (nil, false: the screen shows no path).
func (c *common) currentPath() (*pathEntry, bool) {
	r := c.cur
	if !wantsPath(r) {
		return nil, false
	}
	if p := r.ja.Selection.Path; p != nil {
		return &pathEntry{path: p}, false
	}
	if p, ok, err := c.eng.CachedPath(pathKeyOf(r.judge, r.opt.Group, r.opt.Selection)); ok {
		return &pathEntry{path: p, err: err}, false
	}
	return nil, true
}

// intervals returns the current result's bootstrap intervals, or nil: the
// engine's (analysis.Engine.CachedIntervals), once no bootstrap of the
// result is running.
func (c *common) intervals() *selection.Intervals {
	if c.cur == nil || c.cur.err != nil || c.boot.running {
		return nil
	}
	return c.eng.CachedIntervals(&c.cur.ja, c.cur.opt)
}

// resolvedKnobs reads what the automatic knobs resolved to in the last
// result.
func (c *common) resolvedKnobs() resolved {
	var r resolved
	if c.cur == nil {
		return r
	}
	if rep := c.cur.ja.Reporting; rep != nil {
		r.budget = rep.Budget
		r.poolSize = rep.PoolSize
		if rep.Budget > 0 {
			r.split, r.haveSplit = float64(rep.M0)/float64(rep.Budget), true
		}
	}
	if e, _ := c.currentPath(); e != nil && e.path != nil {
		r.pathPoints = len(e.path.Points)
	}
	r.style = c.styleResolved()
	if lik := c.cur.ja.Likelihood; lik != nil {
		for _, cr := range lik.Criteria {
			r.criteria = append(r.criteria, cr.Criterion)
		}
		r.criteria = append(r.criteria, lik.Total.Criterion)
	}
	return r
}

// reproduceCommand is the `plumb report` command that recomputes the
// numbers on screen (the current judge, group and every knob).
func (c *common) reproduceCommand() string {
	return strings.Join(c.reproduceUnits(), " ")
}

// reproduceUnits are reproduceCommand's units (commandUnits), which the
// popup wraps (wrapCommand).
func (c *common) reproduceUnits() []string {
	opt := c.knobs.opt
	opt.Judges = []string{c.judgeName()}
	return reportUnits(opt, c.inputs())
}
