package stats

import (
	"math"
	"slices"
	"strings"
	"testing"
)

type spearmanCase struct {
	Name   string `json:"name"`
	Source string `json:"source"`
	Input  struct {
		X, Y []float64
	} `json:"input"`
	Expected struct {
		Rho    float64 `json:"rho"`
		PValue float64 `json:"p_value"`
	} `json:"expected"`
}

// TestSpearmanOracle checks all 10 cases of spearman.json against
// scipy 1.10.1 spearmanr (two-sided, t with n−2 df; cross-checked with R
// cor/cor.test): ρ to 1e-12, p to 1e-9 relative. For n10_perfect_decreasing
// the p-value is ill-conditioned (scipy 6.6e-64, R 1.7e-61), so only
// p < 1e-50 is required, as the oracle README advises.
func TestSpearmanOracle(t *testing.T) {
	var cases []spearmanCase
	loadCases(t, "spearman.json", &cases)
	if len(cases) != 10 {
		t.Fatalf("want 10 oracle cases, got %d", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			rho, p, err := Spearman(c.Input.X, c.Input.Y)
			if err != nil {
				t.Fatal(err)
			}
			if !closeTo(rho, c.Expected.Rho, 1e-12, 1) {
				t.Errorf("ρ = %.17g, want %.17g", rho, c.Expected.Rho)
			}
			if c.Name == "n10_perfect_decreasing" {
				if !(p >= 0 && p < 1e-50) {
					t.Errorf("p = %g, want < 1e-50", p)
				}
				return
			}
			if !closeTo(p, c.Expected.PValue, 1e-9, 0) {
				t.Errorf("p = %.17g, want %.17g", p, c.Expected.PValue)
			}
		})
	}
}

func TestRanks(t *testing.T) {
	// scipy.stats.rankdata([3, 1, 4, 1, 5, 9, 2, 6, 5, 3]) (method="average").
	got := Ranks([]float64{3, 1, 4, 1, 5, 9, 2, 6, 5, 3})
	want := []float64{4.5, 1.5, 6, 1.5, 7.5, 10, 3, 9, 7.5, 4.5}
	if !slices.Equal(got, want) {
		t.Errorf("Ranks = %v, want %v", got, want)
	}
	if got := Ranks(nil); len(got) != 0 {
		t.Errorf("Ranks(nil) = %v", got)
	}
	if got := Ranks([]float64{2, math.NaN(), 1}); !slices.Equal(got, []float64{3, 1, 2}) {
		t.Errorf("Ranks with NaN = %v, want [3 1 2]", got)
	}
}

func TestPearson(t *testing.T) {
	// numpy.corrcoef([1, 2, 3, 4, 5], [2, 1, 4, 3, 5])[0, 1] = 0.8 exactly
	// (Σdxdy = 8, Σdx² = Σdy² = 10).
	r, err := Pearson([]float64{1, 2, 3, 4, 5}, []float64{2, 1, 4, 3, 5})
	if err != nil {
		t.Fatal(err)
	}
	if !closeTo(r, 0.8, 1e-15, 1) {
		t.Errorf("r = %.17g, want 0.8", r)
	}
	r, err = Pearson([]float64{1, 2, 3}, []float64{30, 20, 10})
	if err != nil || !closeTo(r, -1, 1e-15, 1) {
		t.Errorf("perfect negative: r = %v, err = %v", r, err)
	}
}

func TestCorrelationErrors(t *testing.T) {
	tests := []struct {
		name string
		x, y []float64
		want string
	}{
		{"mismatch", []float64{1, 2, 3}, []float64{1, 2}, "y has 2"},
		{"too few", []float64{1, 2}, []float64{1, 2}, "at least 3"},
		{"nan", []float64{1, math.NaN(), 3}, []float64{1, 2, 3}, "x[1]"},
		{"inf", []float64{1, 2, 3}, []float64{1, 2, math.Inf(1)}, "y[2]"},
		{"constant x", []float64{1, 1, 1}, []float64{1, 2, 3}, "x is constant"},
		{"constant y", []float64{1, 2, 3}, []float64{4, 4, 4}, "y is constant"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rho, p, err := Spearman(tt.x, tt.y)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Spearman: ρ=%v p=%v err=%v, want error containing %q", rho, p, err, tt.want)
			}
			if undef := strings.Contains(tt.want, "constant"); IsUndefined(err) != undef {
				t.Errorf("IsUndefined(%v) = %v, want %v", err, !undef, undef)
			}
			if undef := strings.Contains(tt.want, "constant"); undef && strings.HasPrefix(err.Error(), "Spearman") {
				t.Errorf("undefined reason %q should not carry a prefix", err)
			}
		})
	}
	if _, err := Pearson([]float64{1}, []float64{1}); err == nil || !strings.Contains(err.Error(), "at least 2") {
		t.Errorf("Pearson with one pair: err = %v", err)
	}
}
