package tui

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/internal/shellarg/shellargtest"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/report"
)

// styleSection returns judges.<judge>.style of a report JSON document, as
// written (nil when absent).
func styleSection(t *testing.T, doc []byte, judge string) json.RawMessage {
	t.Helper()
	var d struct {
		Judges map[string]map[string]json.RawMessage `json:"judges"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		t.Fatalf("report JSON: %v", err)
	}
	return d.Judges[judge]["style"]
}

// reportJSON is `plumb report --format json`'s document of an analysis.
func reportJSON(t *testing.T, an *analysis.Analysis) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := report.WriteJSON(&b, report.BuildDoc(an, "test")); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestStylePaneIsReport: for every value of the preference knob
// (--style-pref) and both judges (one a generator, one a generator by
// --self), the Style pane's analysis, bootstrap intervals in, is plumb
// report's bit for bit: judges.<J>.style of the report JSON is the same
// bytes with the pane's analysis in place of the report's. Before the
// pane called report.Engine.Style it ran calib/style on its own options
// (the preference knob started at balanced whatever --style-pref said).
func TestStylePaneIsReport(t *testing.T) {
	frameTest(t)
	t.Parallel()
	self := map[string]string{"plain": "mid"}
	o := startOptions()
	o.Bootstrap = analysis.BootstrapOptions{Resamples: 40, Explicit: true}
	o.Style.Self = self
	ro := o
	m := New(Options{Log: styleSimLog(t, 200, nil), Start: o, Dark: true, NoColor: true})
	m.pipe.noPath = true
	run(t, m, m.Init())
	resize(t, m, 160, 45)
	press(t, m, "6", "j")
	for _, pref := range []style.Pref{style.PrefCalibrated, style.PrefRawX0, style.PrefBalanced} {
		press(t, m, "l")
		if m.c.knobs.opt.Style.Pref != pref {
			t.Fatalf("preference knob %v, want %v", m.c.knobs.opt.Style.Pref, pref)
		}
		ro.Style.Pref = pref
		an, err := analysis.NewEngine(styleSimLog(t, 200, nil)).Report(ro)
		if err != nil {
			t.Fatal(err)
		}
		want := reportJSON(t, an)
		for k := range an.Judges {
			ja := &an.Judges[k]
			for m.c.judgeName() != ja.Judge {
				press(t, m, "]")
			}
			e := m.c.currentStyle()
			if e == nil || e.res == nil || !e.ivs {
				t.Fatalf("%s, %v: no complete style analysis on the pane: %+v", ja.Judge, pref, e)
			}
			if ja.Style == nil {
				t.Fatalf("%s, %v: plumb report has no style section (%s)", ja.Judge, pref, ja.StyleReason)
			}
			ja.Style = e.res
		}
		got := reportJSON(t, an)
		for _, j := range []string{"big", "plain"} {
			w, g := styleSection(t, want, j), styleSection(t, got, j)
			if len(w) == 0 || !bytes.Equal(w, g) {
				t.Errorf("%s, --style-pref %v: the pane's style section differs from plumb report's:\npane   %s\nreport %s", j, pref, g, w)
			}
		}
		if !strings.Contains(string(styleSection(t, got, "plain")), `"self_preference"`) {
			t.Errorf("--self plain=mid: no self-preference of plain")
		}
	}
}

// TestStyleReproduceCommand: the command c shows (and the export's
// Reproduce line) names --style-pref and --self, and the built plumb run
// with it prints the style section the export wrote, byte for byte.
// Before, the command had neither flag and printed the balanced
// preference's numbers, without plain's self-preference.
func TestStyleReproduceCommand(t *testing.T) {
	frameTest(t)
	t.Parallel()
	if testing.Short() {
		t.Skip("builds plumb")
	}
	bin := shellargtest.Shared(t)
	dir := t.TempDir()
	logPath := filepath.Join(dir, "style.jsonl")
	var b bytes.Buffer
	w := model.NewWriter(&b)
	lg := styleSimLog(t, 150, nil)
	for i := range lg.Pairs {
		if err := w.WritePair(&lg.Pairs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(logPath, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	read, err := model.ReadFiles([]string{logPath}, model.ReadOptions{GenTextLengths: true})
	if err != nil {
		t.Fatal(err)
	}
	o := startOptions()
	o.Bootstrap = analysis.BootstrapOptions{Resamples: 30, Explicit: true}
	o.Style.Self = map[string]string{"plain": "mid"}
	m := New(Options{Log: read, Files: []string{logPath}, Start: o, Dark: true, NoColor: true, ExportPrefix: filepath.Join(dir, "out"),
		FigureDPI: testFigureDPI})
	m.pipe.noPath, m.pipe.noCompare = true, true // as newTestModelNoCompare: no assertion reads either
	run(t, m, m.Init())
	resize(t, m, 120, 40)
	press(t, m, "6", "]", "j", "h") // judge plain, preference balanced → raw-x0
	cmd := m.c.reproduceCommand()
	for _, want := range []string{"--style-pref raw-x0", "--self plain=mid", "--judge plain"} {
		if !strings.Contains(cmd, want) {
			t.Errorf("the reproduce command lacks %q: %s", want, cmd)
		}
	}
	if strings.Contains(cmd, "--style ") {
		t.Errorf("--style auto (the default) is named: %s", cmd)
	}
	press(t, m, "e")
	if m.c.flashErr {
		t.Fatalf("export: %s", m.c.flash)
	}
	exported, err := os.ReadFile(filepath.Join(dir, "out.plain.json"))
	if err != nil {
		t.Fatal(err)
	}
	out := shellargtest.Run(t, bin, "", cmd, "--format", "json")
	want, got := styleSection(t, exported, "plain"), styleSection(t, out, "plain")
	if len(want) == 0 || !bytes.Equal(want, got) {
		t.Errorf("the reproduce command's style section differs from the export's:\ncommand %s\nexport  %s", got, want)
	}
	if !strings.Contains(string(want), `"pref": "raw-x0"`) && !strings.Contains(string(want), "raw-x0") {
		t.Errorf("the exported style section is not on the raw-x0 preference: %s", want)
	}
}
