package tui

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/demo"
	"github.com/plumb-eval/plumb/report"
)

// startOptions are the analysis options `plumb` starts with (the flags'
// defaults), with fewer permutations so tests stay quick.
func startOptions() analysis.Options {
	o := analysis.Options{
		Selection:  selection.DefaultOptions(),
		Reporting:  reporting.DefaultOptions(),
		Likelihood: likelihood.DefaultOptions(),
		Target:     analysis.TargetAuto,
	}
	o.Likelihood.Permutations = 500
	return o
}

// demoParsed is the embedded demo log, parsed once per test binary
// (about 2 s of CPU over the package when every test parsed it). Tests
// never read it directly: demoLog hands out copies.
var demoParsed = sync.OnceValues(demo.Log)

// demoLog returns a copy of the embedded demo log whose record slices are
// the caller's own (the app sorts them; a test may rename or drop
// records). The records' maps, pointers and slices (Extra, Gen, Truth,
// ScoreProbs, JudgeScore) are shared with every other copy: no test or
// app code writes through them.
func demoLog(t testing.TB) *model.Log {
	t.Helper()
	lg, err := demoParsed()
	if err != nil {
		t.Fatal(err)
	}
	return copyLog(lg)
}

// copyLog is a copy of lg whose record slices are its own (demoLog).
func copyLog(lg *model.Log) *model.Log {
	c := *lg
	c.Pairs, c.Scores, c.Verdicts = slices.Clone(lg.Pairs), slices.Clone(lg.Scores), slices.Clone(lg.Verdicts)
	c.Files, c.SkipReasons, c.Notes = slices.Clone(lg.Files), slices.Clone(lg.SkipReasons), slices.Clone(lg.Notes)
	return &c
}

// demoEngine is one analysis.Engine of the unchanged demo log, shared by
// every test that starts with newDemoModel (about half of tui's test CPU
// was each model analysing the demo again). Sharing it changes no number:
// its selection engines fit cold (every answer equals a fresh engine's,
// what `plumb report` gives), its caches are keyed by the options that
// made each result and guard themselves, and it is safe for concurrent
// use. What does change is timing: a result another test asked for is
// there at once. Tests that read timing — a path not computed yet, a
// preview (SetPreviewMinKnots), a stale result, a cached path's pathMsg —
// start with newTestModel and an engine of their own.
var demoEngine = sync.OnceValues(func() (*analysis.Engine, error) {
	lg, err := demoParsed()
	if err != nil {
		return nil, err
	}
	return analysis.NewEngine(copyLog(lg)), nil
})

// newDemoModel is newTestModel on the demo log with the shared demo
// engine (demoEngine).
func newDemoModel(t testing.TB, w, h int) *Model {
	t.Helper()
	return startTestModel(t, withDemoEngine(t, New(Options{Log: demoLog(t), Start: startOptions(), Dark: true, NoColor: true})), w, h)
}

// newDemoModelNoCompare is newTestModelNoCompare on the demo log with the
// shared demo engine (demoEngine).
func newDemoModelNoCompare(t testing.TB, w, h int) *Model {
	t.Helper()
	m := withDemoEngine(t, New(Options{Log: demoLog(t), Start: startOptions(), Dark: true, NoColor: true}))
	m.pipe.noPath, m.pipe.noCompare = true, true
	return startTestModel(t, m, w, h)
}

// withDemoEngine gives m, made on the demo log and not started, the
// shared demo engine in place of its own.
func withDemoEngine(t testing.TB, m *Model) *Model {
	t.Helper()
	eng, err := demoEngine()
	if err != nil {
		t.Fatal(err)
	}
	return withEngine(t, m, eng)
}

// withEngine gives m, not started, the engine eng of an equal log (another
// app's: the two then share every result) in place of its own.
func withEngine(t testing.TB, m *Model, eng *analysis.Engine) *Model {
	t.Helper()
	if !slices.Equal(eng.Judges(), m.c.judges) {
		t.Fatalf("the model's log is not the engine's: judges %q, the engine's %q", m.c.judges, eng.Judges())
	}
	m.c.eng = eng
	return m
}

