package calibraeval

import (
	"math"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/model"
)

// pubPair returns a pair item with the given arrangements' P(A).
func pubPair(id string, s map[model.Arrangement]float64) model.Pair {
	p := model.Pair{ID: id, Source: model.SourceProb}
	for a, v := range s {
		p.Has[a] = true
		p.S[a] = v
	}
	return p
}

func TestPublishedOptionsValidate(t *testing.T) {
	if err := DefaultPublishedOptions().Validate(); err != nil {
		t.Fatal(err)
	}
	ok := []PublishedOptions{
		{Lambda: 0, BatchSize: 1, LR: 0, Epochs: 0},
		{Lambda: 2, BatchSize: 1000, LR: 1e-3, Epochs: 5},
	}
	for _, o := range ok {
		if err := o.Validate(); err != nil {
			t.Errorf("%+v: %v", o, err)
		}
	}
	bad := map[string]PublishedOptions{
		"λ":          {Lambda: -0.1, BatchSize: 64, LR: 10, Epochs: 1},
		"λ = NaN":    {Lambda: math.NaN(), BatchSize: 64, LR: 10, Epochs: 1},
		"λ = +Inf":   {Lambda: math.Inf(1), BatchSize: 64, LR: 10, Epochs: 1},
		"batch size": {Lambda: 0.05, BatchSize: 0, LR: 10, Epochs: 1},
		"learning":   {Lambda: 0.05, BatchSize: 64, LR: math.NaN(), Epochs: 1},
		"learning ":  {Lambda: 0.05, BatchSize: 64, LR: -1, Epochs: 1},
		"epochs":     {Lambda: 0.05, BatchSize: 64, LR: 10, Epochs: -1},
		"epochs ":    {Lambda: 0.05, BatchSize: 64, LR: 10, Epochs: maxPublishedEpochs + 1},
	}
	for want, o := range bad {
		err := o.Validate()
		if err == nil || !strings.Contains(err.Error(), strings.TrimSpace(strings.Split(want, " =")[0])) {
			t.Errorf("%+v: error %v, want one about %s", o, err, want)
		}
		if _, err2 := FitPublished([]model.Pair{pubPair("a", map[model.Arrangement]float64{0: 0.5, 1: 0.5, 2: 0.5})}, []int{0}, o); err2 == nil {
			t.Errorf("%+v: FitPublished accepted it", o)
		}
	}
}

func TestPublishedBadData(t *testing.T) {
	full := func(id string, s0, s1, s2 float64) model.Pair {
		return pubPair(id, map[model.Arrangement]float64{model.X0: s0, model.X1: s1, model.X2: s2})
	}
	choice := full("c", 1, 0, 0.5)
	choice.Source = model.SourceChoice
	cases := []struct {
		name  string
		pairs []model.Pair
		est   []int
		want  string
	}{
		{"empty", []model.Pair{full("a", 0.1, 0.2, 0.3)}, nil, "empty"},
		{"out of range", []model.Pair{full("a", 0.1, 0.2, 0.3)}, []int{1}, "out of range"},
		{"negative index", []model.Pair{full("a", 0.1, 0.2, 0.3)}, []int{-1}, "out of range"},
		{"hard choices", []model.Pair{choice}, []int{0}, "hard choices"},
		{"some hard choices", []model.Pair{choice, full("a", 0.1, 0.2, 0.3)}, []int{0, 1}, "1 of 2"},
		{"NaN", []model.Pair{full("bad", 0.1, math.NaN(), 0.3)}, []int{0}, `"bad"`},
		{"above 1", []model.Pair{full("bad", 0.1, 0.2, 1.5)}, []int{0}, "x2"},
		{"no x0, x1, x2", []model.Pair{pubPair("a", map[model.Arrangement]float64{model.X0: 0.4, model.X2: 0.7})}, []int{0}, "x0, x1 and x2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fit, err := FitPublished(c.pairs, c.est, DefaultPublishedOptions())
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("fit %v, error %v; want an error containing %q", fit, err, c.want)
			}
		})
	}

	// A learning rate far too large overflows exp: an error, not NaN.
	pairs := []model.Pair{full("a", 0.9, 0.1, 0.9), full("b", 0.2, 0.8, 0.2)}
	_, err := FitPublished(pairs, []int{0, 1}, PublishedOptions{Lambda: 0.05, BatchSize: 1, LR: 1e308, Epochs: 1})
	if err == nil || !strings.Contains(err.Error(), "learning rate") {
		t.Errorf("huge learning rate: error %v", err)
	}
}

