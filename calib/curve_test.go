package calib_test

import (
	"math"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/calib/stats"
	"github.com/plumb-eval/plumb/model"
)

// TestCurveApply checks hand values: linear between knots, end values held
// outside [z_first, z_last] (docs/methods.md §3 "Continuous g*").
func TestCurveApply(t *testing.T) {
	c := &calib.Curve{Z: []float64{0.2, 0.5, 0.9}, G: []float64{0.1, 0.3, 0.3}}
	for _, tc := range []struct{ s, want float64 }{
		{0, 0.1}, {0.1, 0.1}, {0.2, 0.1}, // clipped below, first knot
		{0.35, 0.2},                                  // halfway between (0.2, 0.1) and (0.5, 0.3)
		{0.275, 0.15},                                // a quarter of the way
		{0.5, 0.3}, {0.7, 0.3}, {0.9, 0.3}, {1, 0.3}, // flat, then clipped above
	} {
		if got := c.Apply(tc.s); math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("Apply(%v) = %v, want %v", tc.s, got, tc.want)
		}
	}
	// Same semantics as the isotonic fit's Predict (sklearn's clip).
	iso, err := stats.FitIsotonic(c.Z, c.G, nil)
	if err != nil {
		t.Fatal(err)
	}
	for s := 0.0; s <= 1; s += 0.01 {
		if a, b := c.Apply(s), iso.Predict(s); math.Abs(a-b) > 1e-15 {
			t.Errorf("Apply(%v) = %v, isotonic Predict %v", s, a, b)
		}
	}
	one := &calib.Curve{Z: []float64{0.4}, G: []float64{0.7}}
	if one.Apply(0) != 0.7 || one.Apply(1) != 0.7 {
		t.Error("a single knot is a constant")
	}
	if !math.IsNaN(c.Apply(math.NaN())) {
		t.Error("Apply(NaN) is not NaN")
	}
	if (&calib.Curve{}).Apply(0.3) != 0.3 {
		t.Error("an empty curve is not the identity")
	}
}

func TestCurveSampleIdentity(t *testing.T) {
	id := calib.IdentityCurve()
	s := id.Sample(101)
	if len(s) != 101 {
		t.Fatalf("len %d", len(s))
	}
	for i, v := range s {
		if math.Abs(v-float64(i)/100) > 1e-15 {
			t.Errorf("identity sample %d = %v", i, v)
		}
	}
	c := &calib.Curve{Z: []float64{0.25, 0.75}, G: []float64{0.2, 0.6}}
	got := c.Sample(5) // at 0, 0.25, 0.5, 0.75, 1
	want := []float64{0.2, 0.2, 0.4, 0.6, 0.6}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-15 {
			t.Errorf("Sample(5)[%d] = %v, want %v", i, got[i], want[i])
		}
	}
	if g := c.Sample(1); len(g) != 1 || g[0] != 0.2 {
		t.Errorf("Sample(1) = %v", g)
	}
	if c.Sample(0) != nil || c.Sample(-3) != nil {
		t.Error("Sample(n ≤ 0) is not nil")
	}
}

func TestCalibratedPrefs(t *testing.T) {
	c := &calib.Curve{Z: []float64{0, 1}, G: []float64{0.1, 0.9}} // g(s) = 0.1 + 0.8 s
	pairs := []model.Pair{calibtest.PairOf("a", 0.5, 0.25, 0.75, -1), calibtest.PairOf("b", -1, -1, 1, 0)}
	pairs[0].Gold, pairs[1].Gold = model.Gold1, model.GoldTie
	p := calib.CalibratedPrefs(pairs, c)
	want := [][4]float64{{0.5, 0.3, 1 - 0.7, 0}, {0, 0, 1 - 0.9, 1 - 0.1}}
	for i := range want {
		if p.Has[i] != pairs[i].Has || p.Gold[i] != pairs[i].Gold {
			t.Errorf("item %d: Has/Gold not copied", i)
		}
		for a := range 4 {
			if math.Abs(p.R[i][a]-want[i][a]) > 1e-15 {
				t.Errorf("item %d x%d: r = %v, want %v", i, a, p.R[i][a], want[i][a])
			}
		}
	}
	// The identity curve reproduces the raw preferences.
	raw, id := calib.RawPrefs(pairs), calib.CalibratedPrefs(pairs, calib.IdentityCurve())
	for i := range raw.R {
		if raw.R[i] != id.R[i] {
			t.Errorf("item %d: identity %v, raw %v", i, id.R[i], raw.R[i])
		}
	}
}
