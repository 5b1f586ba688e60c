package main

import (
	"encoding/json"
	"fmt"
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
// files) agree with α nominal 0.472, its three annotators, written as
// judges of a log, with 0.864 — the number that puts the judges'
// agreement in context — both equal to the independent implementation's.
// It skips without ../shared/data.
func TestPanelPandaLM(t *testing.T) {
	src := filepath.Join("..", "..", "..", "shared", "data", "pandalm")
	raw, err := os.ReadFile(filepath.Join(src, "testset-v1.json"))
	if err != nil {
		t.Skipf("real data not found at %s (../shared/data is beside the repository only in the project's workspace)", src)
	}
	var items []map[string]any
	if err := json.Unmarshal(raw, &items); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	choice := map[float64]string{0: "tie", 1: "A", 2: "B"}
	for _, it := range items {
		for k := 1; k <= 3; k++ {
			fmt.Fprintf(&b, `{"kind":"pair","id":"%v","judge":"annotator%d","choice":{"x0":"%s"}}`+"\n",
				it["idx"], k, choice[it[fmt.Sprintf("annotator%d", k)].(float64)])
		}
	}
	log := filepath.Join(t.TempDir(), "annotators.jsonl")
	if err := os.WriteFile(log, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string][2]float64{"annotators": panelAlpha(t, log), "judges": panelAlpha(t, src)} {
		want := pandalmAlpha[name]
		for k := range got {
			if math.Abs(got[k]-want[k]) > 1e-12*math.Abs(want[k]) {
				t.Errorf("%s: α %v = %v, the independent implementation %v", name, []string{"nominal", "interval"}[k], got[k], want[k])
			}
		}
	}
}
