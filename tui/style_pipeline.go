package tui

import (
	"context"
	"errors"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/model"
)

// The Style pane's numbers (calib/style: length and self-preference bias,
// win rates) are computed by the pipeline off the UI goroutine, like the
// fit path: once the exact numbers of a result are on screen (ensureStyle,
// from applyResult, or from a change of the preference knob). The engine
// caches the analyses by the options they depend on
// (analysis.Engine.Style); the pipeline keeps, per styleKey, only how far
// each job got (pipeline.styles), so that a knob the style analysis does
// not read (λ, the budget, …) costs nothing.
// Two background jobs behind the gate: the point estimates (prioStyle,
// quick: one pass over the items and a GLM per win-rate row) and then the
// paired item bootstrap of their intervals (prioStyleBoot, after the
// methods table's: about 2 µs per item, resample and win-rate row),
// which reports its progress and stops when its key is no longer wanted.
// The intervals depend on the seed (the seed knob), never on the workers.

// styleKey names a style analysis: the options it depends on. The
// analysis is plumb report's (analysis.Engine.Style) under the options of
// the numbers on screen with the preference knob's --style-pref and the
// self knob's --self; --style comes from the command line and is the same
// for the whole run (mode is in the key all the same, as the analysis
// reads it).
type styleKey struct {
	judge, group string
	mode         analysis.StyleMode
	pref         style.Pref
	// self is the --self pairs of the self knob, as one string (the
	// judge shown is one of them or none).
	self string
	seed uint64
	boot analysis.BootstrapOptions
	rep  reporting.Options
	// curve is CalibraEval's map of the calibrated preferences (nil
	// without a usable fit: styleCurve).
	curve *calib.Curve
}

// styleEntry is a style analysis as far as it got: the job's state in
// pipeline.styles, and, as common.currentStyle returns it, the engine's
// result (res, ivs) too.
type styleEntry struct {
	// res holds the point estimates, then (ivs) the intervals too; nil
	// until the point estimates are in, or when err says why there are
	// none. It is the engine's (analysis.Engine.CachedStyle), filled in by
	// currentStyle, never kept in pipeline.styles.
	res *style.Result
	err error
	ivs bool
	// point says the point estimates are in (the engine has them), and
	// full that the intervals are (or the point estimates are the whole
	// analysis: resamples 0).
	point, full bool
	// asOn: under --style auto the judge's records have no style field
	// (model_1, model_2, len_1, len_2), so plumb report leaves it out; the
	// pane shows what `plumb report --style on` computes (the texts'
	// lengths). off: --style off, no analysis.
	asOn, off bool
	// fields counts what the judge's pair records give (the pane says what
	// is missing).
	fields styleFields
	// resamples is the bootstrap's planned size (0: no intervals, and
	// bootNote says why when the plan lowered it to 0), bootNote what the
	// plan decided; running, done and total its progress; bootErr why it
	// ended without intervals.
	resamples   int
	bootNote    string
	running     bool
	done, total int
	bootErr     error
}

// styleFields counts the pair records that name their generators, that
// give both responses' lengths (from len_k or the texts), and that have
// any of the style fields (model_1, model_2, len_1, len_2: model.Pair.Gen).
type styleFields struct {
	pairs, withModels, withLengths, withGen int
}

// countStyleFields counts the style fields of pairs.
func countStyleFields(pairs []model.Pair) styleFields {
	f := styleFields{pairs: len(pairs)}
	for i := range pairs {
		p := &pairs[i]
		if p.Model(1) != "" || p.Model(2) != "" {
			f.withModels++
		}
		_, ok1 := p.Length(1)
		_, ok2 := p.Length(2)
		if ok1 && ok2 {
			f.withLengths++
		}
		if p.Gen != nil {
			f.withGen++
		}
	}
	return f
}

// Messages of the style jobs.
type (
	// stylePointMsg carries a style analysis' point estimates.
	stylePointMsg struct {
		key       styleKey
		res       *style.Result
		err       error
		fields    styleFields
		asOn, off bool
		// final: the bootstrap plan leaves no resample, so these are the
		// finished analysis (its intervals' notes included).
		final bool
	}
	// styleProgressMsg reports the bootstrap's progress; next waits for
	// the following message.
	styleProgressMsg struct {
		key         styleKey
		done, total int
		next        tea.Cmd
	}
	// styleBootMsg says the analysis with its intervals is done (the
	// engine holds it), or why there are none.
	styleBootMsg struct {
		key styleKey
		err error
	}
)

