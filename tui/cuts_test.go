package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/charmbracelet/x/ansi"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/importer"
)

// cutLogs are the logs the cut tests read: the demo, and the real
// AlpacaEval annotations (../shared/data; left out, with a log line,
// when absent).
func cutLogs(t *testing.T) map[string]*model.Log {
	t.Helper()
	logs := map[string]*model.Log{"demo": demoLog(t)}
	dir := filepath.Join("..", "..", "shared", "data", "alpacaeval")
	if _, err := os.Stat(dir); err != nil {
		t.Logf("no real data (%v): ../shared/data/alpacaeval holds AlpacaEval's annotations; the demo only", err)
		return logs
	}
	lg, err := importer.Load([]string{dir}, "", model.ReadOptions{}, importer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	logs["alpacaeval"] = lg
	return logs
}

// edgeTokens are the last words of the lines that reach the edge of a
// w-cell screen (the only lines the frame can have cut) that must never
// be cut: those with a digit (counts, numbers, names like gpt-4), flags
// and commands (--self, plumb), trimmed of punctuation; a word shortened
// in the middle ("…") is a path or a name, which may be, and is left out.
func edgeTokens(text string, w int) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		f := strings.Fields(l)
		if ansi.StringWidth(l) < w || len(f) == 0 {
			continue
		}
		tok := strings.Trim(f[len(f)-1], ",;:()[]'\"`")
		if tok == "" || strings.Contains(tok, "…") {
			continue
		}
		if strings.IndexFunc(tok, unicode.IsDigit) >= 0 || strings.HasPrefix(tok, "-") || strings.HasPrefix(tok, "plumb") {
			out = append(out, tok)
		}
	}
	return out
}

// allTokens are the words of a text, trimmed as edgeTokens trims them.
func allTokens(text string) map[string]bool {
	out := map[string]bool{}
	for _, f := range strings.Fields(text) {
		out[strings.Trim(f, ",;:()[]'\"`")] = true
	}
	return out
}

// paneTextAt is every line of pane p (scrolled through), ANSI stripped.
func paneTextAt(t *testing.T, m *Model, p paneID) string {
	t.Helper()
	press(t, m, string(rune('1'+p)))
	if paneText(m.panes[p]) != nil {
		return ansi.Strip(m.body(p))
	}
	return screen(m)
}

// TestNothingCutAt80: at 80×24 no number, count, flag or command word of
// any pane, of the tab bar or of the knob bar is cut (a word of the frame
// with a digit or a leading -- is a word of the same pane at 200×60), on
// the demo and on AlpacaEval's annotations, for every judge; the tab bar
// names the judge and its place ("1/3"), and the Overview's input lines
// keep their record counts.
func TestNothingCutAt80(t *testing.T) {
	frameTest(t)
	t.Parallel()
	for name, lg := range cutLogs(t) {
		o := startOptions()
		o.Bootstrap = analysis.BootstrapOptions{Resamples: 20, Explicit: true}
		wide := New(Options{Log: lg, Start: o, Dark: true, NoColor: true})
		wide.pipe.noPath = true
		startTestModel(t, wide, 200, 60)
		narrow := New(Options{Log: lg, Start: o, Dark: true, NoColor: true})
		narrow.pipe.noPath = true
		narrow.c.eng = wide.c.eng // the same log and options: its analyses are wide's
		startTestModel(t, narrow, 80, 24)
		for j := range narrow.c.judges {
			if j > 0 {
				press(t, wide, "]")
				press(t, narrow, "]")
			}
			for p := range numPanes {
				want := allTokens(paneTextAt(t, wide, p) + "\n" + screen(wide))
				got := paneTextAt(t, narrow, p) + "\n" + screen(narrow)
				for _, tok := range edgeTokens(got, 80) {
					if !want[tok] {
						t.Errorf("%s, judge %d, pane %d at 80×24: %q is cut (not a word at 200×60)", name, j+1, p+1, tok)
					}
				}
				tabs := strings.SplitN(screen(narrow), "\n", 2)[0]
				if len(narrow.c.judges) > 1 && !strings.Contains(tabs, fmt.Sprintf("/%d", len(narrow.c.judges))) {
					t.Errorf("%s pane %d: the tab bar lacks the judge's place: %q", name, p+1, tabs)
				}
			}
		}
		if name == "alpacaeval" {
			ov := paneTextAt(t, narrow, paneOverview)
			for _, want := range []string{"— 805 pair records, 0 score records, 0 verdict records", "— 804 pair records,"} {
				if !strings.Contains(strings.Join(strings.Fields(ov), " "), want) {
					t.Errorf("the Overview at 80×24 lacks %q:\n%s", want, ov)
				}
			}
		}
	}
}

// TestExportMessageWhole: at 80×24 the export's message of a collapsed
// judge (as the demo's judge-first gives it, five rows at 80 columns) is
// shown whole, down to the command that writes the calibrated log, which
// four rows used to cut ("— plumb calibrat…").
func TestExportMessageWhole(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 80, 24)
	m.c.setFlash("%s", "wrote plumb-export.judge-first.md, plumb-export.judge-first.json and 8 figures (24 files) in "+
		"plumb-export.judge-first.figures/; no calibrated log: CalibraEval collapsed (100.0% of the calibrated preferences "+
		"are within 1e-09 of 0.5 (raw: 0.0%), so round-off, not the judge, would decide the choices) — plumb calibrate "+
		"--allow-degenerate writes it marked · c shows the command that reproduces them")
	got := strings.Join(strings.Fields(screen(m)), " ")
	if !strings.Contains(got, "— plumb calibrate --allow-degenerate writes it marked · c shows the command that reproduces them") {
		t.Errorf("the message is cut:\n%s", screen(m))
	}
}
