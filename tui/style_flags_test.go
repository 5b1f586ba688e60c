package tui

import (
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// TestStylePaneFlags: on a simulated log whose judge "lazy" answers by the
// position shown (a logit bonus of 12 for the first-shown answer) and is
// said to be the generator a, the Style pane flags it at the top, beside
// its own preference and on its raw win rates (⚑), with the numbers, and
// says that the own preference without gold mixes bias with quality
// (without offering its preference beyond the other judge as the measure
// that separates them); the other judge "fair" (generator b) is not
// flagged, and lazy is left out of its reference.
func TestStylePaneFlags(t *testing.T) {
	frameTest(t)
	t.Parallel()
	cfg := simtest.Config(200, 0, 0)
	cfg.GoldShare = 0
	cfg.Generators = []sim.Generator{{Name: "a", Quality: 0.5, LenMedian: 300, LenSpread: 0.3}, {Name: "b", LenMedian: 300, LenSpread: 0.3}}
	lazy := sim.DefaultJudge("lazy")
	lazy.PosBias = 12
	cfg.Judges = []sim.Judge{lazy, sim.DefaultJudge("fair")}
	lg := simtest.Collect(t, cfg)
	m := styleModel(t, lg, 200, 50, 50, map[string]string{"lazy": "a", "fair": "b"})
	body := strings.Join(strings.Fields(styleBody(m)), " ")
	if strings.Contains(body, "position-dominated judge") || !strings.Contains(body, "left out as position-dominated: lazy") {
		t.Errorf("fair's Style pane:\n%s", body)
	}
	press(t, m, "]")
	body = strings.Join(strings.Fields(styleBody(m)), " ")
	for _, want := range []string{
		"⚑ position-dominated judge — not a finding: the judge's choices follow the position shown: consistency 0.0000 over 200 items",
		"⚑ not a finding: the judge is position-dominated (consistency 0.0000 over 200 items, first-position rate",
		"⚑ the raw win rates (⚑) are not findings",
		"without gold, the own preference 0.500 mixes self-preference with quality",
		"beyond the other judges (fair): −0.",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("lazy's Style pane lacks %q:\n%s", want, body)
		}
	}
	if strings.Count(body, "⚑") < 6 || strings.Contains(body, "separates the two") {
		t.Errorf("raw cells not marked, or the caveat offers a measure of a dominated judge:\n%s", body)
	}
}