// styleJob is the style job running: its key and what stops it (nil:
// none); shown says that the Style pane is on screen (its analysis runs
// only then: on a large log it costs seconds of a core, which no other
// pane needs).
type styleJob struct {
	key    styleKey
	cancel context.CancelFunc
	shown  bool
}

// maxStyleEntries bounds the cache: past it, only the entry on screen is
// kept (a calibrated preference makes one per CalibraEval fit).
const maxStyleEntries = 32

// styleKeyOf is the key of the style analysis of result r under the
// knobs: r's options with the preference knob's.
func styleKeyOf(r *result, k *knobState) styleKey {
	key := styleKey{judge: r.judge, group: r.opt.Group, mode: r.opt.Style.Mode, pref: k.opt.Style.Pref,
		seed: r.opt.Selection.Seed, boot: r.opt.Bootstrap, rep: r.opt.Reporting}
	key.boot.Workers = 0
	key.self = selfPairs(k.opt.Style.Self)
	key.curve, _ = styleCurve(&r.ja)
	return key
}

// styleReportOptions are the options `plumb report` gets for the style
// analysis of result r under the knobs: r's with the preference knob's
// --style-pref.
func styleReportOptions(r *result, k *knobState) analysis.Options {
	opt := r.opt
	opt.Style.Pref = k.opt.Style.Pref
	opt.Style.Self = k.opt.Style.Self
	return opt
}

// selfPairs writes --self pairs as one comparable string, sorted.
func selfPairs(self map[string]string) string {
	var pairs []string
	for j, m := range self {
		pairs = append(pairs, j+"="+m)
	}
	slices.Sort(pairs)
	return strings.Join(pairs, "\x00")
}

// styleRunOptions are the options the engine runs the style analysis of
// r under the knobs with (styleReportOptions): under --style on when asOn
// (runStyle), and without resamples for the point estimates (point).
func styleRunOptions(r *result, k *knobState, asOn, point bool) analysis.Options {
	opt := styleReportOptions(r, k)
	if asOn {
		opt.Style.Mode = analysis.StyleOn
	}
	if point {
		opt.Bootstrap.Resamples = 0
	}
	return opt
}

// styleCurve is CalibraEval's map that gives ja's calibrated preferences,
// or nil with the reason there is none, as plumb report decides
// (analysis.StyleCurve).
func styleCurve(ja *analysis.JudgeAnalysis) (*calib.Curve, string) {
	return analysis.StyleCurve(ja.Selection)
}

// styleShown reports whether r's numbers can have a style analysis: exact
// (not a preview), without error.
func styleShown(r *result) bool { return r != nil && r.err == nil && !r.preview }

// currentStyle is the style analysis of the numbers on screen and the
// knobs, or nil (not started, or the numbers are still being computed):
// the job's state with the engine's result.
func (c *common) currentStyle() *styleEntry {
	if !styleShown(c.cur) || c.styleJobs == nil {
		return nil
	}
	e := c.styleJobs[styleKeyOf(c.cur, &c.knobs)]
	if e == nil {
		return nil
	}
	v := *e
	v.res, v.ivs = c.styleResult(e)
	return &v
}

// styleResult is the engine's style analysis of the numbers on screen for
// the job e: the whole one when it is in (with intervals when there were
// resamples), else the point estimates, else nil.
func (c *common) styleResult(e *styleEntry) (*style.Result, bool) {
	if e.full {
		if res := c.eng.CachedStyle(&c.cur.ja, styleRunOptions(c.cur, &c.knobs, e.asOn, false)); res != nil {
			return res, e.resamples > 0
		}
	}
	if e.point {
		return c.eng.CachedStyle(&c.cur.ja, styleRunOptions(c.cur, &c.knobs, e.asOn, true)), false
	}
	return nil, false
}

