package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib/selection"
)

// TestAccuracyTiesCollapsed: the demo's judge-first CalibraEval collapses
// (g* ≡ 0.5), so its metrics are not shown — accuracy with ties as a class
// included, which the Markdown's ties line printed as "CalibraEval 0.0752
// (n 918)" and the JSON as a number. Now the line says "CalibraEval
// collapsed" as the methods table does, and the JSON's accuracy_ties is
// null like every other metric of the method; the other methods keep
// their values (raw 0.7219 over the 918 gold items, 69 of them ties).
func TestAccuracyTiesCollapsed(t *testing.T) {
	opt := bootOptions(0)
	opt.Judges = []string{"judge-first"}
	an, js := bootDoc(t, opt)
	if mr := an.Judges[0].Selection.Method(selection.MethodCalibraEval); mr == nil || !mr.Degenerate {
		t.Fatalf("judge-first's CalibraEval is not collapsed: the case no longer tests the rule")
	}
	var md bytes.Buffer
	if err := WriteMarkdownDoc(&md, BuildDoc(an, "t")); err != nil {
		t.Fatal(err)
	}
	var line string
	for _, l := range strings.Split(md.String(), "\n") {
		if strings.HasPrefix(l, "Accuracy with ties as a class") {
			line = l
		}
	}
	for _, want := range []string{"69 of the 918 gold items are ties", "raw 0.7219 (n 918)", "; CalibraEval collapsed;"} {
		if !strings.Contains(line, want) {
			t.Errorf("the ties line lacks %q:\n%s", want, line)
		}
	}
	var doc struct {
		Judges map[string]struct {
			Selection struct {
				Methods map[string]map[string]any `json:"methods"`
			} `json:"selection"`
		} `json:"judges"`
	}
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	ms := doc.Judges["judge-first"].Selection.Methods
	if v, ok := ms[selection.MethodCalibraEval]["accuracy_ties"]; !ok || v != nil {
		t.Errorf("JSON: the collapsed CalibraEval's accuracy_ties = %v, want null", v)
	}
	if v, _ := ms[selection.MethodRaw]["accuracy_ties"].(float64); v < 0.72185 || v > 0.72195 {
		t.Errorf("JSON: raw's accuracy_ties = %v, want 0.7219", v)
	}
}
