package analysis

import (
	"context"
	"reflect"
	"testing"

	"github.com/plumb-eval/plumb/calib/selection"
)

// TestEngineCompareCached: the comparison of every judge equals each
// judge's own analysis under CompareOptions, is computed once for the
// same options (the judge list, the fit path, the early stop, the
// workers and the style knobs are not part of the key), is not cached
// when stopped, and uses the analysis it is given instead of computing
// it again.
func TestEngineCompareCached(t *testing.T) {
	e, opt := cacheEngine(t)
	if _, ok, _ := e.CachedCompare(opt); ok {
		t.Fatal("comparison cached before it was computed")
	}
	stop, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Compare(stop, opt, nil); err == nil {
		t.Fatal("Compare under a done context: no error")
	}
	if _, ok, _ := e.CachedCompare(opt); ok {
		t.Fatal("a stopped comparison was cached")
	}
	out, err := e.Compare(context.Background(), opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	judges := e.Judges()
	if len(out) != len(judges) || len(judges) < 2 {
		t.Fatalf("%d analyses for %d judges", len(out), len(judges))
	}
	for i, j := range judges {
		want, err := e.Judge(j, CompareOptions(opt))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(out[i], want) {
			t.Errorf("comparison's analysis of %s differs from Judge's", j)
		}
	}
	again := opt
	again.Judges = []string{judges[0]}
	again.Bootstrap.Workers, again.Selection.Path, again.Selection.StopAt = 3, true, selection.StopEnd+1
	again.Style.Mode = StyleOn
	if c, ok, err := e.CachedCompare(again); !ok || err != nil || &c[0] != &out[0] {
		t.Errorf("CachedCompare does not serve the computed comparison (ok %v, err %v)", ok, err)
	}
	if c, err := e.Compare(context.Background(), again, nil); err != nil || &c[0] != &out[0] {
		t.Errorf("Compare computed again (err %v)", err)
	}
	other := opt
	other.Selection.Seed++
	if _, ok, _ := e.CachedCompare(other); ok {
		t.Fatal("a comparison served for another seed")
	}
	have, err := e.Judge(judges[1], CompareOptions(other))
	if err != nil {
		t.Fatal(err)
	}
	c, err := e.Compare(context.Background(), other, &have)
	if err != nil {
		t.Fatal(err)
	}
	if c[1].Selection != have.Selection || c[0].Judge != judges[0] {
		t.Error("Compare did not use the analysis it was given")
	}
}
