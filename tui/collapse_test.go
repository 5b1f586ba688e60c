package tui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// swapOnlyLog is the README's position-swap-only judge (x0, x1,
// log-probabilities): CalibraEval's exact optimum is a constant g there.
func swapOnlyLog(t *testing.T) *model.Log {
	t.Helper()
	cfg := simtest.Config(2000, 0, 0)
	cfg.Arrangements = []model.Arrangement{model.X0, model.X1}
	cfg.Judges = cfg.Judges[2:] // judge-tokenA
	cfg.Judges[0].Mode = model.SourceLogprob
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return lg
}

// collapsedCells matches two neighbouring cells that read "collapsed" (the
// columns' widths follow the other rows).
var collapsedCells = regexp.MustCompile(`collapsed +collapsed`)

// TestCollapsedCalibraEvalShownAsCollapsed: on the position-swap-only
// judge, the Selection pane's CalibraEval row reads "collapsed" with no
// ▲/▼ (with and without deltas), and the Overview says it collapsed and
// why.
func TestCollapsedCalibraEvalShownAsCollapsed(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newTestModel(t, swapOnlyLog(t), 160, 50)
	for _, w := range []int{160, 100} {
		lines := renderPane(m, paneSelection, w)
		found := false
		for _, l := range lines {
			l = ansi.Strip(l)
			if t := strings.TrimSpace(l); !strings.HasPrefix(t, "CalibraEval") || strings.HasPrefix(t, "CalibraEval's") || strings.Contains(l, "CalibraEval fit:") {
				continue
			}
			found = true
			if strings.ContainsAny(l, "▲▼") || !strings.Contains(l, "CalibraEval (collapsed)") || !collapsedCells.MatchString(l) {
				t.Errorf("width %d: CalibraEval row %q", w, l)
			}
		}
		if !found {
			t.Errorf("width %d: no CalibraEval row in\n%s", w, strings.Join(lines, "\n"))
		}
	}
	head := strings.Join(headlines(&m.c.cur.ja), "\n")
	if !strings.Contains(head, "CalibraEval collapsed: g* is nearly constant") {
		t.Errorf("overview sentences:\n%s", head)
	}
	// λ = 0.05 (press h nine times from 0.5): still collapsed, no glyph.
	press(t, m, "2", "h", "h", "h", "h", "h", "h", "h", "h", "h")
	if got := m.c.knobs.opt.Selection.Lambda; got != 0.05 {
		t.Fatalf("λ = %v after the presses, want 0.05", got)
	}
	for _, l := range renderPane(m, paneSelection, 160) {
		if l = ansi.Strip(l); strings.HasPrefix(strings.TrimSpace(l), "CalibraEval") && strings.ContainsAny(l, "▲▼") {
			t.Errorf("λ 0.05: %q", l)
		}
	}
}

// TestCollapsedFitItemsRawOnly: on the position-swap-only judge, whose
// CalibraEval fit collapses, the Items pane shows raw preferences only
// (UsableCurve): no "raw→calibrated" cells, no shift, no pending columns,
// as when CalibraEval does not run. Before, it showed the collapsed map's
// preferences as if calibrated.
func TestCollapsedFitItemsRawOnly(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newTestModelNoCompare(t, swapOnlyLog(t), 160, 50)
	if _, ok := m.c.cur.ja.Selection.Collapsed("calibraeval"); !ok {
		t.Fatal("the swap-only judge's CalibraEval fit did not collapse")
	}
	if g := fitCurve(&m.c.cur.ja); g != nil {
		t.Errorf("fitCurve gives a map of %d knots on a collapsed fit, want nil", len(g.Z))
	}
	press(t, m, "5")
	text := frameText(m)
	if strings.Contains(text, "→") || strings.Contains(text, "calibrated columns follow") {
		t.Errorf("items pane shows calibrated columns of a collapsed fit:\n%s", text)
	}
	if !strings.Contains(text, "x0 r") {
		t.Errorf("items pane has no preference columns:\n%s", text)
	}
}

// TestFlaggedICCMarked: the tiny log's impossible raw ICCs are marked †
// with a note, and no change glyph is drawn against them.
func TestFlaggedICCMarked(t *testing.T) {
	frameTest(t)
	t.Parallel()
	lg := &model.Log{}
	for i, s := range [][2]float64{{0.26, 0.54}, {0.38, 0.59}, {0.61, 0.11}, {0.06, 0.8}} {
		p := model.Pair{ID: string(rune('a' + i)), Judge: "j", Gold: model.Gold1 + model.Gold(i%2), Source: model.SourceProb}
		p.Has[model.X0], p.Has[model.X1] = true, true
		p.S[model.X0], p.S[model.X1] = s[0], s[1]
		lg.Pairs = append(lg.Pairs, p)
	}
	m := newTestModel(t, lg, 160, 50)
	text := ansi.Strip(strings.Join(renderPane(m, paneSelection, 160), "\n"))
	if !strings.Contains(text, "11.863†") || !strings.Contains(text, "† raw: ICC(2,k) = 11.863 — outside [−1, 1]") {
		t.Errorf("flagged ICC not marked:\n%s", text)
	}
}
