package selection

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// TestSolverPublishedRow checks that the published code's row is exactly
// FitPublished's map applied (fit on the estimation items in file order):
// metrics equal metrics.Compute(CalibratedPrefs(pairs, fit.Curve)), and with
// SolverBoth the converged row comes first and is unchanged.
func TestSolverPublishedRow(t *testing.T) {
	pairs := calibtest.SimJudges(t, 600, model.Arrangements[:]...)["judge-tokenA"]
	for _, frac := range []float64{1, 0.5} {
		opt := DefaultOptions()
		opt.EstFrac = frac
		conv, err := Analyze("j", pairs, opt)
		if err != nil {
			t.Fatal(err)
		}
		opt.Solver = SolverBoth
		both, err := Analyze("j", pairs, opt)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, m := range both.Methods {
			names = append(names, m.Name)
		}
		want := []string{MethodRaw, MethodCalibraEval, MethodCalibraEvalPublished, MethodPride, MethodCC, MethodDC, MethodBC, MethodBPC, MethodDiscard}
		if !slices.Equal(names, want) {
			t.Fatalf("frac %v: methods %v, want %v", frac, names, want)
		}
		if !reflect.DeepEqual(both.Method(MethodCalibraEval), conv.Method(MethodCalibraEval)) {
			t.Errorf("frac %v: the converged row changed with --solver both", frac)
		}
		est, heldout, err := calib.EstimationSet(len(pairs), frac, opt.Seed)
		if err != nil {
			t.Fatal(err)
		}
		est = slices.Clone(est)
		slices.Sort(est)
		po := calibraeval.DefaultPublishedOptions()
		fit, err := calibraeval.FitPublished(pairs, est, po)
		if err != nil {
			t.Fatal(err)
		}
		prefs := calib.CalibratedPrefs(pairs, fit.Curve)
		pub := both.Method(MethodCalibraEvalPublished)
		if got, want := calibtest.Summary(pub.All), calibtest.Summary(metrics.Compute(prefs)); got != want {
			t.Errorf("frac %v: published row %s, want %s", frac, got, want)
		}
		if frac < 1 {
			if pub.Heldout == nil {
				t.Fatalf("frac %v: no held-out metrics", frac)
			}
			if got, want := calibtest.Summary(*pub.Heldout), calibtest.Summary(metrics.ComputeIn(prefs, heldout, nil)); got != want {
				t.Errorf("frac %v: published held-out %s, want %s", frac, got, want)
			}
		}
		if both.Published == nil || both.Published.Final.Objective != fit.Final.Objective {
			t.Errorf("frac %v: Selection.Published not the fit", frac)
		}
		opt.Solver = SolverPublished
		only, err := Analyze("j", pairs, opt)
		if err != nil {
			t.Fatal(err)
		}
		if only.Method(MethodCalibraEval) != nil || only.Fit != nil {
			t.Errorf("frac %v: --solver published still has the converged row", frac)
		}
		if !slices.Equal(only.Curve, fit.Curve.Sample(CurvePoints)) {
			t.Errorf("frac %v: curve is not the published map", frac)
		}
	}
}

