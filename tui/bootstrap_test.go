package tui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/report"
)

// bootStart are the test start options with a small bootstrap.
func bootStart() analysis.Options {
	o := startOptions()
	o.Bootstrap = analysis.BootstrapOptions{Resamples: 200, Explicit: true, Refit: analysis.RefitNever}
	return o
}

// runHoldingBoot is run, except that the bootstrap's messages are held
// back (returned) instead of delivered: the screen as it is while the
// bootstrap runs.
func runHoldingBoot(t *testing.T, m *Model, cmd tea.Cmd) []tea.Msg {
	t.Helper()
	var held []tea.Msg
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case bootProgressMsg, bootDoneMsg:
			held = append(held, msg)
		case resultMsg, itemsCalMsg, pathMsg, compareMsg, tea.WindowSizeMsg, tea.KeyPressMsg:
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
	return held
}

// TestBootstrapInBackground: the point estimates come first, with the
// change shown unmarked and the bootstrap's progress in the caption; the
// ▲/▼/= marks appear once the intervals arrive, and the screen's analysis
// then equals `plumb report`'s for the same flags, intervals included.
func TestBootstrapInBackground(t *testing.T) {
	t.Parallel()
	m := New(Options{Log: demoLog(t), Start: bootStart(), Dark: true, NoColor: true})
	held := runHoldingBoot(t, m, tea.Batch(m.Init(), func() tea.Msg { return tea.WindowSizeMsg{Width: 200, Height: 60} }))
	if len(held) != 1 {
		t.Fatalf("%d bootstrap messages held, want 1", len(held))
	}
	press(t, m, "2")
	s := screen(m)
	if !strings.Contains(s, "bootstrap ") || !strings.Contains(s, "%…") {
		t.Fatalf("no bootstrap progress in the caption:\n%s", s)
	}
	if strings.ContainsAny(methodsBlock(s), "▲▼") {
		t.Errorf("marks before the intervals:\n%s", methodsBlock(s))
	}
	// Deliver the held message and everything after it.
	run(t, m, func() tea.Msg { return held[0] })
	if m.c.intervals() == nil {
		t.Fatal("no intervals after the bootstrap finished")
	}
	s = screen(m)
	block := methodsBlock(s)
	if !strings.Contains(s, "▲ better ▼ worse = within noise (change's 95% CI; first-pos.: of |rate−0.5|)") ||
		!strings.Contains(block, "▲") || !strings.Contains(block, "=") {
		t.Errorf("no marks from the intervals:\n%s", block)
	}

	opt, want := reportOfScreen(t, m)
	doc := func(ja analysis.JudgeAnalysis) string { return judgeDoc(t, opt, ja) }
	screenJA := m.c.cur.ja
	screenJA.Intervals = m.c.intervals()
	if a, b := doc(screenJA), doc(want); a != b {
		al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
		for i := range min(len(al), len(bl)) {
			if al[i] != bl[i] {
				t.Errorf("line %d: screen %q, report %q", i+1, al[i], bl[i])
				break
			}
		}
		t.Error("the screen's analysis with intervals differs from report.Analyze with the same options")
	}
}

// TestBootstrapStale: a knob change while the bootstrap runs stops it and
// drops its result; the new numbers get their own intervals.
func TestBootstrapStale(t *testing.T) {
	t.Parallel()
	m := New(Options{Log: demoLog(t), Start: bootStart(), Dark: true, NoColor: true})
	m.pipe.noPath, m.pipe.noCompare = true, true // as newTestModelNoCompare: no assertion reads either
	held := runHoldingBoot(t, m, tea.Batch(m.Init(), func() tea.Msg { return tea.WindowSizeMsg{Width: 120, Height: 40} }))
	old := m.c.cur
	press(t, m, "2", "l") // λ up: a new analysis and a new bootstrap
	if m.c.cur == old || m.c.intervals() == nil {
		t.Fatal("the knob change got no intervals of its own")
	}
	iv := m.c.intervals()
	for _, msg := range held {
		run(t, m, func() tea.Msg { return msg })
	}
	if m.c.intervals() != iv {
		t.Error("a stale bootstrap replaced the current intervals")
	}
}

// methodsBlock is the all-items methods table of a selection screen.
func methodsBlock(s string) string {
	i := strings.Index(s, "Methods — all")
	if i < 0 {
		return ""
	}
	rest := s[i:]
	if j := strings.Index(rest, "\n\n"); j >= 0 {
		rest = rest[:j]
	}
	// The caption line explains the marks; the table is below it.
	if k := strings.Index(rest, "\n"); k >= 0 {
		return rest[k+1:]
	}
	return rest
}

// TestExportFiguresAndIntervals: the export key writes the figures into
// PREFIX.JUDGE.figures/ (PNG and SVG, named in the message), the JSON carries
// the intervals on screen — the bytes of `plumb report` with the same
// flags — and the reproduce command names the bootstrap flags.
func TestExportFiguresAndIntervals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	m := New(Options{Log: demoLog(t), Start: bootStart(), Dark: true, NoColor: true,
		ExportPrefix: filepath.Join(dir, "out"), FigureDPI: testFigureDPI})
	m.pipe.noPath, m.pipe.noCompare = true, true // as newTestModelNoCompare: the export reads neither
	run(t, m, m.Init())
	resize(t, m, 120, 40)
	press(t, m, "e")
	if m.c.flashErr || !strings.Contains(m.c.flash, "out.judge-fair.figures/") || !strings.Contains(m.c.reproduceCommand(), "--bootstrap 200 --fixed-fit") {
		t.Fatalf("export message: %q (error %v)", m.c.flash, m.c.flashErr)
	}
	for _, f := range []string{"judge-fair.forest.png", "judge-fair.forest.svg", "judge-fair.forest.txt"} {
		if _, err := os.Stat(filepath.Join(dir, "out.judge-fair.figures", f)); err != nil {
			t.Error(err)
		}
	}
	txt, _ := os.ReadFile(filepath.Join(dir, "out.judge-fair.figures", "judge-fair.forest.txt"))
	if !strings.Contains(string(txt), "paired item bootstrap percentile intervals, 200 resamples") {
		t.Errorf("forest caption lacks the intervals: %s", txt)
	}
	opt := m.c.knobs.opt
	opt.Judges = []string{m.c.judgeName()}
	an, err := analysis.Analyze(demoLog(t), opt)
	if err != nil {
		t.Fatal(err)
	}
	an.Reproduce = reportArgs(opt, nil)
	var js bytes.Buffer
	if err := report.WriteJSON(&js, report.BuildDoc(an, "")); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "out.judge-fair.json")); err != nil || string(got) != js.String() {
		t.Errorf("out.judge-fair.json differs from the report for the same options (err %v)", err)
	}
}
