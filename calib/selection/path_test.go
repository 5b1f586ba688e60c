package selection

import (
	"context"
	"math"
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

// checkPathShape asserts what holds on every path: the identity first, the
// objective non-increasing and the distance non-decreasing along it (path.go:
// L' ≤ L whenever d' ≥ d), peaks in range.
func checkPathShape(t *testing.T, name string, p *calibraeval.Path) {
	t.Helper()
	pts := p.Points
	if len(pts) < 2 {
		t.Fatalf("%s: %d points", name, len(pts))
	}
	if !math.IsInf(pts[0].Mu, 1) || pts[0].Distance != 0 || pts[len(pts)-1].Mu != 0 {
		t.Errorf("%s: ends μ = %v, %v; first distance %v", name, pts[0].Mu, pts[len(pts)-1].Mu, pts[0].Distance)
	}
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		if b.Objective > a.Objective+1e-12*max(1, math.Abs(a.Objective)) {
			t.Errorf("%s: objective rises from point %d to %d: %v → %v", name, i-1, i, a.Objective, b.Objective)
		}
		if b.Distance < a.Distance-1e-12 {
			t.Errorf("%s: distance falls from point %d to %d: %v → %v", name, i-1, i, a.Distance, b.Distance)
		}
		if !(b.Mu < a.Mu) && i < len(pts)-1 {
			t.Errorf("%s: μ not decreasing at %d: %v → %v", name, i, a.Mu, b.Mu)
		}
		if !slices.IsSorted(b.Curve.G) {
			t.Errorf("%s: point %d: g* not monotone", name, i)
		}
	}
	for k, i := range p.Peak {
		if i < 0 || i >= len(pts) {
			t.Errorf("%s: peak %s at %d of %d points", name, k, i, len(pts))
		}
	}
}

// TestPathEnds: on the simulator's x0, x1, x2 judges the path starts at the
// raw numbers and ends exactly at Analyze's CalibraEval row
// (curve, fit objective and metrics, all items and held out), with the
// objective falling along it and the path's own end in the cold fit's
// minimum.
func TestPathEnds(t *testing.T) {
	by := calibtest.SimJudges(t, 1000, model.X0, model.X1, model.X2)
	for _, frac := range []float64{1, 0.5} {
		for _, judge := range []string{"judge-fair", "judge-first", "judge-tokenA"} {
			opt := DefaultOptions()
			opt.EstFrac = frac
			path, err := FitPath(context.Background(), judge, by[judge], opt, PathOptions{})
			if err != nil {
				t.Fatal(err)
			}
			sel, err := Analyze(judge, by[judge], opt)
			if err != nil {
				t.Fatal(err)
			}
			name := judge
			checkPathShape(t, name, path)
			first, last := path.Points[0], path.Points[len(path.Points)-1]
			raw, ce := sel.Method(MethodRaw), sel.Method(MethodCalibraEval)
			if !reflect.DeepEqual(first.All, raw.All) || !reflect.DeepEqual(first.Heldout, raw.Heldout) {
				t.Errorf("%s: first point's metrics differ from raw's", name)
			}
			if first.Curve.Apply(0.37) != 0.37 {
				t.Errorf("%s: first point is not the identity", name)
			}
			if !reflect.DeepEqual(last.Curve, sel.Fit.Curve) || last.Objective != sel.Fit.Objective {
				t.Errorf("%s: last point's curve or objective differs from the cold fit", name)
			}
			if !reflect.DeepEqual(last.All, ce.All) || !reflect.DeepEqual(last.Heldout, ce.Heldout) {
				t.Errorf("%s: last point's metrics differ from CalibraEval's row", name)
			}
			if (frac < 1) != (last.Heldout != nil) {
				t.Errorf("%s: est frac %v, held-out metrics %v", name, frac, last.Heldout != nil)
			}
			if !path.SameBasin {
				t.Errorf("%s: the path's end is not the cold fit's minimum: %v", name, path.Notes)
			}
			if len(path.Points) < DefaultPathPoints-3 {
				t.Errorf("%s: %d points, asked for %d", name, len(path.Points), DefaultPathPoints)
			}
			// Evenly spaced in distance: no gap more than 2.5 times the mean.
			mean := last.Distance / float64(len(path.Points)-1)
			for i := 1; i < len(path.Points); i++ {
				if gap := path.Points[i].Distance - path.Points[i-1].Distance; gap > 2.5*mean {
					t.Errorf("%s: gap %.4f between points %d and %d (mean %.4f)", name, gap, i-1, i, mean)
				}
			}
			if hp := path.HeldoutPeak(); (frac < 1) != (len(hp) == 4) {
				t.Errorf("%s: est frac %v, held-out peaks %v", name, frac, hp)
			}
			if frac == 1 {
				pk := path.Peak
				at := func(k string, get func(metrics.Metrics) calib.Stat) string {
					return strings.TrimSpace(get(path.Points[pk[k]].All).Format(3))
				}
				t.Logf("%s: %d points; peaks κ %d (%s), ICC(2,k) %d (%s), RStd %d (%s), accuracy %d (%s); end κ %.3f ICC %.3f RStd %.2f acc %.3f",
					name, len(path.Points),
					pk[calibraeval.PeakKappa], at(calibraeval.PeakKappa, func(m metrics.Metrics) calib.Stat { return m.FleissKappa }),
					pk[calibraeval.PeakICC2k], at(calibraeval.PeakICC2k, func(m metrics.Metrics) calib.Stat { return m.ICC2k }),
					pk[calibraeval.PeakRStd], at(calibraeval.PeakRStd, func(m metrics.Metrics) calib.Stat { return m.RStd }),
					pk[calibraeval.PeakAccuracy], at(calibraeval.PeakAccuracy, func(m metrics.Metrics) calib.Stat { return m.AccuracyMean }),
					last.All.FleissKappa.Value, last.All.ICC2k.Value, last.All.RStd.Value, last.All.AccuracyMean.Value)
			}
		}
	}
}