// ensureStyle starts what the style analysis of the numbers on screen
// still lacks, while the Style pane is shown: the point estimates, or the
// bootstrap of their intervals. It waits while a recompute runs (the new
// numbers start it); a job started goes on when the pane is left.
func (pl *pipeline) ensureStyle() tea.Cmd {
	c := pl.c
	r := c.cur
	if !pl.style.shown || !styleShown(r) || pl.computing() {
		return nil
	}
	key := styleKeyOf(r, &c.knobs)
	if pl.style.key != key && pl.style.cancel != nil {
		pl.style.cancel() // only the newest analysis is wanted
		pl.style.cancel = nil
	}
	e := c.styleJobs[key]
	if e != nil && !e.running && e.point {
		if res, _ := c.styleResult(e); res == nil {
			e = nil // the engine has dropped it: compute it again
		}
	}
	switch {
	case e == nil:
		if c.styleJobs == nil || len(c.styleJobs) >= maxStyleEntries {
			c.styleJobs = map[styleKey]*styleEntry{}
		}
		e = &styleEntry{}
		c.styleJobs[key] = e
		return pl.startStylePoint(key, e)
	case !e.point || e.full || e.running || e.resamples <= 0:
		return nil // waiting for its point estimates, or complete
	}
	return pl.startStyleBoot(key, e)
}

// startStylePoint computes the point estimates of key behind the gate.
func (pl *pipeline) startStylePoint(key styleKey, e *styleEntry) tea.Cmd {
	ctx, cancel := context.WithCancel(context.Background())
	pl.style.cancel, pl.style.key = cancel, key
	e.running = true
	eng, ja, opt := pl.c.eng, pl.c.cur.ja, styleReportOptions(pl.c.cur, &pl.c.knobs)
	t := pl.bg.enter(ctx, prioStyle)
	return func() tea.Msg {
		if !t.wait() {
			return stylePointMsg{key: key, err: context.Canceled}
		}
		defer t.g.release()
		pairs, _, _ := eng.Records(key.judge, key.group)
		fields := countStyleFields(pairs)
		if len(pairs) == 0 {
			return stylePointMsg{key: key, fields: fields}
		}
		// The point estimates first, unless the bootstrap plan leaves no
		// resample: then this is plumb report's whole analysis.
		final := true
		if n, _ := styleBootPlan(key.boot, len(pairs)); n > 0 {
			opt.Bootstrap.Resamples, final = 0, false
		}
		res, asOn, err := runStyle(ctx, eng, &ja, opt, fields, nil)
		return stylePointMsg{key: key, res: res, err: err, fields: fields, asOn: asOn,
			off: opt.Style.Mode == analysis.StyleOff, final: final}
	}
}

// runStyle is plumb report's style analysis of the judge ja under opt
// (analysis.Engine.Style, with progress and cancellation), except that under
// --style auto a judge whose pair records have no style field (model_1,
// model_2, len_1, len_2: fields) is analysed as under --style on — the
// pane shows the texts' length bias all the same — and asOn says so.
func runStyle(ctx context.Context, eng *analysis.Engine, ja *analysis.JudgeAnalysis, opt analysis.Options, fields styleFields, progress func(done, total int)) (res *style.Result, asOn bool, err error) {
	if opt.Style.Mode == analysis.StyleAuto && fields.withGen == 0 {
		opt.Style.Mode, asOn = analysis.StyleOn, true
	}
	res, err = eng.Style(ctx, ja, opt, progress)
	return res, asOn, err
}

// styleBootPlan is the bootstrap of n pair records as plumb report plans
// the style analysis' (analysis.BootstrapOptions.Plan: lowered on a large
// log unless --bootstrap was given), with its note.
func styleBootPlan(bo analysis.BootstrapOptions, n int) (resamples int, note string) {
	p := bo.Plan(n, 0)
	if len(p.Notes) > 0 {
		note = p.Notes[0]
	}
	return p.Resamples, note
}

