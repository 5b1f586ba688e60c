package panel

import (
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// TestAnalyzeMethodPairsHand: every pair of one judge's methods, worked by
// hand. On handPanel's gold (1, 1, 2, 2, 1) judge a's raw choices are
// 1, tie, 2, 2, 1 (wrong on item 2); its CalibraEval ones 1, 1, 2, 2, 1
// (all right); "BPC" 1, 1, 2, 1, 1 (wrong on item 4); "discard" keeps
// every item but 2 with the raw choice. Pairs with discard are over its 4
// kept items. The three judge pairs and the six method pairs make one Holm
// family of 9.
func TestAnalyzeMethodPairsHand(t *testing.T) {
	in := handPanel()
	cal := twoOrder([][2]float64{{1, 1}, {0.9, 0.8}, {0, 0}, {0, 0}, {1, 1}}, in.Gold)
	in.Calibrated = []*calib.Prefs{&cal, nil, nil}
	g1, g2, none := model.Gold1, model.Gold2, model.GoldNone
	in.Methods = [][]Method{{
		{Name: "BPC", Choice: []model.Gold{g1, g1, g2, g1, g1}},
		{Name: "discard", Choice: []model.Gold{g1, none, g2, g2, g1}},
	}, nil, nil}
	r, err := Analyze(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		n, b10, b01 int
		accA, accB  float64
		mcnemar     float64
	}
	// McNemar exact: p = min(1, 2·P(Bin(b+c, ½) ≤ min(b, c))): b = c = 1
	// gives 2·¾ → 1; b = 1, c = 0 gives 2·½ = 1; no discordant item, 1.
	wants := map[[2]string]want{
		{"a · raw", "a · " + CalibratedName}:     {5, 0, 1, 0.8, 1, 1},
		{"a · raw", "a · BPC"}:                   {5, 1, 1, 0.8, 0.8, 1},
		{"a · raw", "a · discard"}:               {4, 0, 0, 1, 1, 1},
		{"a · " + CalibratedName, "a · BPC"}:     {5, 1, 0, 1, 0.8, 1},
		{"a · " + CalibratedName, "a · discard"}: {4, 0, 0, 1, 1, 1},
		{"a · BPC", "a · discard"}:               {4, 0, 1, 0.75, 1, 1},
	}
	seen, holmed := 0, 0
	for _, p := range r.Pairs {
		if p.Holm.OK() {
			holmed++
			if p.Holm.Value < p.McNemar.Value {
				t.Errorf("%s – %s: Holm p %v below McNemar's %v", p.A, p.B, p.Holm.Value, p.McNemar.Value)
			}
		}
		if p.Judge == "" {
			continue
		}
		seen++
		w, ok := wants[[2]string{p.A, p.B}]
		if !ok {
			t.Errorf("unexpected method pair %s – %s", p.A, p.B)
			continue
		}
		if p.N != w.n || p.B10 != w.b10 || p.B01 != w.b01 || p.AccuracyA.Value != w.accA || p.AccuracyB.Value != w.accB || p.McNemar.Value != w.mcnemar {
			t.Errorf("%s – %s: n %d, discordant %d/%d, accuracies %v %v, McNemar %v; want %+v", p.A, p.B, p.N, p.B10, p.B01, p.AccuracyA.Value, p.AccuracyB.Value, p.McNemar.Value, w)
		}
		if p.A == "a · BPC" {
			// Cohen's κ over the 4 kept items: (1, 2, 1, 1) against (1, 2, 2, 1),
			// p_o = ¾, p_e = ¾·½ + ¼·½ = ½, κ = (¾ − ½)/½ = ½.
			if p.Kappa.Value != 0.5 || p.Kappa.N != 4 {
				t.Errorf("κ of BPC and discard %+v, want 0.5 over 4 items", p.Kappa)
			}
		}
	}
	if seen != 6 || holmed != 9 {
		t.Errorf("%d method pairs, %d pairs in the Holm family; want 6 and 9", seen, holmed)
	}
	in.Methods[0][0].Choice = in.Methods[0][0].Choice[:4]
	if _, err := Analyze(in, Options{}); err == nil {
		t.Error("a method with 4 choices for 5 items: no error")
	}
}
