package calib

import (
	"encoding/json"
	"math"
	"strconv"
	"testing"
)

// publishedTol is the agreement required with the published script's
// outputs (absolute). The fits agree to about 1e-15 (see the log).
const publishedTol = 1e-9

// TestPublishedReference runs FitPublished on every case of
// testdata/published and compares it with what CalibraEval's published
// script (src/CalibraEval.py at PublishedCommit, run by Debian's Python 3.11
// with numpy 1.24.2, pandas 1.5.3, scikit-learn 1.2.1; README.md there)
// produced from the same data.json: g at every observed P(A) (model.json),
// the loss lines it printed before each epoch, and its saved
// IsotonicRegression's predictions at 0, 0.01, …, 1, −0.5 and 1.5.
func TestPublishedReference(t *testing.T) {
	for _, c := range readPublishedCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			pairs := readPublishedData(t, c.Data)
			fit, err := FitPublished(pairs, allIndexes(len(pairs)), c.options())
			if err != nil {
				t.Fatal(err)
			}
			if fit.Items != len(pairs) || fit.Skipped != 0 {
				t.Errorf("items %d, skipped %d; want %d, 0", fit.Items, fit.Skipped, len(pairs))
			}
			if want := c.Epochs * ((len(pairs) + c.BatchSize - 1) / c.BatchSize); fit.Batches != want {
				t.Errorf("batches %d, want %d", fit.Batches, want)
			}

			// model.json: {"value": g, ...} over the distinct observed P(A).
			var funcs map[string]float64
			if err := json.Unmarshal(readPublishedFile(t, c.Model), &funcs); err != nil {
				t.Fatalf("%s: %v", c.Model, err)
			}
			z, g := fit.Curve.Z, fit.Curve.G
			if len(funcs) != len(z) || len(g) != len(z) {
				t.Fatalf("%d knots (%d g), model.json has %d", len(z), len(g), len(funcs))
			}
			worst := 0.0
			for key, want := range funcs {
				v, err := strconv.ParseFloat(key, 64)
				if err != nil {
					t.Fatalf("model.json key %q: %v", key, err)
				}
				got := fit.Curve.Apply(v)
				i := searchExact(z, v)
				if i < 0 {
					t.Fatalf("model.json value %v is not a knot", v)
				}
				if d := math.Abs(g[i] - want); d > worst {
					worst = d
				}
				if d := math.Abs(got - want); !(d <= publishedTol) {
					t.Errorf("g(%v) = %.17g, script %.17g (|Δ| = %.3g)", v, got, want, d)
				}
			}
			t.Logf("K = %d, %d knots: max |g − model.json| = %.3g; RankShift %.4g; max |p| %.4g",
				fit.Items, len(z), worst, fit.RankShift, maxAbs(fit.Params))

			// The printed "iter@e: loss, reg, loss − λ·reg" lines.
			if len(fit.Printed) != len(c.Printed) {
				t.Fatalf("%d printed losses, script printed %d", len(fit.Printed), len(c.Printed))
			}
			for e, want := range c.Printed {
				got := fit.Printed[e]
				for j, v := range [3]float64{got.Loss, got.Reg, got.Objective} {
					if d := math.Abs(v - want[j]); !(d <= publishedTol) {
						t.Errorf("epoch %d printed value %d: %.17g, script %.17g", e, j, v, want[j])
					}
				}
			}

			// The saved IsotonicRegression, applied.
			var pred struct{ X, Y []float64 }
			if err := json.Unmarshal(readPublishedFile(t, c.Predict), &pred); err != nil || len(pred.X) != len(pred.Y) {
				t.Fatalf("%s: %v", c.Predict, err)
			}
			for i, x := range pred.X {
				if got := fit.Curve.Apply(x); !(math.Abs(got-pred.Y[i]) <= publishedTol) {
					t.Errorf("curve at %v = %.17g, sklearn predict %.17g", x, got, pred.Y[i])
				}
			}
		})
	}
}

// searchExact returns the index of v in the increasing z, or −1.
func searchExact(z []float64, v float64) int {
	lo, hi := 0, len(z)
	for lo < hi {
		m := (lo + hi) / 2
		if z[m] < v {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(z) && z[lo] == v {
		return lo
	}
	return -1
}

func maxAbs(x []float64) float64 {
	m := 0.0
	for _, v := range x {
		m = max(m, math.Abs(v))
	}
	return m
}
