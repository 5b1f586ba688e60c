package panel

import (
	"reflect"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/model"
)

// twoOrder returns preferences judged in x0 and x2 (r given per item and
// arrangement; a negative r leaves the item out).
func twoOrder(r [][2]float64, gold []model.Gold) calib.Prefs {
	p := calib.Prefs{R: make([][model.NumArrangements]float64, len(r)),
		Has: make([][model.NumArrangements]bool, len(r)), Gold: gold}
	for i, v := range r {
		if v[0] < 0 {
			continue
		}
		p.R[i][0], p.R[i][2] = v[0], v[1]
		p.Has[i][0], p.Has[i][2] = true, true
	}
	return p
}

// handPanel is three judges on five items with gold 1, 1, 2, 2, 1.
func handPanel() Input {
	gold := []model.Gold{model.Gold1, model.Gold1, model.Gold2, model.Gold2, model.Gold1}
	a := twoOrder([][2]float64{{1, 1}, {1, 0}, {0, 0}, {0, 0}, {1, 1}}, gold)       // 1, tie, 2, 2, 1: 4/5 right
	b := twoOrder([][2]float64{{1, 1}, {1, 1}, {1, 0}, {1, 1}, {0, 0}}, gold)       // 1, 1, tie, 1, 2: 2/5
	c := twoOrder([][2]float64{{1, 1}, {0, 0}, {0, 0}, {-1, -1}, {0.8, 0.6}}, gold) // 1, 2, 2, –, 1: 3/4
	return Input{Judges: []string{"a", "b", "c"}, Prefs: []calib.Prefs{a, b, c}, Gold: gold}
}

// TestAnalyzeHand checks the verdicts, accuracies and pairs of a small
// panel worked by hand.
func TestAnalyzeHand(t *testing.T) {
	r, err := Analyze(handPanel(), Options{Bootstrap: bootstrap.Options{Resamples: 200, Seed: 7, Level: 0.95}})
	if err != nil {
		t.Fatal(err)
	}
	for j := range r.Judges {
		if r.JudgeMetrics[j].AccuracyAggregate != r.Accuracy[j] {
			t.Errorf("%s: accuracy %+v, its metrics' accuracy_aggregate %+v", r.Judges[j], r.Accuracy[j], r.JudgeMetrics[j].AccuracyAggregate)
		}
	}
	if r.Items != 5 || r.Gold != 5 {
		t.Fatalf("items %d gold %d, want 5 5", r.Items, r.Gold)
	}
	want := []float64{0.8, 0.4, 0.75}
	for j, w := range want {
		if !r.Accuracy[j].OK() || r.Accuracy[j].Value != w {
			t.Errorf("accuracy of %s = %+v, want %v", r.Judges[j], r.Accuracy[j], w)
		}
	}
	// Majority per arrangement: x0 votes (1,1,1) (1,1,2) (2,1,2) (2,1,–) (1,2,1)
	// → 1, 1, 2, tie, 1; x2 (1,1,1) (2,1,2) (2,2,2) (2,1,–) (1,2,1) → 1, 2, 2, tie, 1.
	// Aggregate choices 1, tie, 2, tie, 1: 3 of 5 right; consistent on 4 of 5.
	if m := r.Majority; m.AccuracyAggregate.Value != 0.6 || m.Consistency.Value != 0.8 {
		t.Errorf("majority accuracy %+v consistency %+v, want 0.6 and 0.8", m.AccuracyAggregate, m.Consistency)
	}
	// Pair (a, c) on items 1, 2, 3, 5: a right on 1, 3, 5, c on 1, 3, 5: no discordant item.
	var ac *Pair
	for i := range r.Pairs {
		if r.Pairs[i].A == "a" && r.Pairs[i].B == "c" {
			ac = &r.Pairs[i]
		}
	}
	if ac == nil || ac.N != 4 || ac.B10 != 0 || ac.B01 != 0 || ac.McNemar.Value != 1 || ac.Diff.Value != 0 {
		t.Errorf("pair a, c = %+v, want n 4, no discordant item, p 1, difference 0", ac)
	}
	// a vs b: a right on 1, 2?no (tie), 3, 4, 5 → {1, 3, 4, 5}; b on {1, 2}: b10 = 3, b01 = 1.
	for _, p := range r.Pairs {
		if p.A == "a" && p.B == "b" && (p.B10 != 3 || p.B01 != 1 || p.McNemar.Value != McNemarExact(3, 1)) {
			t.Errorf("pair a, b = %+v, want discordant 3 and 1", p)
		}
		if p.Survives {
			t.Errorf("pair %s, %s survives on five items: %+v", p.A, p.B, p)
		}
	}
	for i := 1; i < len(r.Pairs); i++ {
		if r.Pairs[i-1].Holm.Value > r.Pairs[i].Holm.Value {
			t.Errorf("pairs not sorted by Holm p: %v then %v", r.Pairs[i-1].Holm, r.Pairs[i].Holm)
		}
	}
	// Leaving judge b out leaves a and c, whose α is α of their two columns.
	choices, _ := tables(shared(handPanel()))
	two := Table{}
	for i := range choices.V {
		two.V = append(two.V, []float64{choices.V[i][0], choices.V[i][2]})
		two.Has = append(two.Has, []bool{choices.Has[i][0], choices.Has[i][2]})
	}
	if got, w := r.LeaveOut[1].Nominal, Alpha(two, Nominal); got != w {
		t.Errorf("α without b = %+v, α of a and c = %+v", got, w)
	}
	if r.AlphaNominal.CI == nil || r.AlphaInterval.CI == nil {
		t.Errorf("α has no bootstrap interval: %+v %+v", r.AlphaNominal, r.AlphaInterval)
	}
}

