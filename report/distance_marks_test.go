package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/present"
)

// TestFirstPositionMarkCrossingReport: on a judge built like GPT-4 on its
// own summaries (calibtest.CrossingPairs: raw first-position rate 0.487,
// Pride 0.511; 1,000 resamples, Pride's prior fixed) every surface marks
// Pride's first-position rate by the change in its distance from ½, which
// is within noise, though the signed change's interval lies above 0: the
// JSON's change word, the Markdown's cell and changes' table (which shows
// both intervals), the CSV's mark and its first_position_distance row, and
// the forest figure's panel, which draws the change in the distance with
// its interval.
func TestFirstPositionMarkCrossingReport(t *testing.T) {
	an, err := analysis.Analyze(&model.Log{Pairs: calibtest.CrossingPairs()}, bootOptions(1000))
	if err != nil {
		t.Fatal(err)
	}
	d := BuildDoc(an, "t")
	var js bytes.Buffer
	if err := WriteJSON(&js, d); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Judges map[string]struct {
			Selection struct {
				Methods map[string]Metrics `json:"methods"`
			} `json:"selection"`
		} `json:"judges"`
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	pride := doc.Judges["crossing"].Selection.Methods[selection.MethodPride]
	const k = "first_position_rate"
	dci, ok := pride.DeltaCI95[k]
	if !ok || dci[0] <= 0 {
		t.Fatalf("Pride's signed change interval %v does not lie above 0: the case no longer tests the rule", dci)
	}
	dd, ok := pride.DistanceDeltaCI95[k]
	if !ok || !(dd[0] <= 0 && dd[1] >= 0) {
		t.Fatalf("Pride's distance change interval %v (present %v) does not contain 0", dd, ok)
	}
	if got := pride.Change[k]; got != "within noise" {
		t.Errorf("JSON change %q, want within noise", got)
	}

	var md bytes.Buffer
	if err := WriteMarkdownDoc(&md, d); err != nil {
		t.Fatal(err)
	}
	m := md.String()
	for _, want := range []string{"0.511 (+0.024 =‡)", present.DistanceTitle, "distance from 0.5, |rate − 0.5|"} {
		if !strings.Contains(m, want) {
			t.Errorf("the Markdown lacks %q", want)
		}
	}
	if strings.Contains(m, "0.511 (+0.024 ▲") {
		t.Error("the Markdown marks the crossing ▲")
	}

	var c bytes.Buffer
	if err := WriteCSV(&c, d); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&c).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	marks := map[string]string{}
	for _, r := range rows[1:] {
		if r[0] == "selection" && r[2] == selection.MethodPride {
			marks[r[3]] = r[10]
		}
	}
	if marks[k] != "within noise" || marks[distanceMetric] != "within noise" {
		t.Errorf("CSV marks: %s %q, %s %q; want within noise for both", k, marks[k], distanceMetric, marks[distanceMetric])
	}

	ja := an.Judges[0]
	for _, fp := range forestPanels(ja.Selection, ja.Intervals) {
		if fp.Metric != present.DistanceTitle {
			continue
		}
		for _, r := range fp.Rows {
			if r.Method == present.MethodTitle(selection.MethodPride) {
				if r.CI == nil || r.CI[0] != dd[0] || r.CI[1] != dd[1] || r.Delta > -0.0019 || r.Delta < -0.0021 {
					t.Errorf("forest: Pride's distance change %v with %v, want −0.002 with %v", r.Delta, r.CI, dd)
				}
				return
			}
		}
	}
	t.Error("the forest has no distance panel with Pride")
}
