package stats

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

type iccCase struct {
	Name   string `json:"name"`
	Source string `json:"source"`
	Input  struct {
		X [][]float64 `json:"x"`
	} `json:"input"`
	Expected struct {
		MSR, MSC, MSE, MSW                             float64
		ICC1_1, ICC2_1, ICC3_1, ICC1_k, ICC2_k, ICC3_k float64
		Irr                                            map[string]float64    `json:"irr"`
		CI                                             map[string][2]float64 `json:"ci95_irr"`
		IrrDF2                                         map[string]float64    `json:"irr_df2"`
	} `json:"expected"`
}

func flatten(rows [][]float64) (x []float64, n, k int) {
	for _, r := range rows {
		x = append(x, r...)
	}
	return x, len(rows), len(rows[0])
}

// TestICCOracle checks all 12 cases of icc.json: mean squares and the six
// point values from R psych 2.2.9 ICC(x, lmer=FALSE) (1e-10 relative), the
// same values from irr 0.84.1 icc, and irr's 95% bounds (1e-9 relative;
// for ICC2_* irr uses McGraw–Wong with Satterthwaite df, not psych's).
func TestICCOracle(t *testing.T) {
	var cases []iccCase
	loadCases(t, "icc.json", &cases)
	if len(cases) != 12 {
		t.Fatalf("want 12 oracle cases, got %d", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			x, n, k := flatten(c.Input.X)
			r, err := ICC(x, n, k, 0.95)
			if err != nil {
				t.Fatal(err)
			}
			if r.N != n || r.K != k {
				t.Errorf("N, K = %d, %d; want %d, %d", r.N, r.K, n, k)
			}
			e := c.Expected
			for _, m := range []struct {
				name      string
				got, want float64
			}{{"MSR", r.MSR, e.MSR}, {"MSC", r.MSC, e.MSC}, {"MSE", r.MSE, e.MSE}, {"MSW", r.MSW, e.MSW}} {
				if !closeTo(m.got, m.want, 1e-10, 0) {
					t.Errorf("%s = %.17g, want %.17g (psych)", m.name, m.got, m.want)
				}
			}
			vals := map[string]struct {
				v     ICCValue
				psych float64
			}{
				"ICC1_1": {r.ICC1_1, e.ICC1_1}, "ICC2_1": {r.ICC2_1, e.ICC2_1}, "ICC3_1": {r.ICC3_1, e.ICC3_1},
				"ICC1_k": {r.ICC1_k, e.ICC1_k}, "ICC2_k": {r.ICC2_k, e.ICC2_k}, "ICC3_k": {r.ICC3_k, e.ICC3_k},
			}
			for name, v := range vals {
				if !v.v.OK() || !v.v.CIOK() {
					t.Errorf("%s undefined: %q / %q", name, v.v.Reason, v.v.CIReason)
					continue
				}
				if !closeTo(v.v.Value, v.psych, 1e-10, 0) {
					t.Errorf("%s = %.17g, want %.17g (psych)", name, v.v.Value, v.psych)
				}
				if !closeTo(v.v.Value, e.Irr[name], 1e-10, 0) {
					t.Errorf("%s = %.17g, want %.17g (irr)", name, v.v.Value, e.Irr[name])
				}
				ci := e.CI[name]
				if !closeTo(v.v.Lower, ci[0], 1e-9, 0) || !closeTo(v.v.Upper, ci[1], 1e-9, 0) {
					t.Errorf("%s CI = [%.17g, %.17g], want [%.17g, %.17g] (irr)", name, v.v.Lower, v.v.Upper, ci[0], ci[1])
				}
			}
		})
	}
}

