package analysis

import (
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model/demo"
)

// TestPanelMethodPairsMatchMethodsTable: on the demo's three judges (every
// item shared), every pair of one judge's methods is in the panel's table,
// and a method's accuracy in a pair over all of its items (N = its
// accuracy's N in the methods table: every pair of the methods that give
// every item a choice, and each side's over discard's kept items) equals
// its accuracy in the methods table (metrics.AccuracyAggregate), bit for
// bit.
func TestPanelMethodPairsMatchMethodsTable(t *testing.T) {
	lg, err := demo.Log()
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Selection: selection.DefaultOptions(), Reporting: reporting.DefaultOptions(), Likelihood: likelihood.DefaultOptions()}
	an, err := Analyze(lg, opt)
	if err != nil {
		t.Fatal(err)
	}
	if an.Panel == nil {
		t.Fatalf("no panel: %s", an.PanelReason)
	}
	titles := map[string]string{"raw": selection.MethodRaw, "CalibraEval": selection.MethodCalibraEval, "Pride": selection.MethodPride}
	for _, m := range panelMethods {
		titles[m.title] = m.name
	}
	checked := map[string]int{}
	pairsOf := map[string]int{}
	for _, p := range an.Panel.Pairs {
		if p.Judge == "" {
			continue
		}
		pairsOf[p.Judge]++
		var sel *selection.Result
		for i := range an.Judges {
			if an.Judges[i].Judge == p.Judge {
				sel = an.Judges[i].Selection
			}
		}
		for _, side := range []struct {
			name string
			acc  float64
		}{{p.A, p.AccuracyA.Value}, {p.B, p.AccuracyB.Value}} {
			title := strings.TrimPrefix(side.name, p.Judge+" · ")
			m := sel.Method(titles[title])
			if m == nil {
				t.Fatalf("pair side %q: no method %q", side.name, title)
			}
			want := m.All.AccuracyAggregate
			if want.N != p.N {
				continue
			}
			checked[title]++
			if want.Value != side.acc {
				t.Errorf("%s – %s: %s accuracy %v, methods table %v over %d items", p.A, p.B, title, side.acc, want.Value, want.N)
			}
		}
	}
	for judge, n := range pairsOf {
		// raw, CalibraEval (not judge-first's: it collapses), Pride, BC,
		// BPC and discard inconsistent: 6 methods, 15 pairs; 5, 10.
		if n != 15 && n != 10 {
			t.Errorf("%s: %d method pairs, want every pair of its usable methods", judge, n)
		}
	}
	for _, title := range []string{"raw", "CalibraEval", "Pride", "BC", "BPC", "discard inconsistent"} {
		if checked[title] == 0 {
			t.Errorf("%s: no pair checked against the methods table", title)
		}
	}
}
