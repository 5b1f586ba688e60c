package tui

import (
	"context"

	tea "charm.land/bubbletea/v2"
)

// bootState is the progress of the background bootstrap of the current
// result's methods table, as the Selection pane shows it: it starts once
// the point estimates are on screen (unless the engine has the intervals
// of the same options already), reports its progress, and is stopped
// when a knob change makes it stale (pipeline.boot).
// The intervals are the engine's (analysis.Engine.Intervals caches them):
// common.intervals asks it once the bootstrap is done.
type bootState struct {
	running bool
	done    int
	total   int
	err     error
}

// Messages of the background bootstrap.
type (
	// bootProgressMsg reports how many resamples are done; next waits
	// for the following message.
	bootProgressMsg struct {
		gen         uint64
		done, total int
		next        tea.Cmd
	}
	// bootDoneMsg says the intervals are done (the engine holds them), or
	// why there are none.
	bootDoneMsg struct {
		gen uint64
		err error
	}
)

// startBoot starts the bootstrap of r (just put on screen) off the UI
// goroutine, stopping any earlier one. It returns nil when the bootstrap
// is off, r has no methods table, or the engine has r's intervals.
func (pl *pipeline) startBoot(r *result) tea.Cmd {
	pl.stopBoot()
	pl.c.boot, pl.boot.gen = bootState{}, r.gen
	if r.err != nil || r.ja.Selection == nil || r.opt.Bootstrap.Resamples <= 0 || pl.c.eng.CachedIntervals(&r.ja, r.opt) != nil {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	pl.boot.begin(&pl.c.boot, r.gen, cancel)
	eng, ja, opt, gen := pl.c.eng, r.ja, r.opt, r.gen
	// Behind the gate, on every core but one (the intervals do not depend
	// on the workers). A job the gate never admits was stopped: its
	// context was cancelled.
	opt.Bootstrap.Workers = pl.slots
	stopped := bootDoneMsg{gen: gen, err: context.Canceled}
	return runGated(pl.bg, ctx, prioBoot, stopped, func(report func(bootProgressMsg)) bootDoneMsg {
		_, err := eng.Intervals(ctx, &ja, opt, func(done, total int) {
			report(bootProgressMsg{gen: gen, done: done, total: total})
		})
		return bootDoneMsg{gen: gen, err: err}
	})
}

// withNext is m carrying next (runGated).
func (m bootProgressMsg) withNext(next tea.Cmd) tea.Msg {
	m.next = next
	return m
}

// stopBoot stops a running bootstrap (its result will be stale).
func (pl *pipeline) stopBoot() { pl.boot.stop(&pl.c.boot) }

// bootProgress shows a bootstrap's progress and waits for its next
// message; a stale bootstrap is not listened to any more.
func (pl *pipeline) bootProgress(msg bootProgressMsg) tea.Cmd {
	if !pl.boot.progress(&pl.c.boot, msg.gen, msg.done, msg.total) {
		return nil
	}
	pl.invalidate(paneSelection)
	return msg.next
}

// bootDone shows the finished intervals (common.intervals) next to the
// numbers they belong to, unless a knob change has made them stale.
func (pl *pipeline) bootDone(msg bootDoneMsg) {
	if msg.gen != pl.boot.gen || pl.c.cur == nil || pl.c.cur.gen != msg.gen {
		return
	}
	pl.boot.finish(&pl.c.boot, msg.err)
	pl.invalidate(paneSelection)
}