// TestPathPeakBeforeEnd is the teaching point on the simulator's
// judge-tokenA (x0, x1, x2): agreement along the path peaks before the
// converged end, i.e. the lowest objective is not the best agreement.
func TestPathPeakBeforeEnd(t *testing.T) {
	by := calibtest.SimJudges(t, 1000, model.X0, model.X1, model.X2)
	path, err := FitPath(context.Background(), "judge-tokenA", by["judge-tokenA"], DefaultOptions(), PathOptions{})
	if err != nil {
		t.Fatal(err)
	}
	last := len(path.Points) - 1
	i := path.Peak[calibraeval.PeakICC2k]
	peak, end := path.Points[i].All.ICC2k.Value, path.Points[last].All.ICC2k.Value
	if !(i > 0 && i < last && peak > end+0.02) {
		t.Errorf("ICC(2,k) peaks at point %d of %d with %.3f; end %.3f", i, last, peak, end)
	}
}

// TestPathCollapse: with x0 and x1 only, eq. 20's minimum is a constant map
// (README "What minimising CalibraEval to convergence shows"). On the
// simulator's judge-first the path shows agreement rising first, then the
// objective's optimum collapsing: the end is degenerate, ICC(2,k) there is
// far below its peak, which lies strictly inside the path.
func TestPathCollapse(t *testing.T) {
	by := calibtest.SimJudges(t, 2000, model.X0, model.X1)
	for _, judge := range []string{"judge-first", "judge-tokenA"} {
		path, err := FitPath(context.Background(), judge, by[judge], DefaultOptions(), PathOptions{})
		if err != nil {
			t.Fatal(err)
		}
		checkPathShape(t, judge, path)
		pts := path.Points
		last := len(pts) - 1
		if !pts[last].Degenerate || pts[0].Degenerate {
			t.Errorf("%s: degenerate at the start %v, at the end %v", judge, pts[0].Degenerate, pts[last].Degenerate)
		}
		// No peak is a collapsed point: its agreement says nothing.
		for key, k := range path.Peak {
			if pts[k].Degenerate {
				t.Errorf("%s: the %s peak is point %d, which is collapsed", judge, key, k)
			}
		}
		i := path.Peak[calibraeval.PeakICC2k]
		if !(i > 0 && i < last) {
			t.Fatalf("%s: ICC(2,k) peaks at point %d of %d", judge, i, last)
		}
		peak, raw := pts[i].All.ICC2k.Value, pts[0].All.ICC2k.Value
		end := pts[last].All.ICC2k
		if !(peak > raw) || (end.OK() && !(end.Value < peak-0.2)) {
			t.Errorf("%s: ICC(2,k) raw %.3f, peak %.3f, end %s", judge, raw, peak, end.Format(3))
		}
		// g nearly constant at the end.
		g := pts[last].Curve
		if spread := g.Apply(0.95) - g.Apply(0.05); spread > 0.05 {
			t.Errorf("%s: end map spreads %.3f over [0.05, 0.95]", judge, spread)
		}
		t.Logf("%s: %d points, ICC(2,k) raw %.3f → peak %.3f at point %d (distance %.3f) → end %s; objective %.4f → %.4f",
			judge, len(pts), raw, peak, i, pts[i].Distance, end.Format(3), pts[0].Objective, pts[last].Objective)
	}
}

