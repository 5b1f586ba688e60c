package tui

import (
	"encoding/json"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/present"
)

// conditionsLog simulates judge j (position bias 0.3) on 300 items with
// gold in two ID sets, X/Y adding 1.2 to the position bias.
func conditionsLog(t *testing.T) *model.Log {
	t.Helper()
	cfg := sim.DefaultConfig()
	cfg.Pairs, cfg.Scores, cfg.Verdicts, cfg.GoldShare = 300, 0, 0, 1
	j := sim.DefaultJudge("j")
	j.PosBias = 0.3
	cfg.Judges = []sim.Judge{j}
	cfg.Grid = sim.Grid{IDs: []sim.Level{{Value: "A/B"}, {Value: "X/Y", PosBias: 1.2}}}
	lg, err := sim.Collect(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return lg
}

// conditionsReport is the part of `plumb report --format json` the
// Conditions sub-view shows: each condition's methods' intervals and the
// least biased sentence.
type conditionsReport struct {
	Judges map[string]struct {
		Selection *struct {
			Methods map[string]struct {
				CI95 map[string][2]float64 `json:"ci95"`
			} `json:"methods"`
		} `json:"selection"`
	} `json:"judges"`
	Conditions []struct {
		Judge       string `json:"judge"`
		Sentence    string `json:"sentence"`
		LeastBiased *struct {
			CI95 *[2]float64 `json:"ci95"`
		} `json:"least_biased"`
	} `json:"conditions"`
}

// TestConditionsIntervalsInBackground: the Conditions sub-view's values
// come first, the bootstrap's progress under them; a knob change stops
// that bootstrap (its late messages change nothing) and the new numbers
// get their own; then every cell of every condition and method carries
// the interval `plumb report --format json` gives it for the same log and
// options (judges.<condition>.selection.methods.<method>.ci95, at the
// column's decimals), and the sentence is the report's, its interval
// included.
func TestConditionsIntervalsInBackground(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := New(Options{Log: conditionsLog(t), Start: bootStart(), Dark: true, NoColor: true})
	m.pipe.noPath = true
	isCond := func(msg tea.Msg) bool {
		switch msg.(type) {
		case condBootProgressMsg, condBootDoneMsg:
			return true
		}
		return false
	}
	_, held := runHolding(t, m, tea.Batch(m.Init(), func() tea.Msg { return tea.WindowSizeMsg{Width: 200, Height: 60} }), isCond)
	if len(held) != 1 {
		t.Fatalf("%d conditions' bootstrap messages held, want 1", len(held))
	}
	press(t, m, "2")
	sp := m.panes[paneSelection].(*selectionPane)
	lines := ansi.Strip(strings.Join(sp.conditionsLines(200), "\n"))
	if !strings.Contains(lines, "their intervals are being computed") || !strings.Contains(lines, "(the conditions' intervals follow)") {
		t.Errorf("no bootstrap progress under the conditions:\n%s", lines)
	}
	if strings.Contains(lines, "0.793 [") {
		t.Errorf("intervals before the bootstrap finished:\n%s", lines)
	}
	// λ up: the running bootstrap stops at once; a new comparison and a
	// new bootstrap follow.
	_, cmd := m.Update(keyMsg("l"))
	if m.c.condBoot.running || m.pipe.condBoot.cancel != nil {
		t.Error("a knob change left the stale conditions' bootstrap running")
	}
	run(t, m, cmd)
	for _, msg := range held {
		run(t, m, func() tea.Msg { return msg })
	}
	if m.c.condBoot.running || m.c.condBoot.err != nil {
		t.Fatalf("the stale bootstrap's messages changed the new one's state: %+v", m.c.condBoot)
	}

	opt := m.c.knobs.opt
	an, err := analysis.Analyze(conditionsLog(t), opt)
	if err != nil {
		t.Fatal(err)
	}
	var rep conditionsReport
	if err := json.Unmarshal(reportJSON(t, an), &rep); err != nil {
		t.Fatal(err)
	}
	conds, judges, ok := m.c.compared.eng.CachedConditions(m.c.compared.opt)
	if !ok || len(conds) != 1 || len(rep.Conditions) != 1 {
		t.Fatalf("conditions: screen %v (%d), report %d", ok, len(conds), len(rep.Conditions))
	}
	judges, ivs := m.c.conditionJudges(judges)
	if !ivs {
		t.Fatal("no intervals after the bootstrap finished")
	}
	lines = ansi.Strip(strings.Join(sp.conditionsLines(200), "\n"))
	cols, n := present.ConditionColumns(), 0
	for _, r := range present.ConditionRows(&conds[0], judges) {
		cells := conditionCells(r)
		ci := rep.Judges[r.Variant].Selection.Methods[r.Method].CI95
		line := lineWith(lines, r.Condition+" · "+r.Title+" ")
		for k, col := range cols {
			want := r.Values[k]
			if iv, ok := ci[col.Key]; ok && r.Available && !r.Collapsed {
				want += " [" + present.SignedIf(iv[0], col.Decimals, false) + ", " + present.SignedIf(iv[1], col.Decimals, false) + "]"
				n++
			}
			if cells[k] != want || !strings.Contains(line, want) {
				t.Errorf("%s · %s, %s: screen %q (line %q), report %q", r.Condition, r.Title, col.Title, cells[k], line, want)
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d cells with the report's interval", n)
	}
	if rep.Conditions[0].LeastBiased == nil || rep.Conditions[0].LeastBiased.CI95 == nil {
		t.Fatal("the report's least biased comparison has no interval")
	}
	if flat, want := strings.Join(strings.Fields(lines), " "), rep.Conditions[0].Sentence; !strings.Contains(flat, want) {
		t.Errorf("the sentence is not the report's %q:\n%s", want, lines)
	}
	if !strings.Contains(lines, "in brackets, each condition's 95% paired item bootstrap interval") || strings.Contains(lines, "computed") {
		t.Errorf("the note does not say what the brackets are:\n%s", lines)
	}
}
