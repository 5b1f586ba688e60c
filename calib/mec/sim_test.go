package mec

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// simJudge simulates an evidence-first judge with a known position
// effect: the answer shown first gets bonus extra points, and every score
// has Gaussian noise of sd sigma, rounded to an integer in [1, 10]. Item
// qualities differ by at least 1 point; gold is the better response.
func simJudge(n, k int, bonus, sigma float64, seed uint64) []model.Pair {
	r := rand.New(rand.NewPCG(seed, 7))
	score := func(q float64) float64 { return math.Max(1, math.Min(10, math.Round(q+sigma*r.NormFloat64()))) }
	pairs := make([]model.Pair, n)
	for i := range pairs {
		q1 := 3 + 4*r.Float64()
		q2 := q1 + 1 + r.Float64()
		gold := model.Gold2
		if r.IntN(2) == 0 {
			q1, q2, gold = q2, q1, model.Gold1
		}
		var ss model.Samples
		for range k {
			ss[model.X0] = append(ss[model.X0], model.Sample{Kind: model.SampleScores, Scores: [2]float64{score(q1 + bonus), score(q2)}})
			ss[model.X2] = append(ss[model.X2], model.Sample{Kind: model.SampleScores, Scores: [2]float64{score(q2 + bonus), score(q1)}})
		}
		pairs[i] = model.Pair{ID: "q", Judge: "j", Gold: gold, Samples: &ss}
	}
	return pairs
}

// TestRecoversTruth: with a position bonus of 1 point and noise sd 1.5,
// one order's verdict conflicts with the other's often and MEC + BPC with
// K = 9 recovers most gold labels; the conflict rate falls as K grows
// (FairEval's Figure 3), and MEC + BPC beats MEC alone.
func TestRecoversTruth(t *testing.T) {
	pairs := simJudge(400, 9, 1, 1.5, 3)
	res, ok := Analyze(pairs, 1)
	if !ok {
		t.Fatal("no scores")
	}
	if res.Items != 400 || res.MaxK != 9 || res.MinK != 9 || res.Samples != 400*18 || res.Unread != 0 {
		t.Fatalf("counts %+v", res)
	}
	mec, bpc := res.Rows[0].Accuracy.Value, res.Rows[2].Accuracy.Value
	if bpc < 0.9 || bpc <= mec {
		t.Errorf("MEC+BPC accuracy %v, MEC %v: want ≥ 0.9 and above MEC", bpc, mec)
	}
	c := res.Curve
	if len(c) != 5 || c[0].K != 1 || c[4].K != 9 {
		t.Fatalf("curve Ks %+v", c)
	}
	if !(c[0].Conflict.Value > c[4].Conflict.Value) || !(c[0].MECBPC.Value < c[4].MECBPC.Value) {
		t.Errorf("conflict %v → %v, MEC+BPC accuracy %v → %v: want falling and rising", c[0].Conflict, c[4].Conflict, c[0].MECBPC, c[4].MECBPC)
	}
	// At K = the samples every arrangement has, each subsample is all of
	// them: the point is the full-sample result.
	if math.Abs(c[4].MECBPC.Value-res.Rows[2].Accuracy.Value) > 1e-9 || math.Abs(c[4].Conflict.Value-res.Conflict.Value) > 1e-9 {
		t.Errorf("K = 9 point %+v differs from the full samples (%v, %v)", c[4], res.Rows[2].Accuracy, res.Conflict)
	}
	again, _ := Analyze(pairs, 1)
	if again.Curve[1] != c[1] {
		t.Error("the curve is not deterministic for a seed")
	}
}

// TestCurveEvenK: a maximum of 4 samples gives K = 1, 3 and 4.
func TestCurveEvenK(t *testing.T) {
	res, _ := Analyze(simJudge(20, 4, 0, 1, 1), 1)
	var ks []int
	for _, p := range res.Curve {
		ks = append(ks, p.K)
	}
	if len(ks) != 3 || ks[0] != 1 || ks[1] != 3 || ks[2] != 4 {
		t.Errorf("Ks %v, want [1 3 4]", ks)
	}
}

// TestMECMetrics: MEC's consistency over items judged in x0 and x2 alone
// is one minus the conflict rate, over every item; the BPC rows report
// accuracy without agreement.
func TestMECMetrics(t *testing.T) {
	pairs := simJudge(200, 3, 1, 1.5, 5)
	res, _ := Analyze(pairs, 1)
	items := make([]Scores, len(pairs))
	gold := make([]model.Gold, len(pairs))
	for i := range pairs {
		items[i], gold[i] = ItemScores(&pairs[i]), pairs[i].Gold
	}
	m := Metrics(Prefs(items, gold, NameMEC, 0), NameMEC, nil)
	if m.N != 200 || m.Consistency.N != 200 || math.Abs(m.Consistency.Value-(1-res.Conflict.Value)) > 1e-12 {
		t.Errorf("MEC: n %d, consistency %v; want 200 and 1 − %v", m.N, m.Consistency, res.Conflict)
	}
	b := Metrics(Prefs(items, gold, NameMECBPC, 0), NameMECBPC, nil)
	if b.N != 200 || b.Consistency.OK() || !b.AccuracyAggregate.OK() {
		t.Errorf("MEC+BPC: n %d, consistency %v, accuracy %v", b.N, b.Consistency, b.AccuracyAggregate)
	}
	if h := Metrics(Prefs(items, gold, NameMEC, 0), NameMEC, []int{0, 1, 2}); h.N != 3 {
		t.Errorf("MEC over 3 items: n %d", h.N)
	}
}
