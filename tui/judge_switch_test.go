package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestJudgeSwitchShowsNewJudgeAtTop: `]` shows the new judge's state at
// once — "analysing judge-first" until its numbers arrive, never the
// previous judge's numbers or its "analysing" line under the new tab — and
// the pane starts at its top, not at the previous judge's scroll offset.
func TestJudgeSwitchShowsNewJudgeAtTop(t *testing.T) {
	t.Parallel()
	m := newDemoModelNoCompare(t, 80, 24)
	press(t, m, "2", "pgdown", "pgdown", "pgdown")
	if f := frameText(m); !scrolledDown(f) {
		t.Fatalf("pgdn did not scroll the Selection pane:\n%s", f)
	}
	// The key alone, its recompute not yet run: the body is the new judge's.
	_, cmd := m.Update(keyMsg("]"))
	f := frameText(m)
	if !strings.Contains(f, "⟳ analysing judge-first …") || scrolledDown(f) ||
		strings.Contains(f, "Position or ID?") || strings.Contains(f, "Notes") {
		t.Errorf("after ], before judge-first's numbers: want its \"analysing\" line at the top, got\n%s", f)
	}
	run(t, m, cmd)
	f = frameText(m)
	if scrolledDown(f) || !strings.Contains(f, "CalibraEval collapsed") || strings.Contains(f, "analysing") {
		t.Errorf("judge-first's numbers: want the pane from its top (the collapse note first), got\n%s", f)
	}
}

// TestJudgeSwitchBeforeFirstResult: `]` pressed before the first judge's
// numbers arrive names the new judge, not the first one.
func TestJudgeSwitchBeforeFirstResult(t *testing.T) {
	t.Parallel()
	m := New(Options{Log: demoLog(t), Start: startOptions(), Dark: true, NoColor: true})
	m.pipe.noPath, m.pipe.noCompare = true, true
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(keyMsg("2"))
	if f := frameText(m); !strings.Contains(f, "⟳ analysing judge-fair …") {
		t.Fatalf("before any numbers: want judge-fair's \"analysing\" line, got\n%s", f)
	}
	m.Update(keyMsg("]"))
	if f := frameText(m); !strings.Contains(f, "⟳ analysing judge-first …") || strings.Contains(f, "judge-fair") {
		t.Errorf("] before any numbers: want judge-first's \"analysing\" line and no judge-fair, got\n%s", f)
	}
}

// scrolledDown reports whether a frame's position line says the pane is
// not at its top: "↑ more above" at its end, "↑↓ more" in its middle.
func scrolledDown(frame string) bool {
	return strings.Contains(frame, "more above") || strings.Contains(frame, "↑↓ more")
}
