package tui

import (
	"context"
	"errors"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/model"
)

// pipeline computes the numbers on screen: every knob change starts a
// recompute off the UI goroutine (compute.go), one at a time (keys
// arriving meanwhile coalesce into one follow-up), numbered by gen so that
// a stale result is dropped; once the numbers are on screen, background
// work adds to them behind a gate (gate.go): the items' calibrated
// columns, the comparison of every judge, the fit path (path.go) and the
// bootstrap (bootstrap.go). It writes the analysis part of the context
// (the engine, judges, groups, result, comparison, bootstrap progress,
// fit paths) and notes which panes its changes made stale; the root Model
// hands it the messages of its commands and invalidates those panes
// (drain).
type pipeline struct {
	c *common
	// gen counts knob changes; inFlight is true while a recompute runs;
	// queued asks for one more when it ends (the keys of a burst coalesce
	// into that one follow-up); dropped counts stale results.
	gen      uint64
	asked    uint64 // the message count when gen began (result.asked)
	inFlight bool
	queued   bool
	dropped  int
	// computeCancel stops the exact analysis in flight (a new knob change
	// makes it stale); previews are not stopped.
	computeCancel context.CancelFunc
	// itemsShown says that the Items pane is on screen: a recompute then
	// brings the items' calibrated columns with the numbers.
	itemsShown bool
	// bg admits background jobs (gate.go); bgCancel stops those of the
	// result on screen (the items' calibrated columns, the comparison).
	bg       *gate
	bgCancel context.CancelFunc
	slots    int // bgSlots when the app was made
	// boot is the judge's background bootstrap, condBoot the Conditions
	// sub-view's (bgtask.go).
	boot, condBoot bgTask
	// pathBusy marks the fit paths being computed (path.go).
	pathBusy   map[pathKey]bool
	pathCancel context.CancelFunc // stops the path being computed
	pathFor    pathKey            // the path being computed
	// style is the Style pane's job (style_pipeline.go).
	style styleJob
	// noPath skips the background fit path. Only tests set it: those that
	// press many knobs and look at no path (a path per λ is most of their
	// time under -race). The app always computes the path.
	noPath bool
	// noCompare skips the comparison of every judge (the Overview's "All
	// judges" table stays "analysing"). Only tests set it: those that
	// never look at the table (it is about a tenth of tui's test CPU).
	noCompare bool
	// stale are the panes the pipeline's changes made stale since the
	// root last drained it (a bit per paneID).
	stale uint
}

// allPanes has every pane's bit of pipeline.stale.
const allPanes = 1<<numPanes - 1

// newPipeline returns the pipeline of the context c, its background gate
// sized for the machine (bgSlots, before Run raises GOMAXPROCS).
func newPipeline(c *common) *pipeline {
	slots := bgSlots()
	return &pipeline{c: c, slots: slots, bg: newGate(slots), pathBusy: map[pathKey]bool{}}
}

// invalidate notes that pane p shows something the pipeline changed.
func (pl *pipeline) invalidate(p paneID) { pl.stale |= 1 << p }

// drain returns the panes made stale since the last drain.
func (pl *pipeline) drain() uint {
	s := pl.stale
	pl.stale = 0
	return s
}

// itemsCal puts the items' calibrated columns, computed in the background,
// into the result they belong to.
func (pl *pipeline) itemsCal(msg itemsCalMsg) {
	if c := pl.c; c.cur != nil && msg.gen == c.cur.gen && c.cur.items != nil && c.cur.items.calPending {
		c.cur.items = msg.items
		pl.invalidate(paneItems)
	}
}

// compared puts the comparison of every judge on the Overview, unless a
// knob change has made it stale, and starts the bootstrap of its
// conditions (conditions_boot.go).
func (pl *pipeline) compared(msg compareMsg) tea.Cmd {
	if msg.gen != pl.gen {
		return nil
	}
	pl.c.compared = compareShown{ok: true, eng: msg.eng, opt: msg.opt}
	pl.invalidate(paneOverview)
	pl.invalidate(paneSelection) // its Conditions sub-view
	pl.invalidate(panePanel)
	return pl.startCondBoot(msg)
}

// recompute records a change of knobs or data and starts its recompute
// at once when none is running: an isolated key waits for nothing. Keys
// that arrive while one runs coalesce into one follow-up for the latest
// knobs (applyResult), so a burst costs at most two recomputes. Background
// work of the numbers on screen stops, leaving the cores to the
// recompute; it starts again for the new numbers.
func (pl *pipeline) recompute() tea.Cmd {
	pl.gen++
	pl.asked = pl.c.msgStamp()
	pl.stopBackground()
	if len(pl.c.judges) == 0 {
		return nil
	}
	if pl.inFlight {
		pl.queued = true
		if pl.computeCancel != nil {
			pl.computeCancel() // an exact fit in flight is stale: stop it
		}
		return nil
	}
	return pl.startCompute(true)
}

