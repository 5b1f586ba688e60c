package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/importer"
)

// TestStyleLCForms: on the real AlpacaEval annotations of alpaca-7b
// (../shared/data; skipped when absent) the win-rate table names the
// minimal GLM's column for what it is and says it is not AlpacaEval's
// leaderboard value; with --instruction-difficulty (the test file of
// calib/style/testdata) it adds AlpacaEval 2.0's form with instruction
// difficulty, 10.6% (AlpacaEval's code: 10.60%, plumb's fit 10.617%), and
// the reproduce command carries the flag.
func TestStyleLCForms(t *testing.T) {
	frameTest(t)
	t.Parallel()
	path := filepath.Join("..", "..", "shared", "data", "alpacaeval", "alpaca-7b.annotations.json")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no real data (%v): ../shared/data/alpacaeval holds AlpacaEval's annotations", err)
	}
	lg, err := importer.Load([]string{path}, "", model.ReadOptions{}, importer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	body := styleBody(styleModel(t, lg, 200, 50, 0, nil))
	for _, want := range []string{"LC (minimal GLM)", " 0.198 ", "not AlpacaEval's leaderboard value (length_controlled_v1)"} {
		if !strings.Contains(body, want) {
			t.Errorf("the pane lacks %q:\n%s", want, body)
		}
	}
	if strings.Contains(body, "LC (+difficulty)") {
		t.Errorf("a difficulty column without --instruction-difficulty:\n%s", body)
	}
	file := filepath.Join("..", "calib", "style", "testdata", "alpacaeval_instruction_difficulty_joint3.csv")
	diff, err := analysis.LoadDifficulty(file)
	if err != nil {
		t.Fatal(err)
	}
	o := startOptions()
	o.Bootstrap = analysis.BootstrapOptions{Resamples: 0, Explicit: true}
	o.Style.DifficultyFile, o.Style.Difficulty = file, diff
	m := New(Options{Log: lg, Start: o, Dark: true, NoColor: true})
	m.pipe.noPath = true
	run(t, m, m.Init())
	resize(t, m, 200, 50)
	press(t, m, "6")
	body = styleBody(m)
	for _, want := range []string{"LC (+difficulty)", " 0.106 ", "LC (+difficulty): AlpacaEval 2.0's form with instruction difficulty (length_controlled_noreg)"} {
		if !strings.Contains(body, want) {
			t.Errorf("the pane lacks %q:\n%s", want, body)
		}
	}
	if cmd := m.c.reproduceCommand(); !strings.Contains(cmd, "--instruction-difficulty "+file) {
		t.Errorf("reproduce command %q lacks the flag", cmd)
	}
}
