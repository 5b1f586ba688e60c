package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// TestScreensUseOneVocabulary: every pane of the demo and of a pair-only
// log, at 80, 120 and 200 columns, and every golden frame, use no old
// spelling of a concept (issue 19: "V / least calib. variance" here,
// "least calibration variance at θ̂, q̂" in the report, "exact optimum" in
// the figure; "naive win rate" for an acceptance rate), and the Reporting
// pane names each split with the vocabulary's symbol and name (its short
// form in the one-line legend of a narrow terminal).
func TestScreensUseOneVocabulary(t *testing.T) {
	frameTest(t)
	t.Parallel()
	apps := map[string]*Model{"demo": newDemoModel(t, 80, 40), "pair-only": newTestModel(t, simtest.Log(t, 300, 0, 0), 80, 40)}
	for name, m := range apps {
		for _, w := range []int{80, 120, 200} {
			resize(t, m, w, 40)
			for _, p := range []paneID{paneOverview, paneSelection, paneLikelihood, paneReporting} {
				press(t, m, string(rune('1'+p)))
				body := ansi.Strip(m.body(p))
				if s := vocab.Stray(body); s != nil {
					t.Errorf("%s, %d columns, pane %d uses %q", name, w, p+1, s)
				}
				if p != paneReporting {
					continue
				}
				rows := []string{vocab.SplitCurrent, vocab.SplitEqual, vocab.SplitLeastVar, vocab.SplitProp2, vocab.SplitAdaptive}
				syms := []string{vocab.SplitCurrentSym, vocab.SplitEqualSym, vocab.SplitLeastVarSym, vocab.SplitProp2Sym, vocab.SplitAdaptiveSym}
				for i, r := range rows {
					if !strings.Contains(body, syms[i]+" "+r) {
						t.Errorf("%s, %d columns: the splits table lacks %q", name, w, syms[i]+" "+r)
					}
				}
			}
		}
	}
	golden, err := filepath.Glob(filepath.Join("testdata", "golden", "*.txt"))
	if err != nil || len(golden) == 0 {
		t.Fatalf("no golden frames: %v", err)
	}
	for _, f := range golden {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if s := vocab.Stray(string(b)); s != nil {
			t.Errorf("%s uses %q", f, s)
		}
	}
}
