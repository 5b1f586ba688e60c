package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/report"
)

// result is one finished analysis of the current judge: the numbers every
// pane shows. Everything in it is computed off the UI goroutine.
type result struct {
	gen   uint64
	judge string
	opt   report.Options
	ja    report.JudgeAnalysis
	err   error
	dur   time.Duration
	items *itemData
}

// Messages of the recompute pipeline. gen is the knob generation the
// message belongs to; a message of an older generation is stale.
type (
	// debounceMsg fires when the knobs have been still for the debounce
	// delay.
	debounceMsg struct{ gen uint64 }
	// resultMsg carries a finished analysis of the current judge.
	resultMsg struct{ r *result }
	// compareMsg carries every judge's analysis for the overview's
	// comparison table.
	compareMsg struct {
		gen    uint64
		judges []report.JudgeAnalysis
		err    error
	}
	// pollTickMsg asks for a look at the watched files.
	pollTickMsg struct{}
	// pollMsg carries the watched files' new contents.
	pollMsg struct {
		lg      *model.Log
		changed bool
		err     error
	}
	// exportMsg reports an export.
	exportMsg struct {
		text string
		err  error
	}
)

// request is what a recompute needs, copied out of the model so the
// command shares nothing mutable with Update.
type request struct {
	gen   uint64
	eng   *report.Engine
	judge string
	opt   report.Options
}

// analyse runs the analysis of one judge (the engine caches what the
// knobs did not change) and prepares the items table.
func (q request) analyse() *result {
	t0 := time.Now()
	o := q.opt
	o.Selection.Path = false // the path follows in the background (selection_path.go)
	ja, err := q.eng.Judge(q.judge, o)
	r := &result{gen: q.gen, judge: q.judge, opt: q.opt, ja: ja, err: err}
	if err == nil {
		pairs, _, _ := q.eng.Records(q.judge, q.opt.Group)
		r.items = buildItems(pairs, &ja)
	}
	r.dur = time.Since(t0)
	return r
}

// computeCmd runs a request off the UI goroutine.
func computeCmd(q request) tea.Cmd {
	return func() tea.Msg { return resultMsg{q.analyse()} }
}

// compareCmd analyses every judge under the same options, for the
// overview's comparison table (after the current judge's result, so it
// never delays it).
func compareCmd(q request) tea.Cmd {
	return func() tea.Msg {
		o := q.opt
		o.Judges = nil
		o.Selection.Path, o.Selection.StopAt = false, calib.StopEnd // the overview shows no path
		an, err := q.eng.Analyze(o)
		if err != nil {
			return compareMsg{gen: q.gen, err: err}
		}
		return compareMsg{gen: q.gen, judges: an.Judges}
	}
}

// debounceCmd waits for the knobs to be still.
func debounceCmd(gen uint64, d time.Duration) tea.Cmd {
	if d <= 0 {
		return func() tea.Msg { return debounceMsg{gen} }
	}
	return tea.Tick(d, func(time.Time) tea.Msg { return debounceMsg{gen} })
}
