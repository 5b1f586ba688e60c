package tui

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/plot"
	"github.com/plumb-eval/plumb/report"
)

// Tests of issue 10, items 10–15 ("rough edges a new user hits"), in the
// terminal UI. Item 12 (scrolling) is in scroll_test.go.

// renderPane renders pane p at width w as Render does, before the crop to
// the terminal.
func renderPane(m *Model, p paneID, w int) []string {
	if tp := paneText(m.panes[p]); tp != nil {
		return tp.draw(w)
	}
	return nil
}

// TestPanesFitWidth (item 10): at 80, 100 and 120 columns no line a pane
// renders is wider than the terminal — before, the methods table was cut
// after "ICC(3," and the crop hid RStd, accuracy and n.
func TestPanesFitWidth(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModel(t, 80, 30)
	for _, judge := range []string{"judge-fair", "judge-first"} { // judge-first: a collapsed CalibraEval
		for m.c.judgeName() != judge {
			press(t, m, "]")
		}
		for w := 80; w <= 250; w += 9 {
			resize(t, m, w, 30)
			for p := range paneItems {
				press(t, m, string(rune('1'+p)))
				for i, l := range renderPane(m, p, w) {
					if lw := ansi.StringWidth(l); lw > w {
						t.Errorf("%s, %d columns, %s: line %d is %d cells wide: %q", judge, w, paneSlug[p], i, lw, ansi.Strip(l))
					}
				}
			}
		}
	}
}

// TestMethodsTableColumns (item 10): at 80 columns the methods table keeps
// RStd, mean accuracy and n, says how many columns it hides, and > (or →
// with no knob selected) brings them in; < goes back.
func TestMethodsTableColumns(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModel(t, 80, 24)
	press(t, m, "2")
	body := ansi.Strip(m.body(paneSelection))
	head := lineWith(body, " method ")
	for _, c := range []string{"consist.", "first-pos", "RStd", "acc.", " n"} {
		if !strings.Contains(head, c) {
			t.Errorf("80 columns: the methods table has no %q: %q", c, head)
		}
	}
	if !strings.Contains(body, "3 more columns: >") {
		t.Errorf("80 columns: no note of the hidden columns:\n%s", body)
	}
	press(t, m, ">")
	body = ansi.Strip(m.body(paneSelection))
	if head = lineWith(body, " method "); !strings.Contains(head, "ICC(3,k)") {
		t.Errorf("after >: no ICC(3,k): %q", head)
	}
	if !strings.Contains(body, "< 1 columns left") && !strings.Contains(body, "< 1 column") {
		t.Errorf("after >: no note of the columns left:\n%s", body)
	}
	for range 10 {
		press(t, m, ">")
	}
	if head = lineWith(ansi.Strip(m.body(paneSelection)), " method "); !strings.Contains(head, "acc. agg.") {
		t.Errorf("after many >: no aggregate accuracy: %q", head)
	}
	// esc puts the knob focus away: → scrolls the tables, and says so.
	for range 10 {
		press(t, m, "<")
	}
	press(t, m, "esc")
	if !strings.Contains(ansi.Strip(m.body(paneSelection)), "3 more columns: →") {
		t.Error("with no knob selected the note does not name →")
	}
	lam := m.c.knobs.opt.Selection.Lambda
	press(t, m, "right")
	if m.c.knobs.opt.Selection.Lambda != lam {
		t.Error("→ with no knob selected changed λ")
	}
	if head = lineWith(ansi.Strip(m.body(paneSelection)), " method "); !strings.Contains(head, "ICC(3,k)") {
		t.Errorf("→ with no knob selected did not scroll: %q", head)
	}
	press(t, m, "down", "right")
	if m.c.knobs.opt.Selection.Lambda == lam {
		t.Error("↓ then → did not select λ and step it")
	}
	// The judges comparison on the Overview (no knobs: → scrolls).
	press(t, m, "1")
	body = ansi.Strip(m.body(paneOverview))
	if !strings.Contains(body, "more columns: →") || strings.Contains(lineWith(body, "   judge"), "naive") {
		t.Errorf("Overview at 80: the comparison does not hide naive p̂ with a note:\n%s", body)
	}
	for range 6 {
		press(t, m, "right")
	}
	if !strings.Contains(lineWith(ansi.Strip(m.body(paneOverview)), "   judge"), "naive") {
		t.Errorf("Overview: → does not bring naive p̂ in:\n%s", m.body(paneOverview))
	}
}

func lineWith(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}

