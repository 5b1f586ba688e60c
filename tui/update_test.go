package tui

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/model"
)

// TestKnobShowsValueAtOnce: a knob key changes the knob bar and status
// line in the same Update, marks the numbers as computing, and the
// recompute then brings numbers for the new λ.
func TestKnobShowsValueAtOnce(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 120, 40)
	press(t, m, "2")
	gen := m.pipe.gen
	_, cmd := m.Update(keyMsg("l"))
	if m.c.knobs.opt.Selection.Lambda != 0.55 {
		t.Fatalf("λ = %v after one step, want 0.55", m.c.knobs.opt.Selection.Lambda)
	}
	if s := screen(m); !strings.Contains(s, "λ ‹0.55›") || !strings.Contains(s, "⟳ computing") {
		t.Errorf("the frame after the key does not show λ 0.55 and the computing mark:\n%s", s)
	}
	if m.pipe.gen != gen+1 || m.c.cur.opt.Selection.Lambda != 0.5 {
		t.Errorf("gen %d (want %d); numbers on screen for λ %v (want the old 0.5 until the recompute)", m.pipe.gen, gen+1, m.c.cur.opt.Selection.Lambda)
	}
	run(t, m, cmd)
	if m.pipe.computing() || m.c.cur.opt.Selection.Lambda != 0.55 || m.c.cur.ja.Selection.Options.Lambda != 0.55 {
		t.Errorf("after the recompute: computing %v, result λ %v", m.pipe.computing(), m.c.cur.opt.Selection.Lambda)
	}
	// Big steps, the other direction, the range limit and reset.
	press(t, m, "L")
	if got := m.c.knobs.opt.Selection.Lambda; got != 0.8 {
		t.Errorf("λ after a big step = %v, want 0.8", got)
	}
	press(t, m, "h", "h")
	if got := m.c.knobs.opt.Selection.Lambda; got != 0.7 {
		t.Errorf("λ after two steps down = %v, want 0.7", got)
	}
	press(t, m, "H", "H", "H", "H")
	if got := m.c.knobs.opt.Selection.Lambda; got != 0 {
		t.Errorf("λ stepped below its range: %v", got)
	}
	press(t, m, "r")
	if got := m.c.knobs.opt.Selection.Lambda; got != 0.5 {
		t.Errorf("λ after reset = %v, want 0.5", got)
	}
	// The next knob: estimation fraction.
	press(t, m, "j", "h")
	if got := m.c.knobs.opt.Selection.EstFrac; got != 0.95 {
		t.Errorf("est. fraction = %v, want 0.95", got)
	}
	if !strings.Contains(screen(m), "Held out") {
		t.Error("an estimation fraction below 1 shows no held-out table")
	}
	press(t, m, "j", "l", "j", "l", "R")
	if !reflect.DeepEqual(m.c.knobs.opt, m.c.start.opt) {
		t.Errorf("R left knobs changed: %+v", m.c.knobs.opt)
	}
}