// TestStopAt checks the stop-at knob against the path: StopEnd is today's
// row exactly; point 0 gives the raw metrics; point i gives the path's
// point i, and a point beyond the path is an error naming the range.
func TestStopAt(t *testing.T) {
	pairs := calibtest.SimJudges(t, 600, model.Arrangements[:]...)["judge-tokenA"]
	opt := DefaultOptions()
	e := NewEngine("j", pairs)
	e.SetWarmStart(false)
	base, err := e.Analyze(opt)
	if err != nil {
		t.Fatal(err)
	}
	opt.Path = true
	withPath, err := e.Analyze(opt)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(base.Methods, withPath.Methods) || withPath.Path == nil || withPath.Stop != nil {
		t.Fatalf("--path changed the methods or has no path")
	}
	p := withPath.Path
	n := len(p.Points)
	for _, i := range []int{0, n / 2, n - 1} {
		opt.StopAt = StopAtPoint(i)
		s, err := e.Analyze(opt)
		if err != nil {
			t.Fatal(err)
		}
		ce := s.Method(MethodCalibraEval)
		if got, want := calibtest.Summary(ce.All), calibtest.Summary(p.Points[i].All); got != want {
			t.Errorf("stop %d: %s, want %s", i, got, want)
		}
		if i == 0 {
			if got, want := calibtest.Summary(ce.All), calibtest.Summary(s.Method(MethodRaw).All); got != want {
				t.Errorf("stop 0: %s, want raw %s", got, want)
			}
		}
		if i == n-1 {
			if got, want := calibtest.Summary(ce.All), calibtest.Summary(base.Method(MethodCalibraEval).All); got != want {
				t.Errorf("stop at the last point: %s, want the converged %s", got, want)
			}
		}
		if s.Stop == nil || s.Stop.Point != i || s.Stop.Points != n {
			t.Errorf("stop %d: Stop = %+v", i, s.Stop)
		}
		if !slices.Equal(s.Curve, p.Points[i].Curve.Sample(CurvePoints)) || !slices.Equal(s.Fit.Curve.G, p.Points[i].Curve.G) {
			t.Errorf("stop %d: curve is not the point's", i)
		}
		if !strings.Contains(strings.Join(ce.Notes, "\n"), "stopped at point") {
			t.Errorf("stop %d: no note: %q", i, ce.Notes)
		}
	}
	opt.StopAt = StopAtPoint(n)
	if _, err := e.Analyze(opt); err == nil || !strings.Contains(err.Error(), "the fit path has") {
		t.Errorf("stop beyond the path: err %v", err)
	}
	// A fresh one-shot analysis gives the engine's numbers.
	opt.StopAt = StopAtPoint(n / 2)
	one, err := Analyze("j", pairs, opt)
	if err != nil {
		t.Fatal(err)
	}
	eng, _ := e.Analyze(opt)
	if !reflect.DeepEqual(one.Methods, eng.Methods) {
		t.Errorf("one-shot and engine differ at stop %d", n/2)
	}
}

// TestSolverOptionParsing checks ParseSolver, ParsePathStop and validation.
func TestSolverOptionParsing(t *testing.T) {
	for _, s := range []Solver{SolverConverged, SolverPublished, SolverBoth} {
		if got, err := ParseSolver(s.String()); err != nil || got != s {
			t.Errorf("ParseSolver(%q) = %v, %v", s, got, err)
		}
	}
	if _, err := ParseSolver("foo"); err == nil || !strings.Contains(err.Error(), "want converged, published or both") {
		t.Errorf("ParseSolver(foo): %v", err)
	}
	for in, want := range map[string]PathStop{"end": StopEnd, "-1": StopEnd, "0": StopAtPoint(0), "12": StopAtPoint(12)} {
		if got, err := ParsePathStop(in); err != nil || got != want {
			t.Errorf("ParsePathStop(%q) = %v, %v", in, got, err)
		}
	}
	for _, in := range []string{"", "x", "-2", "1.5", "3x"} {
		if _, err := ParsePathStop(in); err == nil {
			t.Errorf("ParsePathStop(%q): no error", in)
		}
	}
	opt := DefaultOptions()
	if opt.PublishedLambda != 0.05 || opt.Solver != SolverConverged || opt.StopAt != StopEnd {
		t.Errorf("defaults: %+v", opt)
	}
	for _, bad := range []func(o *Options){
		func(o *Options) { o.Solver = 7 },
		func(o *Options) { o.Solver, o.PublishedLambda = SolverBoth, -1 },
		func(o *Options) { o.StopAt = -3 },
	} {
		o := DefaultOptions()
		bad(&o)
		if err := o.validate(); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}