// TestHelpAlwaysVisible (item 11): ? and q are in the help bar of every
// pane and popup at 80 columns; the full help is grouped by pane, scrolls,
// and lists every key of the key map.
func TestHelpAlwaysVisible(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModel(t, 80, 24)
	bar := func() string {
		lines := strings.Split(screen(m), "\n")
		return lines[len(lines)-1]
	}
	check := func(where string) {
		t.Helper()
		if b := bar(); !strings.Contains(b, "? all keys") || !strings.Contains(b, "q quit") {
			t.Errorf("%s: the help bar lacks ? or q: %q", where, b)
		}
	}
	for p := range numPanes {
		press(t, m, string(rune('1'+p)))
		check(paneSlug[p])
	}
	press(t, m, "enter")
	check("open item")
	press(t, m, "esc", "?")
	check("full help")
	seen := screen(m)
	for range 10 {
		press(t, m, "pgdown")
		seen += screen(m)
	}
	// Every section, on the first screen or scrolled to.
	for _, s := range []string{"Everywhere", "Knobs (Selection, Likelihood, Reporting, Style)", "Items", "Style"} {
		if !strings.Contains(seen, s) {
			t.Errorf("the full help has no section %q:\n%s", s, seen)
		}
	}
	kv := reflect.ValueOf(m.c.keys)
	for i := range kv.NumField() {
		b := kv.Field(i).Interface().(key.Binding)
		if h := b.Help(); !strings.Contains(seen, h.Desc) {
			t.Errorf("the full help at 80×24, scrolled, never shows %q (%s)", h.Desc, h.Key)
		}
	}
	press(t, m, "esc")
	if m.showHelp {
		t.Error("esc does not close the help")
	}
}

// TestReproducePopup (item 13): c shows the whole command at any width and
// asks the terminal to copy it (OSC 52).
func TestReproducePopup(t *testing.T) {
	frameTest(t)
	t.Parallel()
	for _, w := range []int{80, 250} {
		m := newDemoModelNoCompare(t, w, 30)
		m.c.opts.Files = []string{"/some/rather/long/directory/name/judgments of the week.jsonl"}
		want := m.c.reproduceCommand()
		cmd := m.key(keyMsg("c"))
		if !m.showRepro || cmd == nil {
			t.Fatalf("%d: c did not open the popup (or copy)", w)
		}
		if msg := cmd(); !strings.Contains(fmt.Sprintf("%T", msg), "Clipboard") || !strings.Contains(fmt.Sprint(msg), want) {
			t.Errorf("%d: c's command is %T %v, want a clipboard copy of the command", w, msg, msg)
		}
		var got strings.Builder
		for _, l := range strings.Split(screen(m), "\n")[3:] {
			if strings.HasPrefix(l, "  ") && !strings.Contains(l, "clipboard") {
				got.WriteString(strings.TrimSuffix(strings.TrimSpace(l), " \\") + " ") // a line continuation
			}
		}
		if !strings.Contains(strings.Join(strings.Fields(got.String()), " "), strings.Join(strings.Fields(want), " ")) {
			t.Errorf("%d: the popup does not show the whole command %q:\n%s", w, want, screen(m))
		}
		press(t, m, "c")
		if m.showRepro {
			t.Errorf("%d: c does not close the popup", w)
		}
	}
}

// TestStatusLineByRank (item 14): at every width the status line cuts no
// part in the middle, keeps the judge and λ, keeps α and the verdict
// source from 100 columns, and shows everything at 250.
func TestStatusLineByRank(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 80, 24)
	var prev []string
	for _, w := range []int{80, 100, 120, 160, 250} {
		resize(t, m, w, 24)
		lines := strings.Split(screen(m), "\n")
		st := lines[len(lines)-2]
		if strings.Contains(st, "…") || ansi.StringWidth(st) > w {
			t.Errorf("%d: status line cut: %q", w, st)
		}
		want := []string{"judge-fair", "3000 pairs", "λ 0.5", "✓"}
		if w >= 100 {
			want = append(want, "α 0.05", "raw-x0")
		}
		if w >= 250 {
			want = append(want, "all groups", "3000 pairs", "est 1", "both", "seed 1", "m auto", "split pool")
		}
		for _, s := range want {
			if !strings.Contains(st, s) {
				t.Errorf("%d: status line lacks %q: %q", w, s, st)
			}
		}
		for _, s := range prev { // a wider line keeps what a narrower one has
			if !strings.Contains(st, s) {
				t.Errorf("%d: status line lost %q that a narrower one had: %q", w, s, st)
			}
		}
		prev = strings.Split(strings.ReplaceAll(strings.TrimSpace(strings.Split(st, "✓")[0]), " │ ", " · "), " · ")
	}
}

