package tui

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/analysis"
)

// Messages of the conditions' bootstrap.
type (
	// condBootProgressMsg reports how many resamples are done over every
	// condition; next waits for the following message.
	condBootProgressMsg struct {
		gen         uint64
		done, total int
		next        tea.Cmd
	}
	// condBootDoneMsg says the conditions' intervals are done (the engine
	// holds them), or why there are none.
	condBootDoneMsg struct {
		gen uint64
		err error
	}
)

// withNext is m carrying next (runGated).
func (m condBootProgressMsg) withNext(next tea.Cmd) tea.Msg {
	m.next = next
	return m
}

// The Conditions sub-view's background bootstrap (every condition's
// methods table, as the report's) starts once the comparison of every
// judge is in, when the log has a judge in several conditions and the
// engine has not the intervals of the same options already; a knob change
// stops it (pipeline.stopBackground) and the next comparison starts it
// again, the conditions done so far kept by the engine
// (analysis.Engine.Intervals caches each). The intervals are the engine's:
// the sub-view asks Engine.CachedConditionIntervals; its progress is
// common.condBoot.

// startCondBoot starts the conditions' bootstrap of the comparison msg
// announced, behind the gate after the current judge's own bootstrap. It
// returns nil when there is nothing to compute.
func (pl *pipeline) startCondBoot(msg compareMsg) tea.Cmd {
	pl.stopCondBoot()
	pl.c.condBoot = bootState{}
	eng, opt, gen := msg.eng, msg.opt, msg.gen
	if opt.Bootstrap.Resamples <= 0 || !eng.HasConditions() {
		return nil
	}
	if _, ok := eng.CachedConditionIntervals(opt); ok {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	pl.condBoot.begin(&pl.c.condBoot, gen, cancel)
	opt.Bootstrap.Workers = pl.slots
	stopped := condBootDoneMsg{gen: gen, err: context.Canceled}
	return runGated(pl.bg, ctx, prioCondBoot, stopped, func(report func(condBootProgressMsg)) condBootDoneMsg {
		_, err := eng.ConditionIntervals(ctx, opt, func(done, total int) {
			report(condBootProgressMsg{gen: gen, done: done, total: total})
		})
		return condBootDoneMsg{gen: gen, err: err}
	})
}

// stopCondBoot stops a running conditions' bootstrap (its result will be
// stale).
func (pl *pipeline) stopCondBoot() { pl.condBoot.stop(&pl.c.condBoot) }

// condBootProgress shows the bootstrap's progress and waits for its next
// message; a stale bootstrap is not listened to any more.
func (pl *pipeline) condBootProgress(msg condBootProgressMsg) tea.Cmd {
	if !pl.condBoot.progress(&pl.c.condBoot, msg.gen, msg.done, msg.total) {
		return nil
	}
	pl.invalidate(paneSelection)
	return msg.next
}

// condBootDone shows the conditions' intervals, unless a knob change has
// made them stale.
func (pl *pipeline) condBootDone(msg condBootDoneMsg) {
	if !pl.condBoot.current(&pl.c.condBoot, msg.gen) {
		return
	}
	pl.condBoot.finish(&pl.c.condBoot, msg.err)
	pl.invalidate(paneSelection)
}

// conditionJudges are the comparison's judges the Conditions sub-view
// shows: with their conditions' intervals once the bootstrap is done,
// else without (ivs false).
func (c *common) conditionJudges(judges []analysis.JudgeAnalysis) (out []analysis.JudgeAnalysis, ivs bool) {
	if c.condBoot.running {
		return judges, false
	}
	if js, ok := c.compared.eng.CachedConditionIntervals(c.compared.opt); ok {
		return js, true
	}
	return judges, false
}

// condBootCaption is the running bootstrap's progress line, as the
// methods table's legend says it.
func condBootCaption(done, total int) string {
	pct := 0
	if total > 0 {
		pct = 100 * done / total
	}
	return fmt.Sprintf(" bootstrap %d%%… (the conditions' intervals follow)", pct)
}
