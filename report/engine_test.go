package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// engineDoc is the JSON report of one judge analysis.
func engineDoc(t *testing.T, opt analysis.Options, ja analysis.JudgeAnalysis) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteJSON(&b, BuildDoc(&analysis.Analysis{Options: opt, Judges: []analysis.JudgeAnalysis{ja}}, "t")); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestEngineMatchesOneShot: an engine that has been asked many option sets
// (as the TUI does while knobs turn) answers each exactly as a fresh
// Analyze does — the promise that `plumb report` with the same flags
// reproduces the screen.
func TestEngineMatchesOneShot(t *testing.T) {
	cfg := simtest.Config(300, 40, 60)
	lg := simtest.Collect(t, cfg)
	e := analysis.NewEngine(lg)
	opt := analysis.Options{Selection: selection.DefaultOptions(), Reporting: reporting.DefaultOptions(), Likelihood: likelihood.DefaultOptions()}
	opt.Likelihood.Permutations = 200
	steps := []func(o *analysis.Options){
		func(o *analysis.Options) {},
		func(o *analysis.Options) { o.Selection.Lambda = 0.7 },
		func(o *analysis.Options) { o.Selection.EstFrac = 0.6 },
		func(o *analysis.Options) { o.Selection.Lambda = 0.3 },
		func(o *analysis.Options) {
			o.Reporting.Alpha = 0.1
			o.VerdictFrom = reporting.VerdictCalibrated
			o.Target = analysis.TargetPair
		},
		func(o *analysis.Options) { o.Likelihood.TopK = 3 },
		func(o *analysis.Options) { o.Group = e.Groups("judge-tokenA")[0] },
		func(o *analysis.Options) { o.Selection.Lambda = 0.7 },
		func(o *analysis.Options) { o.Selection.Solver = selection.SolverBoth },
		func(o *analysis.Options) { o.Selection.StopAt = selection.StopAtPoint(9) },
		func(o *analysis.Options) { o.Selection.StopAt, o.Selection.Path = selection.StopEnd, true },
		func(o *analysis.Options) {
			o.Selection.Solver, o.Selection.PublishedLambda = selection.SolverPublished, 0.2
		},
	}
	for i, step := range steps {
		step(&opt)
		got, err := e.Judge("judge-tokenA", opt)
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		fresh, err := sim.Collect(cfg)
		if err != nil {
			t.Fatal(err)
		}
		o := opt
		o.Judges = []string{"judge-tokenA"}
		want, err := analysis.Analyze(fresh, o)
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if g, w := engineDoc(t, opt, got), engineDoc(t, opt, want.Judges[0]); g != w {
			t.Errorf("step %d: engine and one-shot reports differ:\n%s\n---\n%s", i, g, w)
		}
	}
}

// TestEngineGroups: the group filter keeps only the group's pair records
// and leaves score and verdict records alone; an unknown group is an error
// that lists the groups.
func TestEngineGroups(t *testing.T) {
	lg := simtest.Log(t, 200, 10, 30)
	e := analysis.NewEngine(lg)
	groups := e.Groups("judge-fair")
	if len(groups) < 2 {
		t.Fatalf("groups %v: the simulator should give several", groups)
	}
	total := 0
	for _, g := range groups {
		pairs, scores, verdicts := e.Records("judge-fair", g)
		for _, p := range pairs {
			if p.Group != g || p.Judge != "judge-fair" {
				t.Fatalf("group %q holds %q/%q", g, p.Judge, p.Group)
			}
		}
		if len(scores) != 30 || len(verdicts) != 30 {
			t.Errorf("group %q: %d scores, %d verdicts; want 30, 30 (not filtered)", g, len(scores), len(verdicts))
		}
		ja, err := e.Judge("judge-fair", analysis.Options{Group: g, Selection: selection.DefaultOptions()})
		if err != nil {
			t.Fatal(err)
		}
		if ja.Pairs != len(pairs) || ja.Group != g {
			t.Errorf("group %q: analysis of %d pairs (group %q), want %d", g, ja.Pairs, ja.Group, len(pairs))
		}
		total += len(pairs)
	}
	if total != 200 {
		t.Errorf("groups hold %d pairs, want 200", total)
	}
	_, err := e.Analyze(analysis.Options{Group: "no-such-group", Selection: selection.DefaultOptions()})
	if err == nil || !strings.Contains(err.Error(), `no pair records in group "no-such-group" (groups: "`) {
		t.Errorf("unknown group: %v", err)
	}
	if _, err := e.Judge("nobody", analysis.Options{Selection: selection.DefaultOptions()}); err == nil || !strings.Contains(err.Error(), `no judge "nobody"`) {
		t.Errorf("unknown judge: %v", err)
	}
}