// TestSplitWindow (item 15): the CI-width chart zooms to the marked splits.
func TestSplitWindow(t *testing.T) {
	frameTest(t)
	t.Parallel()
	marks := []plot.Marker{{X: 170}, {X: 181}, {X: 175}, {X: 176}}
	lo, hi := splitWindow(marks, 1000)
	if lo > 170 || hi < 181 || hi-lo > 100 || lo < 1 || hi > 999 {
		t.Errorf("window %g–%g for splits 170–181 of 1000", lo, hi)
	}
	if lo, hi := splitWindow(nil, 1000); lo != 1 || hi != 999 {
		t.Errorf("no marks: window %g–%g, want 1–999", lo, hi)
	}
	if lo, hi := splitWindow([]plot.Marker{{X: 2}, {X: 9}}, 10); lo != 1 || hi != 9 {
		t.Errorf("marks at the ends: window %g–%g, want 1–9", lo, hi)
	}
	m := newDemoModelNoCompare(t, 120, 40)
	press(t, m, "4")
	if !strings.Contains(ansi.Strip(m.body(paneReporting)), "zoomed to the marked splits") {
		t.Error("the Reporting pane does not say the chart is zoomed")
	}
}

// TestLikelihoodYLabel (item 15): the scatter's y label is not cut.
func TestLikelihoodYLabel(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 80, 24)
	press(t, m, "3")
	if b := ansi.Strip(m.body(paneLikelihood)); strings.Contains(b, "…│") || !strings.Contains(b, "US│") {
		t.Errorf("the scatter's y label is cut or missing:\n%s", b)
	}
}

// TestMethodsTableAlignment (item 15): every number and every "—" of a
// column ends in the same cell, for available, undefined and unavailable
// rows (the "—" of an unavailable row sat one column right).
func TestMethodsTableAlignment(t *testing.T) {
	frameTest(t)
	t.Parallel()
	all := func(v float64) metrics.Metrics {
		d := calib.Defined(v, 10)
		return metrics.Metrics{Consistency: d, FirstPositionRate: d, FleissKappa: d, ICC2k: d, ICC3k: d, RStd: d,
			AccuracyMean: d, AccuracyAggregate: d}
	}
	bpc := all(0.7)
	bpc.Consistency = calib.Undefined(10, "no pairs")
	sel := &selection.Result{N: 10, Methods: []selection.MethodResult{
		{Name: selection.MethodRaw, Available: true, All: all(0.9)},
		{Name: selection.MethodCalibraEval, Available: false, Reason: "test"},
		{Name: selection.MethodBPC, Available: true, All: bpc},
	}}
	m := newDemoModelNoCompare(t, 250, 40)
	tbl := newMethodsTable(m.c, &columns{}, func(r *selection.MethodResult) *metrics.Metrics { return &r.All })
	tbl.SetSize(120, 0)
	lines := tbl.Lines(sel)
	end := func(l, cell string) int {
		l = ansi.Strip(l)
		i := strings.Index(l, cell)
		if i < 0 {
			t.Fatalf("no %q in %q", cell, l)
		}
		return ansi.StringWidth(l[:i]) + ansi.StringWidth(cell)
	}
	raw, ce, bp := end(lines[1], "0.900"), end(lines[2], "—"), end(lines[3], "—")
	if raw != ce || raw != bp {
		t.Errorf("consistency column ends at %d (raw), %d (unavailable), %d (undefined):\n%s", raw, ce, bp, strings.Join(lines, "\n"))
	}
}

// TestKnotCount (item 15): the TUI and the Markdown report give the same
// knot count with the same meaning (z_0 … z_M, FitResult.Points).
func TestKnotCount(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModel(t, 200, 60)
	press(t, m, "2")
	f := m.c.cur.ja.Selection.Fit
	want := fmt.Sprintf("%d knots", f.Points)
	if !strings.Contains(ansi.Strip(m.body(paneSelection)), want) {
		t.Errorf("the Selection pane does not say %q", want)
	}
	opt := m.c.knobs.opt
	opt.Judges = []string{m.c.judgeName()}
	an, err := analysis.Analyze(demoLog(t), opt)
	if err != nil {
		t.Fatal(err)
	}
	var md bytes.Buffer
	if err := report.WriteMarkdown(&md, an); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), want) {
		t.Errorf("the Markdown report does not say %q", want)
	}
}

