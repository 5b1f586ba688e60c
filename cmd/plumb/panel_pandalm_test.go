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
	type stat struct {
		Value *float64
		N     int
	}
	var doc struct {
		Panel *struct {
			Judges     []string
			CohenKappa [][]float64 `json:"cohen_kappa"`
			People     *struct {
				People, Judges []string
				AlphaPeople    stat `json:"alpha_people"`
				AlphaJudges    stat `json:"alpha_judges"`
				KappaBetween   stat `json:"kappa_between"`
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	p := doc.Panel
	if p == nil || strings.Join(p.Judges, " ") != "annotator-1 annotator-2 annotator-3 gpt-3.5-turbo pandalm-7b" {
		t.Fatalf("panel with --annotators: %+v, want the three annotators and the two judges", p)
	}
	// The split by who rated, within the five-rater panel: α among the
	// people and among the judges are the independent implementation's
	// (the same α as the panels of each alone), κ between is the mean of
	// the κ matrix's 3 × 2 person–judge cells; gpt-3.5-turbo has no verdict
	// on 25 items, so the judges share 974.
	q := p.People
	if q == nil || strings.Join(q.People, " ") != "annotator-1 annotator-2 annotator-3" || strings.Join(q.Judges, " ") != "gpt-3.5-turbo pandalm-7b" {
		t.Fatalf("people %+v", q)
	}
	between := 0.0
	for a := 0; a < 3; a++ {
		for b := 3; b < 5; b++ {
			between += p.CohenKappa[a][b] / 6
		}
	}
	for name, c := range map[string]struct {
		got  stat
		want float64
		n    int
	}{"α people": {q.AlphaPeople, pandalmAlpha["annotators"][0], 999}, "α judges": {q.AlphaJudges, pandalmAlpha["judges"][0], 974},
		"κ between": {q.KappaBetween, between, 6}} {
		if c.got.Value == nil || math.Abs(*c.got.Value-c.want) > 1e-12 || c.got.N != c.n {
			t.Errorf("%s = %+v, want %v over %d", name, c.got, c.want, c.n)
		}
	}
}
