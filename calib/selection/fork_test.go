package selection

import (
	"context"
	"reflect"
	"sync"
	"testing"

	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/calibtest"
)

// TestForkPathWhileEngineAnswers: a fork computes the fit path while the
// engine it came from analyses other λ values at the same time (run under
// -race: nothing they share is written); the fork's path equals a fresh
// engine's (FitPath), and the engine's own answers equal one-shot ones.
func TestForkPathWhileEngineAnswers(t *testing.T) {
	pairs := calibtest.DemoPairs(t, "judge-tokenA")
	e := NewEngine("judge-tokenA", pairs)
	e.SetWarmStart(false)
	opt := DefaultOptions()
	opt.EstFrac = 0.8 // held-out items: every split result is used
	if _, err := e.Analyze(opt); err != nil {
		t.Fatal(err)
	}
	fork := e.Fork()
	var path *calibraeval.Path
	var perr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		path, perr = fork.Path(context.Background(), opt, PathOptions{Points: 8})
	}()
	for _, lam := range []float64{0.6, 0.7} {
		o := opt
		o.Lambda = lam
		got, err := e.Analyze(o)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Analyze("judge-tokenA", pairs, o)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Methods, want.Methods) {
			t.Errorf("λ %v: the engine's answer differs from a one-shot analysis while its fork ran", lam)
		}
	}
	wg.Wait()
	if perr != nil {
		t.Fatal(perr)
	}
	want, err := FitPath(context.Background(), "judge-tokenA", pairs, opt, PathOptions{Points: 8})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(path, want) {
		t.Error("the fork's path differs from a fresh engine's")
	}
}
