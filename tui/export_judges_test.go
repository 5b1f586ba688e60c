package tui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/report"
)

// twoJudgeLog is the demo's judges judge-first and judge-fair, renamed to
// "x/y" and "x_y": two names that clean to the same file stem.
func twoJudgeLog(t *testing.T) *model.Log {
	t.Helper()
	src := demoLog(t)
	rename := map[string]string{"judge-first": "x/y", "judge-fair": "x_y"}
	lg := &model.Log{Files: src.Files}
	for _, p := range src.Pairs {
		if j, ok := rename[p.Judge]; ok {
			p.Judge = j
			lg.Pairs = append(lg.Pairs, p)
		}
	}
	for _, s := range src.Scores {
		if j, ok := rename[s.Judge]; ok {
			s.Judge = j
			lg.Scores = append(lg.Scores, s)
		}
	}
	return lg
}

// TestExportJudgeAThenB (issue 17, items 8 and 9): exporting judge A and
// then judge B under one prefix keeps A's export beside B's (before, B's
// replaced A's Markdown, JSON and calibrated log), even when the two
// names clean to the same file stem ("x/y" and "x_y", which before also
// shared one set of figure names).
func TestExportJudgeAThenB(t *testing.T) {
	frameTest(t)
	t.Parallel()
	dir := t.TempDir()
	lg := twoJudgeLog(t)
	m := newTestModelNoCompare(t, lg, 120, 40)
	m.c.opts.ExportPrefix = filepath.Join(dir, "out")
	want := map[string]string{} // judge → its report's Markdown
	for range 2 {
		judge := m.c.judgeName()
		press(t, m, "e")
		if m.c.flashErr {
			t.Fatalf("export of %s: %s", judge, m.c.flash)
		}
		opt := m.c.knobs.opt
		opt.Judges = []string{judge}
		an, err := analysis.Analyze(lg, opt)
		if err != nil {
			t.Fatal(err)
		}
		an.Reproduce = reportArgs(opt, nil)
		var md bytes.Buffer
		if err := report.WriteMarkdown(&md, an); err != nil {
			t.Fatal(err)
		}
		want[judge] = md.String()
		press(t, m, "]")
	}
	if len(want) != 2 {
		t.Fatalf("exported %d judges, want 2", len(want))
	}
	found := map[string]string{}
	var figDirs []string
	es, _ := os.ReadDir(dir)
	for _, e := range es {
		switch {
		case strings.HasSuffix(e.Name(), ".md"):
			b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
			for j, md := range want {
				if string(b) == md {
					found[j] = e.Name()
				}
			}
		case strings.HasSuffix(e.Name(), ".figures"):
			figDirs = append(figDirs, e.Name())
		}
	}
	for j := range want {
		if found[j] == "" {
			t.Errorf("no Markdown report of %s left after exporting both judges (files: %d)", j, len(es))
		}
	}
	// Each judge's figures: one folder each, every caption naming its judge.
	if len(figDirs) != 2 {
		t.Fatalf("figure folders %v, want one per judge", figDirs)
	}
	judges := map[string]bool{}
	for _, d := range figDirs {
		b, err := os.ReadFile(filepath.Join(dir, d, "x_y.gcurve.txt"))
		if err != nil {
			t.Fatal(err)
		}
		for j := range want {
			if strings.Contains(string(b), "judge "+j+":") {
				judges[j] = true
			}
		}
	}
	if len(judges) != 2 {
		t.Errorf("g* captions of %v, want both judges", judges)
	}
}

// TestFewShotFileColliding (issue 17, item 8): the few-shot sets of
// criteria "a/b" and "a_b" are two files; a criterion that collides with
// none keeps its plain name.
func TestFewShotFileColliding(t *testing.T) {
	frameTest(t)
	t.Parallel()
	scores := []model.Score{{Criterion: "a/b"}, {Criterion: "a_b"}, {Criterion: "accuracy"}, {Criterion: "a/b"}}
	ab, a_b := fewShotFile("p.j", "a/b", scores), fewShotFile("p.j", "a_b", scores)
	if ab == a_b || !strings.HasPrefix(ab, "p.j.fewshot-a_b-") || !strings.HasSuffix(ab, ".jsonl") {
		t.Errorf("few-shot files %q and %q", ab, a_b)
	}
	if got := fewShotFile("p.j", "accuracy", scores); got != "p.j.fewshot-accuracy.jsonl" {
		t.Errorf("few-shot file of accuracy: %q", got)
	}
}

// TestExportCollapsedSaysOldCalibratedLog: an export whose fit collapsed
// writes no calibrated log, and says that the one already there (from an
// earlier export of the judge, with other knobs) is not of this view.
func TestExportCollapsedSaysOldCalibratedLog(t *testing.T) {
	frameTest(t)
	t.Parallel()
	dir := t.TempDir()
	old := filepath.Join(dir, "out.judge-first.calibrated.jsonl")
	if err := os.WriteFile(old, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := newDemoModelNoCompare(t, 120, 40)
	m.c.opts.ExportPrefix = filepath.Join(dir, "out")
	press(t, m, "]", "2", "l", "e") // judge-first at λ 0.55: collapsed (TestExport)
	if m.c.flashErr || !strings.Contains(m.c.flash, "CalibraEval collapsed") || !strings.Contains(m.c.flash, old+" is from an earlier export, left as it was") {
		t.Errorf("export message: %q", m.c.flash)
	}
	if b, _ := os.ReadFile(old); string(b) != "old" {
		t.Errorf("the older calibrated log was changed: %q", b)
	}
}
