package selection

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/baseline"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// TestCalibraEvalReducesSelectionBias is the acceptance test of the
// selection engine: on a judge with strong position and token bias,
// CalibraEval raises ICC(2,k) and κ and lowers RStd relative to the raw
// judgments, in the paper's x0, x1, x2 design and, with a moderate position
// bias, in all four arrangements. (With x3 and a position bias of 1 logit,
// docs/methods.md §3's objective at λ = 0.5 is minimised by g ≈ 0.5; see
// TestCalibraEvalDegenerateFitIsFlagged.)
func TestCalibraEvalReducesSelectionBias(t *testing.T) {
	for _, cfg := range []calibtest.Sim{calibtest.BiasedJudge, calibtest.FourJudge} {
		name := cfg.Judge
		sel, err := Analyze(cfg.Judge, calibtest.Simulate(1, cfg), DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		raw, ce := sel.Method(MethodRaw), sel.Method(MethodCalibraEval)
		if !ce.Available {
			t.Fatalf("%s: CalibraEval unavailable: %s", name, ce.Reason)
		}
		r, c := raw.All, ce.All
		if !(c.ICC2k.Value > r.ICC2k.Value && c.FleissKappa.Value > r.FleissKappa.Value && c.RStd.Value < r.RStd.Value) {
			t.Errorf("%s: CalibraEval did not reduce selection bias:\nraw %s\nce  %s", name, calibtest.Summary(r), calibtest.Summary(c))
		}
		if !sel.Fit.Converged {
			t.Errorf("%s: fit did not converge: %s", name, sel.Fit.Status)
		}
		if len(ce.Notes) > 0 {
			t.Errorf("%s: notes %q", name, ce.Notes)
		}
		t.Logf("%s\nraw   %s\nce    %s\npride %s\nbpc   %s\ndisc  %s", name, calibtest.Summary(r), calibtest.Summary(c),
			calibtest.Summary(sel.Method(MethodPride).All), calibtest.Summary(sel.Method(MethodBPC).All), calibtest.Summary(sel.Method(MethodDiscard).All))
	}
}

// TestCalibraEvalDegenerateFitIsFlagged: when the fitted g* is nearly
// constant over the judge's P(A), the engine says so in a note, and only
// then. Two designs where docs/methods.md §3's objective, minimised exactly,
// has a constant optimum: x0, x1 only (eq. 20: g ≡ 1 zeroes every position
// term and maximises the anchor), and x0..x3 with a position bias of 1
// logit (g ≈ 0.5).
func TestCalibraEvalDegenerateFitIsFlagged(t *testing.T) {
	pos := calibtest.BiasedJudge
	pos.Arr, pos.Judge = [4]bool{true, true}, "x0,x1"
	four := calibtest.BiasedJudge
	four.Arr, four.Judge = calibtest.AllArr, "x0..x3 strong position bias"
	for _, cfg := range []calibtest.Sim{pos, four, calibtest.BiasedJudge} {
		pairs := calibtest.Simulate(1, cfg)
		sel, err := Analyze(cfg.Judge, pairs, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		ce := sel.Method(MethodCalibraEval)
		_, sd := calib.Spread(calib.CalibratedPrefs(pairs, sel.Fit.Curve))
		flagged := slices.ContainsFunc(ce.Notes, func(s string) bool { return strings.Contains(s, "degenerate fit") })
		if flagged != (sd < calib.CollapseSD) || ce.Degenerate != flagged {
			t.Errorf("%s: sd(g*) = %.4f, flagged %v, Degenerate %v", cfg.Judge, sd, flagged, ce.Degenerate)
		}
		t.Logf("%s: sd(g*) = %.4f, notes %q\nraw %s\nce  %s", cfg.Judge, sd, ce.Notes, calibtest.Summary(sel.Method(MethodRaw).All), calibtest.Summary(ce.All))
	}
}

// TestSelectionMethods checks the structure of a Result and the
// baselines' availability on three kinds of judge.
func TestSelectionMethods(t *testing.T) {
	t.Run("probabilities x0..x3", func(t *testing.T) {
		pairs := calibtest.Simulate(2, calibtest.FourJudge)
		sel, err := Analyze("four", pairs, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, m := range sel.Methods {
			names = append(names, m.Name)
			if m.Name == MethodCC || m.Name == MethodDC {
				// No probes in a log of pairs only: the reason says so.
				if want := "no " + strings.ToUpper(m.Name) + " probes in the log"; m.Available || m.Reason != want {
					t.Errorf("%s: available %v, reason %q, want %q", m.Name, m.Available, m.Reason, want)
				}
				continue
			}
			if !m.Available {
				t.Errorf("%s unavailable: %s", m.Name, m.Reason)
			}
			if m.Heldout != nil {
				t.Errorf("%s: held-out metrics with EstFrac = 1", m.Name)
			}
			calibtest.CheckWellFormed(t, m.Name, m.All)
		}
		if !slices.Equal(names, MethodNames()) {
			t.Errorf("methods %v, want %v", names, MethodNames())
		}
		if sel.N != 1500 || sel.Arrangements != [4]int{1500, 1500, 1500, 1500} || sel.EstSize != 1500 || sel.HeldoutSize != 0 {
			t.Errorf("sizes: N %d arr %v est %d heldout %d", sel.N, sel.Arrangements, sel.EstSize, sel.HeldoutSize)
		}
		if len(sel.Curve) != CurvePoints || !slices.IsSorted(sel.Curve) || sel.Curve[0] < -1e-12 || sel.Curve[100] > 1+1e-12 {
			t.Errorf("curve: %d points, sorted %v, ends %v %v", len(sel.Curve), slices.IsSorted(sel.Curve), sel.Curve[0], sel.Curve[len(sel.Curve)-1])
		}
		if sel.Prior == nil || sel.Prior.N != 1500 {
			t.Errorf("Pride prior %+v", sel.Prior)
		}
		d := sel.Method(MethodDiscard)
		if d.Kept == nil || d.Kept.Value != sel.Method(MethodRaw).All.Consistency.Value {
			t.Errorf("discard kept %+v, raw consistency %v", d.Kept, sel.Method(MethodRaw).All.Consistency.Value)
		}
		if sel.Method(MethodBPC).All.FleissKappa.Reason != baseline.ReasonBPCAggregation {
			t.Errorf("BPC κ: %+v", sel.Method(MethodBPC).All.FleissKappa)
		}
		// Pride on a judge whose token bias is logit-additive improves on raw.
		raw, pr := sel.Method(MethodRaw).All, sel.Method(MethodPride).All
		if !(pr.FleissKappa.Value > raw.FleissKappa.Value && pr.RStd.Value < raw.RStd.Value) {
			t.Errorf("Pride did not improve:\nraw   %s\npride %s", calibtest.Summary(raw), calibtest.Summary(pr))
		}
		// BPC on a position-biased judge is at least as accurate as the raw mean.
		if b := sel.Method(MethodBPC).All; b.AccuracyMean.Value < raw.AccuracyMean.Value {
			t.Errorf("BPC accuracy %v < raw %v", b.AccuracyMean.Value, raw.AccuracyMean.Value)
		}
	})
	t.Run("probabilities x0,x1", func(t *testing.T) {
		cfg := calibtest.BiasedJudge
		cfg.Arr, cfg.N = [4]bool{true, true}, 300
		sel, err := Analyze("pos", calibtest.Simulate(3, cfg), DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if m := sel.Method(MethodPride); m.Available || !strings.Contains(m.Reason, "x0 and x2") {
			t.Errorf("Pride: available %v, reason %q", m.Available, m.Reason)
		}
		for _, name := range []string{MethodRaw, MethodCalibraEval, MethodBPC, MethodDiscard} {
			if m := sel.Method(name); !m.Available {
				t.Errorf("%s unavailable: %s", name, m.Reason)
			}
		}
	})
	t.Run("hard choices", func(t *testing.T) {
		cfg := calibtest.BiasedJudge
		cfg.Arr, cfg.N, cfg.Source = [4]bool{true, true}, 300, model.SourceChoice
		sel, err := Analyze("hard", calibtest.Simulate(4, cfg), DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{MethodCalibraEval, MethodPride} {
			if m := sel.Method(name); m.Available || !strings.Contains(m.Reason, "hard choices") {
				t.Errorf("%s: available %v, reason %q", name, m.Available, m.Reason)
			}
		}
		if sel.Fit != nil || sel.Curve != nil || sel.Source != model.SourceChoice {
			t.Errorf("fit %v, curve %v, source %v", sel.Fit, sel.Curve, sel.Source)
		}
		for _, name := range []string{MethodRaw, MethodBPC, MethodDiscard} {
			if m := sel.Method(name); !m.Available {
				t.Errorf("%s unavailable: %s", name, m.Reason)
			}
		}
	})
	t.Run("x0,x2 only", func(t *testing.T) {
		cfg := calibtest.BiasedJudge
		cfg.Arr, cfg.N = [4]bool{true, false, true, false}, 300
		sel, err := Analyze("con", calibtest.Simulate(6, cfg), DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		// x0 and x2 show each response first once (IDs stay on the
		// positions, as FastChat, LLMBar, JudgeBench and Arena-Hard run):
		// BPC averages them.
		if m := sel.Method(MethodBPC); !m.Available || !m.All.AccuracyMean.OK() || m.All.N != 300 {
			t.Errorf("BPC: available %v, reason %q, N %d", m.Available, m.Reason, m.All.N)
		}
		if m := sel.Method(MethodPride); !m.Available {
			t.Errorf("Pride unavailable: %s", m.Reason)
		}
	})
}

// TestSelectionWarmStart: changing only λ warm-starts from the last fit
// and needs fewer iterations than a cold fit; going back to a λ returns
// its cached fit.
func TestSelectionWarmStart(t *testing.T) {
	pairs := calibtest.Simulate(7, calibtest.BiasedJudge)
	e := NewEngine("biased", pairs)
	opt := DefaultOptions()
	first, err := e.Analyze(opt)
	if err != nil {
		t.Fatal(err)
	}
	if first.WarmStarted {
		t.Error("first fit was warm-started")
	}
	opt.Lambda = 0.6
	warm, err := e.Analyze(opt)
	if err != nil {
		t.Fatal(err)
	}
	cold, err := Analyze("biased", pairs, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !warm.WarmStarted || cold.WarmStarted {
		t.Errorf("WarmStarted: warm %v, cold %v", warm.WarmStarted, cold.WarmStarted)
	}
	if warm.Fit.Iterations >= cold.Fit.Iterations {
		t.Errorf("warm start took %d iterations, cold %d", warm.Fit.Iterations, cold.Fit.Iterations)
	}
	// The objective is non-convex: the two starts may end in different
	// minima, but of about the same depth.
	if d := warm.Fit.Objective - cold.Fit.Objective; d > 1e-2*math.Abs(cold.Fit.Objective) {
		t.Errorf("warm objective %v, cold %v", warm.Fit.Objective, cold.Fit.Objective)
	}
	t.Logf("iterations: cold λ=0.5 %d, warm λ=0.6 %d, cold λ=0.6 %d", first.Fit.Iterations, warm.Fit.Iterations, cold.Fit.Iterations)
	opt.Lambda = 0.5
	again, err := e.Analyze(opt)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again, first) {
		t.Error("returning to λ = 0.5 did not give the first result")
	}
	// The returned fit is a copy: changing it does not change the cache.
	again.Fit.D[0] = 99
	again.Methods[1].All.ICC2k.CI.Lower = -99
	third, _ := e.Analyze(opt)
	if !reflect.DeepEqual(third, first) {
		t.Error("a caller's change leaked into the engine's cache")
	}
	// A new objective is a new problem: cold start.
	opt.Objective = calibraeval.ObjectiveL2
	l2, err := e.Analyze(opt)
	if err != nil {
		t.Fatal(err)
	}
	if l2.WarmStarted {
		t.Error("new objective was warm-started")
	}
}

// TestSelectionWarmStartAvoidsDegenerateFit: a degenerate (constant) fit is
// a trap for warm starts, so the next λ must not stay in it when a cold
// fit finds a real map.
func TestSelectionWarmStartAvoidsDegenerateFit(t *testing.T) {
	cfg := calibtest.BiasedJudge
	cfg.Arr = calibtest.AllArr // at λ = 0.5 the optimum is g ≈ 0.5
	pairs := calibtest.Simulate(7, cfg)
	e := NewEngine("x", pairs)
	opt := DefaultOptions()
	first, err := e.Analyze(opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Method(MethodCalibraEval).Notes) == 0 {
		t.Fatal("λ = 0.5 should give a degenerate fit on this judge")
	}
	opt.Lambda = 1
	next, err := e.Analyze(opt)
	if err != nil {
		t.Fatal(err)
	}
	cold, err := Analyze("x", pairs, opt)
	if err != nil {
		t.Fatal(err)
	}
	if next.WarmStarted || next.Fit.Objective != cold.Fit.Objective || len(next.Method(MethodCalibraEval).Notes) != 0 {
		t.Errorf("after a degenerate fit: warm %v, objective %v (cold %v), notes %q",
			next.WarmStarted, next.Fit.Objective, cold.Fit.Objective, next.Method(MethodCalibraEval).Notes)
	}
}

// TestSelectionHeldout: EstFrac < 1 gives held-out metrics on the items
// outside the estimation set, and the sizes add up.
func TestSelectionHeldout(t *testing.T) {
	pairs := calibtest.Simulate(8, calibtest.BiasedJudge)
	opt := DefaultOptions()
	opt.EstFrac = 0.3
	sel, err := Analyze("biased", pairs, opt)
	if err != nil {
		t.Fatal(err)
	}
	if sel.EstSize != 450 || sel.EstSize+sel.HeldoutSize != sel.N {
		t.Errorf("est %d + heldout %d != N %d", sel.EstSize, sel.HeldoutSize, sel.N)
	}
	for _, m := range sel.Methods {
		if !m.Available && (m.Name == MethodCC || m.Name == MethodDC) {
			continue // no probes
		}
		if m.Heldout == nil {
			t.Errorf("%s: no held-out metrics", m.Name)
			continue
		}
		calibtest.CheckWellFormed(t, m.Name+" heldout", *m.Heldout)
		want := sel.HeldoutSize
		if m.Name == MethodDiscard {
			kept, _ := baseline.ConsistentItems(calib.RawPrefs(pairs), selHeldoutOf(t, len(pairs), opt))
			want = len(kept)
		}
		if m.Heldout.N != want {
			t.Errorf("%s: held-out N %d, want %d", m.Name, m.Heldout.N, want)
		}
	}
	if p := sel.Prior; p == nil || p.N != sel.EstSize {
		t.Errorf("Pride prior from %+v items, want %d", p, sel.EstSize)
	}
	ce := sel.Method(MethodCalibraEval)
	rawH := sel.Method(MethodRaw).Heldout
	if !(ce.Heldout.ICC2k.Value > rawH.ICC2k.Value && ce.Heldout.RStd.Value < rawH.RStd.Value) {
		t.Errorf("held out:\nraw %s\nce  %s", calibtest.Summary(*rawH), calibtest.Summary(*ce.Heldout))
	}

	opt.EstFrac = 0.9999 // ⌈0.9999·1500⌉ = 1500: nothing held out
	sel, err = Analyze("biased", pairs, opt)
	if err != nil {
		t.Fatal(err)
	}
	if sel.HeldoutSize != 0 || sel.Method(MethodRaw).Heldout != nil || len(sel.Notes) == 0 {
		t.Errorf("nothing held out: size %d, notes %v", sel.HeldoutSize, sel.Notes)
	}
}

// selHeldoutOf returns the held-out items the engine uses for opt.
func selHeldoutOf(t *testing.T, n int, opt Options) []int {
	t.Helper()
	_, h, err := calib.EstimationSet(n, opt.EstFrac, opt.Seed)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestSelectionDeterministic: the same seed gives the same Result, a
// different seed a different estimation set.
func TestSelectionDeterministic(t *testing.T) {
	cfg := calibtest.BiasedJudge
	cfg.N = 600
	pairs := calibtest.Simulate(9, cfg)
	opt := DefaultOptions()
	opt.EstFrac, opt.Seed = 0.5, 42
	a, err := Analyze("j", pairs, opt)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Analyze("j", slices.Clone(pairs), opt)
	if !reflect.DeepEqual(a, b) {
		t.Error("same seed, different results")
	}
	opt.Seed = 43
	c, _ := Analyze("j", pairs, opt)
	if reflect.DeepEqual(a.Method(MethodRaw).Heldout, c.Method(MethodRaw).Heldout) {
		t.Error("different seeds gave the same held-out set")
	}
}

func TestSelectionOptionErrors(t *testing.T) {
	pairs := calibtest.Simulate(1, calibtest.Sim{N: 20, Arr: calibtest.AllArr, Signal: 1})
	bad := []func(*Options){
		func(o *Options) { o.Lambda = -1 },
		func(o *Options) { o.Lambda = math.NaN() },
		func(o *Options) { o.Lambda = math.Inf(1) },
		func(o *Options) { o.EstFrac = 0 },
		func(o *Options) { o.EstFrac = 1.5 },
		func(o *Options) { o.Objective = 7 },
		func(o *Options) { o.MaxIter = -1 },
	}
	for i, f := range bad {
		opt := DefaultOptions()
		f(&opt)
		if _, err := Analyze("j", pairs, opt); err == nil || !strings.Contains(err.Error(), `"j"`) {
			t.Errorf("case %d: err = %v, want an error naming the judge", i, err)
		}
	}
	if _, err := Analyze("j", nil, DefaultOptions()); err == nil {
		t.Error("no pairs: no error")
	}
	// λ = 0 is allowed, and says what it does.
	opt := DefaultOptions()
	opt.Lambda = 0
	sel, err := Analyze("j", pairs, opt)
	if err != nil {
		t.Fatal(err)
	}
	if ce := sel.Method(MethodCalibraEval); !ce.Available || len(ce.Notes) == 0 {
		t.Errorf("λ = 0: %+v", ce)
	}
}

func TestSplitByJudge(t *testing.T) {
	pairs := []model.Pair{{ID: "1", Judge: "b"}, {ID: "2", Judge: "a"}, {ID: "3", Judge: "b"}, {ID: "4", Judge: ""}}
	judges, by := calib.SplitByJudge(pairs)
	if !slices.Equal(judges, []string{"", "a", "b"}) {
		t.Errorf("judges %q", judges)
	}
	if len(by["b"]) != 2 || by["b"][0].ID != "1" || by["b"][1].ID != "3" || by["a"][0].ID != "2" {
		t.Errorf("grouping %v", by)
	}
	if j, by := calib.SplitByJudge(nil); len(j) != 0 || len(by) != 0 {
		t.Errorf("empty input: %v %v", j, by)
	}
}

func benchmarkAnalyze(b *testing.B, n int) {
	cfg := calibtest.FourJudge
	cfg.N = n
	pairs := calibtest.Simulate(1, cfg)
	opt := DefaultOptions()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Analyze("bench", pairs, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAnalyze3000 is a full cold analysis (every method) of one judge
// with 3,000 items in x0..x3.
func BenchmarkAnalyze3000(b *testing.B) { benchmarkAnalyze(b, 3000) }

// BenchmarkAnalyze100000 is the same at 100,000 items.
func BenchmarkAnalyze100000(b *testing.B) { benchmarkAnalyze(b, 100000) }

// BenchmarkAnalyzeLambdaStep is one λ change on a warm engine (3,000 items).
func BenchmarkAnalyzeLambdaStep(b *testing.B) { benchmarkLambdaStep(b, 3000, true) }

// benchmarkLambdaStep changes λ once per op (beyond the fit cache) on an
// engine of n simulated items, with or without warm starts.
func benchmarkLambdaStep(b *testing.B, n int, warm bool) {
	cfg := calibtest.FourJudge
	cfg.N = n
	e := NewEngine("bench", calibtest.Simulate(1, cfg))
	e.SetWarmStart(warm)
	opt := DefaultOptions()
	if _, err := e.Analyze(opt); err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		i++
		opt.Lambda = 0.5 + 0.01*float64(i%50+1) // beyond the fit cache
		if _, err := e.Analyze(opt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAnalyzeWithoutFit3000 is everything Analyze does for 3,000 items
// in x0..x3 except CalibraEval's L-BFGS fit (its share of the cost belongs
// to NOA.Fit): raw, Pride, BPC and discard metrics, building the NOA
// problem, and applying a curve.
func BenchmarkAnalyzeWithoutFit3000(b *testing.B) {
	cfg := calibtest.FourJudge
	cfg.N = 3000
	pairs := calibtest.Simulate(1, cfg)
	est := make([]int, len(pairs))
	for i := range est {
		est[i] = i
	}
	curve := calib.IdentityCurve()
	b.ReportAllocs()
	for b.Loop() {
		raw := calib.RawPrefs(pairs)
		metrics.Compute(raw)
		pp, _, err := baseline.PridePrefs(pairs, est)
		if err != nil {
			b.Fatal(err)
		}
		metrics.Compute(pp)
		bp, err := baseline.BPCPrefs(raw)
		if err != nil {
			b.Fatal(err)
		}
		baseline.BPCMetrics(bp)
		baseline.DiscardMetrics(raw)
		if _, err := calibraeval.NewNOA(pairs, est, calibraeval.ObjectiveBoth); err != nil {
			b.Fatal(err)
		}
		cp := calib.CalibratedPrefs(pairs, curve)
		metrics.Compute(cp)
		calib.Spread(cp)
	}
}

// TestSelectionColdEngineMatchesOneShot: with warm starts off, an engine
// that has seen other options gives exactly the one-shot analysis.
func TestSelectionColdEngineMatchesOneShot(t *testing.T) {
	pairs := calibtest.Simulate(7, calibtest.BiasedJudge)
	e := NewEngine("biased", pairs)
	e.SetWarmStart(false)
	opt := DefaultOptions()
	for _, lam := range []float64{0.5, 0.6, 0.3, 0.6} {
		opt.Lambda = lam
		got, err := e.Analyze(opt)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Analyze("biased", pairs, opt)
		if err != nil {
			t.Fatal(err)
		}
		if got.WarmStarted {
			t.Errorf("λ=%v: warm-started with warm starts off", lam)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("λ=%v: engine result differs from the one-shot analysis", lam)
		}
	}
}
