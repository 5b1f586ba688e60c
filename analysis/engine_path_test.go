package analysis

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// TestEnginePath: the path computed in the background (Engine.Path) is the
// one a later Analyze with --stop-at uses (the same object: no recompute),
// and equals what a fresh `plumb report --path` computes; a cancelled
// context stops it with context.Canceled.
func TestEnginePath(t *testing.T) {
	lg := simtest.Log(t, 300, 0, 0)
	e := NewEngine(lg)
	opt := Options{Selection: selection.DefaultOptions(), Reporting: reporting.DefaultOptions(), Likelihood: likelihood.DefaultOptions()}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Path(ctx, "judge-tokenA", "", opt.Selection); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err %v", err)
	}
	key := NewPathKey("judge-tokenA", "", opt.Selection)
	if _, ok, _ := e.CachedPath(key); ok {
		t.Error("a cancelled path was cached")
	}
	p, err := e.Path(context.Background(), "judge-tokenA", "", opt.Selection)
	if err != nil {
		t.Fatal(err)
	}
	if c, ok, err := e.CachedPath(key); !ok || err != nil || c != p {
		t.Errorf("CachedPath after Path: %p, %v, %v; want %p", c, ok, err, p)
	}
	opt.Selection.StopAt = selection.StopAtPoint(3)
	ja, err := e.Judge("judge-tokenA", opt)
	if err != nil {
		t.Fatal(err)
	}
	if ja.Selection.Path != p {
		t.Error("Analyze with a stop computed the path again")
	}
	opt.Judges = []string{"judge-tokenA"}
	fresh, err := Analyze(lg, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fresh.Judges[0].Selection.Path, p) || !reflect.DeepEqual(fresh.Judges[0].Selection.Methods, ja.Selection.Methods) {
		t.Error("the background path differs from a fresh report's")
	}
}
