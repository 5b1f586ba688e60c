package calibraeval

import (
	"context"
	"errors"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibtest"
)

// TestFitContextStopsMidFit cancels a cold fit after its third iteration
// (through the solver's trace): the fit returns context.Canceled at once
// instead of running on.
func TestFitContextStopsMidFit(t *testing.T) {
	pairs := calibtest.DemoPairs(t, "judge-tokenA")
	est, _, err := calib.EstimationSet(len(pairs), 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewNOA(pairs, est, ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	iters := 0
	p.solver.trace = func(iter int, _, _ float64, _ []float64) {
		iters = iter
		if iter == 3 {
			cancel()
		}
	}
	if _, err := p.FitContext(ctx, FitOptions{Lambda: 0.5}, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if iters != 3 {
		t.Errorf("the fit ran %d iterations after being cancelled at 3", iters-3)
	}
}
