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

// TestExport: e writes the Markdown and JSON report of the current judge
// (byte for byte what report.Analyze and the writers give for the same
// options) and the calibrated log, unless CalibraEval collapsed, as
// PREFIX.JUDGE.*; w writes the few-shot set.
func TestExport(t *testing.T) {
	frameTest(t)
	t.Parallel()
	dir := t.TempDir()
	m := newDemoModelNoCompare(t, 120, 40)
	m.c.opts.ExportPrefix = filepath.Join(dir, "out")
	press(t, m, "]", "2", "l", "e")
	if m.c.flashErr || !strings.Contains(m.c.flash, "c shows the command") || !strings.Contains(m.c.reproduceCommand(), "plumb report --judge judge-first --lambda 0.55") {
		t.Fatalf("export message: %q (error %v), command %q", m.c.flash, m.c.flashErr, m.c.reproduceCommand())
	}
	opt := m.c.knobs.opt
	opt.Judges = []string{"judge-first"}
	an, err := analysis.Analyze(demoLog(t), opt)
	if err != nil {
		t.Fatal(err)
	}
	// The export writes the reproduce command in full (issue 10, item 13).
	an.Reproduce = reportArgs(opt, nil)
	var md bytes.Buffer
	if err := report.WriteMarkdown(&md, an); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "out.judge-first.md"))
	if err != nil || string(got) != md.String() {
		t.Errorf("out.judge-first.md differs from the report for the same options (err %v)", err)
	}
	var js bytes.Buffer
	if err := report.WriteJSON(&js, report.BuildDoc(an, "")); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "out.judge-first.json")); err != nil || string(got) != js.String() {
		t.Errorf("out.judge-first.json differs from the report for the same options (err %v)", err)
	}
	// judge-first's CalibraEval collapses (g* ≡ 0.5): no calibrated log,
	// and the status line says why.
	if !strings.Contains(m.c.flash, "no calibrated log: CalibraEval collapsed") {
		t.Errorf("export message of a collapsed fit: %q", m.c.flash)
	}
	if _, err := os.Stat(filepath.Join(dir, "out.judge-first.calibrated.jsonl")); err == nil {
		t.Error("a collapsed fit's calibrated log was written")
	}
	// judge-tokenA's is not collapsed: its calibrated log is written.
	press(t, m, "]", "e")
	if m.c.flashErr || !strings.Contains(m.c.flash, ".calibrated.jsonl (3000 pair records)") {
		t.Fatalf("export message: %q (error %v)", m.c.flash, m.c.flashErr)
	}
	lg, err := model.ReadFiles([]string{filepath.Join(dir, "out.judge-tokenA.calibrated.jsonl")}, model.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(lg.Pairs) != 3000 || lg.Pairs[0].Judge != "judge-tokenA" || lg.Pairs[0].Extra["calibrated"] == nil {
		t.Errorf("calibrated log: %d pairs, first %+v", len(lg.Pairs), lg.Pairs[0].Extra)
	}

	// The few-shot set of the criterion shown.
	press(t, m, "3", "w")
	if m.c.flashErr || !strings.Contains(m.c.flash, "examples of highest RS") {
		t.Fatalf("few-shot message: %q", m.c.flash)
	}
	fs, err := model.ReadFiles([]string{filepath.Join(dir, "out.judge-tokenA.fewshot-accuracy.jsonl")}, model.ReadOptions{})
	if err != nil || len(fs.Scores) != 8 {
		t.Errorf("few-shot set: %v, %d records", err, len(fs.Scores))
	}
}

// TestExportNeverOverwritesInput: an export whose file would replace an
// input file is refused.
func TestExportNeverOverwritesInput(t *testing.T) {
	frameTest(t)
	t.Parallel()
	dir := t.TempDir()
	in := filepath.Join(dir, "log.judge-fair.md")
	if err := os.WriteFile(in, []byte("precious"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := newDemoModelNoCompare(t, 120, 40)
	m.c.opts.ExportPrefix = filepath.Join(dir, "log")
	m.c.opts.Files = []string{in}
	press(t, m, "e")
	if !m.c.flashErr || !strings.Contains(m.c.flash, "is an input file") {
		t.Errorf("export over an input: %q", m.c.flash)
	}
	if b, _ := os.ReadFile(in); string(b) != "precious" {
		t.Error("the input file was overwritten")
	}
}
