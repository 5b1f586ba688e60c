package mec

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// fairEvalScores re-implements FairEval.py's get_eval (i-Eval/FairEval,
// written here from its description, not copied): the first order's
// scores as read, the second order's with the two swapped back, one list;
// score_k is the mean of the list's k-th entries. bpc = false keeps only
// the first order (MEC alone).
func fairEvalScores(first, second [][2]float64, bpc bool) (s1, s2 float64) {
	var all [][2]float64
	all = append(all, first...)
	if bpc {
		for _, v := range second {
			all = append(all, [2]float64{v[1], v[0]}) // score2, score1 = parse(review)
		}
	}
	for _, v := range all {
		s1 += v[0]
		s2 += v[1]
	}
	return s1 / float64(len(all)), s2 / float64(len(all))
}

// fairEvalVerdict is their tally: win when score1 > score2, tie when equal.
func fairEvalVerdict(s1, s2 float64) float64 {
	if s1 == s2 {
		return 0.5
	}
	if s1 > s2 {
		return 1
	}
	return 0
}

// scorePair makes a pair with score samples by position in x0 and x2
// (FairEval's two orders: Assistant 1 is the answer shown first).
func scorePair(x0, x2 [][2]float64) model.Pair {
	var ss model.Samples
	for a, list := range map[model.Arrangement][][2]float64{model.X0: x0, model.X2: x2} {
		for _, v := range list {
			ss[a] = append(ss[a], model.Sample{Kind: model.SampleScores, Scores: v})
		}
	}
	return model.Pair{ID: "q", Judge: "j", Samples: &ss}
}

// TestVerdictsMatchFairEval: on random integer scores (many ties), MEC
// (x0 alone) and MEC + BPC (x0 with x2) give FairEval's verdicts, and BPC
// over scores is FairEval's rule on the first sample of each order.
func TestVerdictsMatchFairEval(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		k0, k2 := 1+r.IntN(5), 1+r.IntN(5)
		var x0, x2 [][2]float64
		for range k0 {
			x0 = append(x0, [2]float64{float64(1 + r.IntN(10)), float64(1 + r.IntN(10))})
		}
		for range k2 {
			x2 = append(x2, [2]float64{float64(1 + r.IntN(10)), float64(1 + r.IntN(10))})
		}
		p := scorePair(x0, x2)
		s := ItemScores(&p)
		want := fairEvalVerdict(fairEvalScores(x0, nil, false))
		if got, ok := OrderVerdict(s[model.X0]); !ok || got != want {
			t.Fatalf("trial %d: MEC %v, FairEval %v (x0 %v)", trial, got, want, x0)
		}
		want = fairEvalVerdict(fairEvalScores(x0, x2, true))
		if got, ok := BPCVerdict(&s, 0); !ok || got != want {
			t.Fatalf("trial %d: MEC+BPC %v, FairEval %v (x0 %v, x2 %v)", trial, got, want, x0, x2)
		}
		want = fairEvalVerdict(fairEvalScores(x0[:1], x2[:1], true))
		if got, ok := BPCVerdict(&s, 1); !ok || got != want {
			t.Fatalf("trial %d: BPC %v, FairEval k=1 %v", trial, got, want)
		}
		// x2 shows response_2 first: its MEC verdict for response_1 reads
		// the second score as response_1's.
		want2 := fairEvalVerdict(fairEvalScores(nil, x2, true))
		if got, ok := OrderVerdict(s[model.X2]); !ok || got != want2 {
			t.Fatalf("trial %d: x2 verdict %v, want %v", trial, got, want2)
		}
	}
}

// TestBPCNeedsBothOrders: an item sampled in one order has no BPC verdict.
func TestBPCNeedsBothOrders(t *testing.T) {
	p := scorePair([][2]float64{{8, 6}}, nil)
	s := ItemScores(&p)
	if _, ok := BPCVerdict(&s, 0); ok {
		t.Error("BPC verdict from x0 alone")
	}
}

// TestKappaWikipedia: Cohen's κ on the worked example of Wikipedia's
// "Cohen's kappa" (50 proposals, both say yes 20, A yes B no 5, A no B
// yes 10, both no 15): p_o = 0.7, p_e = 0.5, κ = 0.4.
func TestKappaWikipedia(t *testing.T) {
	var v []Verdict
	var g []model.Gold
	add := func(n int, a Verdict, b model.Gold) {
		for range n {
			v, g = append(v, a), append(g, b)
		}
	}
	add(20, 1, model.Gold1)
	add(5, 1, model.Gold2)
	add(10, 0, model.Gold1)
	add(15, 0, model.Gold2)
	has := make([]bool, len(v))
	for i := range has {
		has[i] = true
	}
	ag := AgainstGold(v, has, g)
	if math.Abs(ag.Accuracy.Value-0.7) > 1e-12 || math.Abs(ag.Kappa.Value-0.4) > 1e-12 || ag.Kappa.N != 50 {
		t.Errorf("accuracy %v κ %v (n %d), want 0.7, 0.4 (50)", ag.Accuracy, ag.Kappa, ag.Kappa.N)
	}
}

// TestKappaThreeClasses counts by hand, ties included as FairEval's
// Table 2 does: verdicts (1, 1, tie, 2, 2, tie) against gold (1, 2, tie,
// 2, tie, 1) agree on 3 of 6; the margins are (2, 2, 2) and (2, 2, 2),
// so p_e = 3 · (2/6)² = 1/3 and κ = (1/2 − 1/3) / (2/3) = 1/4. An item
// without gold is left out.
func TestKappaThreeClasses(t *testing.T) {
	v := []Verdict{1, 1, 0.5, 0, 0, 0.5, 1}
	g := []model.Gold{model.Gold1, model.Gold2, model.GoldTie, model.Gold2, model.GoldTie, model.Gold1, model.GoldNone}
	has := []bool{true, true, true, true, true, true, true}
	ag := AgainstGold(v, has, g)
	if ag.Accuracy.Value != 0.5 || ag.Accuracy.N != 6 || math.Abs(ag.Kappa.Value-0.25) > 1e-12 {
		t.Errorf("accuracy %v κ %v, want 0.5 of 6 and 0.25", ag.Accuracy, ag.Kappa)
	}
	one := AgainstGold([]Verdict{1, 1}, []bool{true, true}, []model.Gold{model.Gold1, model.Gold1})
	if one.Kappa.OK() || !one.Accuracy.OK() || one.Accuracy.Value != 1 {
		t.Errorf("one class: κ %v should be undefined, accuracy %v 1", one.Kappa, one.Accuracy)
	}
}
