package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// TestHeldoutKept: with an estimation fraction below 1 the held-out table's
// discard row shows the share kept among the held-out items, and the JSON
// carries it as heldout_kept beside the all-items kept (issue 10, item 18).
func TestHeldoutKept(t *testing.T) {
	lg := simtest.Log(t, 600, 0, 0)
	opt := analysis.Options{Judges: []string{"judge-first"}, Selection: selection.DefaultOptions(), Reporting: reporting.DefaultOptions(), Likelihood: likelihood.DefaultOptions()}
	opt.Selection.EstFrac = 0.5
	an, err := analysis.Analyze(lg, opt)
	if err != nil {
		t.Fatal(err)
	}
	d := an.Judges[0].Selection.Method(selection.MethodDiscard)
	if d.HeldoutKept == nil || d.Kept == nil {
		t.Fatalf("kept %v, held-out kept %v", d.Kept, d.HeldoutKept)
	}
	all, held := fmt.Sprintf("(kept %.1f%%)", 100*d.Kept.Value), fmt.Sprintf("(kept %.1f%%)", 100*d.HeldoutKept.Value)
	if all == held {
		t.Fatalf("the shares round alike (%s): the test cannot tell them apart", all)
	}
	var md bytes.Buffer
	if err := WriteMarkdown(&md, an); err != nil {
		t.Fatal(err)
	}
	s := md.String()
	i := strings.Index(s, "held out (estimation set")
	if i < 0 || !strings.Contains(s[:i], all) || !strings.Contains(s[i:], held) || strings.Contains(s[i:], all) {
		t.Errorf("want %s in the all-items table and %s in the held-out one:\n%s", all, held, s)
	}
	var js bytes.Buffer
	if err := WriteJSON(&js, BuildDoc(an, "t")); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Judges map[string]struct {
			Selection struct {
				Methods map[string]struct {
					Kept        *float64 `json:"kept"`
					HeldoutKept *float64 `json:"heldout_kept"`
				} `json:"methods"`
			} `json:"selection"`
		} `json:"judges"`
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	m := doc.Judges["judge-first"].Selection.Methods["discard_inconsistent"]
	if m.Kept == nil || *m.Kept != d.Kept.Value || m.HeldoutKept == nil || *m.HeldoutKept != d.HeldoutKept.Value {
		t.Errorf("JSON kept %v, heldout_kept %v; want %v, %v", m.Kept, m.HeldoutKept, d.Kept.Value, d.HeldoutKept.Value)
	}
}
