package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportNoLabels: a judge without human labels gets a plan that says
// what to label and how many, not "label 0 items … budget of 0" and a
// table of zeros (issue 10, item 17).
func TestReportNoLabels(t *testing.T) {
	t.Parallel()
	var sb strings.Builder
	for i := range 300 {
		fmt.Fprintf(&sb, `{"kind":"verdict","id":"v%d","judge":"j","verdict":%v}`+"\n", i, i%5 < 3)
	}
	f := filepath.Join(t.TempDir(), "nolabels.jsonl")
	if err := os.WriteFile(f, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err := executeStderr(t, "report", f)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"needs human labels", "label about 200 items (80 with z = 0 and 120 with z = 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	for _, bad := range []string{"label 0 items", "budget of 0", "| calibration split |", "m0 = 0"} {
		if strings.Contains(out, bad) {
			t.Errorf("report has %q:\n%s", bad, out)
		}
	}
	js, _, err := executeStderr(t, "report", "--format", "json", f)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Judges map[string]struct {
			Reporting struct {
				Plan string `json:"plan"`
			} `json:"reporting"`
		} `json:"judges"`
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatal(err)
	}
	if p := doc.Judges["j"].Reporting.Plan; !strings.Contains(p, "label about 200 items") {
		t.Errorf("JSON plan %q", p)
	}
}
