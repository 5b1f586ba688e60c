package selection

import (
	"context"
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib/calibtest"
)

// TestPreviewWarmThenCold follows the TUI's λ knob on the demo's
// judge-tokenA (all four arrangements): no preview before a fit exists; a
// preview at λ 0.55 starts from the cached λ 0.5 fit, reaches the cold
// fit's objective (this judge's fits share a basin) in fewer iterations,
// and leaves every other method's row as Analyze gives it; Analyze
// afterwards gives exactly a fresh one-shot analysis, so the preview never
// leaks into what `plumb report` reproduces.
func TestPreviewWarmThenCold(t *testing.T) {
	pairs := calibtest.DemoPairs(t, "judge-tokenA")
	e := NewEngine("judge-tokenA", pairs)
	e.SetWarmStart(false)
	e.SetPreviewMinKnots(0) // the demo is below the default threshold
	opt := DefaultOptions()
	ctx := context.Background()
	if s, err := e.Preview(ctx, opt); s != nil || err != nil {
		t.Fatalf("preview before any fit = %v, %v; want nil, nil", s != nil, err)
	}
	if _, err := e.Analyze(opt); err != nil {
		t.Fatal(err)
	}
	if s, err := e.Preview(ctx, opt); s != nil || err != nil {
		t.Fatalf("preview of a cached fit = %v, %v; want nil, nil", s != nil, err)
	}

	next := opt
	next.Lambda = 0.55
	pv, err := e.Preview(ctx, next)
	if err != nil || pv == nil {
		t.Fatalf("preview at λ 0.55 = %v, %v", pv != nil, err)
	}
	if !pv.Preview || !pv.WarmStarted || pv.WarmFrom != 0.5 || pv.Path != nil {
		t.Fatalf("preview flags: Preview %v WarmStarted %v WarmFrom %v Path %v", pv.Preview, pv.WarmStarted, pv.WarmFrom, pv.Path != nil)
	}
	cold, err := Analyze("judge-tokenA", pairs, next)
	if err != nil {
		t.Fatal(err)
	}
	if pv.Fit.Iterations >= cold.Fit.Iterations {
		t.Errorf("warm fit took %d iterations, the cold one %d", pv.Fit.Iterations, cold.Fit.Iterations)
	}
	if d := math.Abs(pv.Fit.Objective - cold.Fit.Objective); d > 1e-6*math.Abs(cold.Fit.Objective) {
		t.Errorf("warm objective %v, cold %v", pv.Fit.Objective, cold.Fit.Objective)
	}
	for i, m := range pv.Methods {
		if m.Name == MethodCalibraEval {
			continue
		}
		if !reflect.DeepEqual(m, cold.Methods[i]) {
			t.Errorf("preview's %s row differs from Analyze's", m.Name)
		}
	}

	got, err := e.Analyze(next)
	if err != nil {
		t.Fatal(err)
	}
	if got.Preview || got.WarmStarted || !reflect.DeepEqual(got.Methods, cold.Methods) || !reflect.DeepEqual(got.Fit, cold.Fit) {
		t.Errorf("Analyze after a preview differs from a one-shot analysis (Preview %v, WarmStarted %v)", got.Preview, got.WarmStarted)
	}

	// A further step starts from the nearest fit: 0.55's cold fit now.
	far := opt
	far.Lambda = 0.6
	pv, err = e.Preview(ctx, far)
	if err != nil || pv == nil || pv.WarmFrom != 0.55 {
		t.Fatalf("preview at 0.6: %v, %v, warm from %v; want from 0.55", pv != nil, err, pv.WarmFrom)
	}
}

