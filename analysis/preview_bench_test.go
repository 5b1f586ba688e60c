package analysis

import (
	"context"
	"testing"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// BenchmarkPreview100k is the TUI's answer to a λ step at 100,000 pair
// items (one simulated judge, x0..x3): Engine.Preview at λ + 0.05 each op,
// warm-started from the previous op's fit, after one exact analysis at
// λ 0.5. Compare BenchmarkJudgeStep100k, the exact analysis of a step.
func BenchmarkPreview100k(b *testing.B) {
	lambdaSteps100k(b, func(e *Engine, opt Options) {
		if _, ok, err := e.Preview(context.Background(), judge100k, opt); err != nil || !ok {
			b.Fatalf("no preview at λ %v: %v", opt.Selection.Lambda, err)
		}
	})
}

// BenchmarkJudgeStep100k is the exact (cold) analysis of a λ step at
// 100,000 pair items (see BenchmarkPreview100k).
func BenchmarkJudgeStep100k(b *testing.B) {
	lambdaSteps100k(b, func(e *Engine, opt Options) {
		if _, err := e.Judge(judge100k, opt); err != nil {
			b.Fatal(err)
		}
	})
}

// lambdaSteps100k runs step at λ 0.55, 0.6, … (one per op) on engine100k.
func lambdaSteps100k(b *testing.B, step func(*Engine, Options)) {
	e, opt := engine100k(b)
	lam := 0.5
	for b.Loop() {
		lam += 0.05
		opt.Selection.Lambda = lam
		step(e, opt)
	}
}

// judge100k is the simulated judge of engine100k (sim's first).
const judge100k = "judge-fair"

// engine100k is an Engine on one simulated judge's 100,000 pair items
// after its analysis at the default options (as the TUI starts).
func engine100k(b *testing.B) (*Engine, Options) { return engine100kT(b) }

// engine100kT is engine100k for any test.
func engine100kT(b testing.TB) (*Engine, Options) {
	b.Helper()
	cfg := simtest.Config(100000, 50, 100)
	cfg.Judges = cfg.Judges[:1]
	lg, err := sim.Collect(cfg)
	if err != nil {
		b.Fatal(err)
	}
	e := NewEngine(lg)
	opt := Options{
		Selection:  selection.DefaultOptions(),
		Reporting:  reporting.DefaultOptions(),
		Likelihood: likelihood.DefaultOptions(),
		Target:     TargetAuto,
	}
	opt.Likelihood.Permutations = 500
	if _, err := e.Judge(judge100k, opt); err != nil {
		b.Fatal(err)
	}
	return e, opt
}