// TestPlurals (item 15): one item is "1 … item", never "1 … items".
func TestPlurals(t *testing.T) {
	frameTest(t)
	t.Parallel()
	ja := &analysis.JudgeAnalysis{Target: analysis.TargetVerdict, Reporting: &reporting.Result{TestSize: 1, M0: 1, M1: 0,
		PHat: calib.Defined(0.5, 1), ThetaHat: calib.Undefined(1, "too few")}}
	for _, s := range headlines(ja) {
		if strings.Contains(s, "1 test items") || strings.Contains(s, "1 calibration items") {
			t.Errorf("plural of one: %q", s)
		}
	}
}

// TestStatusLineKeepsGroup (item 14): a group filter changes every number,
// so its name stays at 80 columns.
func TestStatusLineKeepsGroup(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 80, 24)
	press(t, m, "g")
	lines := strings.Split(screen(m), "\n")
	if st := lines[len(lines)-2]; !strings.Contains(st, "group "+m.c.knobs.opt.Group) || m.c.knobs.opt.Group == "" {
		t.Errorf("80 columns with group %q: %q", m.c.knobs.opt.Group, st)
	}
}

// TestHelpWheel (item 11): the wheel scrolls the full help, not the pane
// under it.
func TestHelpWheel(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 80, 24)
	press(t, m, "2", "?")
	m.Update(tea.MouseWheelMsg(tea.Mouse{Button: tea.MouseWheelDown}))
	if m.keysPopup.scroll.YOffset() == 0 || textOf(t, m, paneSelection).scroll.YOffset() != 0 {
		t.Errorf("wheel in the help: help offset %d, pane offset %d", m.keysPopup.scroll.YOffset(), textOf(t, m, paneSelection).scroll.YOffset())
	}
}

// TestSplitLegend (item 15): the CI-width chart's legend is whole at 80
// columns (it ended "D adaptive (A…").
func TestSplitLegend(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 80, 24)
	press(t, m, "4")
	l := lineWith(ansi.Strip(m.body(paneReporting)), "C current")
	if l == "" || strings.Contains(l, "…") || !strings.Contains(l, "D adaptive") {
		t.Errorf("legend at 80 columns: %q", l)
	}
}

// TestLongFlash: a message longer than the status line (the export's, at
// 80 columns) is shown whole on up to four rows taken from the pane, and
// the frame keeps its height.
func TestLongFlash(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 80, 24)
	m.c.setFlash("wrote a.md and a.json; no calibrated log: CalibraEval collapsed (g* is flat) — plumb calibrate --allow-degenerate writes it marked · c shows the command")
	lines := strings.Split(screen(m), "\n")
	if len(lines) != 24 {
		t.Fatalf("%d rows", len(lines))
	}
	text := strings.Join(strings.Fields(strings.Join(lines[len(lines)-4:len(lines)-1], " ")), " ")
	if !strings.Contains(text, "--allow-degenerate writes it marked · c shows the command") || strings.Contains(text, "…") {
		t.Errorf("the message is not whole:\n%s", strings.Join(lines, "\n"))
	}
	checkFrame(t, m, 80, 24)
}

// TestHeldoutTableColumns (item 10): the held-out methods table fits at
// 80 columns like the one over every item.
func TestHeldoutTableColumns(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModel(t, 80, 24)
	press(t, m, "2", "down", "left", "left")
	body := ansi.Strip(m.body(paneSelection))
	i := strings.Index(body, "Held out")
	if i < 0 {
		t.Fatalf("no held-out table at est. fraction %g", m.c.knobs.opt.Selection.EstFrac)
	}
	if head := lineWith(body[i:], " method "); !strings.Contains(head, "RStd") || !strings.Contains(head, " n") {
		t.Errorf("held-out header at 80 columns: %q", head)
	}
	for _, l := range renderPane(m, paneSelection, 80) {
		if ansi.StringWidth(l) > 80 {
			t.Errorf("line wider than 80: %q", ansi.Strip(l))
		}
	}
}

// TestKnobBarShowsFocusedKnob: at 80 columns the Selection pane's knob bar
// is too wide for every knob; the focused one (here the last, "stop at")
// is still shown, whole, with "…" for the knobs left out before it.
func TestKnobBarShowsFocusedKnob(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 80, 24)
	press(t, m, "2")
	ids := paneKnobs[paneSelection]
	b := m.panes[paneSelection].Knobs()
	b.focus = len(ids) - 1
	bar := ansi.Strip(b.View(80))
	label := knobDefs[ids[len(ids)-1]].label
	if !strings.Contains(bar, label+" ‹") || !strings.Contains(bar, "›") || !strings.HasPrefix(bar, " …") || ansi.StringWidth(bar) > 80 {
		t.Errorf("knob bar %q does not show the focused knob %q whole", bar, label)
	}
}