// newTestModel returns the app on lg at w×h after
// its first analysis (commands run synchronously).
func newTestModel(t testing.TB, lg *model.Log, w, h int) *Model {
	t.Helper()
	return startTestModel(t, New(Options{Log: lg, Start: startOptions(), Dark: true, NoColor: true}), w, h)
}

// newTestModelNoCompare is newTestModel without its background work that
// a test may not read: the CalibraEval fit path (pipeline.noPath; about a
// third of a test model's CPU) and the comparison of every judge
// (pipeline.noCompare; about a tenth of tui's test CPU), both set before
// the first analysis. It is for tests that never show the Selection
// pane's path, never export it, never look at the Overview's "All
// judges" table (it stays "analysing every judge") and assert on neither.
func newTestModelNoCompare(t testing.TB, lg *model.Log, w, h int) *Model {
	t.Helper()
	m := New(Options{Log: lg, Start: startOptions(), Dark: true, NoColor: true})
	m.pipe.noPath, m.pipe.noCompare = true, true
	return startTestModel(t, m, w, h)
}

// testFigureDPI is the resolution of the PNG figures tests export
// (Options.FigureDPI): the lowest figure.Options allows, since no test
// reads a PNG's pixels, and encoding them at the default 200 DPI was about
// a sixth of tui's test CPU. TestReproduceCommandsReproduce exports one
// log at the default.
const testFigureDPI = 30

// startTestModel runs m's first analysis and sizes it w×h; its exports
// write PNGs at testFigureDPI.
func startTestModel(t testing.TB, m *Model, w, h int) *Model {
	t.Helper()
	m.c.opts.FigureDPI = testFigureDPI
	run(t, m, m.Init())
	run(t, m, func() tea.Msg { return tea.WindowSizeMsg{Width: w, Height: h} })
	return m
}

// run executes cmd and every command that follows from it, synchronously,
// feeding messages to m. Terminal requests (background colour) and ticks
// of the file watcher are ignored. It returns whether tea.Quit was seen.
func run(t testing.TB, m *Model, cmd tea.Cmd) (quit bool) {
	t.Helper()
	quit, _ = runHolding(t, m, cmd, nil)
	return quit
}

// runHolding is run that hands m no message hold reports: those it
// returns, in the order they came, for the test to deliver later (a
// result that lands after the user has typed on).
func runHolding(t testing.TB, m *Model, cmd tea.Cmd, hold func(tea.Msg) bool) (quit bool, held []tea.Msg) {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 10000 {
			t.Fatal("commands did not settle")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		switch msg := msg.(type) {
		case nil:
			continue
		case tea.BatchMsg:
			queue = append(queue, msg...)
			continue
		case tea.QuitMsg:
			quit = true
			continue
		case resultMsg, previewMsg, itemsCalMsg, pathMsg, compareMsg, exportMsg, pollMsg, tea.WindowSizeMsg, tea.KeyPressMsg,
			bootProgressMsg, bootDoneMsg, stylePointMsg, styleProgressMsg, styleBootMsg, condBootProgressMsg, condBootDoneMsg:
		default:
			continue // terminal queries and the like
		}
		if hold != nil && hold(msg) {
			held = append(held, msg)
			continue
		}
		_, next := m.Update(msg)
		queue = append(queue, next)
	}
	return quit, held
}

// press sends keys (as typed: "l", "tab", "shift+tab", "enter", "esc",
// "left", …) one by one, running the resulting commands.
func press(t testing.TB, m *Model, keys ...string) {
	t.Helper()
	for _, k := range keys {
		msg := keyMsg(k)
		run(t, m, func() tea.Msg { return msg })
	}
}