// TestBurstCoalesces: an isolated key starts its recompute at once (no
// debounce); a λ step is answered first by a preview (a fit warm-started
// from λ 0.5's); keys that arrive while it runs start nothing and coalesce
// into one follow-up for the last value, started when the preview ends (its
// stale result dropped); that follow-up is again a preview, then the exact
// fit of the last value replaces it.
func TestBurstCoalesces(t *testing.T) {
	t.Parallel()
	m := newTestModelNoCompare(t, demoLog(t), 120, 40)
	m.c.eng.SetPreviewMinKnots(0) // the demo is below the default threshold
	press(t, m, "2")
	before := m.c.cur
	_, cmd := m.Update(keyMsg("l")) // λ 0.55
	if cmd == nil || !m.pipe.inFlight {
		t.Fatal("an isolated key did not start its recompute at once")
	}
	first := cmd()
	if r, ok := first.(previewMsg); !ok || r.r.opt.Selection.Lambda != 0.55 || !r.r.ja.Selection.Preview {
		t.Fatalf("the first key's command gave %T, want the preview of λ 0.55", first)
	}
	for range 2 { // λ 0.6, 0.65 while it runs
		if _, c := m.Update(keyMsg("l")); c != nil || !m.pipe.queued {
			t.Fatal("a key during a recompute started another instead of queueing")
		}
	}
	_, next := m.Update(first)
	if m.pipe.dropped != 1 || m.c.cur != before {
		t.Fatalf("stale preview: dropped %d, screen changed %v", m.pipe.dropped, m.c.cur != before)
	}
	if !m.pipe.computing() || next == nil || m.pipe.queued {
		t.Fatal("the queued change was not started after the stale preview")
	}
	msg := next()
	pv, ok := msg.(previewMsg)
	if !ok || pv.r.opt.Selection.Lambda != 0.65 {
		t.Fatalf("follow-up gave %T, want the preview of the last value 0.65", msg)
	}
	_, exact := m.Update(msg)
	if m.c.cur != pv.r || !m.pipe.computing() || !strings.Contains(screen(m), "≈ preview") || !strings.Contains(screen(m), "⟳ exact fit") {
		t.Fatalf("the preview is not on screen marked as one, with its exact fit running:\n%s", screen(m))
	}
	msg = exact()
	r, ok := msg.(resultMsg)
	if !ok || r.r.preview || r.r.opt.Selection.Lambda != 0.65 {
		t.Fatalf("after the preview came %T, want the exact result of 0.65", msg)
	}
	run(t, m, func() tea.Msg { return msg })
	if m.pipe.computing() || m.c.cur != r.r || strings.Contains(screen(m), "≈ preview") {
		t.Error("the exact result of the last change did not replace the preview")
	}
}

// TestPreviewThenExactEqualsReport: after a λ step the screen ends on the
// exact numbers, equal to a fresh engine's (what `plumb report` gives),
// not the preview's.
func TestPreviewThenExactEqualsReport(t *testing.T) {
	frameTest(t)
	t.Parallel()
	lg := demoLog(t)
	m := newTestModelNoCompare(t, lg, 120, 40)
	m.c.eng.SetPreviewMinKnots(0) // the demo is below the default threshold
	press(t, m, "2", "l", "l", "l")
	if m.pipe.computing() || m.c.cur.preview {
		t.Fatal("the recomputes did not settle on exact numbers")
	}
	want, err := analysis.NewEngine(demoLog(t)).Judge(m.c.judgeName(), m.c.knobs.opt)
	if err != nil {
		t.Fatal(err)
	}
	got := m.c.cur.ja.Selection
	if got.Preview || got.WarmStarted || !reflect.DeepEqual(got.Methods, want.Selection.Methods) || !reflect.DeepEqual(got.Fit, want.Selection.Fit) {
		t.Errorf("the screen's numbers at λ %v differ from a one-shot analysis", m.c.knobs.opt.Selection.Lambda)
	}
}

// TestKeyStopsExactFit: a key that arrives while the exact fit of the
// previous one runs stops it (its result is dropped as stale at once), and
// the new value is answered by its own preview.
func TestKeyStopsExactFit(t *testing.T) {
	t.Parallel()
	m := newTestModelNoCompare(t, demoLog(t), 120, 40)
	m.c.eng.SetPreviewMinKnots(0) // the demo is below the default threshold
	press(t, m, "2")
	_, cmd := m.Update(keyMsg("l")) // λ 0.55
	_, exact := m.Update(cmd())     // its preview on screen; the exact fit is next
	if exact == nil || !m.pipe.inFlight {
		t.Fatal("no exact fit followed the preview")
	}
	if _, c := m.Update(keyMsg("l")); c != nil || !m.pipe.queued { // λ 0.6 while the exact fit of 0.55 would run
		t.Fatal("a key during the exact fit did not queue")
	}
	msg := exact() // runs with its context already cancelled
	r, ok := msg.(resultMsg)
	if !ok || !errors.Is(r.r.err, context.Canceled) {
		t.Fatalf("the stopped exact fit gave %T (err %v), want a cancelled result", msg, r.r.err)
	}
	_, next := m.Update(msg)
	if m.pipe.dropped != 1 || next == nil {
		t.Fatalf("the stopped fit was not dropped and followed (dropped %d)", m.pipe.dropped)
	}
	if pv, ok := next().(previewMsg); !ok || pv.r.opt.Selection.Lambda != 0.6 {
		t.Fatal("the new value was not answered by its preview")
	}
}