// startCompute starts the analysis of the current knobs: a preview first
// when preview is set (a λ change answered by a warm-started fit, the
// exact one following), otherwise the exact analysis alone.
func (pl *pipeline) startCompute(preview bool) tea.Cmd {
	pl.inFlight = true
	ctx, cancel := context.WithCancel(context.Background())
	if pl.computeCancel != nil {
		pl.computeCancel()
	}
	pl.computeCancel = cancel
	q := pl.request()
	q.ctx, q.tryPreview = ctx, preview
	return computeCmd(q)
}

// stopBackground cancels the background work of the numbers on screen:
// the bootstrap (its intervals would belong to the old numbers), the
// comparison, the items' calibrated columns, and the fit path unless the
// new knobs need the same one.
func (pl *pipeline) stopBackground() {
	pl.stopBoot()
	pl.stopCondBoot()
	pl.stopStyle()
	if pl.bgCancel != nil {
		pl.bgCancel()
		pl.bgCancel = nil
	}
	if pl.pathCancel != nil && (pl.pathFor == (pathKey{}) || pl.pathFor != pl.wantPathKey()) {
		pl.pathCancel()
		pl.pathCancel = nil
	}
}

// request snapshots what a recompute of the current state needs.
func (pl *pipeline) request() request {
	return request{gen: pl.gen, asked: pl.asked, eng: pl.c.eng, judge: pl.c.judgeName(), opt: pl.c.knobs.opt, itemsNow: pl.itemsShown}
}

// computing reports whether the numbers on screen are older than the knobs.
func (pl *pipeline) computing() bool {
	return len(pl.c.judges) > 0 && (pl.c.cur == nil || pl.c.cur.gen != pl.gen || pl.c.cur.preview)
}

// setLog installs a (new) log: a new engine, the judge list and the
// groups, keeping the current judge and group when they still exist.
func (pl *pipeline) setLog(lg *model.Log, judge string) {
	c := pl.c
	if judge == "" && len(c.judges) > 0 {
		judge = c.judges[c.judge]
	}
	c.eng = analysis.NewEngine(lg)
	c.judges = c.eng.Judges()
	c.judge = max(0, slices.Index(c.judges, judge))
	pl.refreshGroups()
}

// refreshGroups rebuilds the group list of the current judge, keeping the
// group filter when the judge has the group.
func (pl *pipeline) refreshGroups() {
	c := pl.c
	g := c.knobs.opt.Group
	c.groups = append([]string{""}, c.eng.Groups(c.judgeName())...)
	c.group = max(0, slices.Index(c.groups, g))
	c.knobs.opt.Group = c.groups[c.group]
}

// applyResult puts a finished analysis on screen unless a newer knob
// change has made it stale, and starts a queued recompute.
func (pl *pipeline) applyResult(r *result) tea.Cmd {
	pl.inFlight = false
	if pl.computeCancel != nil {
		pl.computeCancel()
		pl.computeCancel = nil
	}
	var cmds []tea.Cmd
	if r.gen == pl.gen && !errors.Is(r.err, context.Canceled) {
		pl.show(r)
		// The numbers are on screen: the background work for them starts,
		// behind the gate, most urgent first.
		ctx, cancel := context.WithCancel(context.Background())
		pl.bgCancel = cancel
		if r.items != nil && r.items.calPending {
			cmds = append(cmds, itemsCalCmd(ctx, pl.bg, r))
		}
		if len(pl.c.judges) > 1 && !pl.noCompare {
			cmds = append(cmds, compareCmd(ctx, pl.bg, pl.request(), r))
		}
		cmds = append(cmds, pl.afterResult())
		cmds = append(cmds, pl.ensureStyle())
		cmds = append(cmds, pl.startBoot(r))
	} else {
		pl.dropped++
	}
	if pl.queued {
		// A change arrived while this one ran: compute the latest now.
		pl.queued = false
		cmds = append(cmds, pl.startCompute(true))
	}
	return tea.Batch(cmds...)
}

// applyPreview puts a preview on screen unless it is stale, then starts
// the exact analysis of the same knobs, or, when keys arrived meanwhile,
// the next preview for the latest knobs: during a burst the screen follows
// the keys with previews, and the exact fit runs once the keys stop. The
// background work (bootstrap, path, comparison, items' columns) waits for
// the exact numbers.
func (pl *pipeline) applyPreview(r *result) tea.Cmd {
	if r.gen == pl.gen {
		pl.show(r)
	} else {
		pl.dropped++
	}
	pl.queued = false
	return pl.startCompute(r.gen != pl.gen)
}

// show puts the numbers and items of r on screen.
func (pl *pipeline) show(r *result) {
	pl.c.cur = r
	pl.stale = allPanes
}