// TestICCSatterthwaiteDF checks the agreement forms' df against irr's df2.
func TestICCSatterthwaiteDF(t *testing.T) {
	var cases []iccCase
	loadCases(t, "icc.json", &cases)
	for _, c := range cases {
		_, n, k := flatten(c.Input.X)
		x, _, _ := flatten(c.Input.X)
		r, err := ICC(x, n, k, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		for name, v := range map[string]ICCValue{"ICC2_1": r.ICC2_1, "ICC2_k": r.ICC2_k} {
			got := agreementDF(n, k, r.MSC, r.MSE, v.Value)
			if want := c.Expected.IrrDF2[name]; !closeTo(got, want, 1e-9, 0) {
				t.Errorf("%s %s: v = %.17g, want %.17g (irr df2)", c.Name, name, got, want)
			}
		}
	}
}

// agreementDF repeats irr's Satterthwaite formula for the test above.
func agreementDF(ni, ki int, msc, mse, rho float64) float64 {
	n, k := float64(ni), float64(ki)
	a := k * rho / (n * (1 - rho))
	b := 1 + k*rho*(n-1)/(n*(1-rho))
	return math.Pow(a*msc+b*mse, 2) / (math.Pow(a*msc, 2)/(k-1) + math.Pow(b*mse, 2)/((n-1)*(k-1)))
}

func TestICCErrors(t *testing.T) {
	tests := []struct {
		name string
		x    []float64
		n, k int
		conf float64
		want string
	}{
		{"one subject", []float64{1, 2}, 1, 2, 0.95, "at least 2 subjects"},
		{"one rater", []float64{1, 2}, 2, 1, 0.95, "at least 2 raters"},
		{"wrong length", []float64{1, 2, 3}, 2, 2, 0.95, "do not form"},
		{"nan", []float64{1, 2, math.NaN(), 4}, 2, 2, 0.95, "subject 2, rater 1"},
		{"inf", []float64{1, 2, 3, math.Inf(-1)}, 2, 2, 0.95, "subject 2, rater 2"},
		{"overflow", []float64{1e308, -1e308, 1, 2}, 2, 2, 0.95, "overflow"},
		{"conf 1", []float64{1, 2, 3, 4}, 2, 2, 1, "confidence level"},
		{"conf nan", []float64{1, 2, 3, 4}, 2, 2, math.NaN(), "confidence level"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ICC(tt.x, tt.n, tt.k, tt.conf)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

// checkNoNaN fails if any number in r is NaN or infinite, or if an undefined
// value or interval carries numbers.
func checkNoNaN(t *testing.T, r ICCResult) {
	t.Helper()
	for _, m := range []float64{r.MSR, r.MSC, r.MSE, r.MSW} {
		if !isFinite(m) {
			t.Errorf("mean square not finite: %+v", r)
		}
	}
	for i, v := range r.values() {
		if !isFinite(v.Value) || !isFinite(v.Lower) || !isFinite(v.Upper) {
			t.Errorf("value %d not finite: %+v", i, *v)
		}
		if !v.OK() && (v.Value != 0 || v.CIOK()) {
			t.Errorf("value %d undefined but has a number or CI: %+v", i, *v)
		}
		if !v.CIOK() && (v.Lower != 0 || v.Upper != 0) {
			t.Errorf("value %d: undefined CI has bounds: %+v", i, *v)
		}
	}
}

func TestICCDegenerate(t *testing.T) {
	t.Run("all equal", func(t *testing.T) {
		r, err := ICC([]float64{0.5, 0.5, 0.5, 0.5, 0.5, 0.5}, 3, 2, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		checkNoNaN(t, r)
		for i, v := range r.values() {
			if v.OK() || !strings.Contains(v.Reason, "same value") {
				t.Errorf("value %d: want undefined (same value), got %+v", i, *v)
			}
		}
	})
	t.Run("raters identical per subject", func(t *testing.T) {
		// MSW = MSE = MSC = 0, MSR > 0: every ICC is 1 and so is its CI.
		r, err := ICC([]float64{1, 1, 1, 2, 2, 2, 4, 4, 4}, 3, 3, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		checkNoNaN(t, r)
		for i, v := range r.values() {
			if v.Value != 1 || v.Lower != 1 || v.Upper != 1 {
				t.Errorf("value %d = %+v, want 1 with CI [1, 1]", i, *v)
			}
		}
	})
	t.Run("subjects identical", func(t *testing.T) {
		// Every row is (0, 1): MSR = MSE = 0, MSC > 0.
		r, err := ICC([]float64{0, 1, 0, 1, 0, 1}, 3, 2, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		checkNoNaN(t, r)
		if r.ICC3_1.OK() || r.ICC3_k.OK() || r.ICC1_k.OK() {
			t.Errorf("ICC3_1, ICC3_k, ICC1_k should be undefined: %+v", r)
		}
		// ICC(1,1) = −MSW/((k−1)MSW) = −1; ICC(2,1) = 0/(k·MSC/n) = 0.
		if !r.ICC1_1.OK() || r.ICC1_1.Value != -1 {
			t.Errorf("ICC1_1 = %+v, want -1", r.ICC1_1)
		}
		if !r.ICC2_1.OK() || r.ICC2_1.Value != 0 {
			t.Errorf("ICC2_1 = %+v, want 0", r.ICC2_1)
		}
	})
	t.Run("additive", func(t *testing.T) {
		// x_ij = a_i + b_j: MSE = 0, consistency is perfect, agreement is not.
		r, err := ICC([]float64{0, 1, 2, 3, 5, 6}, 3, 2, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		checkNoNaN(t, r)
		if r.ICC3_1.Value != 1 || r.ICC3_k.Value != 1 || r.ICC3_k.Lower != 1 {
			t.Errorf("ICC3 = %+v / %+v, want 1 with CI [1, 1]", r.ICC3_1, r.ICC3_k)
		}
		if !r.ICC2_k.OK() || r.ICC2_k.Value >= 1 {
			t.Errorf("ICC2_k = %+v, want defined and < 1", r.ICC2_k)
		}
	})
	t.Run("random small", func(t *testing.T) {
		// Tiny integer matrices hit every exact-zero pattern; none may
		// produce NaN.
		rng := rand.New(rand.NewPCG(7, 8))
		for it := 0; it < 3000; it++ {
			n, k := 2+rng.IntN(3), 2+rng.IntN(3)
			x := make([]float64, n*k)
			for i := range x {
				x[i] = float64(rng.IntN(2))
			}
			r, err := ICC(x, n, k, 0.95)
			if err != nil {
				t.Fatal(err)
			}
			checkNoNaN(t, r)
		}
	})
}

func BenchmarkICC(b *testing.B) {
	for _, size := range []struct {
		name string
		n, k int
	}{{"n3000_k3", 3000, 3}, {"n100000_k4", 100000, 4}} {
		rng := rand.New(rand.NewPCG(5, 6))
		x := make([]float64, size.n*size.k)
		for i := range x {
			x[i] = rng.Float64()
		}
		b.Run(size.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ICC(x, size.n, size.k, 0.95); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestICCValuesEqualsICC: ICCValues gives ICC's mean squares and six
// values bit for bit (and its reasons and errors), with no interval:
// on the oracle cases of icc.json, the degenerate matrices above, random
// matrices and the shapes ICC rejects.
func TestICCValuesEqualsICC(t *testing.T) {
	var cases []iccCase
	loadCases(t, "icc.json", &cases)
	type mat struct {
		x    []float64
		n, k int
	}
	var mats []mat
	for _, c := range cases {
		x, n, k := flatten(c.Input.X)
		mats = append(mats, mat{x, n, k})
	}
	mats = append(mats,
		mat{[]float64{0.5, 0.5, 0.5, 0.5, 0.5, 0.5}, 3, 2},
		mat{[]float64{1, 1, 1, 2, 2, 2, 4, 4, 4}, 3, 3},
		mat{[]float64{0, 1, 0, 1, 0, 1}, 3, 2},
		mat{[]float64{0, 1, 2, 3, 5, 6}, 3, 2},
		mat{[]float64{0, 1, math.NaN(), 3}, 2, 2},
		mat{[]float64{1e300, -1e300, 1e300, -1e300}, 2, 2},
		mat{[]float64{1, 2}, 1, 2},
		mat{[]float64{1, 2, 3}, 2, 2},
	)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 50 {
		n, k := 2+rng.IntN(40), 2+rng.IntN(3)
		x := make([]float64, n*k)
		for i := range x {
			x[i] = float64(rng.IntN(3)) / 2 // ties, as choices are
		}
		mats = append(mats, mat{x, n, k})
	}
	same := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }
	for i, m := range mats {
		want, werr := ICC(m.x, m.n, m.k, 0.95)
		got, gerr := ICCValues(m.x, m.n, m.k)
		if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
			t.Errorf("matrix %d: error %v, ICC's %v", i, gerr, werr)
			continue
		}
		if got.N != want.N || got.K != want.K || !same(got.MSR, want.MSR) || !same(got.MSC, want.MSC) || !same(got.MSE, want.MSE) || !same(got.MSW, want.MSW) {
			t.Errorf("matrix %d: %+v, ICC's %+v", i, got, want)
		}
		gv, wv := got.values(), want.values()
		for j := range gv {
			if !same(gv[j].Value, wv[j].Value) || gv[j].Reason != wv[j].Reason {
				t.Errorf("matrix %d, value %d: %+v, ICC's %+v", i, j, *gv[j], *wv[j])
			}
			if werr == nil && (gv[j].CIReason != ReasonNoInterval || gv[j].Lower != 0 || gv[j].Upper != 0) {
				t.Errorf("matrix %d, value %d: interval %+v, want none (%q)", i, j, *gv[j], ReasonNoInterval)
			}
		}
	}
}