// TestStaleResultDropped: a result that finishes after a newer knob change
// is dropped; the change that arrived meanwhile is computed next, and the
// old numbers stay on screen until then. The estimation fraction builds a
// new CalibraEval problem, so it has no preview.
func TestStaleResultDropped(t *testing.T) {
	t.Parallel()
	m := newDemoModelNoCompare(t, 120, 40)
	press(t, m, "2", "j")
	before := m.c.cur
	_, cmd := m.Update(keyMsg("h")) // recompute of est. fraction 0.95 starts
	stale := cmd()
	if _, ok := stale.(resultMsg); !ok {
		t.Fatalf("an estimation-fraction step gave %T, want its exact result", stale)
	}
	if _, c := m.Update(keyMsg("h")); c != nil || !m.pipe.queued { // 0.9 while it runs
		t.Fatal("a change during a recompute did not queue")
	}
	_, next := m.Update(stale)
	if m.pipe.dropped != 1 || m.c.cur != before {
		t.Fatalf("stale result: dropped %d, screen changed %v", m.pipe.dropped, m.c.cur != before)
	}
	if !m.pipe.computing() || next == nil {
		t.Fatal("the queued change was not computed after the stale result")
	}
	run(t, m, next)
	if m.c.cur.opt.Selection.EstFrac != 0.9 || m.pipe.computing() {
		t.Errorf("after the queued recompute: est. fraction %v, computing %v", m.c.cur.opt.Selection.EstFrac, m.pipe.computing())
	}
}

// TestResize: every resize lays the frame out again; below the minimum a
// message replaces the panes.
func TestResize(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModel(t, 200, 60)
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {250, 70}, {300, 90}, {79, 24}, {80, 23}, {20, 5}} {
		run(t, m, func() tea.Msg { return tea.WindowSizeMsg{Width: sz[0], Height: sz[1]} })
		for p := range numPanes {
			press(t, m, string(rune('1'+p)))
			checkFrame(t, m, sz[0], sz[1])
		}
		small := sz[0] < MinWidth || sz[1] < MinHeight
		flat := strings.Join(strings.Fields(screen(m)), " ")
		if got := strings.Contains(flat, "needs a terminal of at least 80×24"); got != small {
			t.Errorf("%v: minimum-size message shown %v, want %v", sz, got, small)
		}
	}
}

// TestJudgeAndGroupSwitch: ] and [ switch judges, g and G cycle the
// groups; every pane then shows the new judge's numbers.
func TestJudgeAndGroupSwitch(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 120, 40)
	if m.c.judgeName() != "judge-fair" || m.c.cur.judge != "judge-fair" {
		t.Fatalf("first judge %q", m.c.judgeName())
	}
	press(t, m, "]")
	if m.c.cur.judge != "judge-first" || m.c.cur.ja.Judge != "judge-first" {
		t.Errorf("after ]: %q", m.c.cur.judge)
	}
	press(t, m, "[", "[")
	if m.c.cur.judge != "judge-tokenA" {
		t.Errorf("after [ [: %q", m.c.cur.judge)
	}
	press(t, m, "g")
	g := m.c.knobs.opt.Group
	if g == "" || m.c.cur.opt.Group != g || m.c.cur.ja.Group != g {
		t.Fatalf("group after g: knob %q, result %q", g, m.c.cur.ja.Group)
	}
	for _, p := range m.c.cur.items.Pairs {
		if p.Group != g {
			t.Fatalf("item of group %q under filter %q", p.Group, g)
		}
	}
	if !strings.Contains(screen(m), "group "+g) {
		t.Error("the status line does not name the group")
	}
	press(t, m, "G")
	if m.c.knobs.opt.Group != "" || m.c.cur.ja.Pairs != 3000 {
		t.Errorf("G back to all groups: %q, %d pairs", m.c.knobs.opt.Group, m.c.cur.ja.Pairs)
	}
}

