package likelihood

import (
	"math"
	"testing"

	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/model/demo"
)

// TestBiasScoreBootstrap: the demo's judges have a clear likelihood bias
// (BiasScore 0.4–0.7), so each interval holds the estimate and lies above 0;
// the interval is the same for any worker count.
func TestBiasScoreBootstrap(t *testing.T) {
	lg, err := demo.Log()
	if err != nil {
		t.Fatal(err)
	}
	l, err := Analyze("judge-tokenA", lg.Scores, Options{Permutations: 200, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	opt := bootstrap.Options{Resamples: 300, Seed: 5, Level: 0.95, Workers: 1}
	if err := l.RunBootstrap(opt); err != nil {
		t.Fatal(err)
	}
	for _, b := range append(l.Criteria, l.Total) {
		ci := b.BiasScore.CI
		if ci == nil || !(ci.Lower <= b.BiasScore.Value && b.BiasScore.Value <= ci.Upper) || ci.Lower <= 0 {
			t.Errorf("%s: BiasScore %v, interval %+v", b.Criterion, b.BiasScore.Value, ci)
		}
		if !b.PValueSE.OK() || b.PValueSE.Value <= 0 || b.PValueSE.Value > 0.05 {
			t.Errorf("%s: p-value SE %+v", b.Criterion, b.PValueSE)
		}
	}
	// p = 1/201 from 200 permutations: SE = √(p(1 − p)/200).
	if p, se := l.Total.PValue.Value, l.Total.PValueSE.Value; math.Abs(se-math.Sqrt(p*(1-p)/200)) > 1e-15 {
		t.Errorf("SE %v for p %v", se, p)
	}
	again, _ := Analyze("judge-tokenA", lg.Scores, Options{Permutations: 200, Seed: 1})
	opt.Workers = 4
	if err := again.RunBootstrap(opt); err != nil {
		t.Fatal(err)
	}
	if *again.Total.BiasScore.CI != *l.Total.BiasScore.CI {
		t.Errorf("workers change the interval: %+v vs %+v", again.Total.BiasScore.CI, l.Total.BiasScore.CI)
	}
}