// applyStylePoint stores point estimates and starts their bootstrap when
// they are still wanted.
func (pl *pipeline) applyStylePoint(msg stylePointMsg) tea.Cmd {
	e := pl.c.styleJobs[msg.key]
	if e == nil {
		return nil // the cache was cleared meanwhile
	}
	e.running = false
	if errors.Is(msg.err, context.Canceled) {
		delete(pl.c.styleJobs, msg.key) // asked for again when wanted
		return pl.ensureStyle()
	}
	e.err, e.fields, e.asOn, e.off = msg.err, msg.fields, msg.asOn, msg.off
	if msg.res != nil {
		e.point = true // the engine holds the result
		e.resamples, e.bootNote = styleBootPlan(msg.key.boot, e.fields.pairs)
		if msg.final {
			e.resamples, e.full = 0, true // the plan leaves none: the analysis is complete
		}
	}
	pl.invalidateStyle(msg.key)
	return pl.ensureStyle()
}

// startStyleBoot starts the bootstrap of key's intervals behind the gate,
// reporting its progress as the methods table's does (bootstrap.go).
func (pl *pipeline) startStyleBoot(key styleKey, e *styleEntry) tea.Cmd {
	ctx, cancel := context.WithCancel(context.Background())
	pl.style.cancel, pl.style.key = cancel, key
	e.running, e.done, e.total, e.bootErr = true, 0, e.resamples, nil
	eng, ja, opt, fields := pl.c.eng, pl.c.cur.ja, styleReportOptions(pl.c.cur, &pl.c.knobs), e.fields
	opt.Bootstrap.Workers = pl.slots
	stopped := styleBootMsg{key: key, err: context.Canceled}
	return runGated(pl.bg, ctx, prioStyleBoot, stopped, func(report func(styleProgressMsg)) styleBootMsg {
		_, _, err := runStyle(ctx, eng, &ja, opt, fields, func(done, total int) {
			report(styleProgressMsg{key: key, done: done, total: total})
		})
		if errors.Is(err, bootstrap.ErrStopped) {
			err = context.Canceled
		}
		return styleBootMsg{key: key, err: err}
	})
}

// withNext is m carrying next (runGated).
func (m styleProgressMsg) withNext(next tea.Cmd) tea.Msg {
	m.next = next
	return m
}

// styleProgress shows the bootstrap's progress and waits for its next
// message.
func (pl *pipeline) styleProgress(msg styleProgressMsg) tea.Cmd {
	e := pl.c.styleJobs[msg.key]
	if e == nil || !e.running {
		return msg.next // drain the job: its final message follows
	}
	e.done, e.total = msg.done, msg.total
	pl.invalidateStyle(msg.key)
	return msg.next
}

// applyStyleBoot stores the intervals; a stopped bootstrap is started
// again when its key is wanted.
func (pl *pipeline) applyStyleBoot(msg styleBootMsg) tea.Cmd {
	if msg.key == pl.style.key && pl.style.cancel != nil {
		pl.style.cancel()
		pl.style.cancel, pl.style.key = nil, styleKey{}
	}
	e := pl.c.styleJobs[msg.key]
	if e == nil {
		return nil
	}
	e.running = false
	switch {
	case errors.Is(msg.err, context.Canceled):
		return pl.ensureStyle()
	case msg.err != nil:
		e.bootErr = msg.err
	default:
		e.full = true // the engine holds the result
	}
	pl.invalidateStyle(msg.key)
	return nil
}

// stopStyle stops the style job, as stopBoot the methods table's
// bootstrap: a knob change makes the numbers on screen stale. The point
// estimates stay cached; a bootstrap stopped midway starts again when its
// key is wanted.
func (pl *pipeline) stopStyle() {
	if pl.style.cancel != nil {
		pl.style.cancel()
		pl.style.cancel = nil
	}
}

// invalidateStyle marks the Style pane stale when key is the analysis on
// screen.
func (pl *pipeline) invalidateStyle(key styleKey) {
	if styleShown(pl.c.cur) && styleKeyOf(pl.c.cur, &pl.c.knobs) == key {
		pl.invalidate(paneStyle)
	}
}

// styleMsg routes a message of the style jobs.
func (pl *pipeline) styleMsg(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case stylePointMsg:
		return pl.applyStylePoint(msg)
	case styleProgressMsg:
		return pl.styleProgress(msg)
	case styleBootMsg:
		return pl.applyStyleBoot(msg)
	}
	return nil
}
