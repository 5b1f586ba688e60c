package baseline

import (
	"math"
	"testing"

	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/model"
)

// TestBCHandComputed checks Batch Calibration on paper (docs/methods.md §4):
// the estimation items give b_x0 = (0.8 + 0.6)/2 = 0.7 and b_x1 = (0.6 +
// 0.2)/2 = 0.4; s = 0.8 in x0 becomes (0.8/0.7)/(0.8/0.7 + 0.2/0.3) =
// (8/7)/(8/7 + 2/3) = 12/19, and s = 0.2 in x1 becomes (0.2/0.4)/(0.2/0.4 +
// 0.8/0.6) = (1/2)/(1/2 + 4/3) = 3/11. Item 3 (not in est) is judged in x2
// only, which no estimation item was: BC has no prior there.
func TestBCHandComputed(t *testing.T) {
	n := calibtest.NaN
	pairs := []model.Pair{
		selPair(model.Gold1, [4]float64{0.8, 0.6, n, n}),
		selPair(model.Gold2, [4]float64{0.6, 0.2, n, n}),
	}
	p, q, err := BCPrefsIn(pairs, []int{0, 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(q.P[model.X0]-0.7) > 1e-15 || math.Abs(q.P[model.X1]-0.4) > 1e-15 || q.N != [4]int{2, 2, 0, 0} {
		t.Errorf("prior = %+v, want x0 0.7, x1 0.4 from 2 items each", q)
	}
	if got := p.R[0][model.X0]; math.Abs(got-12.0/19) > 1e-15 {
		t.Errorf("x0 s = 0.8 → %v, want 12/19", got)
	}
	if got := p.R[1][model.X1]; math.Abs(got-3.0/11) > 1e-15 {
		t.Errorf("x1 s = 0.2 → %v, want 3/11", got)
	}
	pairs = append(pairs, selPair(model.Gold1, [4]float64{n, n, 0.3, n}))
	if _, _, err := BCPrefsIn(pairs, []int{0, 1}, nil); err == nil || err.Error() != "BC needs estimation items judged in x2" {
		t.Errorf("x2 without estimation items: err = %v", err)
	}
}

// TestCCDCHandComputed checks CC and DC on paper: the CC probes' P(A) in x0
// are 0.7 and 0.5, so c_x0 = 0.6 with SD √0.02 and a 95% interval 0.6 ±
// t(0.975, 1)·√0.02/√2 = 0.6 ± 12.7062·0.1 (R: qt(0.975, 1) = 12.7062);
// in x2 the one probe says 0.25. The pair's s = 0.6 in x0 becomes 0.5 (the
// prior itself is a tie); s = 0.5 in x2 becomes (0.5/0.25)/(0.5/0.25 +
// 0.5/0.75) = 2/(2 + 2/3) = 3/4, P(response_2) = 3/4, so the preference is
// 1/4. The DC probe (x0 0.9) is DC's alone.
func TestCCDCHandComputed(t *testing.T) {
	n := calibtest.NaN
	pairs := []model.Pair{selPair(model.Gold1, [4]float64{0.6, n, 0.5, n})}
	probe := func(k model.ProbeKind, s [4]float64) model.Probe {
		pr := model.Probe{Probe: k}
		for a, v := range s {
			if !math.IsNaN(v) {
				pr.S[a], pr.Has[a] = v, true
			}
		}
		return pr
	}
	probes := []model.Probe{
		probe(model.ProbeCC, [4]float64{0.7, n, 0.25, n}),
		probe(model.ProbeDC, [4]float64{0.9, n, n, n}),
		probe(model.ProbeCC, [4]float64{0.5, n, n, n}),
	}
	p, q, err := ProbePrefsIn(pairs, model.ProbeCC, probes, nil)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(q.P[model.X0]-0.6) > 1e-15 || q.N != [4]int{2, 0, 1, 0} || math.Abs(q.SD[model.X0]-math.Sqrt(0.02)) > 1e-15 {
		t.Errorf("CC prior = %+v, want x0 0.6 (SD √0.02, n 2), x2 0.25 (n 1)", q)
	}
	iv, ok := q.Interval(model.X0, 0.95)
	if !ok || math.Abs(iv.Lower-(0.6-1.270620)) > 1e-5 || math.Abs(iv.Upper-(0.6+1.270620)) > 1e-5 {
		t.Errorf("interval = %+v, want 0.6 ± 1.27062", iv)
	}
	if _, ok := q.Interval(model.X2, 0.95); ok {
		t.Error("one probe gave an interval")
	}
	if r := p.R[0]; math.Abs(r[model.X0]-0.5) > 1e-15 || math.Abs(r[model.X2]-0.25) > 1e-15 {
		t.Errorf("CC prefs = %v, want x0 0.5, x2 0.25", r)
	}
	_, d, err := ProbePrefsIn(pairs[:0], model.ProbeDC, probes, nil)
	if err != nil || d.P[model.X0] != 0.9 || d.N != [4]int{1, 0, 0, 0} {
		t.Errorf("DC prior = %+v, %v; want x0 0.9 from one probe", d, err)
	}
	if _, _, err := ProbePrefsIn(pairs, model.ProbeDC, probes, nil); err == nil || err.Error() != "no DC probes in arrangement x2" {
		t.Errorf("DC without x2 probes: err = %v", err)
	}
	if _, _, err := ProbePrefsIn(pairs, model.ProbeCC, nil, nil); err == nil || err.Error() != "no CC probes in the log" {
		t.Errorf("no probes: err = %v", err)
	}
	hard := []model.Pair{{Source: model.SourceChoice, Has: [4]bool{true}, S: [4]float64{1}}}
	if _, _, err := ProbePrefsIn(hard, model.ProbeCC, probes, nil); err == nil {
		t.Error("hard choices were calibrated")
	}
}

// TestArrPriorLogitShift checks the map against its logit form: the
// calibrated P(A) is σ(logit s − logit p), so a judge whose P(A) is
// σ(u + τ) with prior σ(τ) is mapped back to σ(u) exactly.
func TestArrPriorLogitShift(t *testing.T) {
	sig := func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
	var q ArrPrior
	q.P[model.X1], q.N[model.X1] = sig(1.2), 1
	for _, u := range []float64{-3, -0.5, 0, 0.7, 4} {
		if got := q.Debias(model.X1, sig(u+1.2)); math.Abs(got-sig(u)) > 1e-14 {
			t.Errorf("u = %v: %v, want σ(u) = %v", u, got, sig(u))
		}
	}
}
