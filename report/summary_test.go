package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model/sim/simtest"
	"github.com/plumb-eval/plumb/present"
)

// TestSummary: with two judges or more the Markdown report opens with one
// row per judge before the per-judge sections, and the JSON has the same
// rows as "summary", each number equal to the judge's own section's
// (issue 10, item 20). One judge: no table in Markdown.
func TestSummary(t *testing.T) {
	lg := simtest.Log(t, 300, 40, 60)
	opt := analysis.Options{Selection: selection.DefaultOptions(), Reporting: reporting.DefaultOptions(), Likelihood: likelihood.DefaultOptions()}
	opt.Likelihood.Permutations = 0
	an, err := analysis.Analyze(lg, opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(an.Judges) < 2 {
		t.Fatalf("%d judges", len(an.Judges))
	}
	var md bytes.Buffer
	if err := WriteMarkdown(&md, an); err != nil {
		t.Fatal(err)
	}
	s := md.String()
	top, first := strings.Index(s, "## Judges at a glance"), strings.Index(s, "## Judge "+an.Judges[0].Judge)
	if top < 0 || first < top {
		t.Fatalf("no summary before the judges:\n%s", s[:min(len(s), 2000)])
	}
	table := s[top:first]
	for _, ja := range an.Judges {
		if !strings.Contains(table, "| "+ja.Judge+" | ") {
			t.Errorf("summary lacks %s:\n%s", ja.Judge, table)
		}
	}
	if !strings.Contains(table, "BiasScore") {
		t.Errorf("summary lacks BiasScore:\n%s", table)
	}

	var js bytes.Buffer
	if err := WriteJSON(&js, BuildDoc(an, "t")); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Summary []present.SummaryRow `json:"summary"`
		Judges  map[string]struct {
			Selection struct {
				Items   int `json:"items"`
				Methods map[string]struct {
					Consistency  *float64 `json:"consistency"`
					AccuracyMean *float64 `json:"accuracy_mean"`
				} `json:"methods"`
			} `json:"selection"`
			Reporting struct {
				PHat     *float64 `json:"p_hat"`
				ThetaHat *float64 `json:"theta_hat"`
				CILower  *float64 `json:"ci_lower"`
			} `json:"reporting"`
			Likelihood struct {
				Total struct {
					BiasScore *float64 `json:"bias_score"`
				} `json:"total"`
			} `json:"likelihood"`
		} `json:"judges"`
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Summary) != len(an.Judges) {
		t.Fatalf("summary has %d rows, want %d", len(doc.Summary), len(an.Judges))
	}
	eq := func(a, b *float64) bool { return a != nil && b != nil && *a == *b }
	for i, r := range doc.Summary {
		j := doc.Judges[r.Judge]
		raw := j.Selection.Methods["raw"]
		if r.Judge != an.Judges[i].Judge || r.Items != j.Selection.Items || !eq(r.Consistency, raw.Consistency) ||
			!eq(r.Accuracy, raw.AccuracyMean) || !eq(r.PHat, j.Reporting.PHat) || !eq(r.ThetaHat, j.Reporting.ThetaHat) ||
			r.ThetaCI == nil || r.ThetaCI[0] != *j.Reporting.CILower || !eq(r.BiasScore, j.Likelihood.Total.BiasScore) {
			t.Errorf("row %d %+v does not match its judge's section", i, r)
		}
	}

	one := *an
	one.Judges = an.Judges[:1]
	md.Reset()
	if err := WriteMarkdown(&md, &one); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(md.String(), "at a glance") {
		t.Errorf("summary table with one judge")
	}
}