// TestScreenMatchesReport: the numbers on screen are those `plumb report`
// computes for the same flags, after any sequence of knob changes.
func TestScreenMatchesReport(t *testing.T) {
	frameTest(t)
	t.Parallel()
	// The current judge's analysis is compared: not the comparison of
	// every judge (the Overview, never shown here).
	m := withDemoEngine(t, New(Options{Log: demoLog(t), Start: startOptions(), Dark: true, NoColor: true}))
	m.pipe.noCompare = true
	startTestModel(t, m, 120, 40)
	press(t, m, "]", "2", "l", "l", "j", "h", "h", "4", "j", "l", "j", "l", "j", "l")
	opt, want := reportOfScreen(t, m)
	doc := func(ja analysis.JudgeAnalysis) string { return judgeDoc(t, opt, ja) }
	if doc(m.c.cur.ja) != doc(want) {
		t.Error("the screen's analysis differs from report.Analyze with the same options")
	}
	args := reportArgs(opt, nil)
	for _, want := range []string{"--judge judge-first", "--lambda 0.6", "--est-frac 0.9", "--split 0.7", "--alpha 0.06", "--verdict-from aggregate"} {
		if !strings.Contains(args, want) {
			t.Errorf("reproduce command %q lacks %q", args, want)
		}
	}
}

// TestItemsPane: sorting, filtering and opening an item.
func TestItemsPane(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 120, 40)
	// judge-tokenA (the third judge): judge-first's fit collapses on the
	// demo, so its items have raw preferences only and no shift to sort by
	// (TestCollapsedFitItemsRawOnly).
	press(t, m, "]", "]", "5")
	for m.items.sort[0].col != pcCons { // s cycles the columns: id, group, x0 r … cons.
		press(t, m, "s")
	}
	if _, ok := m.c.cur.ja.Selection.Collapsed("calibraeval"); ok || m.c.cur.ja.Judge != "judge-tokenA" {
		t.Fatalf("judge %s (collapsed %v), want judge-tokenA with a usable fit", m.c.cur.ja.Judge, ok)
	}
	p := m.items
	first := p.rows[0]
	if m.c.cur.items.Consistent[first] != 0 {
		t.Error("the cons. sort does not start with an inconsistent item")
	}
	press(t, m, "s")
	if d := m.c.cur.items; d.shift[p.rows[0]] < d.shift[p.rows[len(p.rows)-1]] {
		t.Error("the shift sort is not descending")
	}
	press(t, m, "S")
	if d := m.c.cur.items; d.shift[p.rows[0]] > d.shift[p.rows[len(p.rows)-1]] || !strings.Contains(screen(m), "shift▲") {
		t.Error("S did not reverse the shift sort to ascending, marked shift▲")
	}
	press(t, m, "/", "p", "0", "0", "1", "2", "enter")
	for _, i := range p.rows {
		if !strings.Contains(m.c.cur.items.Pairs[i].ID, "p0012") {
			t.Fatalf("filter p0012 kept %q", m.c.cur.items.Pairs[i].ID)
		}
	}
	press(t, m, "enter")
	s := screen(m)
	if !p.detail || !strings.Contains(s, "Pair item p0012") || !strings.Contains(s, "Response 1") {
		t.Fatalf("enter did not open the item:\n%s", s)
	}
	press(t, m, "esc")
	if p.detail {
		t.Error("esc did not close the item")
	}
	press(t, m, "esc")
	if p.filter.Value() != "" || len(p.rows) != 3000 {
		t.Errorf("esc did not clear the filter: %q, %d rows", p.filter.Value(), len(p.rows))
	}
	press(t, m, "v")
	if !p.scores || len(p.rows) == 0 {
		t.Fatal("v did not switch to score items")
	}
	if pts := p.points; pts[p.rows[0]].RS < pts[p.rows[len(p.rows)-1]].RS {
		t.Error("score items are not sorted by RS, highest first")
	}
}

