package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pandalmAlpha are Krippendorff's α of PandaLM's test set (999 pairs),
// computed once by the independent numpy implementation of Krippendorff
// (2011)'s coincidence-matrix formula that made calib/panel's
// testdata/alpha.json: the three annotators' labels (0 = tie, 1, 2;
// interval on the preferences 1 → 1, 2 → 0, tie → ½) and the two judges'
// results (gpt-3.5-turbo's "garbage" missing).
var pandalmAlpha = map[string][2]float64{
	"annotators": {0.8642206851960816, 0.8772172081293725},
	"judges":     {0.4715206312213065, 0.5414637883482583},
}

// panelAlpha runs plumb report on args and returns the panel's α
// (nominal, interval).
func panelAlpha(t *testing.T, args ...string) [2]float64 {
	t.Helper()
	out, stderr, err := executeStderr(t, append([]string{"report", "--format", "json", "--bootstrap", "0"}, args...)...)
	if err != nil {
		t.Fatal(err, stderr)
	}
	var doc struct {
		Panel *struct {
			KrippendorffAlpha map[string]struct{ Value *float64 } `json:"krippendorff_alpha"`
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Panel == nil {
		t.Fatalf("plumb %s: no panel", strings.Join(args, " "))
	}
	var a [2]float64
	for k, level := range []string{"nominal", "interval"} {
		v := doc.Panel.KrippendorffAlpha[level].Value
		if v == nil {
			t.Fatalf("α %s undefined", level)
		}
		a[k] = *v
	}
	return a
}

// TestPanelPandaLM: PandaLM's two judges (imported from the published
// files) agree with α nominal 0.472, its three annotators, read as judges
// annotator-1..3 by --annotators, with 0.864 — the number that puts the
// judges' agreement in context — both equal to the independent
// implementation's. With --annotators and no --judge the panel holds all
// five. It skips without ../shared/data.
func TestPanelPandaLM(t *testing.T) {
	src := filepath.Join("..", "..", "..", "shared", "data", "pandalm")
	if _, err := os.Stat(filepath.Join(src, "testset-v1.json")); err != nil {
		t.Skipf("real data not found at %s (../shared/data is beside the repository only in the project's workspace)", src)
	}
	annotators := []string{src, "--annotators", "--judge", "annotator-1", "--judge", "annotator-2", "--judge", "annotator-3"}
	for name, got := range map[string][2]float64{"annotators": panelAlpha(t, annotators...), "judges": panelAlpha(t, src)} {
		want := pandalmAlpha[name]
		for k := range got {
			if math.Abs(got[k]-want[k]) > 1e-12*math.Abs(want[k]) {
				t.Errorf("%s: α %v = %v, the independent implementation %v", name, []string{"nominal", "interval"}[k], got[k], want[k])
			}
		}
	}
	out, stderr, err := executeStderr(t, "report", "--format", "json", "--bootstrap", "0", src, "--annotators")
	if err != nil {
		t.Fatal(err, stderr)
	}
	var doc struct{ Panel *struct{ Judges []string } }
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Panel == nil || strings.Join(doc.Panel.Judges, " ") != "annotator-1 annotator-2 annotator-3 gpt-3.5-turbo pandalm-7b" {
		t.Errorf("panel with --annotators: %+v, want the three annotators and the two judges", doc.Panel)
	}
}