// TestAnalyzeMethodPair: a judge with calibrated preferences gets the pair
// raw against calibrated, in the Holm family. Judge a's calibration turns
// its tie on item 2 (gold 1) into 1 and leaves the rest: calibrated is
// right once where raw is not.
func TestAnalyzeMethodPair(t *testing.T) {
	in := handPanel()
	cal := twoOrder([][2]float64{{1, 1}, {0.9, 0.8}, {0, 0}, {0, 0}, {1, 1}}, in.Gold)
	in.Calibrated = []*calib.Prefs{&cal, nil, nil}
	r, err := Analyze(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var mp *Pair
	for i := range r.Pairs {
		if r.Pairs[i].Judge == "a" {
			mp = &r.Pairs[i]
		}
	}
	if len(r.Pairs) != 4 || mp == nil {
		t.Fatalf("%d pairs, method pair %v: want the 3 judge pairs and a's raw against calibrated", len(r.Pairs), mp)
	}
	if mp.A != "a · raw" || mp.B != "a · "+CalibratedName || mp.N != 5 || mp.B10 != 0 || mp.B01 != 1 ||
		mp.Diff.Value != -0.2 || mp.McNemar.Value != 1 || !mp.Holm.OK() {
		t.Errorf("method pair %+v", mp)
	}
	holmed := 0
	for _, p := range r.Pairs {
		if p.Holm.OK() {
			holmed++
		}
	}
	if holmed != 4 {
		t.Errorf("%d pairs in the Holm family, want 4", holmed)
	}
	if r.Calibrated == nil || r.Pride != nil || r.PrideReason == "" {
		t.Errorf("calibrated verdict %v, Pride verdict %v (%q): want the first only", r.Calibrated, r.Pride, r.PrideReason)
	}
	// Pride for b equal to its raw preferences: a pair with nothing
	// discordant, and a Pride verdict equal to the raw mean's.
	b := in.Prefs[1]
	in.Pride = []*calib.Prefs{nil, &b, nil}
	if r, err = Analyze(in, Options{}); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range r.Pairs {
		if p.Judge == "b" {
			found = p.A == "b · raw" && p.B == "b · "+PrideName && p.B10 == 0 && p.B01 == 0 && p.McNemar.Value == 1
		}
	}
	if !found || len(r.Pairs) != 5 {
		t.Errorf("no pair b · raw, b · Pride with nothing discordant among %d pairs", len(r.Pairs))
	}
	if r.Pride == nil || r.Pride.AccuracyAggregate != r.Mean.AccuracyAggregate || r.Pride.Consistency != r.Mean.Consistency {
		t.Errorf("Pride verdict %+v, want the raw mean's %+v", r.Pride, r.Mean)
	}
}

// TestAnalyzeDeterministic: the same seed gives the same result, whatever
// the workers.
func TestAnalyzeDeterministic(t *testing.T) {
	a, _ := Analyze(handPanel(), Options{Bootstrap: bootstrap.Options{Resamples: 300, Seed: 3, Level: 0.95, Workers: 1}})
	b, _ := Analyze(handPanel(), Options{Bootstrap: bootstrap.Options{Resamples: 300, Seed: 3, Level: 0.95, Workers: 4}})
	if !reflect.DeepEqual(a, b) {
		t.Error("two runs with the same seed differ")
	}
}

// TestAlphaUndefined: α of identical values says why it has no value.
func TestAlphaUndefined(t *testing.T) {
	tb := Table{V: [][]float64{{1, 1}, {1, 1}}, Has: [][]bool{{true, true}, {true, true}}}
	if s := Alpha(tb, Nominal); s.OK() || s.Reason == "" {
		t.Errorf("α of identical values = %+v, want undefined with a reason", s)
	}
	tb.Has = [][]bool{{true, false}, {false, true}}
	if s := Alpha(tb, Interval); s.OK() || s.N != 0 {
		t.Errorf("α with no pairable item = %+v, want undefined", s)
	}
}
