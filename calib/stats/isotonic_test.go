package stats

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

type isotonicCase struct {
	Name   string `json:"name"`
	Source string `json:"source"`
	Input  struct {
		X, Y []float64
		W    []float64 // nil = unweighted
	} `json:"input"`
	Expected struct {
		Fitted      []float64 `json:"fitted"`
		Query       []float64 `json:"query"`
		Predictions []float64 `json:"predictions"`
		XThresholds []float64 `json:"X_thresholds"`
		YThresholds []float64 `json:"y_thresholds"`
	} `json:"expected"`
}

// TestFitIsotonicOracle checks every case of isotonic.json, produced by
// scikit-learn 1.2.1 IsotonicRegression(increasing=True, out_of_bounds="clip")
// (.predict(x) for fitted, .predict(query) for predictions, cross-checked with
// R isoreg on the unweighted cases).
func TestFitIsotonicOracle(t *testing.T) {
	var cases []isotonicCase
	loadCases(t, "isotonic.json", &cases)
	if len(cases) != 10 {
		t.Fatalf("want 10 oracle cases, got %d", len(cases))
	}
	const tol = 1e-12
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			f, err := FitIsotonic(c.Input.X, c.Input.Y, c.Input.W)
			if err != nil {
				t.Fatal(err)
			}
			for i, x := range c.Input.X {
				if got, want := f.Predict(x), c.Expected.Fitted[i]; !closeTo(got, want, tol, 1) {
					t.Errorf("fitted at x[%d]=%v: got %.17g, want %.17g", i, x, got, want)
				}
			}
			for i, q := range c.Expected.Query {
				if got, want := f.Predict(q), c.Expected.Predictions[i]; !closeTo(got, want, tol, 1) {
					t.Errorf("Predict(%v): got %.17g, want %.17g", q, got, want)
				}
			}
			batch := f.PredictSorted(c.Expected.Query, nil)
			for i, want := range c.Expected.Predictions {
				if !closeTo(batch[i], want, tol, 1) {
					t.Errorf("PredictSorted[%d] (q=%v): got %.17g, want %.17g", i, c.Expected.Query[i], batch[i], want)
				}
			}
			// The knots are sklearn's trimmed thresholds.
			if !slices.Equal(f.X, c.Expected.XThresholds) {
				t.Errorf("knots X = %v, want %v", f.X, c.Expected.XThresholds)
			}
			for i := range f.Y {
				if i < len(c.Expected.YThresholds) && !closeTo(f.Y[i], c.Expected.YThresholds[i], tol, 1) {
					t.Errorf("knot Y[%d] = %.17g, want %.17g", i, f.Y[i], c.Expected.YThresholds[i])
				}
			}
		})
	}
}

func TestFitIsotonicErrors(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		name    string
		x, y, w []float64
		want    string
	}{
		{"length mismatch", []float64{1, 2}, []float64{1}, nil, "y has 1"},
		{"weight length", []float64{1, 2}, []float64{1, 2}, []float64{1}, "w has 1"},
		{"empty", nil, nil, nil, "no data"},
		{"nan x", []float64{1, nan}, []float64{1, 2}, nil, "x[1]"},
		{"inf y", []float64{1, 2}, []float64{inf, 2}, nil, "y[0]"},
		{"negative weight", []float64{1, 2}, []float64{1, 2}, []float64{1, -1}, "w[1]"},
		{"nan weight", []float64{1, 2}, []float64{1, 2}, []float64{nan, 1}, "w[0]"},
		{"all zero weights", []float64{1, 2}, []float64{1, 2}, []float64{0, 0}, "every weight is zero"},
		{"overflow", []float64{1, 2}, []float64{1e308, 1e308}, []float64{10, 10}, "overflows"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := FitIsotonic(tt.x, tt.y, tt.w)
			if err == nil {
				t.Fatalf("want error containing %q, got fit %+v", tt.want, f)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not mention %q", err, tt.want)
			}
		})
	}
}

func TestFitIsotonicSemantics(t *testing.T) {
	t.Run("zero weights dropped", func(t *testing.T) {
		// The zero-weight sample at x=3 must neither pull the fit nor
		// extend the range: x=3 predicts the end value at x=2.
		f, err := FitIsotonic([]float64{0, 1, 2, 3}, []float64{0, 2, 1, -5}, []float64{1, 1, 1, 0})
		if err != nil {
			t.Fatal(err)
		}
		want := Isotonic{X: []float64{0, 1, 2}, Y: []float64{0, 1.5, 1.5}}
		if !slices.Equal(f.X, want.X) || !slices.Equal(f.Y, want.Y) {
			t.Errorf("got %+v, want %+v", *f, want)
		}
	})
	t.Run("near-equal x merged", func(t *testing.T) {
		// 0.1 and 0.1+1e-17 (same float) and 0.2, 0.2+5e-16 are within the
		// 1e-15 resolution: two points with means 1 and 3.
		f, err := FitIsotonic([]float64{0.2 + 5e-16, 0.1, 0.2, 0.1}, []float64{4, 0, 2, 2}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(f.X, []float64{0.1, 0.2}) || !slices.Equal(f.Y, []float64{1, 3}) {
			t.Errorf("got %+v, want X [0.1 0.2], Y [1 3]", *f)
		}
	})
	t.Run("single point", func(t *testing.T) {
		f, err := FitIsotonic([]float64{5, 5}, []float64{1, 2}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []float64{-1, 5, 9} {
			if got := f.Predict(q); got != 1.5 {
				t.Errorf("Predict(%v) = %v, want 1.5", q, got)
			}
		}
	})
	t.Run("NaN query", func(t *testing.T) {
		f, _ := FitIsotonic([]float64{0, 1}, []float64{0, 1}, nil)
		if got := f.Predict(math.NaN()); !math.IsNaN(got) {
			t.Errorf("Predict(NaN) = %v, want NaN", got)
		}
	})
}

// TestPredictSortedAnyOrder checks that the batch path equals Predict for
// shuffled, sorted and repeated queries.
func TestPredictSortedAnyOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([]float64, 200)
	y := make([]float64, 200)
	for i := range x {
		x[i] = math.Round(rng.Float64()*100) / 100
		y[i] = x[i] + rng.NormFloat64()*0.3
	}
	f, err := FitIsotonic(x, y, nil)
	if err != nil {
		t.Fatal(err)
	}
	qs := make([]float64, 500)
	for i := range qs {
		qs[i] = rng.Float64()*1.4 - 0.2
	}
	for _, order := range []string{"shuffled", "sorted"} {
		if order == "sorted" {
			slices.Sort(qs)
		}
		out := f.PredictSorted(qs, make([]float64, 3))
		for i, q := range qs {
			if want := f.Predict(q); out[i] != want {
				t.Fatalf("%s: PredictSorted[%d] (q=%v) = %v, Predict = %v", order, i, q, out[i], want)
			}
		}
	}
}

func BenchmarkFitIsotonic(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n = 100_000
	x := make([]float64, n)
	y := make([]float64, n)
	for i := range x {
		x[i] = rng.Float64()
		if rng.Float64() < x[i] {
			y[i] = 1
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FitIsotonic(x, y, nil); err != nil {
			b.Fatal(err)
		}
	}
}
