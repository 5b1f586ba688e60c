package calibraeval

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"sync"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/model"
)

// checkGather asserts that the problem's gather applies c to pairs exactly
// as CalibratedPrefs does, and that it took the gather (not the fallback).
func checkGather(t *testing.T, name string, p *NOA, pairs []model.Pair, c *calib.Curve) {
	t.Helper()
	want := calib.CalibratedPrefs(pairs, c)
	out := calib.Prefs{R: make([][model.NumArrangements]float64, len(pairs)), Has: make([][model.NumArrangements]bool, len(pairs)), Gold: make([]model.Gold, len(pairs))}
	if !p.PrefsInto(pairs, c, &out) {
		t.Fatalf("%s: the gather refused the problem's own curve", name)
	}
	if d := calibtest.PrefsBitsDiff(out, want); d != "" {
		t.Errorf("%s: gather differs from CalibratedPrefs: %s", name, d)
	}
	if d := calibtest.PrefsBitsDiff(p.CalibratedPrefs(pairs, c, nil), want); d != "" {
		t.Errorf("%s: calibratedPrefs differs from CalibratedPrefs: %s", name, d)
	}
}

// otherGs returns curves with c's knots and other values of G: the
// identity, a step (flat pieces and a jump), and values with infinities
// (interpolation then gives NaN or ±Inf, as Apply's arithmetic does).
func otherGs(c *calib.Curve) []*calib.Curve {
	n := len(c.Z)
	step := make([]float64, n)
	wild := make([]float64, n)
	for i := range step {
		step[i] = float64(i*4/n) / 3
		wild[i] = c.G[i]
	}
	if n > 2 {
		wild[0], wild[n/2], wild[n-1] = math.Inf(-1), math.Inf(1), math.Copysign(0, -1)
	}
	return []*calib.Curve{{Z: c.Z, G: slices.Clone(c.Z)}, {Z: c.Z, G: step}, {Z: c.Z, G: wild}}
}

// checkIndex asserts that the gather's index is Apply's search: for every
// value strictly between the first and last knot, at is the first knot ≥ s
// (sort.SearchFloat64s) and exact hits are marked as such.
func checkIndex(t *testing.T, p *NOA) {
	t.Helper()
	g := p.gather
	g.once.Do(func() { g.build(p) })
	z, k, n := g.z, 0, len(g.z)
	for i := range g.pairs {
		for _, arr := range model.Arrangements {
			if !g.pairs[i].Has[arr] {
				continue
			}
			s, a := g.pairs[i].S[arr], g.at[k]
			k++
			if math.IsNaN(s) || s <= z[0] || s >= z[n-1] {
				continue
			}
			j := sort.SearchFloat64s(z, s)
			if z[j] == s && a != ^int32(j) || z[j] != s && a != int32(j) {
				t.Fatalf("item %d %s: s %v indexed %d, Apply's search gives %d (exact %v)", i, arr, s, a, j, z[j] == s)
			}
		}
	}
	if k != len(g.at) {
		t.Fatalf("index has %d values, pairs %d", len(g.at), k)
	}
}