// TestPreviewNeedsPlainOptions: a StopAt point (its fit path) gets no
// preview, and neither does a problem below the size threshold (the
// demo's, by default).
func TestPreviewNeedsPlainOptions(t *testing.T) {
	pairs := calibtest.DemoPairs(t, "judge-tokenA")
	e := NewEngine("judge-tokenA", pairs)
	e.SetWarmStart(false)
	opt := DefaultOptions()
	if _, err := e.Analyze(opt); err != nil {
		t.Fatal(err)
	}
	small := opt
	small.Lambda = 0.6
	if s, err := e.Preview(context.Background(), small); s != nil || err != nil {
		t.Errorf("preview of a %d-item problem with the default threshold = %v, %v; want nil, nil", len(pairs), s != nil, err)
	}
	e.SetPreviewMinKnots(0)
	o := opt
	o.Lambda = 0.7
	o.StopAt = StopAtPoint(1)
	if s, err := e.Preview(context.Background(), o); s != nil || err != nil {
		t.Errorf("preview with a StopAt point = %v, %v; want nil, nil", s != nil, err)
	}
}

// TestAnalyzeContextCancelled: a fit stopped by its context is an error
// wrapping context.Canceled, and caches nothing: the next Analyze equals a
// one-shot analysis.
func TestAnalyzeContextCancelled(t *testing.T) {
	pairs := calibtest.DemoPairs(t, "judge-tokenA")
	e := NewEngine("judge-tokenA", pairs)
	e.SetWarmStart(false)
	opt := DefaultOptions()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.AnalyzeContext(ctx, opt); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled analysis: err = %v, want context.Canceled", err)
	}
	got, err := e.Analyze(opt)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Analyze("judge-tokenA", pairs, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Methods, want.Methods) || !reflect.DeepEqual(got.Fit, want.Fit) {
		t.Error("Analyze after a cancelled one differs from a one-shot analysis")
	}
}

// TestPreviewStopsAtMaxIter: a preview's warm fit takes at most
// PreviewMaxIter iterations; one stopped there before converging says so in
// a note (and not as a failed fit), and the exact analysis afterwards is a
// one-shot analysis's, converged.
func TestPreviewStopsAtMaxIter(t *testing.T) {
	pairs := calibtest.DemoPairs(t, "judge-tokenA")
	e := NewEngine("judge-tokenA", pairs)
	e.SetWarmStart(false)
	e.SetPreviewMinKnots(0)
	opt := DefaultOptions()
	if _, err := e.Analyze(opt); err != nil {
		t.Fatal(err)
	}
	far := opt
	far.Lambda = 4 // far from 0.5: the warm fit needs more than PreviewMaxIter
	pv, err := e.Preview(context.Background(), far)
	if err != nil || pv == nil {
		t.Fatalf("preview at λ 4 = %v, %v", pv != nil, err)
	}
	if pv.Fit.Iterations > PreviewMaxIter {
		t.Fatalf("preview took %d iterations, at most %d allowed", pv.Fit.Iterations, PreviewMaxIter)
	}
	if pv.Fit.Converged {
		t.Fatalf("the λ 0.5 → 4 warm fit converged within %d iterations; this test needs one that does not", pv.Fit.Iterations)
	}
	var notes []string
	for _, m := range pv.Methods {
		if m.Name == MethodCalibraEval {
			notes = m.Notes
		}
	}
	want := "preview: the warm-started fit stopped after 4 iterations, before converging; the exact fit replaces it"
	if !slices.Contains(notes, want) || slices.ContainsFunc(notes, func(n string) bool { return strings.HasPrefix(n, "the fit did not converge") }) {
		t.Errorf("preview notes %q; want %q and no failed-fit note", notes, want)
	}
	got, err := e.Analyze(far)
	if err != nil {
		t.Fatal(err)
	}
	cold, err := Analyze("judge-tokenA", pairs, far)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Fit.Converged || got.Preview || !reflect.DeepEqual(got.Fit, cold.Fit) || !reflect.DeepEqual(got.Methods, cold.Methods) {
		t.Errorf("Analyze after a stopped preview differs from a one-shot analysis (converged %v)", got.Fit.Converged)
	}
}