// TestPublishedSmallData: one item, all-equal P(A), K below the batch
// size, skipped items and x3 work and say what they did.
func TestPublishedSmallData(t *testing.T) {
	opt := DefaultPublishedOptions()
	t.Run("one item", func(t *testing.T) {
		fit, err := FitPublished([]model.Pair{pubPair("a", map[model.Arrangement]float64{0: 0.7, 1: 0.4, 2: 0.2})}, []int{0}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if fit.Items != 1 || fit.Batches != 1 || len(fit.Curve.Z) != 3 || len(fit.Params) != 4 {
			t.Fatalf("items %d batches %d knots %d params %d", fit.Items, fit.Batches, len(fit.Curve.Z), len(fit.Params))
		}
		for i := 1; i < len(fit.Curve.G); i++ {
			if !(fit.Curve.G[i] > fit.Curve.G[i-1]) {
				t.Errorf("g not increasing: %v", fit.Curve.G)
			}
		}
	})
	t.Run("all equal", func(t *testing.T) {
		pairs := []model.Pair{
			pubPair("a", map[model.Arrangement]float64{0: 0.5, 1: 0.5, 2: 0.5}),
			pubPair("b", map[model.Arrangement]float64{0: 0.5, 1: 0.5, 2: 0.5}),
		}
		fit, err := FitPublished(pairs, []int{0, 1}, opt)
		if err != nil {
			t.Fatal(err)
		}
		// values −0.1, 0.5, 1.1: two parameters, g(0.5) = 1/2 by symmetry
		// of the start; the terms are 0 there, except the content term.
		if len(fit.Curve.Z) != 1 || len(fit.Params) != 2 {
			t.Fatalf("knots %v params %v", fit.Curve.Z, fit.Params)
		}
		if g := fit.Curve.Apply(0); g != fit.Curve.G[0] || fit.Curve.Apply(1) != g {
			t.Errorf("a one-knot curve is not constant: %v, %v", g, fit.Curve.Apply(1))
		}
		if fit.Printed[0].Objective != 0 {
			t.Errorf("printed objective at the start %v, want 0", fit.Printed[0].Objective)
		}
	})
	t.Run("skipped and x3", func(t *testing.T) {
		pairs := []model.Pair{
			pubPair("a", map[model.Arrangement]float64{0: 0.7, 1: 0.4, 2: 0.2, 3: 0.9}),
			pubPair("b", map[model.Arrangement]float64{0: 0.6, 2: 0.3}),
			pubPair("c", map[model.Arrangement]float64{0: 0.8, 1: 0.5, 2: 0.1}),
		}
		fit, err := FitPublished(pairs, []int{0, 1, 2}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if fit.Items != 2 || fit.Skipped != 1 || len(fit.Notes) != 1 || !strings.Contains(fit.Notes[0], "1 of 3") {
			t.Errorf("items %d skipped %d notes %q", fit.Items, fit.Skipped, fit.Notes)
		}
		for _, z := range fit.Curve.Z {
			if z == 0.9 || z == 0.6 || z == 0.3 {
				t.Errorf("knot %v comes from x3 or a skipped item", z)
			}
		}
	})
	t.Run("epochs 0 is the rank transform", func(t *testing.T) {
		pairs := []model.Pair{
			pubPair("a", map[model.Arrangement]float64{0: 0.7, 1: 0.4, 2: 0.2}),
			pubPair("b", map[model.Arrangement]float64{0: 0.7, 1: 0.0, 2: 1}),
		}
		fit, err := FitPublished(pairs, []int{0, 1}, PublishedOptions{Lambda: 0.05, BatchSize: 64, LR: 10})
		if err != nil {
			t.Fatal(err)
		}
		// values −0.1, 0, 0.2, 0.4, 0.7, 1, 1.1: N = 6, g = k/6.
		want := []float64{1. / 6, 2. / 6, 3. / 6, 4. / 6, 5. / 6}
		for i, g := range fit.Curve.G {
			if math.Abs(g-want[i]) > 1e-15 {
				t.Errorf("g(%v) = %v, want %v", fit.Curve.Z[i], g, want[i])
			}
		}
		if fit.Batches != 0 || len(fit.Printed) != 0 || fit.RankShift > 1e-15 {
			t.Errorf("batches %d printed %d rank shift %v", fit.Batches, len(fit.Printed), fit.RankShift)
		}
	})
	t.Run("-0 is 0", func(t *testing.T) {
		pairs := []model.Pair{
			pubPair("a", map[model.Arrangement]float64{0: math.Copysign(0, -1), 1: 0, 2: 0.5}),
		}
		fit, err := FitPublished(pairs, []int{0}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if len(fit.Curve.Z) != 2 || math.Signbit(fit.Curve.Z[0]) {
			t.Errorf("knots %v", fit.Curve.Z)
		}
	})
}

// TestPublishedObjectiveMatchesNOA: Final.Objective is eq. 10 / K, the
// converged solver's objective, at the published g.
func TestPublishedObjectiveMatchesNOA(t *testing.T) {
	gp := newGradProblem(t, 50, 0.05, 3)
	est := calibtest.AllIdx(len(gp.pairs))
	fit, err := FitPublished(gp.pairs, est, DefaultPublishedOptions())
	if err != nil {
		t.Fatal(err)
	}
	noa, err := NewNOA(gp.pairs, est, ObjectiveBoth)
	if err != nil {
		t.Fatal(err)
	}
	got, want := fit.Final.Objective, noa.Objective(fit.Params, 0.05, nil)
	if math.Abs(got-want) > 1e-14 {
		t.Errorf("Final.Objective %.17g, NOA %.17g", got, want)
	}
	if want0 := noa.Objective(make([]float64, noa.M()), 0.05, nil); math.Abs(fit.Printed[0].Objective-want0) > 1e-14 {
		t.Errorf("Printed[0].Objective %.17g, NOA at p = 0 %.17g", fit.Printed[0].Objective, want0)
	}
}

// FuzzFitPublished: any P(A) (including NaN, ±Inf, −0, out of range), any
// arrangements and options give either an error or a finite,
// non-decreasing curve with values in [0, 1] — never a panic.
func FuzzFitPublished(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9}, 0.05, 64, 10.0, 1)
	f.Add([]byte{0, 0, 0, 255, 255, 255}, 2.0, 1, 1e3, 3)
	f.Add([]byte{}, 0.0, 1, 0.0, 0)
	f.Fuzz(func(t *testing.T, data []byte, lam float64, batch int, lr float64, epochs int) {
		if epochs > 20 {
			epochs %= 20
		}
		var pairs []model.Pair
		for i := 0; i+3 < len(data) && len(pairs) < 200; i += 4 {
			p := model.Pair{ID: "f"}
			mask := data[i]
			for j, a := range [3]model.Arrangement{model.X0, model.X1, model.X2} {
				if mask&(1<<j) != 0 && mask&0x80 != 0 {
					continue
				}
				p.Has[a] = true
				switch v := data[i+1+j]; v {
				case 253:
					p.S[a] = math.NaN()
				case 254:
					p.S[a] = math.Copysign(0, -1)
				case 255:
					p.S[a] = 1.5
				default:
					p.S[a] = float64(v) / 252
				}
			}
			if mask&0x40 != 0 {
				p.Source = model.SourceChoice
			}
			pairs = append(pairs, p)
		}
		fit, err := FitPublished(pairs, calibtest.AllIdx(len(pairs)), PublishedOptions{Lambda: lam, BatchSize: batch, LR: lr, Epochs: epochs})
		if err != nil {
			return
		}
		if fit.Items+fit.Skipped != len(pairs) || len(fit.Curve.Z) != len(fit.Curve.G) || len(fit.Params) != len(fit.Values)-1 {
			t.Fatalf("items %d skipped %d of %d; %d knots, %d g, %d params, %d values",
				fit.Items, fit.Skipped, len(pairs), len(fit.Curve.Z), len(fit.Curve.G), len(fit.Params), len(fit.Values))
		}
		for i, g := range fit.Curve.G {
			if !(g >= 0 && g <= 1) || (i > 0 && (g < fit.Curve.G[i-1] || !(fit.Curve.Z[i] > fit.Curve.Z[i-1]))) {
				t.Fatalf("curve %v → %v", fit.Curve.Z, fit.Curve.G)
			}
		}
		for _, v := range [...]float64{fit.Final.Loss, fit.Final.Reg, fit.Final.Objective, fit.RankShift} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("non-finite result %+v", fit.Final)
			}
		}
	})
}