// TestHelpAndQuit: ? toggles the full help, which lists every key; q
// quits.
func TestHelpAndQuit(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 200, 60)
	press(t, m, "?")
	s := screen(m)
	for _, b := range [][]string{{"tab", "next pane"}, {"]", "next judge"}, {"r", "reset knob"}, {"e", "export"}, {"/", "filter"}, {"q", "quit"}} {
		if !strings.Contains(s, b[0]) || !strings.Contains(s, b[1]) {
			t.Errorf("full help lacks %q %q", b[0], b[1])
		}
	}
	press(t, m, "esc")
	if m.showHelp {
		t.Error("esc did not close the help")
	}
	if !run(t, m, func() tea.Msg { return keyMsg("q") }) {
		t.Error("q did not quit")
	}
	if !run(t, m, func() tea.Msg { return keyMsg("ctrl+c") }) {
		t.Error("ctrl+c did not quit")
	}
}

// TestCriterionKnob: the criterion is a display knob: it changes the
// likelihood pane at once and starts no recompute.
func TestCriterionKnob(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 120, 40)
	press(t, m, "3")
	gen := m.pipe.gen
	first := m.c.criterionResult().Criterion
	press(t, m, "l")
	if m.pipe.gen != gen {
		t.Error("the criterion knob started a recompute")
	}
	if c := m.c.criterionResult().Criterion; c == first || !strings.Contains(screen(m), "LS–US scatter — "+c) {
		t.Errorf("criterion %q → %q not shown", first, c)
	}
	press(t, m, "j", "l")
	if m.c.knobs.opt.Likelihood.TopK != 9 || len(m.c.cur.ja.Likelihood.Total.TopRS) != 9 {
		t.Errorf("k = %d, top-RS %d", m.c.knobs.opt.Likelihood.TopK, len(m.c.cur.ja.Likelihood.Total.TopRS))
	}
	_ = likelihood.TotalCriterion
}

// TestWatch: a poll that brings a grown log installs it and recomputes;
// the judge and group shown stay; a poll error is shown, not fatal.
func TestWatch(t *testing.T) {
	t.Parallel()
	full := demoLog(t)
	part := *full
	part.Pairs = append([]model.Pair(nil), full.Pairs[:900]...)
	m := New(Options{Log: &part, Start: startOptions(), NoColor: true,
		Poll: func() (*model.Log, bool, error) { return nil, false, nil }, PollEvery: time.Millisecond})
	run(t, m, m.Init())
	resize(t, m, 120, 40)
	press(t, m, "]")
	before := m.c.cur.ja.Pairs
	grown := demoLog(t)
	run(t, m, func() tea.Msg { return pollMsg{lg: grown, changed: true} })
	if m.c.judgeName() != "judge-first" || m.c.cur.ja.Pairs <= before || m.c.cur.ja.Pairs != 3000 {
		t.Errorf("after the poll: judge %q, %d pairs (before %d)", m.c.judgeName(), m.c.cur.ja.Pairs, before)
	}
	run(t, m, func() tea.Msg { return pollMsg{err: errors.New("log.jsonl:7: id missing")} })
	if !strings.Contains(screen(m), "watch: log.jsonl:7: id missing") {
		t.Error("a poll error is not shown in the status line")
	}
}