func keyMsg(k string) tea.KeyPressMsg {
	special := map[string]tea.Key{
		"tab": {Code: tea.KeyTab}, "shift+tab": {Code: tea.KeyTab, Mod: tea.ModShift},
		"enter": {Code: tea.KeyEnter}, "esc": {Code: tea.KeyEscape},
		"left": {Code: tea.KeyLeft}, "right": {Code: tea.KeyRight}, "up": {Code: tea.KeyUp}, "down": {Code: tea.KeyDown},
		"pgdown": {Code: tea.KeyPgDown}, "pgup": {Code: tea.KeyPgUp}, "ctrl+c": {Code: 'c', Mod: tea.ModCtrl},
		"shift+right": {Code: tea.KeyRight, Mod: tea.ModShift},
	}
	if k, ok := special[k]; ok {
		return tea.KeyPressMsg(k)
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

var msRe = regexp.MustCompile(` *[0-9.]+ ms`)

// screen is the frame without ANSI styles and with recompute times
// masked, as a golden file holds it.
func screen(m *Model) string {
	return msRe.ReplaceAllString(ansi.Strip(m.frame()), " N ms")
}

// checkFrame asserts the frame fits the terminal.
func checkFrame(t *testing.T, m *Model, w, h int) {
	t.Helper()
	lines := strings.Split(m.frame(), "\n")
	if len(lines) > h {
		t.Errorf("%d×%d pane %d: %d lines, taller than the terminal", w, h, m.pane, len(lines))
	}
	for i, l := range lines {
		if lw := ansi.StringWidth(l); lw > w {
			t.Errorf("%d×%d pane %d: line %d is %d cells wide: %q", w, h, m.pane, i, lw, ansi.Strip(l))
		}
	}
}

func resize(t testing.TB, m *Model, w, h int) {
	t.Helper()
	run(t, m, func() tea.Msg { return tea.WindowSizeMsg{Width: w, Height: h} })
}

// viewport draws lines from offset off in h rows through the one
// scrolling mechanism (scroller), as a pane's body is drawn.
func (m *Model) viewport(lines []string, off, h int) []string {
	s := newScroller(m.c, false)
	s.SetSize(m.c.contentWidth(), h)
	s.SetContent(lines)
	s.SetYOffset(off)
	return strings.Split(s.View(h), "\n")
}

// textOf is pane p's text pane (the body of the Overview, Selection,
// Likelihood or Reporting pane).
func textOf(t testing.TB, m *Model, p paneID) *textPane {
	t.Helper()
	tp := paneText(m.panes[p])
	if tp == nil {
		t.Fatalf("pane %d has no text body", p)
	}
	return tp
}

// paneText is the text pane of a pane, or nil.
func paneText(p pane) *textPane {
	switch tp := p.(type) {
	case *overviewPane:
		return &tp.textPane
	case *likelihoodPane:
		return &tp.textPane
	case *reportingPane:
		return &tp.textPane
	case *selectionPane:
		return &tp.textPane
	case *stylePane:
		return &tp.textPane
	}
	return nil
}

// body is pane p's body as Render drew it (its lines joined), unscrolled.
func (m *Model) body(p paneID) string {
	return strings.Join(paneText(m.panes[p]).scroll.Lines(), "\n")
}

// frameTest skips t under the race detector. A frame test drives the app
// synchronously (run executes every command in the test's goroutine), so
// the detector has nothing of the tui's own to race there; the goroutines
// under it — report's parallel analysis, the bootstrap, the compute gate —
// are raced by the tests that keep running under -race (bootstrap_test,
// teatest_test, watch_test, update_test's burst, stale-result and
// key-stops-fit tests, the style job tests) and by report's and calib's
// own tests. Under -race a frame test costs about ten times as much (this
// package took 460 s instead of 40 s on 2 cores), so .ci/run runs the
// package a second time without -race, where every frame test runs.
func frameTest(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("frame test: runs without -race (.ci/run's second tui run); see frameTest")
	}
}

// reportOfScreen is what `plumb report` computes for the judge and the
// options on m's screen: those options and the judge's analysis
// (analysis.Analyze on the demo log).
func reportOfScreen(t testing.TB, m *Model) (analysis.Options, analysis.JudgeAnalysis) {
	t.Helper()
	opt := m.c.knobs.opt
	opt.Judges = []string{m.c.judgeName()}
	an, err := analysis.Analyze(demoLog(t), opt)
	if err != nil {
		t.Fatal(err)
	}
	return opt, an.Judges[0]
}

// judgeDoc is the JSON document of one judge's analysis ja under opt.
func judgeDoc(t testing.TB, opt analysis.Options, ja analysis.JudgeAnalysis) string {
	t.Helper()
	var b bytes.Buffer
	if err := report.WriteJSON(&b, report.BuildDoc(&analysis.Analysis{Options: opt, Judges: []analysis.JudgeAnalysis{ja}}, "t")); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