// TestPathDifferentMinimum: on a small x0+x1 problem at λ = 2 the path
// jumps, and its own end (μ = 0, warm) is a lower minimum than the cold
// fit's. The last point is still the cold fit; the notes say both things.
func TestPathDifferentMinimum(t *testing.T) {
	pairs := calibtest.GenPairs(74, calibtest.Judge{Token: -0.5, Position: 0.3, Noise: 1.5, Spread: 0.5}, [model.NumArrangements]bool{true, true}, 2)
	opt := DefaultOptions()
	opt.Lambda = 2
	path, err := FitPath(context.Background(), "j", pairs, opt, PathOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sel, err := Analyze("j", pairs, opt)
	if err != nil {
		t.Fatal(err)
	}
	last := path.Points[len(path.Points)-1]
	// The cold fit is collapsed (since issue 19: g* is 0 on 95% of the
	// data, 1 on the rest): the point keeps its metrics and says
	// Degenerate, the method's row shows them undefined as collapsed.
	ce := sel.Method(MethodCalibraEval)
	lastAll := last.All.Clone()
	if last.Degenerate {
		lastAll.Collapse(ce.DegenerateReason)
	}
	if !reflect.DeepEqual(last.Curve, sel.Fit.Curve) || last.Degenerate != ce.Degenerate || !reflect.DeepEqual(lastAll, ce.All) {
		t.Error("the last point is not the cold fit")
	}
	if path.SameBasin || !(path.WarmEnd.Objective < last.Objective-1e-3) {
		t.Errorf("same minimum %v: warm end L/K %v, cold %v", path.SameBasin, path.WarmEnd.Objective, last.Objective)
	}
	notes := strings.Join(path.Notes, "\n")
	if !strings.Contains(notes, "the path's is lower") || !strings.Contains(notes, "not on the path") || len(path.Points) >= DefaultPathPoints {
		t.Errorf("%d points, notes:\n%s", len(path.Points), notes)
	}
	// Up to the cold fit, the objective still falls.
	for i := 1; i < len(path.Points)-1; i++ {
		if path.Points[i].Objective > path.Points[i-1].Objective+1e-12 {
			t.Errorf("objective rises at point %d", i)
		}
	}
}

func TestPathDeterministic(t *testing.T) {
	pairs := calibtest.GenPairs(600, calibtest.StrongA, calibtest.Has012, 31)
	a, err := FitPath(context.Background(), "j", pairs, DefaultOptions(), PathOptions{Points: 12})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := FitPath(context.Background(), "j", pairs, DefaultOptions(), PathOptions{Points: 12})
	if !reflect.DeepEqual(a, b) {
		t.Error("two paths of the same data differ")
	}
	if len(a.Points) > 12 || len(a.Points) < 9 {
		t.Errorf("asked for 12 points, got %d", len(a.Points))
	}
	// An engine with warm starts on, after other λ, gives the same path.
	e := NewEngine("j", pairs)
	for _, lam := range []float64{0.3, 0.5, 0.9} {
		o := DefaultOptions()
		o.Lambda = lam
		if _, err := e.Analyze(o); err != nil {
			t.Fatal(err)
		}
	}
	c, err := e.Path(context.Background(), DefaultOptions(), PathOptions{Points: 12})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, c) {
		t.Error("the engine's path differs from FitPath's")
	}
	// Two points: the identity and the cold fit.
	two, err := FitPath(context.Background(), "j", pairs, DefaultOptions(), PathOptions{Points: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(two.Points) != 2 || !reflect.DeepEqual(two.Points[1], a.Points[len(a.Points)-1]) {
		t.Errorf("two-point path: %d points", len(two.Points))
	}
}

func TestPathErrors(t *testing.T) {
	pairs := calibtest.GenPairs(50, calibtest.StrongA, calibtest.Has012, 32)
	ctx := context.Background()
	if _, err := FitPath(ctx, "j", pairs, DefaultOptions(), PathOptions{Points: 1}); err == nil {
		t.Error("1 point accepted")
	}
	bad := DefaultOptions()
	bad.Lambda = -1
	if _, err := FitPath(ctx, "j", pairs, bad, PathOptions{}); err == nil {
		t.Error("λ = −1 accepted")
	}
	if _, err := FitPath(ctx, "j", nil, DefaultOptions(), PathOptions{}); err == nil {
		t.Error("no pairs accepted")
	}
	hard := slices.Clone(pairs)
	hard[3].Source = model.SourceChoice
	if _, err := FitPath(ctx, "j", hard, DefaultOptions(), PathOptions{}); err == nil || !strings.Contains(err.Error(), "hard choices") {
		t.Errorf("hard choices: %v", err)
	}
	one := calibtest.GenPairs(50, calibtest.StrongA, [model.NumArrangements]bool{true}, 33)
	if _, err := FitPath(ctx, "j", one, DefaultOptions(), PathOptions{}); err == nil {
		t.Error("x0-only judge accepted")
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := FitPath(cancelled, "j", pairs, DefaultOptions(), PathOptions{}); err == nil {
		t.Error("cancelled context accepted")
	}
}

// benchPath runs the path of n items with x0..x2 from benchNOA's judge.
func benchPath(b *testing.B, n int) {
	pairs := calibtest.GenPairs(n, calibtest.Judge{Token: 0.8, Position: 0.5, Noise: 0.5, Spread: 2}, calibtest.Has012, 1)
	var p *calibraeval.Path
	for b.Loop() {
		var err error
		if p, err = FitPath(context.Background(), "bench", pairs, DefaultOptions(), PathOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(p.Points)), "points")
	b.ReportMetric(float64(p.Fits), "fits")
}

// BenchmarkPath3000 is the path of the interactive case: 3,000 items ×
// x0..x2 (M ≈ 9,000 knots), 30 points, with the cold fit and every point's
// metrics.
func BenchmarkPath3000(b *testing.B) { benchPath(b, 3000) }

// BenchmarkPath100000 is a large log (run it with -benchtime 1x).
func BenchmarkPath100000(b *testing.B) { benchPath(b, 100000) }

// TestCurveApplier: the path's fast evaluation of curves equals
// CalibratedPrefs exactly, for values on the knots, between them, below the
// first and above the last (held-out items), and 0 and 1.
func TestCurveApplier(t *testing.T) {
	pairs := calibtest.GenPairs(300, calibtest.StrongA, [model.NumArrangements]bool{true, true, true, true}, 41)
	est := calibtest.AllIdx(150)
	pairs[3].S[model.X0], pairs[200].S[model.X1], pairs[201].S[model.X2] = 0, 1, 1e-9
	p, err := calibraeval.NewNOA(pairs, est, calibraeval.ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	fit, err := p.Fit(calibraeval.FitOptions{Lambda: 0.5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	pp := &pathPrefs{noa: p, pairs: pairs}
	for _, c := range []*calib.Curve{fit.Curve, {Z: fit.Curve.Z, G: slices.Clone(fit.Curve.Z)}} {
		got := pp.of(c)
		if want := calib.CalibratedPrefs(pairs, c); !reflect.DeepEqual(got, want) {
			t.Error("the path's gather differs from CalibratedPrefs")
		}
	}
	// Other knots: the fallback.
	id := calib.IdentityCurve()
	if got := pp.of(id); !reflect.DeepEqual(got, calib.RawPrefs(pairs)) {
		t.Error("fallback differs")
	}
}

// TestPathPeakNeverCollapsed: the simulator's judge-first on x0..x3 (1,500
// items, the log of cmd/plumb's pre-change test) collapses to g* ≡ ½, and
// the tie-only end has RStd 0; no collapsed point may be named a peak.
func TestPathPeakNeverCollapsed(t *testing.T) {
	by := calibtest.SimJudges(t, 1500, model.X0, model.X1, model.X2, model.X3)
	path, err := FitPath(context.Background(), "judge-first", by["judge-first"], DefaultOptions(), PathOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pts := path.Points
	if !pts[len(pts)-1].Degenerate {
		t.Fatal("judge-first's fit no longer collapses: the test needs another judge")
	}
	for key, k := range path.Peak {
		if pts[k].Degenerate {
			t.Errorf("the %s peak is point %d, which is collapsed", key, k)
		}
	}
}