// TestCurveGatherDemo: on the demo's three judges (3,000 items × x0..x3),
// with half the items held out (so their values are mostly not knots),
// every fit's and other curves' preferences are CalibratedPrefs' bits.
func TestCurveGatherDemo(t *testing.T) {
	for _, judge := range []string{"judge-fair", "judge-first", "judge-tokenA"} {
		pairs := calibtest.DemoPairs(t, judge)
		est, _, err := calib.EstimationSet(len(pairs), 0.5, 1)
		if err != nil {
			t.Fatal(err)
		}
		p, err := NewNOA(pairs, est, ObjectiveBoth)
		if err != nil {
			t.Fatal(err)
		}
		checkIndex(t, p)
		for _, lam := range []float64{0.5, 2} {
			fit, err := p.Fit(FitOptions{Lambda: lam}, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkGather(t, fmt.Sprintf("%s λ %g", judge, lam), p, pairs, fit.Curve)
			for i, c := range otherGs(fit.Curve) {
				checkGather(t, fmt.Sprintf("%s λ %g, G %d", judge, lam, i), p, pairs, c)
			}
		}
	}
}

// TestCurveGatherSim: the simulator's judges at 3,000 items × x0..x3 (the
// 100,000-item TUI case, smaller), every item in the estimation set and 70%
// of them.
func TestCurveGatherSim(t *testing.T) {
	by := calibtest.SimJudges(t, 3000, model.X0, model.X1, model.X2, model.X3)
	for _, judge := range []string{"judge-fair", "judge-tokenA"} {
		pairs := by[judge]
		for _, frac := range []float64{1, 0.7} {
			est, _, err := calib.EstimationSet(len(pairs), frac, 7)
			if err != nil {
				t.Fatal(err)
			}
			p, err := NewNOA(pairs, est, ObjectiveBoth)
			if err != nil {
				t.Fatal(err)
			}
			checkIndex(t, p)
			fit, err := p.Fit(FitOptions{Lambda: 0.5}, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkGather(t, fmt.Sprintf("%s frac %g", judge, frac), p, pairs, fit.Curve)
		}
	}
}

// TestCurveGatherEdges: values exactly on knots (also held-out ones), at 0
// and 1, −0, below the first and above the last knot (the curve has no
// end knots when no pooled value is 0 or 1), NaN, and items lacking
// arrangements.
func TestCurveGatherEdges(t *testing.T) {
	for _, ends := range []bool{false, true} {
		pairs := calibtest.GenPairs(400, calibtest.StrongA, [model.NumArrangements]bool{true, true, true, true}, 5)
		est := calibtest.AllIdx(200) // items 200.. are held out
		if ends {
			pairs[3].S[model.X0], pairs[4].S[model.X1] = 0, 1 // pooled: the curve keeps z_0 and z_M
		}
		p0 := pairs[10].S[model.X2] // an estimation value: a knot
		pairs[250].S[model.X0] = p0
		pairs[251].S[model.X1] = 0
		pairs[252].S[model.X2] = 1
		pairs[253].S[model.X3] = math.Copysign(0, -1)
		pairs[254].S[model.X0] = 1e-300
		pairs[255].S[model.X1] = math.Nextafter(1, 0)
		pairs[256].S[model.X2] = math.NaN()
		pairs[257].Has[model.X1], pairs[257].Has[model.X3] = false, false
		pairs[258].Has = [model.NumArrangements]bool{}
		p, err := NewNOA(pairs, est, ObjectiveBoth)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := p.curveRange()
		if got := lo == 0 && hi == p.m; got != ends {
			t.Fatalf("ends %v: curve knots %d..%d of 0..%d", ends, lo, hi, p.m)
		}
		checkIndex(t, p)
		fit, err := p.Fit(FitOptions{Lambda: 0.5}, nil)
		if err != nil {
			t.Fatal(err)
		}
		// The largest and smallest values, exactly on the end knots.
		pairs[259].S[model.X0], pairs[259].S[model.X1] = fit.Curve.Z[0], fit.Curve.Z[len(fit.Curve.Z)-1]
		p, err = NewNOA(pairs, est, ObjectiveBoth) // a fresh index for the changed pairs
		if err != nil {
			t.Fatal(err)
		}
		checkIndex(t, p)
		name := fmt.Sprintf("ends %v", ends)
		checkGather(t, name, p, pairs, fit.Curve)
		for i, c := range otherGs(fit.Curve) {
			checkGather(t, fmt.Sprintf("%s, G %d", name, i), p, pairs, c)
		}
	}
}

// TestCurveGatherFallback: a curve from another problem, knots that differ
// in one value, a G of another length, other pairs (a copy of the same
// values) and a nil curve all take CalibratedPrefs, with its bits.
func TestCurveGatherFallback(t *testing.T) {
	pairs := calibtest.GenPairs(300, calibtest.StrongA, [model.NumArrangements]bool{true, true, true, true}, 9)
	p, err := NewNOA(pairs, calibtest.AllIdx(150), ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	q, err := NewNOA(pairs, calibtest.AllIdx(300)[100:], ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	fit, err := p.Fit(FitOptions{Lambda: 0.5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	other, err := q.Fit(FitOptions{Lambda: 0.5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	moved := &calib.Curve{Z: slices.Clone(fit.Curve.Z), G: fit.Curve.G}
	moved.Z[len(moved.Z)/2] = math.Nextafter(moved.Z[len(moved.Z)/2], 0)
	short := &calib.Curve{Z: fit.Curve.Z, G: fit.Curve.G[:len(fit.Curve.G)-1]}
	copied := slices.Clone(pairs)
	out := calib.Prefs{R: make([][model.NumArrangements]float64, len(pairs)), Has: make([][model.NumArrangements]bool, len(pairs)), Gold: make([]model.Gold, len(pairs))}
	for _, tc := range []struct {
		name  string
		pairs []model.Pair
		c     *calib.Curve
	}{
		{"another problem's fit", pairs, other.Curve},
		{"a knot moved", pairs, moved},
		{"G shorter", pairs, short},
		{"the identity", pairs, calib.IdentityCurve()},
		{"other pairs", copied, fit.Curve},
		{"a prefix of the pairs", pairs[:100], fit.Curve},
	} {
		if p.PrefsInto(tc.pairs, tc.c, &out) {
			t.Errorf("%s: the gather took it", tc.name)
		}
		if d := calibtest.PrefsBitsDiff(p.CalibratedPrefs(tc.pairs, tc.c, nil), calib.CalibratedPrefs(tc.pairs, tc.c)); d != "" {
			t.Errorf("%s: %s", tc.name, d)
		}
	}
	if p.PrefsInto(pairs, nil, &out) {
		t.Error("nil curve: the gather took it")
	}
	checkGather(t, "own fit after fallbacks", p, pairs, fit.Curve)
	// The curve of another problem on the same knots is the same map: a
	// copy of the NOA (as withProx makes) shares the gather.
	checkGather(t, "withProx copy", p.withProx(1, nil), pairs, fit.Curve)
}

// TestCurveGatherConcurrent: goroutines applying fits of one problem at
// once (the index is built by whichever comes first) all get
// CalibratedPrefs' bits. Meant for -race.
func TestCurveGatherConcurrent(t *testing.T) {
	pairs := calibtest.GenPairs(1000, calibtest.StrongA, [model.NumArrangements]bool{true, true, true, true}, 13)
	p, err := NewNOA(pairs, calibtest.AllIdx(700), ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	fit, err := p.Fit(FitOptions{Lambda: 0.5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	curves := append([]*calib.Curve{fit.Curve}, otherGs(fit.Curve)...)
	want := make([]calib.Prefs, len(curves))
	for i, c := range curves {
		want[i] = calib.CalibratedPrefs(pairs, c)
	}
	var wg sync.WaitGroup
	diffs := make([]string, 8)
	for w := range diffs {
		wg.Go(func() {
			c := w % len(curves)
			diffs[w] = calibtest.PrefsBitsDiff(p.CalibratedPrefs(pairs, curves[c], nil), want[c])
		})
	}
	wg.Wait()
	for w, d := range diffs {
		if d != "" {
			t.Errorf("goroutine %d: %s", w, d)
		}
	}
}
